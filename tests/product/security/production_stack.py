"""A stack in production mode: a real JWT secret, no seed, and a public URL (API_EXTERNAL_URL) in front of it,
so that it counts as reachable beyond this machine. It still listens on loopback for the tests."""
from __future__ import annotations

import uuid

import httpx

from harness import StackProcess

STRONG_SECRET = "q3Vx8m1LzP0tR7sWb4nK6yC2hJ9fGd5aQe1uI3oT8pZ"
PASSWORD = "Prod@Secret-12345"


def production_stack(cluster) -> StackProcess:
    return StackProcess(cluster, seed=False, name="production",
                        env={"API_EXTERNAL_URL": "https://escritorio.example", "JWT_SECRET": STRONG_SECRET,
                             "SETTINGS_ENCRYPTION_KEY": "Qm3vT8rL1pZ6wX0cN4bH7yK2sD9fG5jA8eU1oI3tR6q",
                             "ALLOW_LOCAL_MAIL_SINK": "true"})


def staff_token(stack: StackProcess, role: str = "administrator") -> str:
    """A new staff member of `role`, signed in with a password: their access token."""
    email = f"{role}-{uuid.uuid4().hex[:8]}@escritorio.example"
    service = {"apikey": stack.service_role_key, "Authorization": f"Bearer {stack.service_role_key}"}
    created = httpx.post(f"{stack.url}/auth/v1/admin/users", headers=service,
                         json={"email": email, "password": PASSWORD, "email_confirm": True})
    assert created.status_code == 200, created.text
    stack.sql("insert into user_roles (user_id, role) values (%s, %s)", (created.json()["id"], role))
    session = httpx.post(f"{stack.url}/auth/v1/token?grant_type=password", headers={"apikey": stack.anon_key},
                         json={"email": email, "password": PASSWORD})
    assert session.status_code == 200, session.text
    return session.json()["access_token"]
