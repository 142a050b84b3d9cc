"""Slow clients cannot hold connections open: a request head must arrive within the header time limit and
a body may not stall longer than the body time limit; the stack's own stack has both set to 1 s."""
from __future__ import annotations

import socket
import time

import httpx
import pytest

from harness import StackProcess


@pytest.fixture(scope="module")
def strict_stack(cluster):
    s = StackProcess(cluster, name="slow", env={"REQUEST_HEADER_TIMEOUT": "1", "REQUEST_BODY_TIMEOUT": "1"})
    yield s
    s.stop()


def _connect(stack) -> socket.socket:
    host, port = stack.url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=10)
    return sock


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """True when the server closes the connection (recv answers b"") within `seconds`."""
    sock.settimeout(seconds)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_half_sent_request_heads_are_dropped(strict_stack):
    socks = [_connect(strict_stack) for _ in range(50)]
    for sock in socks:
        sock.sendall(b"GET /rest/v1/ HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    start = time.monotonic()
    assert all(_closed_within(sock, 5) for sock in socks)
    assert time.monotonic() - start < 6
    for sock in socks:
        sock.close()


def test_a_stalled_body_is_dropped(strict_stack):
    sock = _connect(strict_stack)
    sock.sendall(b"POST /rest/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000\r\napikey: " + strict_stack.anon_key.encode() + b"\r\n\r\n{\"content\": ")
    assert _closed_within(sock, 5)
    sock.close()


def test_a_body_that_keeps_arriving_is_not_cut(strict_stack):
    """Each piece resets the idle limit: a slow but moving upload is fine."""
    sock = _connect(strict_stack)
    body = b'{"email": "ninguem@exemplo.test", "password": "errada-123"}'
    sock.sendall(b"POST /auth/v1/token?grant_type=password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\napikey: %s\r\n\r\n" % (len(body), strict_stack.anon_key.encode()))
    for i in range(0, len(body), 20):
        sock.sendall(body[i:i + 20])
        time.sleep(0.6)
    sock.settimeout(10)
    answer = sock.recv(65536)
    assert answer.startswith(b"HTTP/1.1 400")
    sock.close()


def test_keep_alive_connections_still_serve_requests(strict_stack):
    with httpx.Client(base_url=strict_stack.url) as http:
        for _ in range(3):
            assert http.get("/auth/v1/health").status_code == 200
            time.sleep(0.3)
