"""The API gateway: one FastAPI app mounting /auth/v1, /rest/v1, /storage/v1, /realtime/v1 and /functions/v1.

Each service package exposes `routes.router(stack) -> APIRouter`; services never import each other.
A router may carry `asgi_app`, a bare ASGI app for its whole prefix: the gateway then serves that prefix
directly (with the same CORS policy), skipping FastAPI's routing and middleware on a hot path.
Responses worth it are compressed for clients that ask (api_compression.py), on every path alike.
"""
from __future__ import annotations

import importlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import psycopg
from fastapi import FastAPI, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from starlette.datastructures import State
from starlette.types import ASGIApp, Receive, Scope, Send

from supastack.backup.scheduler import backup_scheduler
from supastack.core.config import Settings
from supastack.core.db import DATABASE_UNAVAILABLE, Database, database_unreachable
from supastack.core.stack import Stack
from supastack.cron.service import scheduled_jobs
from supastack.gateway.api_compression import compressing_send, compression_offer
from supastack.gateway.body_limit import declared_length, is_chunked, read_limited, replaying, send_too_large
from supastack.gateway.cors import EXPOSED_HEADERS, CorsOptions, RawCors, cors_options  # noqa: F401  (re-exported)
from supastack.gateway.lean_rest import LeanRest
from supastack.rest.asgi import RestApp
from supastack.workers import start_workers

SERVICES = (
    ("auth", "/auth/v1"),
    ("rest", "/rest/v1"),
    ("storage", "/storage/v1"),
    ("realtime", "/realtime/v1"),
    ("functions", "/functions/v1"),
)


# Storage streams uploads and enforces its own limits; every other API reads JSON into memory.
STREAMING_PREFIXES = ("/storage/v1",)


class Gateway:
    """The ASGI entry point: HTTP requests under a fast-path prefix go to that service's own app, everything
    else (other services, websockets, lifespan) to FastAPI. Refuses oversized JSON bodies up front."""

    def __init__(self, app: FastAPI, fast_paths: dict[str, ASGIApp], max_body: int, cors: CorsOptions) -> None:
        self.app = app
        self.fast_paths = [(prefix, RawCors(handler, **cors)) for prefix, handler in fast_paths.items()]
        self.max_body = max_body
        # plain /rest/v1 requests skip the ASGI layers altogether when the server's protocol has the lean path
        rest = dict(self.fast_paths).get("/rest/v1")
        self.lean_rest = LeanRest(rest.app, rest, max_body) if rest is not None and isinstance(rest.app, RestApp) \
            else None


    @property
    def state(self) -> State:
        return self.app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            offer = compression_offer(scope)
            if offer is not None:
                send = compressing_send(send, offer)
            if not scope["path"].startswith(STREAMING_PREFIXES):
                length = declared_length(scope)
                if length is not None and length > self.max_body:
                    await send_too_large(send)
                    return
                if length is None and is_chunked(scope):
                    body = await read_limited(receive, self.max_body)
                    if body is None:
                        await send_too_large(send)
                        return
                    receive = replaying(body, receive)
            path = scope["path"]
            for prefix, handler in self.fast_paths:
                if path.startswith(prefix) and (len(path) == len(prefix) or path[len(prefix)] == "/"):
                    await handler(scope, receive, send)
                    return
        await self.app(scope, receive, send)


async def database_unavailable(request: Request, exc: Exception) -> JSONResponse:
    """A lost or unreachable database is a 503 the client may retry, never a 500 after a long wait."""
    if not database_unreachable(exc):
        return JSONResponse({"code": 500, "error_code": "unexpected_failure", "msg": "Unexpected failure"}, 500)
    return JSONResponse({"code": 503, "error_code": "database_unavailable", "msg": DATABASE_UNAVAILABLE,
                         "message": DATABASE_UNAVAILABLE, "details": str(exc), "hint": None}, 503)


def create_app(settings: Settings, database: Database | None = None) -> Gateway:
    stack = Stack(settings=settings, db=database or Database(settings.db_url))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await stack.db.open()
        for hook in stack.on_startup:
            await hook()
        try:
            yield
        finally:
            for hook in reversed(stack.on_shutdown):
                await hook()
            await stack.db.close()

    app = FastAPI(title="supastack", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.stack = stack
    stack.on_startup.append(lambda: backup_scheduler(stack))
    stack.on_startup.append(lambda: start_workers(stack))
    stack.on_startup.append(lambda: scheduled_jobs(stack))
    app.add_exception_handler(psycopg.OperationalError, database_unavailable)
    cors = cors_options(settings.cors_allowed_origins)
    app.add_middleware(CORSMiddleware, **cors)
    fast_paths: dict[str, ASGIApp] = {}
    for name, prefix in SERVICES:
        module = importlib.import_module(f"supastack.{name}.routes")
        router = module.router(stack)
        app.include_router(router, prefix=prefix)
        if getattr(router, "asgi_app", None) is not None:
            fast_paths[prefix] = router.asgi_app
    return Gateway(app, fast_paths, settings.max_request_body, cors)
