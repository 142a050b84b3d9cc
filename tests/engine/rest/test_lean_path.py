"""Plain /rest/v1 requests take the API protocol's lean path (gateway/lean_rest.py); the same request with
`Expect: 100-continue` goes the ASGI way (gateway, CORS middleware, compression wrapper, RestApp). Both must
send the very same bytes but the Date: status line, headers in order, body (compressed or not)."""
from __future__ import annotations

import re
import socket

import pytest

from conftest import ANA, user_token

CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


def raw_exchange(stack, request: bytes) -> bytes:
    host, port = stack.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while True:   # Connection: close below, so the answer ends when the server closes
            chunk = sock.recv(65536)
            if not chunk:
                return data
            data += chunk


def request(method: str, target: str, headers: dict[str, str], body: bytes = b"", expect: bool = False) -> bytes:
    lines = [f"{method} /rest/v1/{target} HTTP/1.1", "Host: api.test", "Connection: close",
             *(f"{k}: {v}" for k, v in headers.items())]
    if body or method in ("POST", "PATCH", "PUT"):
        lines.append(f"Content-Length: {len(body)}")
    if expect:
        lines.append("Expect: 100-continue")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def comparable(answer: bytes) -> bytes:
    return re.sub(rb"\r\ndate: [^\r]*", b"", answer.removeprefix(CONTINUE), flags=re.I)


CASES = [
    ("GET", "notes?select=id,body&order=id", {}, b""),
    ("GET", "posts?select=id,title,author:authors!author_id(name)&order=id", {"Accept-Encoding": "br, gzip"}, b""),
    ("GET", "posts?select=id,title&order=id", {"Accept-Encoding": "gzip", "Origin": "http://localhost:3000"}, b""),
    ("GET", "notes?select=id&limit=1", {"Origin": "https://elsewhere.test", "Prefer": "count=exact"}, b""),
    ("HEAD", "notes?select=id", {"Prefer": "count=exact"}, b""),
    ("GET", "notes?select=nope", {}, b""),                                              # 400
    ("GET", "notes?select=id", {"Accept": "application/vnd.pgrst.object+json"}, b""),    # 406
    ("GET", "notes?select=id", {"Accept": "text/csv"}, b""),
    ("POST", "rpc/add_numbers", {"Content-Type": "application/json"}, b'{"a": 1, "b": 2}'),
    ("DELETE", "notes?id=eq.-1", {}, b""),                                              # 204
    ("PATCH", "notes?id=eq.-1", {"Content-Type": "application/json", "Prefer": "return=representation"},
     b'{"body": "x"}'),
]


@pytest.mark.parametrize("method,target,extra,body", CASES, ids=[f"{c[0]} {c[1]}" for c in CASES])
def test_the_lean_path_answers_byte_for_byte_as_the_asgi_way(rest_stack, method, target, extra, body):
    headers = {"apikey": rest_stack.anon_key, "Authorization": f"Bearer {user_token(rest_stack, ANA)}", **extra}
    lean = raw_exchange(rest_stack, request(method, target, headers, body))
    asgi = raw_exchange(rest_stack, request(method, target, headers, body, expect=True))
    assert lean.split(b"\r\n", 1)[0] == asgi.removeprefix(CONTINUE).split(b"\r\n", 1)[0]
    assert comparable(lean) == comparable(asgi)
    assert b"\r\nconnection: close\r\n" in lean.lower()
