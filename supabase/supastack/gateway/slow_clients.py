"""Time limits for clients that send a request too slowly (slowloris): uvicorn waits forever for the rest of
a request's head, and for a body that stops arriving, so a few hundred half-open connections would stay open
for good. This protocol closes a connection whose request head is not complete within `header_timeout`
seconds of its first byte, whose body sends nothing for `body_timeout` seconds, or that stays idle between
requests longer than uvicorn's `timeout_keep_alive`. WebSockets are left alone once upgraded.

No timer per request: each connection only notes its deadline (a float), and one sweep a second per event
loop closes the connections past theirs. A timer armed and cancelled three or four times a request (head,
body, done, keep-alive) cost more than the REST engine's synchronous stages together; the price is that a
limit is enforced up to a second late.
"""
from __future__ import annotations

import asyncio
import math
import weakref

from supastack.gateway.uvicorn_internals import HttpToolsProtocol

SWEEP_EVERY = 1.0   # seconds between two sweeps of one event loop's connections


class Sweeper:
    """The guarded connections of one event loop; sweeps only while it has some."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.connections: set[SlowClientGuard] = set()
        self.handle: asyncio.TimerHandle | None = None

    def add(self, connection: SlowClientGuard) -> None:
        self.connections.add(connection)
        if self.handle is None:
            self.handle = self.loop.call_later(SWEEP_EVERY, self.sweep)

    def discard(self, connection: SlowClientGuard) -> None:
        self.connections.discard(connection)

    def sweep(self) -> None:
        now = self.loop.time()
        for connection in [c for c in self.connections if c.deadline <= now]:
            connection.too_slow()
        self.handle = self.loop.call_later(SWEEP_EVERY, self.sweep) if self.connections else None


_sweepers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Sweeper] = weakref.WeakKeyDictionary()


def sweeper_of(loop: asyncio.AbstractEventLoop) -> Sweeper:
    sweeper = _sweepers.get(loop)
    if sweeper is None:
        sweeper = _sweepers[loop] = Sweeper(loop)
    return sweeper


class SlowClientGuard(HttpToolsProtocol):
    header_timeout = 10.0
    body_timeout = 30.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        # what the connection waits for: "head", "body", "idle" (between requests), None (the app is answering)
        self._waiting_for: str | None = "head"
        self.deadline = self.loop.time() + self.header_timeout
        self._sweeper = sweeper_of(self.loop)
        self._sweeper.add(self)

    def too_slow(self) -> None:
        self._sweeper.discard(self)
        if not self.transport.is_closing():
            self.transport.close()

    # -- where a request stands --------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        waiting = self._waiting_for
        if waiting is None or waiting == "idle":   # the first bytes of the next request on this connection
            self._waiting_for = "head"
            self.deadline = self.loop.time() + self.header_timeout
        elif waiting == "body":                    # the body is still coming: it gets another idle period
            self.deadline = self.loop.time() + self.body_timeout
        super().data_received(data)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        if self._waiting_for != "upgraded":
            self._waiting_for = "body"
            self.deadline = self.loop.time() + self.body_timeout

    def on_message_complete(self) -> None:
        super().on_message_complete()
        if self._waiting_for != "upgraded":
            self._waiting_for = None
            self.deadline = math.inf

    def on_response_complete(self) -> None:
        """uvicorn's own, except that the keep-alive limit is a deadline for the sweep instead of a timer."""
        self.server_state.total_requests += 1
        if self.transport.is_closing():
            return
        self.flow.resume_reading()
        if self.pipeline:
            cycle, app = self.pipeline.pop()
            self._start_asgi_task(cycle, app)
        elif self._waiting_for is None:   # not already reading the next request's head
            self._waiting_for = "idle"
            self.deadline = self.loop.time() + self.timeout_keep_alive

    def handle_websocket_upgrade(self) -> None:
        # the WebSocket protocol takes the transport over: this one hears of nothing more, not even its loss
        self._waiting_for = "upgraded"
        self.deadline = math.inf
        self._sweeper.discard(self)
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._sweeper.discard(self)
        super().connection_lost(exc)


def guarded_protocol(header_timeout: float, body_timeout: float) -> type[SlowClientGuard]:
    """The protocol class for uvicorn's `http=` option, with the configured limits."""
    return type("ConfiguredSlowClientGuard", (SlowClientGuard,),
                {"header_timeout": header_timeout, "body_timeout": body_timeout})
