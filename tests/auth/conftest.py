"""Auth test fixtures: an auth stack with roomy per-IP limits, users created through the admin API."""
from __future__ import annotations

import pytest

from auth_helpers import Api
from harness import StackProcess


@pytest.fixture(scope="session")
def auth_stack(cluster):
    """The product's migrations and seed, with sign-in limits high enough for the many failures tests make.

    Kept apart from the shared `stack`, so that these failures never throttle other suites' sign-ins.
    """
    s = StackProcess(cluster, name="auth", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    yield s
    s.stop()


@pytest.fixture(scope="session")
def api(auth_stack) -> Api:
    return Api(auth_stack)


@pytest.fixture
def user(api) -> dict:
    return api.create_user()
