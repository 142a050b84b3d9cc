"""/rest/v1 as a bare ASGI app: the gateway hands REST requests straight here (no routing, no Request or
Response objects), since that per-request machinery cost more than the engine itself."""
from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

import psycopg
from starlette.types import Message, Receive, Scope, Send

from supastack.core.stack import Stack
from supastack.rest.pipeline import RestService

METHODS = frozenset(("GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"))
BODY_METHODS = frozenset(("POST", "PATCH", "PUT"))
NO_CONTENT_LENGTH = frozenset((204, 304))


HEADER_SETS_KEPT = 1_000
# Clients send the same headers again and again: each set's decoded first values, by the raw headers
_first_values: dict[tuple[tuple[bytes, bytes], ...], dict[str, str]] = {}


class RequestHeaders(Mapping[str, str]):
    """The request's headers as the engine reads them: `get` (first value), `getlist`, `items`, `raw`; a
    read-only mapping of each name's first value, which is what the engine's stages take. `key` is the raw
    headers as a tuple, for the caches of what the engine derives from them."""

    __slots__ = ("raw", "key", "_first")

    def __init__(self, raw: list[tuple[bytes, bytes]]):
        self.raw = raw
        self.key = key = tuple(raw)
        first = _first_values.get(key)
        if first is None:
            first = {}
            for name, value in raw:
                first.setdefault(name.decode("latin-1"), value.decode("latin-1"))
            if len(_first_values) >= HEADER_SETS_KEPT:
                _first_values.clear()
            _first_values[key] = first
        self._first = first   # shared: never changed

    def get(self, name: str, default: str | None = None) -> str | None:  # type: ignore[override]  # no overloads
        return self._first.get(name, default)

    def __contains__(self, name: object) -> bool:
        return name in self._first

    def __getitem__(self, name: str) -> str:
        return self._first[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._first)

    def __len__(self) -> int:
        return len(self._first)

    def getlist(self, name: str) -> list[str]:
        key = name.encode("latin-1")
        return [v.decode("latin-1") for k, v in self.raw if k == key]

    def items(self) -> list[tuple[str, str]]:  # type: ignore[override]  # every value, repeated names too
        return [(k.decode("latin-1"), v.decode("latin-1")) for k, v in self.raw]


async def read_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def start_message(status: int, headers: list[tuple[bytes, bytes]]) -> Message:
    return {"type": "http.response.start", "status": status, "headers": headers}


async def send_response(send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes,
                        head: bool = False) -> None:
    """A HEAD answer carries no Content-Length (PostgREST's does not: the length of the GET body is unknown)."""
    if status >= 200 and status not in NO_CONTENT_LENGTH and not head:
        headers.append((b"content-length", b"%d" % len(body)))
    await send(start_message(status, headers))
    await send({"type": "http.response.body", "body": body})


class RestApp:
    """Serves every path under the mount point (`scope["path"]` still carries the prefix)."""

    def __init__(self, stack: Stack, service: RestService, prefix: str = "/rest/v1"):
        self.stack = stack
        self.service = service
        self.prefix_length = len(prefix)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        method = scope["method"]
        path = scope["path"][self.prefix_length:].lstrip("/")
        if not path:
            await self.root(method, RequestHeaders(scope["headers"]).get("accept-profile"), send)
            return
        if method not in METHODS:
            await send_response(send, 405, [(b"allow", b", ".join(m.encode() for m in sorted(METHODS))),
                                            (b"content-type", b"text/plain; charset=utf-8")], b"Method Not Allowed")
            return
        body = await read_body(receive) if method in BODY_METHODS else b""
        status, headers, body = await self.answer(method, path, scope["query_string"], scope["headers"], body)
        await send(start_message(status, headers))
        await send({"type": "http.response.body", "body": body})

    async def answer(self, method: str, path: str, query_string: bytes, raw_headers: list[tuple[bytes, bytes]],
                     body: bytes) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """A request below the mount point (`path` without it) -> status, headers (Content-Length included,
        as `send_response` sets it) and body. The gateway's lean HTTP path calls this directly."""
        result = await self.service.handle(method, path, query_string.decode("utf-8", "replace"),
                                           RequestHeaders(raw_headers), body)
        headers = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in result.headers.items()]
        status = result.status
        if status >= 200 and status not in NO_CONTENT_LENGTH and method != "HEAD":
            headers.append((b"content-length", b"%d" % len(result.body)))
        return status, headers, result.body

    async def root(self, method: str, profile: str | None, send: Send) -> None:
        """Health check and a short OpenAPI description of the tables and functions of one exposed schema
        (the first, or Accept-Profile's)."""
        if method not in ("GET", "HEAD"):
            await send_response(send, 405, [(b"allow", b"GET, HEAD"),
                                            (b"content-type", b"text/plain; charset=utf-8")], b"Method Not Allowed")
            return
        try:
            async with self.stack.db.connection() as conn:
                await conn.execute("select 1")
        except psycopg.OperationalError as exc:
            body = {"code": "PGRST001", "message": "Database client error. Retrying the connection.",
                    "details": str(exc), "hint": None}
            await send_response(send, 503, [(b"content-type", b"application/json; charset=utf-8")],
                                json.dumps(body).encode())
            return
        exposed = self.service.exposed
        if profile is not None and profile not in exposed:
            body = {"code": "PGRST106", "details": None, "message": f"Invalid schema: {profile}",
                    "hint": f"Only the following schemas are exposed: {', '.join(exposed)}"}
            await send_response(send, 406, [(b"content-type", b"application/json; charset=utf-8")],
                                json.dumps(body).encode())
            return
        schema = self.service.cache_of(profile or exposed[0])
        paths: dict[str, dict] = {"/": {}}
        for name in sorted(schema.tables):
            paths[f"/{name}"] = {}
        for name in sorted(schema.functions):
            paths[f"/rpc/{name}"] = {}
        doc = {"swagger": "2.0", "info": {"title": "supastack REST", "version": "12"}, "basePath": "/",
               "produces": ["application/json"], "paths": paths}
        await send_response(send, 200, [(b"content-type", b"application/openapi+json; charset=utf-8")],
                            json.dumps(doc).encode())   # the server leaves the body out for HEAD
