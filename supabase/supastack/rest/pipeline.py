"""One /rest/v1 request through parse -> plan -> sql -> execute -> respond.

Also owns the per-process caches that keep the hot path short: verified JWTs (by token, until `exp`),
and built statements for repeated reads (by method, path, query string and the headers that shape them).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import psycopg
from jose import jwt as jose_jwt

from supastack.core import jwt as jwt_keys
from supastack.core.db import caller_gucs, request_gucs
from supastack.core.listening import notifications
from supastack.core.stack import Stack
from supastack.production import is_production
from supastack.rest import options as switches
from supastack.rest import plan as planner
from supastack.rest import sql as sqlgen
from supastack.rest.connections import Connections
from supastack.rest.errors import RestError, bad_jwt
from supastack.rest.execute import DbResult, execute, explain
from supastack.rest.headers import PlanRequest
from supastack.rest.overloads import RAW_BODY_KINDS
from supastack.rest.request import ApiRequest, parse_request
from supastack.rest.respond import RestResponse, max_affected_check, respond, singular_check
from supastack.rest.schema_cache import SchemaCache, load_schema_cache

log = logging.getLogger("supastack.rest")

JWT_CACHE_SIZE = 10_000
QUERY_CACHE_SIZE = 2_000
HEADERS_CACHE_SIZE = 1_000
CACHED_BODY_SIZE = 64 * 1024   # a write's shape is cached (holding its first body) only below this size
CONNECTIONS = 10     # REST's own connections per API process at most (PostgREST's default db-pool)
DEFAULT_SCHEMAS = ("public", "graphql_public")          # the Supabase CLI's `[api] schemas`
DEFAULT_EXTRA_SEARCH_PATH = ("public", "extensions")


def _flat(gucs: dict[str, str]) -> tuple[bytes, ...]:
    """{name: value} -> (name, value, ...) as the round trip sends them."""
    return tuple(part.encode() for item in gucs.items() for part in item)


def _identity_of(claims: dict) -> tuple[dict, tuple[bytes, ...], bool]:
    """(claims, the caller's settings from core's one rule, whether it runs as anon)."""
    gucs = caller_gucs(claims)
    return claims, _flat(gucs), gucs["role"] == "anon"


ANONYMOUS = _identity_of({"role": "anon"})


@dataclass(frozen=True, slots=True)
class Prepared:
    """What a request needs after planning: the statement and how to judge and render its result."""
    request: ApiRequest
    query: sqlgen.MainQuery
    single: bool
    max_affected: int | None
    rollback: bool


class RestService:
    def __init__(self, stack: Stack):
        self.stack = stack
        self.settings = stack.settings
        self.db = stack.db
        self.links = Connections(self.db.url, CONNECTIONS)   # REST's own, apart from the shared pool
        api = (self.settings.raw or {}).get("api", {})
        # `[api] schemas`: the first is the default, the others are reached by Accept-/Content-Profile
        self.exposed: tuple[str, ...] = tuple(api.get("schemas") or DEFAULT_SCHEMAS)
        self.extra_search_path: tuple[str, ...] = tuple(api.get("extra_search_path", DEFAULT_EXTRA_SEARCH_PATH))
        self._api = api
        # aggregates off and plan output on in local development unless config.toml, the environment or the database say
        self._local = not is_production(self.settings)
        self.switches = switches.switches(api, os.environ, {}, self._local)
        self.schema: SchemaCache = SchemaCache(schema=self.exposed[0])
        self.schemas: dict[str, SchemaCache] = {}
        self._search_paths: dict[str, bytes] = {}
        # token -> (exp, the key that verified it, identity); least recently used first
        self._jwt_cache: OrderedDict[str, tuple[float | None, tuple, tuple[dict, tuple[bytes, ...], bool]]] = \
            OrderedDict()
        self._headers_cache: dict[tuple, str] = {}
        self._settings_cache: dict[tuple, tuple[bytes, ...]] = {}
        self._query_cache: dict[tuple, Prepared] = {}
        self._listener: asyncio.Task | None = None
        self._stopping = False

    # ------------------------------------------------------------------ schema cache lifecycle
    async def start(self) -> None:
        await self.reload()
        self._listener = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        self._stopping = True
        if self._listener:
            self._listener.cancel()
            try:
                await self._listener
            except (asyncio.CancelledError, Exception):
                pass
        await self.links.close()

    async def reload(self) -> None:
        version = self.schema.version + 1
        async with self.db.connection() as conn:
            schemas = {name: await load_schema_cache(conn, name, version) for name in self.exposed}
            in_database = await switches.role_settings(conn)
        self.schemas = schemas
        self.schema = schemas[self.exposed[0]]
        self.switches = switches.switches(self._api, os.environ, in_database, self._local)
        self._query_cache.clear()

    async def _listen(self) -> None:
        """LISTEN pgrst on a dedicated connection; `reload schema` reloads the cache."""
        while not self._stopping:
            try:
                async with await psycopg.AsyncConnection.connect(self.db.url, autocommit=True) as conn:
                    await conn.execute("listen pgrst")
                    await self.reload()   # changes made while we were not listening
                    async with contextlib.aclosing(notifications(conn)) as notes:
                        async for notify in notes:
                            # PostgREST's `reload config` re-reads the in-database settings (done by every reload)
                            if notify.payload in ("reload schema", "reload config", ""):
                                await self.reload()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: retry, keep serving with the old cache
                log.warning("schema listener: %s", exc)
                await asyncio.sleep(1)

    def cache_of(self, schema: str) -> SchemaCache:
        if schema == self.schema.schema:
            return self.schema
        return self.schemas.get(schema) or SchemaCache(schema=schema)

    def search_path(self, schema: str) -> bytes:
        """PostgREST's per-request search_path: the request's schema, then `[api] extra_search_path`."""
        text = self._search_paths.get(schema)
        if text is None:
            names = [schema] + [n for n in self.extra_search_path if n != schema]
            text = self._search_paths[schema] = ", ".join(
                '"' + n.replace('"', '""') + '"' for n in names).encode()
        return text

    # ------------------------------------------------------------------ authentication
    def claims(self, headers: Mapping[str, str]) -> dict:
        return self._identity(headers)[0]

    def _identity(self, headers: Mapping[str, str]) -> tuple[dict, tuple[bytes, ...], bool]:
        """(claims, role and claims settings, anonymous?) of the request's bearer token; verified once per token."""
        token = jwt_keys.bearer_token(headers, self.settings)
        if not token:
            return ANONYMOUS
        cached = self._jwt_cache.get(token)
        if cached is not None:
            exp, key, identity = cached
            if (exp is None or exp > time.time()) and self._still_trusted(key):
                self._jwt_cache.move_to_end(token)
                return identity
            del self._jwt_cache[token]   # expired, or its key is no longer ours: verify afresh
        secret = self.settings.jwt_secret
        try:
            claims = jwt_keys.verify(token, secret)
        except jwt_keys.InvalidToken as exc:
            raise bad_jwt(str(exc), exc.expired) from None
        exp = claims.get("exp")
        identity = _identity_of(claims)
        self._jwt_cache[token] = (float(exp) if isinstance(exp, (int, float)) else None,
                                  _verifying_key(token, secret), identity)
        while len(self._jwt_cache) > JWT_CACHE_SIZE:
            self._jwt_cache.popitem(last=False)   # least recently used first
        return identity

    def _still_trusted(self, key: tuple) -> bool:
        """The key that verified a cached token is still the one `verify` would use: the same project secret,
        or the same public JWK under the same kid in the process's key ring (not rotated out since)."""
        if key[0] == "secret":
            return key[1] == self.settings.jwt_secret
        ring = jwt_keys.key_ring()
        return ring is not None and ring.public.get(key[1]) == key[2]

    def _request_settings(self, method: str, path: str, headers: Mapping[str, str]) -> tuple[bytes, ...]:
        """The flat `request.method`, `request.path` and `request.headers` settings, cached like the headers."""
        key = _headers_key(headers)
        if key is None:
            return _flat(request_gucs(method, path, self._headers_json(headers)))
        key = (method, path, key)
        flat = self._settings_cache.get(key)
        if flat is None:
            flat = _flat(request_gucs(method, path, self._headers_json(headers)))
            if len(self._settings_cache) >= HEADERS_CACHE_SIZE:
                self._settings_cache.clear()
            self._settings_cache[key] = flat
        return flat

    def _headers_json(self, headers: Mapping[str, str]) -> str:
        """`request.headers` as PostgREST sets it; clients repeat the same headers, so it is cached."""
        key = _headers_key(headers)
        text = self._headers_cache.get(key) if key is not None else None
        if text is None:
            text = json.dumps(dict(headers.items()))
            if key is not None:
                if len(self._headers_cache) >= HEADERS_CACHE_SIZE:
                    self._headers_cache.clear()
                self._headers_cache[key] = text
        return text

    # ------------------------------------------------------------------ the pipeline
    def prepare(self, method: str, path: str, query_string: str, headers: Mapping[str, str], body: bytes) -> Prepared:
        """The planned statement of a request, its parameters all in place."""
        prepared, payload = self._prepare(method, path, query_string, headers, body)
        if payload is None:
            return prepared
        return _with_payload(prepared, payload)

    def _prepare(self, method: str, path: str, query_string: str, headers: Mapping[str, str],
                 body: bytes) -> tuple[Prepared, str | None]:
        """(the planned statement, None) or, for a write or call of a shape seen before, (that shape's cached
        statement, this request's value of its body parameter), which `execute` swaps in."""
        key: tuple[object, ...] | None = None   # the cache key: the request's shape
        shape_key = (method, path, query_string, headers.get("accept"), headers.get("prefer"))
        if method in ("GET", "HEAD"):
            key = shape_key + (headers.get("range"), headers.get("accept-profile"))
            hit = self._query_cache.get(key)
            if hit is not None:
                return hit, None
        elif method in ("POST", "PATCH") and len(body) <= CACHED_BODY_SIZE and _is_json(headers):
            # Writes and calls with one JSON object: the statement depends on the object's keys only,
            # so a hit just swaps the body parameter.
            try:
                text = body.decode("utf-8")
                body_object = json.loads(text) if text.strip() else None
            except (ValueError, UnicodeDecodeError, RecursionError):
                body_object = None
            if isinstance(body_object, dict):
                key = shape_key + (headers.get("content-profile"), tuple(body_object))
                hit = self._query_cache.get(key)
                if hit is not None and hit.query.payload_param is None:
                    return hit, None
                if hit is not None:
                    if not path.startswith("rpc/"):
                        text = "[" + text + "]" if hit.request.action != "update" else text
                    return hit, text
        req = parse_request(method, path, query_string, headers, body, self.exposed, self.switches.plan_enabled)
        plan = planner.build_plan(req, self.cache_of(req.schema), self.settings.max_rows,
                                  self.switches.aggregates_enabled)
        prefs = req.preferences
        want_count = prefs.count is not None
        single = req.accept == "object"
        csv = req.accept == "csv"
        # the plan's kind follows req.action: read -> ReadPlan, call -> CallPlan, the writes -> MutatePlan
        if isinstance(plan, planner.ReadPlan):
            query = sqlgen.read_query(plan, want_count, single, prefs.count, self.settings.max_rows,
                                      req.strip_nulls, csv)
        elif isinstance(plan, planner.CallPlan):
            payload: str | None = None
            if plan.single_object_param is not None:
                # a raw body (text, xml, bytea) is already the parameter's text
                raw = req.payload if req.body_kind in RAW_BODY_KINDS and isinstance(req.payload, str) else None
                payload = raw if raw is not None else (req.raw_body.decode() or "{}")
            elif plan.args:
                payload = req.raw_body.decode() if req.body_kind == "json" else json.dumps(plan.args)
            read_only = method in ("GET", "HEAD") and plan.function.volatility == "v"
            query = sqlgen.call_query(plan, payload, want_count, single, read_only, req.strip_nulls, csv)
        else:
            payload = None
            if req.action in ("insert", "upsert", "put"):
                payload = _array_payload(req)
            elif req.action == "update":
                payload = req.raw_body.decode() if req.raw_body.strip() else "{}"
            query = sqlgen.mutate_query(plan, prefs.representation or "minimal", want_count, single,
                                        prefs.missing == "default", prefs.resolution, payload, req.strip_nulls,
                                        csv)
        max_affected = prefs.max_affected if prefs.handling == "strict" and req.action in ("update", "delete", "call") \
            else None
        prepared = Prepared(req, query, single, max_affected, prefs.tx == "rollback")
        if key is not None:
            if len(self._query_cache) >= QUERY_CACHE_SIZE:
                self._query_cache.clear()
            self._query_cache[key] = prepared
        return prepared, None

    async def handle(self, method: str, path: str, query_string: str, headers: Mapping[str, str],
                     body: bytes) -> RestResponse:
        try:
            _, caller, anonymous = self._identity(headers)
            prepared, payload = self._prepare(method, path, query_string, headers, body)
            plan = prepared.request.plan
            if plan is not None:
                if payload is not None:
                    prepared = _with_payload(prepared, payload)
                return await self._explain(prepared, plan, method, path, headers, caller, anonymous)
            checks: list[Callable[[DbResult], None]] = []
            if prepared.single:
                checks.append(singular_check)
            if prepared.max_affected is not None:
                checks.append(max_affected_check(prepared.max_affected))
            check: Callable[[DbResult], None] | None = None
            if checks:
                def check(result: DbResult, checks: list[Callable[[DbResult], None]] = checks) -> None:
                    for c in checks:
                        c(result)
            settings = (b"search_path", self.search_path(prepared.request.schema)) + caller + \
                self._request_settings(method, path, headers)
            result = await execute(self.links, prepared.query, settings, anonymous, check, prepared.rollback,
                                   payload)
            return respond(prepared.request, result, prepared.query.body_kind)
        except RestError as err:
            return error_response(err)


    async def _explain(self, prepared: Prepared, plan: PlanRequest, method: str, path: str,
                       headers: Mapping[str, str], caller: tuple[bytes, ...], anonymous: bool) -> RestResponse:
        """`Accept: application/vnd.pgrst.plan`: the EXPLAIN of the statement the request would run."""
        settings = (b"search_path", self.search_path(prepared.request.schema), *caller,
                    *_flat(request_gucs(method, path, self._headers_json(headers))))
        body = await explain(self.links, prepared.query, settings, anonymous, plan.options, plan.format)
        response = RestResponse(200, {"Content-Type": plan.mime + "; charset=utf-8"}, body)
        if prepared.request.profile_negotiated:
            response.headers["Content-Profile"] = prepared.request.schema
        return response


def _verifying_key(token: str, secret: str) -> tuple:
    """What verified a valid token: ("secret", the HS256 secret) or ("jwk", kid, the ring's public JWK)."""
    header = jose_jwt.get_unverified_header(token)
    ring = jwt_keys.key_ring()
    if header.get("alg") != jwt_keys.ALGORITHM and ring is not None:
        kid = header.get("kid")
        return ("jwk", kid, ring.public.get(kid))
    return ("secret", secret)


def _with_payload(prepared: Prepared, payload: str) -> Prepared:
    """A cached write's Prepared with this request's body in its body parameter."""
    query = prepared.query
    assert query.payload_param is not None
    return replace(prepared, query=replace(query, params={**query.params, query.payload_param: payload}))


def _headers_key(headers: Mapping[str, str]) -> tuple | None:
    """The raw headers as a cache key (None for a mapping without them)."""
    key = getattr(headers, "key", None)
    if key is None:
        raw = getattr(headers, "raw", None)
        key = tuple(raw) if raw is not None else None
    return key


def _is_json(headers: Mapping[str, str]) -> bool:
    return (headers.get("content-type") or "application/json").split(";")[0].strip().lower() == "application/json"


def _array_payload(req: ApiRequest) -> str:
    """The body as a JSON array text, reusing the client's bytes when they are JSON already."""
    raw = req.raw_body.decode().strip()
    if raw.startswith("["):
        return raw
    if raw.startswith("{"):
        return "[" + raw + "]"
    payload = req.payload
    return json.dumps(payload if isinstance(payload, list) else [payload])


def error_response(err: RestError) -> RestResponse:
    return RestResponse(err.status, {"Content-Type": "application/json; charset=utf-8", **err.headers}, err.body())
