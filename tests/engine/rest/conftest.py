"""A stack serving the REST fixture project (its own schema), with JWTs for two users."""
from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from harness import StackProcess, access_token

FIXTURE = Path(__file__).parent / "fixture"
ANA = "11111111-1111-1111-1111-111111111111"
BIA = "22222222-2222-2222-2222-222222222222"


def user_token(stack, sub: str, **extra) -> str:
    return access_token(stack, sub, **extra)


class Rest:
    """httpx against /rest/v1 as one caller (anon key, a user JWT, or the service key)."""

    def __init__(self, stack, token: str | None, apikey: str | None = None):
        headers = {}
        if apikey is not None:
            headers["apikey"] = apikey
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        self.client = httpx.Client(base_url=f"{stack.url}/rest/v1", headers=headers, timeout=10)

    def __getattr__(self, name):
        return getattr(self.client, name)


@pytest.fixture(scope="session")
def rest_stack(cluster):
    s = StackProcess(cluster, workdir=FIXTURE, name="rest")
    yield s
    s.stop()


@pytest.fixture(scope="session")
def anon(rest_stack):
    return Rest(rest_stack, rest_stack.anon_key, rest_stack.anon_key)


@pytest.fixture(scope="session")
def nobody(rest_stack):
    """No apikey and no Authorization at all (the postgrest-js test-suite style): the anon role."""
    return Rest(rest_stack, None)


@pytest.fixture(scope="session")
def service(rest_stack):
    return Rest(rest_stack, rest_stack.service_role_key, rest_stack.anon_key)


@pytest.fixture(scope="session")
def ana(rest_stack):
    return Rest(rest_stack, user_token(rest_stack, ANA), rest_stack.anon_key)


@pytest.fixture(scope="session")
def bia(rest_stack):
    return Rest(rest_stack, user_token(rest_stack, BIA), rest_stack.anon_key)
