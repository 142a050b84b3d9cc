"""Fixtures of the audit and LGPD tests: a stack of their own (migrations + seed) and supabase-py clients per demo
log-in."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from harness import StackProcess
from supabase import Client, ClientOptions, create_client

PASSWORD = "Demo@12345"
ADMIN = "admin@escritorio.test"
ASSISTANT = "assistente@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
MARIA = "maria.silva@cliente.test"
JOAO = "joao.souza@cliente.test"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
JOAO_CLIENT = "c0000000-0000-4000-8000-000000000002"


@pytest.fixture(scope="session")
def audit_stack(cluster):
    s = StackProcess(cluster, name="audit")
    yield s
    s.stop()


@pytest.fixture(scope="session")
def sign_in(audit_stack) -> Callable[[str], Client]:
    """A supabase-py client signed in as a demo log-in (one per e-mail, reused)."""
    clients: dict[str, Client] = {}

    def client_for(email: str) -> Client:
        if email not in clients:
            sb = create_client(audit_stack.url, audit_stack.anon_key,
                               options=ClientOptions(auto_refresh_token=False, persist_session=False))
            sb.auth.sign_in_with_password({"email": email, "password": PASSWORD})
            clients[email] = sb
        return clients[email]

    return client_for


@pytest.fixture(scope="session")
def user_id(audit_stack) -> Callable[[str], str]:
    def of(email: str) -> str:
        return str(audit_stack.sql("select id from auth.users where email = %s", (email,))[0][0])
    return of
