"""The HTTP protocol's time limits without a timer per request: one sweep a second closes the connections past
their deadline (a head too slow, a stalled body, an idle keep-alive connection), and serving requests arms no
timer at all. Runs the API's protocol class (one write per response around the slow-client guard) in-process."""
from __future__ import annotations

import asyncio
import time

import pytest
import uvicorn

from harness import free_port
from supastack.gateway import slow_clients
from supastack.gateway.one_write import one_write
from supastack.gateway.slow_clients import guarded_protocol

LIMIT = 0.5          # header and body time limit of the server below
KEEP_ALIVE = 1.0     # its idle keep-alive limit


async def hello(scope, receive, send):
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body"):
        pass
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


@pytest.fixture
async def server():
    port = free_port()
    config = uvicorn.Config(hello, host="127.0.0.1", port=port, log_level="warning", lifespan="off",
                            timeout_keep_alive=KEEP_ALIVE, http=one_write(guarded_protocol(LIMIT, LIMIT)))
    srv = uvicorn.Server(config)
    task = asyncio.create_task(srv.serve())
    while not srv.started:
        await asyncio.sleep(0.01)
    yield port
    srv.should_exit = True
    await task


REQUEST = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"


async def read_answer(reader: asyncio.StreamReader) -> bytes:
    head = await reader.readuntil(b"\r\n\r\n")
    return head + await reader.readexactly(2)


async def closed_after(reader: asyncio.StreamReader, at_most: float) -> float:
    """Seconds until the server closes the connection (reads EOF), failing past `at_most`."""
    start = time.monotonic()
    async with asyncio.timeout(at_most):
        while await reader.read(65536):
            pass
    return time.monotonic() - start


async def test_serving_requests_arms_no_timer(server, monkeypatch):
    loop = asyncio.get_running_loop()
    armed = []
    for name in ("call_later", "call_at"):
        original = getattr(loop, name)
        monkeypatch.setattr(loop, name, lambda *a, _o=original, **k: armed.append(a) or _o(*a, **k))
    reader, writer = await asyncio.open_connection("127.0.0.1", server)
    start = time.monotonic()
    for _ in range(100):
        writer.write(REQUEST)
        assert (await read_answer(reader)).startswith(b"HTTP/1.1 200")
    elapsed = time.monotonic() - start
    writer.close()
    # the old guard armed two timers a request and uvicorn's keep-alive one (600 calls counting call_at):
    # now only the sweep's own, one per sweep period (more of them on a busy machine, where 100 requests are slow)
    sweeps = 2 + int(elapsed / slow_clients.SWEEP_EVERY)
    assert len(armed) <= sweeps, f"{len(armed)} timers for 100 requests in {elapsed:.2f} s"


async def test_a_half_sent_head_is_closed_by_the_sweep(server):
    reader, writer = await asyncio.open_connection("127.0.0.1", server)
    writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    waited = await closed_after(reader, LIMIT + 2 * slow_clients.SWEEP_EVERY + 1)
    assert waited >= LIMIT - 0.05
    writer.close()


async def test_a_stalled_body_is_closed_but_a_moving_one_is_not(server):
    reader, writer = await asyncio.open_connection("127.0.0.1", server)
    writer.write(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\nab")
    await closed_after(reader, LIMIT + 2 * slow_clients.SWEEP_EVERY + 1)
    writer.close()

    reader, writer = await asyncio.open_connection("127.0.0.1", server)
    writer.write(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\n")
    for piece in (b"ab", b"cd", b"ef"):   # each piece within the limit, the whole past it several times
        await asyncio.sleep(LIMIT * 0.6)
        writer.write(piece)
    assert (await read_answer(reader)).startswith(b"HTTP/1.1 200")
    writer.close()


async def test_idle_keep_alive_connections_are_closed_and_busy_ones_kept(server):
    reader, writer = await asyncio.open_connection("127.0.0.1", server)
    writer.write(REQUEST)
    await read_answer(reader)
    waited = await closed_after(reader, KEEP_ALIVE + 2 * slow_clients.SWEEP_EVERY + 1)
    assert waited >= KEEP_ALIVE - 0.05
    writer.close()

    reader, writer = await asyncio.open_connection("127.0.0.1", server)
    for _ in range(6):   # a request every 0.6 s for 3.6 s: longer than the keep-alive limit in total
        writer.write(REQUEST)
        assert (await read_answer(reader)).startswith(b"HTTP/1.1 200")
        await asyncio.sleep(KEEP_ALIVE * 0.6)
    writer.close()


async def test_pipelined_requests_are_all_answered(server):
    reader, writer = await asyncio.open_connection("127.0.0.1", server)
    writer.write(REQUEST * 3)
    for _ in range(3):
        assert (await read_answer(reader)).startswith(b"HTTP/1.1 200")
    writer.write(REQUEST)   # and the connection still serves afterwards
    assert (await read_answer(reader)).startswith(b"HTTP/1.1 200")
    writer.close()


async def test_the_sweep_stops_when_no_connection_is_left(server):
    reader, writer = await asyncio.open_connection("127.0.0.1", server)
    writer.write(REQUEST)
    await read_answer(reader)
    writer.close()
    await asyncio.sleep(2 * slow_clients.SWEEP_EVERY + 0.2)
    sweeper = slow_clients.sweeper_of(asyncio.get_running_loop())
    assert not sweeper.connections and sweeper.handle is None
