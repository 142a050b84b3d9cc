"""The engine's own round trip (prepared statements on pooled connections) inside one process: RLS and the
role apply on every connection whatever ran before, and statements lost on the server are prepared again."""
from __future__ import annotations

import json

import pytest
from starlette.datastructures import Headers

from conftest import ANA, BIA, user_token
from supastack.core.db import Database
from supastack.core.stack import Stack
from supastack.rest.pipeline import RestService


@pytest.fixture
async def one_connection_service(rest_stack):
    """A service whose pool holds ONE connection, so every request below shares it."""
    db = Database(rest_stack.db_url, min_size=1, max_size=1)
    await db.open()
    service = RestService(Stack(rest_stack.settings, db))
    await service.reload()
    yield service
    await db.close()


def headers(stack, token: str | None) -> Headers:
    raw = [(b"apikey", stack.anon_key.encode())]
    if token:
        raw.append((b"authorization", f"Bearer {token}".encode()))
    return Headers(raw=raw)


async def bodies(service, stack, token):
    r = await service.handle("GET", "notes", "select=body&order=id", headers(stack, token), b"")
    assert r.status == 200, r.body
    return [row["body"] for row in json.loads(r.body)]


async def test_role_and_claims_switch_per_request_on_one_connection(one_connection_service, rest_stack):
    ana, bia = user_token(rest_stack, ANA), user_token(rest_stack, BIA)
    for _ in range(3):  # the same prepared statements, alternately planned for different callers
        assert await bodies(one_connection_service, rest_stack, ana) == ["ana private", "ana public"]
        assert await bodies(one_connection_service, rest_stack, bia) == ["ana public", "bia private"]
        assert await bodies(one_connection_service, rest_stack, None) == ["ana public"]
    await assert_connection_is_clean(one_connection_service)


async def test_statements_dropped_on_the_server_are_prepared_again(one_connection_service, rest_stack):
    ana = user_token(rest_stack, ANA)
    assert await bodies(one_connection_service, rest_stack, ana) == ["ana private", "ana public"]
    # Platform code on the same pooled connection: a rolled-back transaction makes psycopg send
    # DEALLOCATE ALL (its own statements and ours alike).
    with pytest.raises(RuntimeError):
        async with one_connection_service.db.scope({"role": "service_role"}) as conn:
            await conn.execute("select 1")
            raise RuntimeError("rolled back")
    async with one_connection_service.db.connection() as conn:
        await conn.execute("deallocate all")
        left = await (await conn.execute("select count(*) from pg_prepared_statements")).fetchone()
    assert left[0] <= 1   # at most the count query itself
    assert await bodies(one_connection_service, rest_stack, ana) == ["ana private", "ana public"]
    # writes too (another statement shape, RLS check on insert)
    h = Headers(raw=[*headers(rest_stack, ana).raw, (b"content-type", b"application/json"),
                     (b"prefer", b"return=representation")])
    r = await one_connection_service.handle("POST", "notes", "select=body", h,
                                            f'{{"owner_id": "{ANA}", "body": "again"}}'.encode())
    assert r.status == 201, r.body
    r = await one_connection_service.handle("POST", "notes", "", h, f'{{"owner_id": "{BIA}", "body": "x"}}'.encode())
    assert r.status == 403, r.body   # RLS still refuses
    await assert_connection_is_clean(one_connection_service)
    rest_stack.sql("delete from notes where body = 'again'")


async def assert_connection_is_clean(service):
    """Nothing outlives a request's transaction on the pooled connection (platform code uses it next)."""
    async with service.db.connection() as conn:
        assert conn.info.transaction_status == conn.info.transaction_status.IDLE
        row = await (await conn.execute(
            "select current_user, coalesce(current_setting('request.jwt.claims', true), ''), "
            "current_setting('transaction_read_only')")).fetchone()
    assert row[0] not in ("anon", "authenticated", "service_role") and row[1] == "" and row[2] == "off"
