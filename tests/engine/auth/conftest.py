"""Auth test fixtures: an auth stack with roomy per-IP limits, users created through the admin API."""
from __future__ import annotations

import os

import pytest
from auth_helpers import Api

from harness import REPO_ROOT, StackProcess

# The project folder the auth stacks run (migrations, seed, config.toml); AUTH_TEST_WORKDIR runs them
# against another copy, e.g. a snapshot of the last commit while other migrations are being written.
WORKDIR = os.environ.get("AUTH_TEST_WORKDIR") or REPO_ROOT


@pytest.fixture(scope="session")
def auth_stack(cluster):
    """The product's migrations and seed, with sign-in (and auth e-mail) limits high enough for the many failures
    and mails tests make from one address.

    Kept apart from the shared `stack`, so that these failures never throttle other suites' sign-ins.
    """
    s = StackProcess(cluster, WORKDIR, name="auth", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                "SIGN_IN_FAILURES_PER_EMAIL": "100000",
                                                "RATE_LIMIT_EMAIL_SENT": "100000"})
    yield s
    s.stop()


@pytest.fixture(scope="session")
def api(auth_stack) -> Api:
    return Api(auth_stack)


@pytest.fixture
def user(api) -> dict:
    return api.create_user()


@pytest.fixture(scope="session")
def confirming(cluster) -> Api:
    """Sign-up open and e-mail confirmations on (GoTrue's mailer autoconfirm off): sign-ups wait for their link,
    and both addresses must confirm an e-mail change."""
    s = StackProcess(cluster, WORKDIR, name="confirming", env={
        "ENABLE_EMAIL_CONFIRMATIONS": "true", "ENABLE_SIGNUP": "true", "SIGN_IN_FAILURES_PER_IP": "100000",
        "SIGN_IN_FAILURES_PER_EMAIL": "100000", "RATE_LIMIT_EMAIL_SENT": "100000"})
    yield Api(s)
    s.stop()
