"""HTTP glue for /rest/v1: one plain Starlette endpoint per path (no FastAPI dependency injection on the hot path)."""
from __future__ import annotations

import json

from fastapi import APIRouter
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from supastack.core.stack import Stack
from supastack.rest.pipeline import RestService

METHODS = ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"]


def router(stack: Stack) -> APIRouter:
    service = RestService(stack)
    stack.on_startup.append(service.start)
    stack.on_shutdown.append(service.stop)

    async def root(request: Request) -> Response:
        """Health check and a short OpenAPI description of the exposed tables and functions."""
        async with stack.db.connection() as conn:
            await conn.execute("select 1")
        schema = service.schema
        paths = {"/": {}}
        for name in sorted(schema.tables):
            paths[f"/{name}"] = {}
        for name in sorted(schema.functions):
            paths[f"/rpc/{name}"] = {}
        doc = {"swagger": "2.0", "info": {"title": "supastack REST", "version": "12"}, "basePath": "/",
               "produces": ["application/json"], "paths": paths}
        return Response(json.dumps(doc), media_type="application/openapi+json; charset=utf-8")

    async def endpoint(request: Request) -> Response:
        method = request.method
        body = await request.body() if method in ("POST", "PATCH", "PUT") else b""
        result = await service.handle(method, request.path_params["path"],
                                      request.scope["query_string"].decode("utf-8", "replace"),
                                      request.headers, body)
        return Response(result.body, status_code=result.status, headers=result.headers)

    r = APIRouter()
    r.routes.append(Route("/", root, methods=["GET", "HEAD"]))
    r.routes.append(Route("/{path:path}", endpoint, methods=METHODS))
    r.rest_service = service  # type: ignore[attr-defined]  # for in-process tests and benchmarks
    return r
