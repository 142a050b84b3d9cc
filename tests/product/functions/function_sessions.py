"""Access tokens of the seeded demo users, for the functions' tests."""
from __future__ import annotations

import httpx

from supastack.core import jwt

DEMO_PASSWORD = "Demo@12345"
DEMO_USERS = {  # seed.sql's fixed ids
    "admin@escritorio.test": "10000000-0000-4000-8000-000000000001",
    "assistente@escritorio.test": "10000000-0000-4000-8000-000000000002",
    "secretaria@escritorio.test": "10000000-0000-4000-8000-000000000004",
    "maria.silva@cliente.test": "10000000-0000-4000-8000-000000000005",
}


def sign_in(stack, email: str) -> str:
    """An access token of a seeded user, through the auth API (a failed sign-in fails the test)."""
    answer = httpx.post(f"{stack.url}/auth/v1/token?grant_type=password", json={"email": email,
                        "password": DEMO_PASSWORD}, headers={"apikey": stack.anon_key}, timeout=10)
    assert answer.status_code == 200, f"sign-in of the seeded {email} failed: {answer.status_code} {answer.text}"
    token = answer.json()["access_token"]
    assert jwt.jose_jwt.get_unverified_claims(token)["sub"] == DEMO_USERS[email], f"{email} is not seed.sql's id"
    return token
