"""Compresses API responses (JSON, CSV, text) when the client asks and the body is worth it, as Supabase's gateway does.

Only complete, known-length bodies of at least MIN_SIZE are compressed: a response that streams (more than one body
message, no Content-Length), a range (206), an already encoded body, a HEAD answer and storage downloads pass through
untouched, and websockets never reach this code. A request without an acceptable coding costs one header scan; a
small body costs one look at the response's headers, so the REST hot path's one-row answers are not slowed down.
"""
from __future__ import annotations

import gzip

import brotli
from starlette.types import Message, Scope, Send

from supastack.gateway.compression import accepted_codings, allows

MIN_SIZE = 1024
# Quick levels: a dynamic body is compressed once per request (brotli 4: about 0.1 ms for 14 kB of JSON, a third
# smaller than gzip 6, which costs the same).
BROTLI_QUALITY = 4
GZIP_LEVEL = 6
# Storage serves objects (and their ranges) as stored; Supabase's gateway leaves them alone too.
UNCOMPRESSED_PREFIXES = ("/storage/v1",)
COMPRESSIBLE_TYPES = (b"application/json", b"application/vnd.pgrst", b"application/geo+json",
                      b"application/openapi+json", b"text/csv", b"text/plain", b"text/html", b"application/xml")


def compression_offer(scope: Scope) -> bytes | None:
    """The request's Accept-Encoding when it may allow brotli or gzip, else None. Only a scan of the headers: the
    value is parsed (q-values) once a response turns out to be worth compressing."""
    if scope["method"] == "HEAD" or scope["path"].startswith(UNCOMPRESSED_PREFIXES):
        return None
    for name, value in scope["headers"]:
        if name == b"accept-encoding":
            return value if b"br" in value or b"gzip" in value or b"*" in value else None
    return None


def chosen_coding(accept_encoding: bytes) -> str | None:
    """brotli or gzip, by the client's preference (q) and on a tie brotli (smaller at the same cost); else None."""
    codings = accepted_codings(accept_encoding.decode("latin-1"))
    candidates = [c for c in ("br", "gzip") if allows(codings, c)]
    candidates.sort(key=lambda c: -codings.get(c, codings.get("*", 0)))
    return candidates[0] if candidates else None


def compress(body: bytes, coding: str) -> bytes:
    if coding == "br":
        return brotli.compress(body, quality=BROTLI_QUALITY)
    return gzip.compress(body, GZIP_LEVEL, mtime=0)


def worth_compressing(headers: list[tuple[bytes, bytes]], status: int) -> bool:
    """A complete body of a compressible kind, at least MIN_SIZE long, not encoded already, not a partial content
    answer (206). A 200 may carry PostgREST's Content-Range of rows (0-5/*): that is no byte range."""
    if status < 200 or status in (204, 206, 304):
        return False
    length = kind = None
    for name, value in headers:
        name = name.lower()   # ASGI asks for lower case; the REST app sends PostgREST's spelling
        if name == b"content-length":
            length = value
        elif name == b"content-type":
            kind = value
        elif name == b"content-encoding":
            return False
    if length is None or kind is None or not length.isdigit() or int(length) < MIN_SIZE:
        return False
    kind = kind.lower()
    return kind.startswith(COMPRESSIBLE_TYPES) or b"+json" in kind


def encoded_headers(headers: list[tuple[bytes, bytes]], coding: str, length: int) -> list[tuple[bytes, bytes]]:
    out: list[tuple[bytes, bytes]] = []
    vary = False
    for name, value in headers:
        lower = name.lower()
        if lower == b"content-length":
            continue
        if lower == b"vary":
            vary = True
            if b"accept-encoding" not in value.lower() and value.strip() != b"*":
                value = value + b", Accept-Encoding"
        elif lower == b"etag" and not value.startswith(b"W/"):
            value = b"W/" + value   # another representation of the same content: no longer byte-identical
        out.append((name, value))
    if not vary:
        out.append((b"vary", b"Accept-Encoding"))
    out.append((b"content-encoding", coding.encode()))
    out.append((b"content-length", str(length).encode()))
    return out


def compressing_send(send: Send, accept_encoding: bytes) -> Send:
    """Wraps `send`: holds the response start until the first body message shows whether the whole body is there."""
    held: Message | None = None
    passthrough = False
    coding: str | None = None

    async def wrapped(message: Message) -> None:
        nonlocal held, passthrough, coding
        if passthrough:
            await send(message)
            return
        if message["type"] == "http.response.start":
            if worth_compressing(message.get("headers", []), message["status"]):
                coding = chosen_coding(accept_encoding)
            if coding is not None:
                held = message
            else:
                passthrough = True
                await send(message)
            return
        if message["type"] == "http.response.body" and held is not None:
            start, held = held, None
            passthrough = True
            body = message.get("body", b"")
            if message.get("more_body", False):
                # Streamed in parts: sent as it comes, uncompressed.
                await send(start)
                await send(message)
                return
            assert coding is not None
            encoded = compress(body, coding)
            if len(encoded) >= len(body):
                await send(start)
                await send(message)
                return
            await send({**start, "headers": encoded_headers(start.get("headers", []), coding, len(encoded))})
            await send({"type": "http.response.body", "body": encoded})
            return
        await send(message)

    return wrapped
