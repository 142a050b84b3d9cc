"""The engine's own round trip (prepared statements on REST's own connections) inside one process: RLS and
the role apply on every connection whatever ran before, statements lost on the server are prepared again, and
a connection the server dropped is noticed while idle and never handed out.
The verified-JWT cache never accepts a token that verification would refuse now."""
from __future__ import annotations

import asyncio
import json
import time

import pytest
from jose import jwt as jose_jwt
from psycopg import pq
from starlette.datastructures import Headers

from conftest import ANA, BIA, user_token
from supastack.auth import signing_keys
from supastack.core import jwt
from supastack.core.db import Database
from supastack.core.stack import Stack
from supastack.rest import pipeline, roundtrip
from supastack.rest.connections import Connections
from supastack.rest.pipeline import RestService


@pytest.fixture
async def one_connection_service(rest_stack):
    """A service with ONE connection of its own, so every request below shares it."""
    db = Database(rest_stack.db_url, min_size=1, max_size=1)
    await db.open()
    service = RestService(Stack(rest_stack.settings, db))
    service.links = Connections(db.url, size=1, timeout=1.0)
    await service.reload()
    yield service
    await service.links.close()
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
    # DEALLOCATE ALL on the very connection the engine prepared its statements on
    links = one_connection_service.links
    link = await links.get()
    try:
        await roundtrip.simple(link, b"deallocate all")
        left = await roundtrip.round_trip(link, [roundtrip.Step(b"select count(*) from pg_prepared_statements")])
        assert left[0].get_value(0, 0) == b"0"
    finally:
        links.put(link)
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
    """Nothing outlives a request's transaction on the connection (the next request, any caller, uses it)."""
    link = await service.links.get()
    try:
        assert link.pg.transaction_status == pq.TransactionStatus.IDLE
        res = (await roundtrip.round_trip(link, [roundtrip.Step(
            b"select current_user, coalesce(current_setting('request.jwt.claims', true), ''), "
            b"current_setting('transaction_read_only')")]))[0]
        row = [res.get_value(0, i).decode() for i in range(3)]
    finally:
        service.links.put(link)
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


# ---------------------------------------------------------------------------------------------- own connections
# REST's connections keep their socket's reader registered for life: no event-loop registration and no pool
# checkout per request, and a connection the server drops while idle is known dead before anyone takes it.

async def test_requests_register_no_reader_and_take_nothing_from_the_shared_pool(one_connection_service,
                                                                                rest_stack, monkeypatch):
    ana = user_token(rest_stack, ANA)
    assert await bodies(one_connection_service, rest_stack, ana)   # the connection is open
    loop = asyncio.get_running_loop()
    registered = []
    for name in ("add_reader", "remove_reader"):
        original = getattr(loop, name)
        monkeypatch.setattr(loop, name, lambda *a, _o=original: registered.append(a) or _o(*a))
    pool_requests = one_connection_service.db.pool.get_stats().get("requests_num", 0)
    for _ in range(20):
        assert await bodies(one_connection_service, rest_stack, ana) == ["ana private", "ana public"]
    assert registered == []
    assert one_connection_service.db.pool.get_stats().get("requests_num", 0) == pool_requests


async def test_a_connection_the_server_drops_while_idle_is_never_handed_out(one_connection_service, rest_stack):
    ana = user_token(rest_stack, ANA)
    assert await bodies(one_connection_service, rest_stack, ana)
    links = one_connection_service.links
    [link] = links.idle
    pid = link.pg.backend_pid
    rest_stack.sql(f"select pg_terminate_backend({pid})")
    for _ in range(100):   # noticed by the reader alone: no request runs meanwhile
        if link.broken:
            break
        await asyncio.sleep(0.01)
    assert link.broken
    assert await bodies(one_connection_service, rest_stack, ana) == ["ana private", "ana public"]
    assert [other.pg.backend_pid for other in links.idle] != [pid] and links.count == 1


async def test_requests_wait_for_a_busy_connection_then_give_up_with_503(one_connection_service, rest_stack):
    ana = user_token(rest_stack, ANA)
    service = one_connection_service
    # two at once on one connection: the second waits for the first
    both = await asyncio.gather(*(bodies(service, rest_stack, ana) for _ in range(2)))
    assert both == [["ana private", "ana public"]] * 2
    held = await service.links.get()
    try:
        start = time.monotonic()
        r = await get_notes(service, rest_stack, ana)
        assert r.status == 503 and json.loads(r.body)["code"] == "PGRST001", r.body
        assert 0.9 <= time.monotonic() - start < 3
    finally:
        service.links.put(held)
    assert await bodies(service, rest_stack, ana) == ["ana private", "ana public"]


# ---------------------------------------------------------------------------------------------- cached writes
# A write or call of a shape seen before (same path, query, headers and JSON keys) reuses the statement the
# first one planned and converted; only the body parameter changes. Each request must still run its own body,
# under its own caller's role and claims.

def write_headers(stack, token: str) -> Headers:
    return Headers(raw=[(b"apikey", stack.anon_key.encode()), (b"authorization", f"Bearer {token}".encode()),
                        (b"content-type", b"application/json"), (b"prefer", b"return=representation")])


async def test_a_cached_write_runs_each_requests_own_body(one_connection_service, rest_stack, monkeypatch):
    from supastack.rest import execute
    service = one_connection_service
    ana, bia = user_token(rest_stack, ANA), user_token(rest_stack, BIA)
    converted = []
    original = execute._convert
    monkeypatch.setattr(execute, "_convert", lambda *a: converted.append(a[0].text) or original(*a))
    tag = f"cached-{time.time_ns()}"
    texts = [f"{tag} plain", f"{tag} ação “aspas” 🙂", f'{tag} quote " and \\ backslash', f"{tag} " + "x" * 5000,
             f"{tag} ', $1, %(p0)s, --"]
    try:
        for text in texts:
            body = json.dumps({"owner_id": ANA, "body": text}).encode()
            r = await service.handle("POST", "notes", "select=body,owner_id", write_headers(rest_stack, ana), body)
            assert r.status == 201 and json.loads(r.body) == [{"body": text, "owner_id": ANA}], r.body
        # the statement was converted for the first request and the first body swap only
        assert len(converted) == 2
        # the same shape for another caller: RLS judges that caller's row, not the cached statement's first body
        body = json.dumps({"owner_id": ANA, "body": f"{tag} forged"}).encode()
        r = await service.handle("POST", "notes", "select=body,owner_id", write_headers(rest_stack, bia), body)
        assert r.status == 403 and json.loads(r.body)["code"] == "42501", r.body
        body = json.dumps({"owner_id": BIA, "body": f"{tag} bia"}).encode()
        r = await service.handle("POST", "notes", "select=body,owner_id", write_headers(rest_stack, bia), body)
        assert r.status == 201 and json.loads(r.body) == [{"body": f"{tag} bia", "owner_id": BIA}], r.body
        rows = rest_stack.sql("select owner_id::text, body from notes where body like %s order by id", (tag + "%",))
        assert rows == [(ANA, t) for t in texts] + [(BIA, f"{tag} bia")]
        # calls too
        for a, b in ((1, 2), (40, 2), (-7, 7)):
            r = await service.handle("POST", "rpc/add_numbers", "", write_headers(rest_stack, ana),
                                     json.dumps({"a": a, "b": b}).encode())
            assert r.status == 200 and json.loads(r.body) == a + b, r.body
        # a body the statement cannot take still fails as that request's own error
        r = await service.handle("POST", "rpc/add_numbers", "", write_headers(rest_stack, ana), b'{"a": "x", "b": 1}')
        assert r.status == 400 and json.loads(r.body)["code"] == "22P02", r.body
        await assert_connection_is_clean(service)
    finally:
        rest_stack.sql("delete from notes where body like %s", (tag + "%",))


def test_a_swapped_body_is_sent_as_a_fresh_conversion_would_send_it():
    from psycopg._queries import PostgresQuery
    from psycopg.adapt import Transformer

    from supastack.rest.execute import main_step
    from supastack.rest.sql import MainQuery
    query = MainQuery(text="select %(p0)s::int, %(p1)s::jsonb, %(p0)s::int, %(p2)s::text",
                      params={"p0": 5, "p1": '{"a": 1}', "p2": "z"}, payload_param="p1")
    for payload in ('{"a": 2}', '{"b": "ação"}', "[" + '{"c": 3}' * 1 + "]", ""):
        step = main_step(query, payload=payload)
        fresh = PostgresQuery(Transformer())
        fresh.convert(query.text, {**query.params, "p1": payload})
        assert (step.sql, [bytes(p) for p in step.params or ()], step.types) == \
            (fresh.query, [bytes(p) for p in fresh.params or ()], fresh.types)
    # a one-off statement (never given a body to swap) is not kept with its body
    from supastack.rest import execute
    one_off = MainQuery(text="select %(p0)s::text", params={"p0": "secret body"}, payload_param="p0")
    main_step(one_off)
    assert id(one_off) not in execute._STEPS


# ---------------------------------------------------------------------------------------------- cached settings
# `request.method`, `request.path` and `request.headers` are kept by (method, path, raw headers), and the
# decoded headers by the raw headers: a request must still get exactly its own, whoever sent the same before.

async def test_request_settings_are_each_requests_own(one_connection_service, rest_stack):
    from supastack.rest.asgi import RequestHeaders
    service = one_connection_service
    callers = ((user_token(rest_stack, ANA), ANA, "authenticated"), (user_token(rest_stack, BIA), BIA, "authenticated"),
               (None, None, "anon"))
    for _ in range(2):   # the second round is served from the caches
        for method in ("GET", "POST"):
            for token, uid, role in callers:
                raw = [(b"apikey", rest_stack.anon_key.encode()), (b"content-type", b"application/json")]
                if token:
                    raw.append((b"authorization", f"Bearer {token}".encode()))
                r = await service.handle(method, "rpc/whoami", "", RequestHeaders(raw),
                                         b"{}" if method == "POST" else b"")
                assert r.status == 200, r.body
                assert json.loads(r.body) == {"uid": uid, "role": role, "method": method, "path": "/rpc/whoami"}

    def headers_setting(raw):
        flat = service._request_settings("GET", "notes", RequestHeaders(raw))
        return json.loads(dict(zip(flat[::2], flat[1::2], strict=True))[b"request.headers"])

    one = [(b"apikey", b"k"), (b"x-tenant", b"one")]
    two = [(b"apikey", b"k"), (b"x-tenant", b"two"), (b"x-tenant", b"again")]
    for _ in range(2):
        assert headers_setting(one) == {"apikey": "k", "x-tenant": "one"}
        assert headers_setting(two) == {"apikey": "k", "x-tenant": "again"}   # as json.dumps(dict(items)) did
        again = RequestHeaders(two)
        assert again.get("x-tenant") == "two" and again.getlist("x-tenant") == ["two", "again"]
