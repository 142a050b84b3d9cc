"""The API gateway: one FastAPI app mounting /auth/v1, /rest/v1, /storage/v1, /realtime/v1 and /functions/v1.

Each service package exposes `routes.router(stack) -> APIRouter`; services never import each other.
"""
from __future__ import annotations

import importlib
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

from supastack.core.config import Settings
from supastack.core.db import Database
from supastack.core.stack import Stack

SERVICES = (
    ("auth", "/auth/v1"),
    ("rest", "/rest/v1"),
    ("storage", "/storage/v1"),
    ("realtime", "/realtime/v1"),
    ("functions", "/functions/v1"),
)

EXPOSED_HEADERS = ["Content-Range", "Content-Location", "Preference-Applied", "Range-Unit", "Location",
                   "X-Supabase-Api-Version", "Content-Length", "Content-Type", "ETag", "Last-Modified",
                   "Cache-Control", "Content-Disposition", "X-Total-Count"]


def create_app(settings: Settings, database: Database | None = None) -> FastAPI:
    stack = Stack(settings=settings, db=database or Database(settings.db_url))

    @asynccontextmanager
    async def lifespan(app: FastAPI):
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
    app.add_middleware(
        CORSMiddleware,
        allow_origin_regex=".*",
        allow_credentials=True,
        allow_methods=["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"],
        allow_headers=["*"],
        expose_headers=EXPOSED_HEADERS,
        max_age=86400,
    )
    for name, prefix in SERVICES:
        module = importlib.import_module(f"supastack.{name}.routes")
        app.include_router(module.router(stack), prefix=prefix)
    return app
