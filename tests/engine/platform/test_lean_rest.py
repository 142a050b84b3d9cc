"""The API protocol's lean path for plain /rest/v1 requests (gateway/lean_rest.py), served in-process over real
sockets by the protocol class the API runs, with a stand-in REST app: which requests take it (and which still
go the ASGI way), and that what it sends is what the ASGI way sends: CORS, compression, HEAD, keep-alive,
pipelining, bodies in pieces, Connection: close, errors."""
from __future__ import annotations

import asyncio
import gzip
import json

import pytest
import uvicorn

from harness import free_port
from supastack.gateway.cors import RawCors, cors_options
from supastack.gateway.lean_rest import LeanRest, lean_rest
from supastack.gateway.one_write import one_write
from supastack.gateway.slow_clients import guarded_protocol

ALLOWED = b"http://escritorio.test"
BIG = json.dumps([{"id": i, "nome": f"cliente {i}"} for i in range(200)]).encode()


class StandInRest:
    """RestApp.answer's contract: (status, headers with Content-Length, body)."""

    def __init__(self):
        self.calls: list[tuple] = []

    async def answer(self, method, path, query_string, raw_headers, body):
        self.calls.append((method, path, query_string, body))
        if path == "boom":
            raise ValueError("engine failure")
        if path == "injected":
            return 200, [(b"x-evil", b"a\r\nset-cookie: x=1"), (b"content-length", b"0")], b""
        content = BIG if path == "big" else json.dumps({"path": path, "body": body.decode()}).encode()
        headers = [(b"content-type", b"application/json; charset=utf-8")]
        if method != "HEAD":
            headers.append((b"content-length", b"%d" % len(content)))
        return 200, headers, content


class StandInGateway:
    """An ASGI app that records what reaches it, carrying `lean_rest` as the real Gateway does."""

    def __init__(self):
        self.rest = StandInRest()
        self.asgi: list[str] = []
        self.lean_rest = LeanRest(self.rest, RawCors(self, **cors_options([ALLOWED.decode()])), max_body=1000)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return
        self.asgi.append(scope["method"] + " " + scope["path"])
        if scope["method"] == "POST" and any(v == b"100-continue" for _, v in scope["headers"]):
            await receive()   # asks for the body: uvicorn sends 100 Continue
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"4")]})
        await send({"type": "http.response.body", "body": b"asgi"})


@pytest.fixture
async def served():
    gateway = StandInGateway()
    port = free_port()
    http = lean_rest(one_write(guarded_protocol(10.0, 30.0)))
    server = uvicorn.Server(uvicorn.Config(gateway, host="127.0.0.1", port=port, log_level="critical",
                                           lifespan="off", http=http))
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    yield gateway, port
    server.should_exit = True
    await task


async def exchange(port: int, data: bytes | list[bytes], answers: int = 1):
    """Sends `data` (pieces with a pause between them) and reads `answers` responses: [(head, body)]."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    for piece in [data] if isinstance(data, bytes) else data:
        writer.write(piece)
        await asyncio.sleep(0.05)
    out = []
    for _ in range(answers):
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        length = next((int(line.split(b":")[1]) for line in head.lower().split(b"\r\n")
                       if line.startswith(b"content-length:")), 0)
        out.append((head, await reader.readexactly(length) if b" 100 " not in head[:13] else b""))
    writer.close()
    return out


def header(head: bytes, name: bytes) -> bytes | None:
    for line in head.split(b"\r\n")[1:]:
        key, _, value = line.partition(b": ")
        if key.lower() == name:
            return value
    return None


def get(path: str, *extra: bytes) -> bytes:
    return b"GET " + path.encode() + b" HTTP/1.1\r\nHost: x\r\n" + b"".join(e + b"\r\n" for e in extra) + b"\r\n"


async def test_a_plain_rest_request_is_answered_without_the_asgi_app(served):
    gateway, port = served
    [(head, body)] = await exchange(port, get("/rest/v1/clients?select=id"))
    assert head.startswith(b"HTTP/1.1 200 OK\r\n")
    assert json.loads(body) == {"path": "clients", "body": ""}
    assert gateway.rest.calls == [("GET", "clients", b"select=id", b"")]
    assert gateway.asgi == []
    assert header(head, b"server") == b"uvicorn" and header(head, b"date")   # uvicorn's default headers too


@pytest.mark.parametrize("request_bytes", [
    get("/rest/v1/"),                                                       # the REST root (OpenAPI)
    get("/rest/v1"),
    get("/auth/v1/health"),                                                 # another service
    b"OPTIONS /rest/v1/clients HTTP/1.1\r\nHost: x\r\nOrigin: http://escritorio.test\r\n"
    b"Access-Control-Request-Method: POST\r\n\r\n",                         # a CORS preflight
    b"POST /rest/v1/clients HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n",   # over the body limit
    b"POST /rest/v1/clients HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
])
async def test_requests_needing_more_go_the_asgi_way(served, request_bytes):
    gateway, port = served
    [(head, body)] = await exchange(port, request_bytes)
    assert body == b"asgi" and gateway.rest.calls == [] and len(gateway.asgi) == 1


async def test_expect_100_continue_goes_the_asgi_way(served):
    gateway, port = served
    request = b"POST /rest/v1/clients HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    assert (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)).startswith(b"HTTP/1.1 100")
    writer.write(b"{}")
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    assert head.startswith(b"HTTP/1.1 200") and await reader.readexactly(4) == b"asgi"
    assert gateway.asgi == ["POST /rest/v1/clients"]
    writer.close()


async def test_a_body_arriving_in_pieces_reaches_the_engine_whole(served):
    gateway, port = served
    head = b"POST /rest/v1/clients HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n"
    [(answer, body)] = await exchange(port, [head, b'{"nome": ', b'"Ana"}', b"  "])
    assert answer.startswith(b"HTTP/1.1 200")
    assert gateway.rest.calls == [("POST", "clients", b"", b'{"nome": "Ana"}  ')]


async def test_head_sends_no_body(served):
    gateway, port = served
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"HEAD /rest/v1/clients HTTP/1.1\r\nHost: x\r\n\r\n" + get("/rest/v1/after"))
    first = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    second = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)   # the next answer follows at once
    assert first.startswith(b"HTTP/1.1 200") and header(first, b"content-length") is None
    assert second.startswith(b"HTTP/1.1 200")
    writer.close()


async def test_cors_headers_as_the_gateway_gives_them(served):
    _, port = served
    [(head, _)] = await exchange(port, get("/rest/v1/clients", b"Origin: " + ALLOWED))
    assert header(head, b"access-control-allow-origin") == ALLOWED
    assert header(head, b"access-control-allow-credentials") == b"true"
    assert b"Content-Range" in header(head, b"access-control-expose-headers")
    assert header(head, b"vary") == b"Origin"
    [(head, _)] = await exchange(port, get("/rest/v1/clients", b"Origin: http://outro.test"))
    assert header(head, b"access-control-allow-origin") is None and header(head, b"vary") == b"Origin"


async def test_big_answers_are_compressed_when_asked(served):
    _, port = served
    [(head, body)] = await exchange(port, get("/rest/v1/big", b"Accept-Encoding: gzip"))
    assert header(head, b"content-encoding") == b"gzip" and gzip.decompress(body) == BIG
    assert header(head, b"vary") == b"Origin, Accept-Encoding"   # RawCors always varies by Origin
    [(head, body)] = await exchange(port, get("/rest/v1/big"))
    assert header(head, b"content-encoding") is None and body == BIG
    [(head, body)] = await exchange(port, get("/rest/v1/small", b"Accept-Encoding: gzip"))
    assert header(head, b"content-encoding") is None   # too small to be worth it


async def test_pipelined_requests_keep_their_order_across_both_ways(served):
    gateway, port = served
    answers = await exchange(port, get("/rest/v1/a") + get("/auth/v1/x") + get("/rest/v1/b") + get("/rest/v1/c"),
                             answers=4)
    assert [json.loads(b)["path"] if b != b"asgi" else "asgi" for _, b in answers] == ["a", "asgi", "b", "c"]


async def test_connection_close_is_honoured(served):
    _, port = served
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(get("/rest/v1/clients", b"Connection: close"))
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    assert header(head, b"connection") == b"close"
    await asyncio.wait_for(reader.read(), 5)   # the body, then the server closes
    assert reader.at_eof()
    writer.close()


async def test_an_engine_failure_is_a_500_and_closes(served):
    _, port = served
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(get("/rest/v1/boom"))
    data = await asyncio.wait_for(reader.read(), 5)   # everything until the server closes
    assert data.startswith(b"HTTP/1.1 500") and data.endswith(b"Internal Server Error")
    writer.close()


async def test_a_header_value_with_a_line_break_is_never_sent(served):
    _, port = served
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(get("/rest/v1/injected"))
    data = await asyncio.wait_for(reader.read(), 5)
    assert data.startswith(b"HTTP/1.1 500") and b"set-cookie" not in data
    writer.close()
