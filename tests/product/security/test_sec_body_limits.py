"""Body limits hold for chunked bodies too: bytes are counted while they arrive (no Content-Length to trust),
and the API stops with 413 past `[api] max_request_body` (10 MiB) without storing or buffering the rest."""
from __future__ import annotations

import json

import pytest
from security_helpers import MARIA_CLIENT

LIMIT = 10 * 1024**2


def chunked_message(total: int, chunk: int = 256 * 1024):
    """A JSON message whose content makes the body `total` bytes, sent in chunks (httpx sends an iterator
    with Transfer-Encoding: chunked and no Content-Length)."""
    head = json.dumps({"client_id": MARIA_CLIENT, "sender_type": "office", "content": ""})[:-2].encode()
    tail = b'"}'
    yield head
    left = total - len(head) - len(tail)
    while left > 0:
        n = min(chunk, left)
        yield b"x" * n
        left -= n
    yield tail


@pytest.mark.parametrize("path", ["/rest/v1/messages", "/functions/v1/system-settings",
                                  "/auth/v1/token?grant_type=password"])
def test_a_chunked_body_past_the_limit_is_refused(attacker, sec_stack, path):
    before = sec_stack.sql("select count(*) from messages")[0][0]
    r = attacker.post(path, "secretary", content=chunked_message(LIMIT + 1024 * 1024),
                      headers={"content-type": "application/json"})
    assert r.status_code == 413, r.text[:200]
    assert r.json()["message"] == "Request body too large"
    assert sec_stack.sql("select count(*) from messages")[0][0] == before


def test_a_chunked_body_under_the_limit_is_read_whole(attacker, sec_stack):
    r = attacker.post("/rest/v1/messages", "secretary", content=chunked_message(64 * 1024),
                      headers={"content-type": "application/json", "Prefer": "return=representation"})
    assert r.status_code == 201, r.text[:300]
    assert len(r.json()[0]["content"]) > 60_000


def test_a_declared_length_past_the_limit_is_refused_before_reading(attacker):
    r = attacker.post("/rest/v1/messages", "secretary", content=b"{" + b" " * (LIMIT + 10) + b"}",
                      headers={"content-type": "application/json"})
    assert r.status_code == 413
