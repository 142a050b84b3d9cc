"""One write per small HTTP response: uvicorn sends a response's head (at `http.response.start`) and its body
(at `http.response.body`) with two socket writes, so a REST answer leaves as two TCP segments: two send
system calls here, and the client wakes up for a head it cannot use yet. Measured with bench/bench_rest.py,
the second write cost the server about 5-9 us and the load generator about 8 us per request.

This protocol holds the head of a response that has a Content-Length until its first body write, and sends
both at once. Chunked (streamed) responses, `100 Continue` and everything after the first body write go out
at once as before; a response that ends without a body write (HEAD, 204, 304) sends its held head when it
completes, and closing the connection sends it first.
"""
from __future__ import annotations

import asyncio
from typing import Any

from supastack.gateway.uvicorn_internals import HttpToolsProtocol, RequestResponseCycle

CONTINUE = b"HTTP/1.1 100 "


class HeldHead:
    """The transport one response cycle writes to: the real one, except that the head waits for the body."""

    __slots__ = ("transport", "cycle", "held", "head_written")

    def __init__(self, transport: asyncio.Transport, cycle: RequestResponseCycle):
        self.transport = transport
        self.cycle = cycle
        self.held: bytes | None = None
        self.head_written = False

    def write(self, data: bytes) -> None:
        held = self.held
        if held is not None:
            self.held = None
            self.transport.write(held + data)
        elif self.head_written or data.startswith(CONTINUE):
            self.transport.write(data)
        else:
            # the head: the cycle's first write; a streamed (chunked) response's head goes out at once
            self.head_written = True
            if self.cycle.chunked_encoding:
                self.transport.write(data)
            else:
                self.held = data

    def flush(self) -> None:
        held = self.held
        if held is not None:
            self.held = None
            if not self.transport.is_closing():
                self.transport.write(held)

    def close(self) -> None:
        self.flush()
        self.transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)


class OneWriteMixin(HttpToolsProtocol):
    """Gives each new request cycle a `HeldHead` transport, flushed when its response completes."""

    def on_headers_complete(self) -> None:
        previous = self.cycle
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is None or cycle is previous:   # a WebSocket upgrade: no HTTP response cycle
            return
        held = HeldHead(self.transport, cycle)
        cycle.transport = held  # type: ignore[assignment]
        done = cycle.on_response

        def on_response() -> None:
            held.flush()
            done()

        cycle.on_response = on_response


def one_write(protocol: type[HttpToolsProtocol]) -> type[HttpToolsProtocol]:
    """`protocol` (uvicorn's httptools protocol or a subclass) sending each small response in one write."""
    return type(f"OneWrite{protocol.__name__}", (OneWriteMixin, protocol), {})
