"""What every storage route shares: the error-rendering route class, the caller's claims, JSON bodies."""
from __future__ import annotations

import json
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import psycopg
from fastapi import Request, Response
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

from supastack.core import jwt
from supastack.storage import errors
from supastack.storage.service import Caller

log = logging.getLogger("supastack.storage")


class StorageRoute(APIRoute):
    """Renders StorageError (and database errors) in storage-api's shape; handlers only raise."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def run(request: Request) -> Response:
            head = request.method == "HEAD"
            try:
                return await handler(request)
            except errors.StorageError as exc:
                return exc.response(head)
            except psycopg.Error as exc:
                error = errors.from_db_error(exc)
                if error.status >= 500:
                    log.exception("storage database error")
                return error.response(head)
            except Exception:
                log.exception("storage request failed")
                return errors.internal().response(head)

        return run


def json_response(content: object) -> JSONResponse:
    """What FastAPI answers for a handler's plain value (jsonable_encoder, then JSONResponse, 200), built by
    the handler so that its return annotation is a Response and never read as a response model."""
    return JSONResponse(jsonable_encoder(content))


def caller(request: Request) -> Caller:
    """The verified claims of the request (anon without a token); a bad token is storage-api's AccessDenied."""
    settings = request.app.state.stack.settings
    try:
        return Caller(jwt.request_claims(request.headers, settings))
    except jwt.InvalidToken as exc:
        raise errors.access_denied("jwt expired" if exc.expired else str(exc)) from None


async def read_limited(request: Request, limit: int) -> bytes:
    """The request body, counted while it arrives (a chunked body declares no length): past `limit` bytes,
    413 at once, the rest left unread (the server drops it)."""
    declared = (request.headers.get("content-length") or "").strip()
    if declared.isdigit() and int(declared) > limit:
        raise errors.request_body_too_large()
    received = bytearray()
    async for chunk in request.stream():
        received += chunk
        if len(received) > limit:
            raise errors.request_body_too_large()
    return bytes(received)


async def json_body(request: Request) -> dict:
    raw = await read_limited(request, request.app.state.stack.settings.max_request_body)
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        raise errors.invalid_request("Body is not valid JSON") from None
    if not isinstance(body, dict):
        raise errors.invalid_request("Body must be a JSON object")
    return body


def flag(value: str | None) -> bool:
    return (value or "").strip().lower() == "true"
