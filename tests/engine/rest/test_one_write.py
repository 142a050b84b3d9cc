"""The API's HTTP protocol sends a small response in one socket write (head and body together), and still
sends heads at once where waiting would change what the client sees: streamed bodies, 100 Continue."""
from __future__ import annotations

import asyncio

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState

from supastack.gateway.one_write import one_write
from supastack.gateway.slow_clients import guarded_protocol


class FakeTransport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = False
        self.paused = False

    def write(self, data) -> None:
        self.writes.append(bytes(data))

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        self.paused = True

    def resume_reading(self) -> None:
        self.paused = False

    def get_extra_info(self, name, default=None):
        return {"sockname": ("127.0.0.1", 54321), "peername": ("127.0.0.1", 40000)}.get(name, default)


async def serve(app, request: bytes, settle: float = 0.05) -> FakeTransport:
    """One request through the protocol class the API runs (one write around the slow-client guard)."""
    config = Config(app=app, log_level="warning", lifespan="off")
    config.load()
    protocol = one_write(guarded_protocol(10.0, 30.0))(config=config, server_state=ServerState(),
                                                      app_state={})
    transport = FakeTransport()
    protocol.connection_made(transport)
    protocol.data_received(request)
    await asyncio.sleep(settle)
    protocol.connection_lost(None)
    return transport


def fixed(status: int, body: bytes, headers=()):
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": status, "headers": list(headers)})
        await send({"type": "http.response.body", "body": body})
    return app


GET = b"GET /rest/v1/notes HTTP/1.1\r\nHost: x\r\n\r\n"


async def test_a_response_with_a_length_leaves_in_one_write():
    t = await serve(fixed(200, b'[{"id":1}]', [(b"content-length", b"10"),
                                               (b"content-type", b"application/json")]), GET)
    assert len(t.writes) == 1
    head, _, body = t.writes[0].partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 OK") and b"content-length: 10" in head and body == b'[{"id":1}]'


@pytest.mark.parametrize("request_line,status", [(b"HEAD /rest/v1/notes", 200), (b"DELETE /rest/v1/notes", 204)])
async def test_bodiless_responses_send_their_head_when_they_complete(request_line, status):
    t = await serve(fixed(status, b""), request_line + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert len(t.writes) == 1 and t.writes[0].startswith(b"HTTP/1.1 %d" % status)
    assert t.writes[0].endswith(b"\r\n\r\n")


async def test_a_streamed_response_sends_its_head_before_the_body_exists():
    release = asyncio.Event()
    seen: list[int] = []

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})   # no length: chunked
        seen.append(len(transport_box[0].writes))
        await release.wait()
        await send({"type": "http.response.body", "body": b"late", "more_body": False})

    transport_box: list[FakeTransport] = []
    config = Config(app=app, log_level="warning", lifespan="off")
    config.load()
    protocol = one_write(guarded_protocol(10.0, 30.0))(config=config, server_state=ServerState(), app_state={})
    transport = FakeTransport()
    transport_box.append(transport)
    protocol.connection_made(transport)
    protocol.data_received(GET)
    await asyncio.sleep(0.05)
    assert seen == [1] and b"transfer-encoding: chunked" in transport.writes[0]   # out before the body
    release.set()
    await asyncio.sleep(0.05)
    assert b"".join(transport.writes[1:]) == b"4\r\nlate\r\n0\r\n\r\n"
    protocol.connection_lost(None)


async def test_100_continue_is_not_held_back():
    async def app(scope, receive, send):
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        await send({"type": "http.response.start", "status": 201, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})

    config = Config(app=app, log_level="warning", lifespan="off")
    config.load()
    protocol = one_write(guarded_protocol(10.0, 30.0))(config=config, server_state=ServerState(), app_state={})
    transport = FakeTransport()
    protocol.connection_made(transport)
    protocol.data_received(b"POST /rest/v1/notes HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                           b"Expect: 100-continue\r\n\r\n")
    await asyncio.sleep(0.05)
    assert transport.writes == [b"HTTP/1.1 100 Continue\r\n\r\n"]   # the client may now send its body
    protocol.data_received(b"{}")
    await asyncio.sleep(0.05)
    assert len(transport.writes) == 2 and transport.writes[1].startswith(b"HTTP/1.1 201") \
        and transport.writes[1].endswith(b"\r\n\r\nok")
    protocol.connection_lost(None)


async def test_two_keep_alive_requests_each_get_one_write():
    t = await serve(fixed(200, b"ab", [(b"content-length", b"2")]), GET + GET, settle=0.1)
    assert len(t.writes) == 2 and all(w.endswith(b"\r\n\r\nab") for w in t.writes)


async def test_an_app_failing_after_the_head_closes_the_connection_with_the_head_sent():
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"5")]})
        raise RuntimeError("boom")

    t = await serve(app, GET)
    assert t.closed and len(t.writes) == 1 and t.writes[0].startswith(b"HTTP/1.1 200")
