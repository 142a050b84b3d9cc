"""Fixtures of the functions' tests against a running stack: signed-in demo users, readiness checks."""
from __future__ import annotations

import httpx
import pytest
from function_sessions import DEMO_USERS, sign_in

# What the functions write, restored after each test module so later suites still see the seed.
GUARDED_TABLES = {"uscis_receipts": "id", "uscis_status_history": "id", "eoir_court_cases": "id",
                  "eoir_court_history": "id", "system_settings": "key"}


@pytest.fixture(scope="session")
def functions_stack(stack):
    """The product stack, checked to serve what the functions stand on (auth user API, REST, seed)."""
    token = sign_in(stack, "admin@escritorio.test")
    user = httpx.get(f"{stack.url}/auth/v1/user", headers={"apikey": stack.anon_key,
                                                           "Authorization": f"Bearer {token}"})
    assert user.status_code == 200, f"auth API /auth/v1/user: HTTP {user.status_code} {user.text}"
    rest = httpx.get(f"{stack.url}/rest/v1/uscis_receipts?select=id",
                     headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}"})
    assert rest.status_code == 200, f"REST /rest/v1/uscis_receipts: HTTP {rest.status_code} {rest.text}"
    assert rest.json(), "seed data (uscis_receipts) not loaded"
    return stack


@pytest.fixture(scope="module")
def seed_guard(functions_stack):
    import psycopg
    from psycopg import sql

    snapshot = {table: functions_stack.sql(f"select * from public.{table}") for table in GUARDED_TABLES}
    yield
    with psycopg.connect(functions_stack.db_url, autocommit=True) as conn, conn.transaction():
        conn.execute("set local session_replication_role = replica")     # no triggers while restoring
        for table in reversed(list(GUARDED_TABLES)):
            conn.execute(sql.SQL("delete from public.{}").format(sql.Identifier(table)))
        for table in GUARDED_TABLES:
            rows = snapshot[table]
            if rows:
                width = len(rows[0])
                statement = sql.SQL("insert into public.{} values ({})").format(
                    sql.Identifier(table), sql.SQL(", ").join([sql.Placeholder()] * width))
                with conn.cursor() as cur:
                    cur.executemany(statement, [tuple(psycopg.types.json.Jsonb(v) if isinstance(v, (dict, list))
                                                      else v for v in row) for row in rows])


@pytest.fixture(scope="module")
def tokens(functions_stack, seed_guard):
    return {email: sign_in(functions_stack, email) for email in DEMO_USERS}


@pytest.fixture(scope="module")
def call(functions_stack, seed_guard):
    """POST/GET a function with a bearer (None = the anon key, as supabase-js sends it signed out)."""
    def invoke(name: str, token: str | None, body=None, method: str = "POST", params=None):
        headers = {"apikey": functions_stack.anon_key,
                   "Authorization": f"Bearer {token or functions_stack.anon_key}"}
        return httpx.request(method, f"{functions_stack.url}/functions/v1/{name}", json=body, params=params,
                             headers=headers, timeout=30)
    return invoke


@pytest.fixture(scope="session")
def configured_stack(cluster, functions_stack):
    """A second product stack configured for the real providers (against local fakes of USCIS and the
    office's EOIR service) and with an administrator e-mail that has no account yet."""
    from function_fakes import (
        CLIENT_ID,
        CLIENT_SECRET,
        EoirBehaviour,
        ServedApp,
        UscisBehaviour,
        case_status,
        eoir_app,
        uscis_app,
    )

    from harness import StackProcess

    uscis = UscisBehaviour(cases={n: case_status(n, "Request for Additional Evidence Was Sent")
                                  for n in ("EAC9999103403", "MSC2490123456")})
    eoir = EoirBehaviour(cases={"A234567890": {"status": "Audiência individual agendada", "details": "Mérito",
                                               "hearingDate": "2027-03-10", "hearingTime": "09:30",
                                               "courtLocation": "Newark Immigration Court",
                                               "judgeName": "Hon. Service Judge"}})
    uscis_server, eoir_server = ServedApp(uscis_app(uscis)), ServedApp(eoir_app(eoir))
    stack = StackProcess(cluster, name="fn-configured", env={
        "ADMIN_EMAIL": "nova.admin@escritorio.test",
        "USCIS_PROVIDER": "uscis", "USCIS_CLIENT_ID": CLIENT_ID, "USCIS_CLIENT_SECRET": CLIENT_SECRET,
        "USCIS_API_BASE_URL": f"{uscis_server.url}/case-status",
        "USCIS_TOKEN_URL": f"{uscis_server.url}/oauth/accesstoken",
        "USCIS_MAX_RETRIES": "1", "USCIS_RETRY_BACKOFF_SECONDS": "0",
        "EOIR_PROVIDER": "http", "EOIR_API_BASE_URL": eoir_server.url, "EOIR_API_TOKEN": eoir.token})
    stack.uscis, stack.eoir = uscis, eoir
    yield stack
    stack.stop()
    uscis_server.stop()
    eoir_server.stop()
