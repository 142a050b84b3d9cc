"""Time limits for clients that send a request too slowly (slowloris): uvicorn waits forever for the rest of
a request's head, and for a body that stops arriving, so a few hundred half-open connections would stay open
for good. This protocol closes a connection whose request head is not complete within `header_timeout`
seconds of its first byte, or whose body sends nothing for `body_timeout` seconds. Idle keep-alive
connections are uvicorn's own business (`timeout_keep_alive`); WebSockets are left alone once upgraded."""
from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class SlowClientGuard(HttpToolsProtocol):
    header_timeout = 10.0
    body_timeout = 30.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._timer: asyncio.TimerHandle | None = None
        self._waiting_for: str | None = "head"
        self._arm(self.header_timeout)

    # -- the timer ---------------------------------------------------------------------------------
    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _too_slow(self) -> None:
        self._timer = None
        if not self.transport.is_closing():
            self.transport.close()

    # -- where a request stands --------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self._waiting_for is None:      # the first bytes of the next request on this connection
            self._waiting_for = "head"
            self._arm(self.header_timeout)
        elif self._waiting_for == "body":  # the body is still coming: it gets another idle period
            self._arm(self.body_timeout)
        super().data_received(data)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._waiting_for = "body"
        self._arm(self.body_timeout)

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._waiting_for = None
        self._disarm()

    def handle_websocket_upgrade(self) -> None:
        self._waiting_for = "upgraded"
        self._disarm()
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def guarded_protocol(header_timeout: float, body_timeout: float) -> type[SlowClientGuard]:
    """The protocol class for uvicorn's `http=` option, with the configured limits."""
    return type("ConfiguredSlowClientGuard", (SlowClientGuard,),
                {"header_timeout": header_timeout, "body_timeout": body_timeout})
