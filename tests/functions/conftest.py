"""Fixtures of the functions' tests against a running stack: signed-in demo users, readiness checks."""
from __future__ import annotations

import time

import httpx
import pytest

from supastack.core import jwt

DEMO_PASSWORD = "Demo@12345"
DEMO_USERS = {  # seed.sql's fixed ids
    "admin@escritorio.test": "10000000-0000-4000-8000-000000000001",
    "assistente@escritorio.test": "10000000-0000-4000-8000-000000000002",
    "secretaria@escritorio.test": "10000000-0000-4000-8000-000000000004",
    "maria.silva@cliente.test": "10000000-0000-4000-8000-000000000005",
}


def sign_in(stack, email: str) -> str:
    """An access token of a seeded user: through the auth API, or minted like it when sign-in fails."""
    answer = httpx.post(f"{stack.url}/auth/v1/token?grant_type=password", json={"email": email,
                        "password": DEMO_PASSWORD}, headers={"apikey": stack.anon_key}, timeout=10)
    if answer.status_code == 200:
        return answer.json()["access_token"]
    now = int(time.time())
    return jwt.sign({"sub": DEMO_USERS[email], "email": email, "role": "authenticated", "aud": "authenticated",
                     "iat": now, "exp": now + 3600}, stack.settings.jwt_secret)


@pytest.fixture(scope="session")
def functions_stack(stack):
    """The product stack, once the pieces the functions stand on answer (auth user API, REST, seed)."""
    token = sign_in(stack, "admin@escritorio.test")
    user = httpx.get(f"{stack.url}/auth/v1/user", headers={"apikey": stack.anon_key,
                                                           "Authorization": f"Bearer {token}"})
    if user.status_code != 200:
        pytest.skip(f"auth API /auth/v1/user not available yet (HTTP {user.status_code})")
    rest = httpx.get(f"{stack.url}/rest/v1/uscis_receipts?select=id",
                     headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}"})
    if rest.status_code != 200 or not isinstance(rest.json(), list):
        pytest.skip(f"REST engine /rest/v1 not available yet (HTTP {rest.status_code})")
    if not rest.json():
        pytest.skip("seed data (uscis_receipts) not loaded")
    return stack


@pytest.fixture(scope="session")
def tokens(functions_stack):
    return {email: sign_in(functions_stack, email) for email in DEMO_USERS}


@pytest.fixture(scope="session")
def call(functions_stack):
    """POST/GET a function with a bearer (None = the anon key, as supabase-js sends it signed out)."""
    def invoke(name: str, token: str | None, body=None, method: str = "POST", params=None):
        headers = {"apikey": functions_stack.anon_key,
                   "Authorization": f"Bearer {token or functions_stack.anon_key}"}
        return httpx.request(method, f"{functions_stack.url}/functions/v1/{name}", json=body, params=params,
                             headers=headers, timeout=30)
    return invoke
