"""Request body limits for the APIs that read JSON into memory (everything but storage, which streams).

A declared `Content-Length` over the limit is refused before anything is read. A body without one
(`Transfer-Encoding: chunked`) is counted while it arrives and refused as soon as it passes the limit,
so a huge chunked POST never sits in memory; the bytes that did arrive are then replayed to the app.
"""
from __future__ import annotations

import json

from starlette.types import Message, Receive, Scope, Send

TOO_LARGE = json.dumps({"code": "413", "error": "request_too_large", "message": "Request body too large",
                        "msg": "Request body too large", "details": None, "hint": None}).encode()


async def send_too_large(send: Send) -> None:
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(TOO_LARGE)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": TOO_LARGE})


def declared_length(scope: Scope) -> int | None:
    """The request's Content-Length, or None when it sent none (chunked or no body)."""
    for name, value in scope["headers"]:
        if name == b"content-length":
            return int(value) if value.isdigit() else None
    return None


def is_chunked(scope: Scope) -> bool:
    return any(name == b"transfer-encoding" for name, _ in scope["headers"])


async def read_limited(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None as soon as it passes `limit` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def replaying(body: bytes, receive: Receive) -> Receive:
    """A `receive` that hands the app the body already read, then listens for the disconnect as usual."""
    pending = True

    async def replay() -> Message:
        nonlocal pending
        if pending:
            pending = False
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
