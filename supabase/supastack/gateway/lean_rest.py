"""A lean HTTP path for the common /rest/v1 request: uvicorn's protocol still parses (httptools), keeps the
connection alive, queues pipelined requests, applies flow control and the slow-client limits, but a plain
REST request is answered without the ASGI layers: no ASGI scope dispatch through the gateway, no `send`
messages, no wrapped `send` per middleware. The REST engine's answer gets the gateway's CORS headers and
compression from the very same code (`RawCors.response_headers`, api_compression) and leaves in one write.

Only requests that need nothing else take it: a method REST serves, a path below /rest/v1/, no
`Expect: 100-continue`, no chunked body, a declared body within the limit. Everything else (preflights,
the REST root, 413s, chunked bodies, other services, WebSockets) goes the ASGI way as before.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

from supastack.gateway.api_compression import chosen_coding, compress, encoded_headers, worth_compressing
from supastack.gateway.cors import RawCors
from supastack.gateway.uvicorn_internals import (
    HEADER_NAME,
    HEADER_VALUE,
    STATUS_LINE,
    ASGI3Application,
    HTTPScope,
    HttpToolsProtocol,
    RequestResponseCycle,
)
from supastack.rest.asgi import BODY_METHODS, METHODS, RestApp

log = logging.getLogger("supastack.gateway")

PREFIX = "/rest/v1/"
INTERNAL_ERROR = (b"HTTP/1.1 500 Internal Server Error\r\ncontent-type: text/plain; charset=utf-8\r\n"
                  b"content-length: 21\r\nconnection: close\r\n\r\nInternal Server Error")


class LeanRest:
    """What the lean path needs of the gateway: the REST app, its CORS policy and the body limit."""

    __slots__ = ("rest", "cors", "max_body")

    def __init__(self, rest: RestApp, cors: RawCors, max_body: int):
        self.rest = rest
        self.cors = cors
        self.max_body = max_body

    def takes(self, scope: HTTPScope) -> bool:
        """Whether this request can be answered here (see the module's doc)."""
        if scope["method"] not in METHODS or not scope["path"].startswith(PREFIX) or len(scope["path"]) == 9:
            return False
        for name, value in scope["headers"]:
            if name == b"transfer-encoding":
                return False
            if name == b"content-length" and (not value.isdigit() or int(value) > self.max_body):
                return False
        return True

    async def answer(self, protocol: HttpToolsProtocol, cycle: RequestResponseCycle) -> None:
        scope = cycle.scope
        try:
            method = scope["method"]
            body = b""
            if method in BODY_METHODS:
                while cycle.more_body and not cycle.disconnected:
                    cycle.flow.resume_reading()
                    await cycle.message_event.wait()
                    cycle.message_event.clear()
                body = bytes(cycle.body)
            if cycle.disconnected:
                return
            raw_headers: list[tuple[bytes, bytes]] = scope["headers"]  # type: ignore[assignment]  # a list
            status, headers, content = await self.rest.answer(method, scope["path"][9:].lstrip("/"),
                                                              scope["query_string"], raw_headers, body)
            origin, _ = self.cors.request_origin(raw_headers)
            headers = self.cors.response_headers(origin, headers)
            if method != "HEAD":
                headers, content = _compressed(raw_headers, status, headers, content)
            data = self._message(cycle, status, headers, content, method == "HEAD")
        except Exception as exc:
            log.error("Exception in the REST lean path", exc_info=exc)
            if cycle.disconnected:
                return
            cycle.keep_alive = False
            data = INTERNAL_ERROR
        if cycle.flow.write_paused and not cycle.disconnected:
            await cycle.flow.drain()
        if cycle.disconnected:
            return
        cycle.response_started = cycle.response_complete = True
        protocol.transport.write(data)
        cycle.message_event.set()
        if not cycle.keep_alive:
            protocol.transport.close()
        on_response, cycle.on_response = cycle.on_response, _nothing
        on_response()

    @staticmethod
    def _message(cycle: RequestResponseCycle, status: int, headers: list[tuple[bytes, bytes]], content: bytes,
                 head: bool) -> bytes:
        """The response as uvicorn writes it: status line, its default headers, ours, connection: close when the
        connection ends, and the body (none for HEAD). Header names and values refused as uvicorn refuses them."""
        parts = [STATUS_LINE[status]]
        close = False
        names = []
        values = []
        for name, value in cycle.default_headers + headers:
            if name == b"connection" and b"close" in value.lower():
                cycle.keep_alive = False
                close = True
            names.append(name)
            values.append(value)
            parts += (name, b": ", value, b"\r\n")
        if HEADER_NAME.search(b"".join(names)) or HEADER_VALUE.search(b"".join(values)):
            raise RuntimeError("Invalid HTTP header.")
        if not cycle.keep_alive and not close:
            parts.append(b"connection: close\r\n")
        parts.append(b"\r\n")
        if not head:
            parts.append(content)
        return b"".join(parts)


def _compressed(raw_headers: Iterable[tuple[bytes, bytes]], status: int, headers: list[tuple[bytes, bytes]],
                content: bytes) -> tuple[list[tuple[bytes, bytes]], bytes]:
    """api_compression's rule on a complete body: only when asked, worth it, and smaller."""
    offer = None
    for name, value in raw_headers:
        if name == b"accept-encoding":
            offer = value if b"br" in value or b"gzip" in value or b"*" in value else None
            break
    if offer is None or not worth_compressing(headers, status):
        return headers, content
    coding = chosen_coding(offer)
    if coding is None:
        return headers, content
    encoded = compress(content, coding)
    if len(encoded) >= len(content):
        return headers, content
    return encoded_headers(headers, coding, len(encoded)), encoded


def _nothing() -> None:
    pass


class LeanRestMixin(HttpToolsProtocol):
    """Starts plain /rest/v1 requests on the lean path instead of the ASGI app (pipelined ones too: uvicorn
    queues the cycle and starts it here once the previous response is complete)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        app = self.app
        while app is not None and getattr(app, "lean_rest", None) is None:
            app = getattr(app, "app", None)   # uvicorn's own wrappers (proxy headers) first
        self._lean: LeanRest | None = app.lean_rest if app is not None else None

    def _start_asgi_task(self, cycle: RequestResponseCycle, app: ASGI3Application) -> None:
        lean = self._lean
        if lean is not None and app is self.app and not cycle.waiting_for_100_continue and lean.takes(cycle.scope):
            task = self.loop.create_task(lean.answer(self, cycle))
            task.add_done_callback(self.tasks.discard)
            self.tasks.add(task)
            return
        super()._start_asgi_task(cycle, app)


def lean_rest(protocol: type[HttpToolsProtocol]) -> type[HttpToolsProtocol]:
    """`protocol` (uvicorn's httptools protocol or a subclass) answering plain REST requests on the lean path."""
    return type(f"LeanRest{protocol.__name__}", (LeanRestMixin, protocol), {})
