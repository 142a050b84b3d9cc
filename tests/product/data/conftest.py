"""Fixtures of the data tests: a database of their own with the product's migrations and seed."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from supastack.core.config import REPO_ROOT

# the matrix and demo modules sit next to the tests
sys.path.insert(0, str(Path(__file__).parent))


# The seed publishes no terms of use (a published version would stop every new portal client at the consent
# screen): the matrix's consent rows name this version, published in each database of the data tests and accepted
# by both demo clients.
LEGAL_DOCUMENT = "1e9a1000-0000-4000-8000-000000000001"
PUBLISH = ("insert into public.legal_documents (id, kind, version, title, body) values"
           f" ('{LEGAL_DOCUMENT}', 'terms_of_use', 'matriz-1', 'Termos de uso', 'Texto dos termos.');"
           " insert into public.client_consents (id, client_id, document_id, ip, user_agent)"
           " select ('1e9a2000-0000-4000-8000-00000000000' || n)::uuid, c.id, d, '127.0.0.1', 'teste'"
           f" from public.clients c, cast('{LEGAL_DOCUMENT}' as uuid) d,"
           " lateral (select case c.email when 'maria.silva@cliente.test' then 1 else 2 end n) k"
           " where c.email in ('maria.silva@cliente.test', 'joao.souza@cliente.test')")


@pytest.fixture(scope="session")
def data_db_url(cluster) -> str:
    """A fresh database with migrations + seed, as a plain PostgreSQL with Supabase's schemas would get."""
    import psycopg

    url = cluster.migrated_database("data", REPO_ROOT / "migrations", REPO_ROOT / "seed.sql")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(PUBLISH)
    return url


@pytest.fixture(scope="session")
def data_stack(cluster):
    """A stack of the data tests' own (migrations + seed), so that API writes never touch other suites' data."""
    from harness import StackProcess

    s = StackProcess(cluster, name="data-api")
    s.sql(PUBLISH)
    yield s
    s.stop()
