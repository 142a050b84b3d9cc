"""Fixtures of the document tests: a stack of their own (migrations + seed) and supabase-py clients per demo log-in."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from harness import StackProcess
from supabase import Client, ClientOptions, create_client

PASSWORD = "Demo@12345"


@pytest.fixture(scope="session")
def documents_stack(cluster):
    s = StackProcess(cluster, name="documents")
    yield s
    s.stop()


@pytest.fixture(scope="session")
def sign_in(documents_stack) -> Callable[[str], Client]:
    """A supabase-py client signed in as a demo log-in (one per e-mail, reused)."""
    clients: dict[str, Client] = {}

    def client_for(email: str) -> Client:
        if email not in clients:
            sb = create_client(documents_stack.url, documents_stack.anon_key,
                               # reading a passport runs OCR for seconds; the functions client's default is 5 s
                               options=ClientOptions(auto_refresh_token=False, persist_session=False,
                                                     function_client_timeout=60))
            sb.auth.sign_in_with_password({"email": email, "password": PASSWORD})
            clients[email] = sb
        return clients[email]

    return client_for
