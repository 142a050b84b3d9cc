"""The engine's own round trip (prepared statements on pooled connections) inside one process: RLS and the
role apply on every connection whatever ran before, and statements lost on the server are prepared again.
The verified-JWT cache never accepts a token that verification would refuse now."""
from __future__ import annotations

import asyncio
import json
import time

import pytest
from jose import jwt as jose_jwt
from starlette.datastructures import Headers

from conftest import ANA, BIA, user_token
from supastack.auth import signing_keys
from supastack.core import jwt
from supastack.core.db import Database
from supastack.core.stack import Stack
from supastack.rest import pipeline
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


# ---------------------------------------------------------------------------------------------- the JWT cache
# RestService verifies a token once and keeps (exp, the key that verified it, identity) by token string.
# The cache may only spare work: it must never accept what `verify` would refuse now.

def jwt_headers(stack, token: str) -> Headers:
    return Headers(raw=[(b"apikey", stack.anon_key.encode()), (b"authorization", f"Bearer {token}".encode())])


async def get_notes(service, stack, token):
    return await service.handle("GET", "notes", "select=body&order=id", jwt_headers(stack, token), b"")


async def test_a_cached_token_is_refused_once_it_expires(one_connection_service, rest_stack):
    token = jwt.sign({"sub": ANA, "role": "authenticated", "exp": int(time.time()) + 2},
                     rest_stack.settings.jwt_secret)
    assert (await get_notes(one_connection_service, rest_stack, token)).status == 200   # now cached
    assert token in one_connection_service._jwt_cache
    await asyncio.sleep(max(0.0, int(time.time()) + 3 - time.time()))   # past its exp second
    r = await get_notes(one_connection_service, rest_stack, token)
    assert r.status == 401 and json.loads(r.body)["code"] == "PGRST303", r.body
    assert token not in one_connection_service._jwt_cache


async def test_a_cached_token_is_refused_when_the_secret_changes(one_connection_service, rest_stack):
    token = user_token(rest_stack, ANA)
    assert (await get_notes(one_connection_service, rest_stack, token)).status == 200
    settings = one_connection_service.settings
    try:
        one_connection_service.settings = settings.model_copy(update={"jwt_secret": "another-secret-" + "x" * 32})
        r = await get_notes(one_connection_service, rest_stack, token)
        assert r.status == 401 and json.loads(r.body)["code"] == "PGRST301", r.body
    finally:
        one_connection_service.settings = settings
    assert (await get_notes(one_connection_service, rest_stack, token)).status == 200


async def test_a_cached_token_of_a_signing_key_rotated_out_is_refused(one_connection_service, rest_stack):
    key = signing_keys.new_key()
    keys = {"list": [key]}
    ring = jwt.KeyRing(lambda: (None, [signing_keys.public_jwk(k) for k in keys["list"]]))
    jwt.use_keys(ring)
    try:
        token = jose_jwt.encode({"sub": ANA, "role": "authenticated", "exp": int(time.time()) + 600}, key,
                                algorithm="ES256", headers={"kid": key["kid"]})
        r = await get_notes(one_connection_service, rest_stack, token)
        assert r.status == 200 and [n["body"] for n in json.loads(r.body)] == ["ana private", "ana public"]
        keys["list"] = [signing_keys.new_key()]    # the key is removed from the project's key file
        ring.reload()
        r = await get_notes(one_connection_service, rest_stack, token)
        assert r.status == 401 and json.loads(r.body)["code"] == "PGRST301", r.body
    finally:
        jwt.use_keys(None)


async def test_the_cache_keeps_the_most_recently_used_tokens(one_connection_service, rest_stack, monkeypatch):
    monkeypatch.setattr(pipeline, "JWT_CACHE_SIZE", 2)
    service = one_connection_service
    service._jwt_cache.clear()
    first, second, third = (user_token(rest_stack, ANA, session_id=str(i)) for i in range(3))
    service._identity(jwt_headers(rest_stack, first))
    service._identity(jwt_headers(rest_stack, second))
    service._identity(jwt_headers(rest_stack, first))     # used again: now the most recent
    service._identity(jwt_headers(rest_stack, third))
    assert list(service._jwt_cache) == [first, third]


async def test_a_forged_token_is_refused_even_after_a_valid_one_of_the_same_user(one_connection_service, rest_stack):
    good = user_token(rest_stack, ANA)
    assert (await get_notes(one_connection_service, rest_stack, good)).status == 200
    forged = jwt.sign({"sub": ANA, "role": "service_role", "exp": int(time.time()) + 600}, "not-the-secret-" * 3)
    r = await get_notes(one_connection_service, rest_stack, forged)
    assert r.status == 401 and forged not in one_connection_service._jwt_cache
