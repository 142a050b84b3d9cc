"""Fixtures of the forms tests: the product stack, demo users' tokens, REST/storage/function calls."""
from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))

DEMO_PASSWORD = "Demo@12345"
USERS = ("admin@escritorio.test", "assistente@escritorio.test", "secretaria@escritorio.test",
         "comercial@escritorio.test", "maria.silva@cliente.test", "joao.souza@cliente.test")
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
JOAO_CLIENT = "c0000000-0000-4000-8000-000000000002"


class Api:
    """The stack's HTTP APIs as one signed-in user (None: the anon key)."""

    def __init__(self, stack, token: str | None):
        self.stack = stack
        self.headers = {"apikey": stack.anon_key, "Authorization": f"Bearer {token or stack.anon_key}"}

    def rest(self, method: str, path: str, **kwargs) -> httpx.Response:
        headers = {**self.headers, **kwargs.pop("headers", {})}
        return httpx.request(method, f"{self.stack.url}/rest/v1/{path}", headers=headers, timeout=30, **kwargs)

    def function(self, name: str, body: dict) -> httpx.Response:
        return httpx.post(f"{self.stack.url}/functions/v1/{name}", json=body, headers=self.headers, timeout=60)

    def upload(self, bucket: str, path: str, data: bytes) -> httpx.Response:
        return httpx.post(f"{self.stack.url}/storage/v1/object/{bucket}/{path}", content=data, timeout=30,
                          headers={**self.headers, "Content-Type": "application/pdf", "x-upsert": "true"})

    def download(self, bucket: str, path: str) -> httpx.Response:
        return httpx.get(f"{self.stack.url}/storage/v1/object/{bucket}/{path}", headers=self.headers, timeout=30)


@pytest.fixture(scope="session")
def forms_stack(stack):
    return stack


@pytest.fixture(scope="session")
def api(forms_stack):
    """api[email] -> Api signed in as that seeded user; api[None] -> anon."""
    apis = {None: Api(forms_stack, None)}
    for email in USERS:
        answer = httpx.post(f"{forms_stack.url}/auth/v1/token?grant_type=password",
                            json={"email": email, "password": DEMO_PASSWORD},
                            headers={"apikey": forms_stack.anon_key}, timeout=10)
        assert answer.status_code == 200, f"sign-in of {email}: {answer.status_code} {answer.text}"
        apis[email] = Api(forms_stack, answer.json()["access_token"])
    return apis


@pytest.fixture(scope="module")
def questionnaires_restored(forms_stack):
    """The seeded questionnaires as they were, after a module that changes them."""
    sql = forms_stack.sql
    before = sql("select id, client_id, answers::text, status, submitted_at, reviewed_by, reviewed_at, created_at, "
                 "updated_at from client_questionnaires")
    yield
    sql("delete from client_questionnaires")
    for row in before:
        sql("insert into client_questionnaires (id, client_id, answers, status, submitted_at, reviewed_by, reviewed_at,"
            " created_at, updated_at) values (%s, %s, %s::jsonb, %s, %s, %s, %s, %s, %s)", row)
