"""Serves the built app (app/dist) with an SPA fallback and a run-time /env.js holding the API URL and key."""
from __future__ import annotations

import json
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Route

from supastack.core.config import Settings

NOT_BUILT = "<!doctype html><meta charset=utf-8><title>App</title><p>O aplicativo ainda não foi compilado (npm run build).</p>"


def create_app_server(settings: Settings, public_api_url: str | None = None) -> Starlette:
    dist: Path = settings.app_dist
    env = {
        "SUPABASE_URL": public_api_url or settings.api_url,
        "SUPABASE_ANON_KEY": settings.anon_key,
        "ADMIN_EMAIL": settings.admin_email,
    }
    env_js = f"window.__ENV__ = {json.dumps(env)};\n"

    async def env_script(request: Request) -> Response:
        return Response(env_js, media_type="application/javascript", headers={"Cache-Control": "no-store"})

    async def static_or_index(request: Request) -> Response:
        rel = request.path_params.get("path", "")
        root = dist.resolve()
        candidate = (root / rel).resolve()
        if rel and candidate.is_file() and root in candidate.parents:
            cache = "public, max-age=31536000, immutable" if rel.startswith("assets/") else "no-cache"
            return FileResponse(candidate, headers={"Cache-Control": cache})
        if rel.startswith("assets/"):
            return Response("not found", status_code=404)
        index = root / "index.html"
        if index.is_file():
            return FileResponse(index, headers={"Cache-Control": "no-cache"})
        return HTMLResponse(NOT_BUILT, status_code=503)

    return Starlette(routes=[
        Route("/env.js", env_script),
        Route("/", static_or_index),
        Route("/{path:path}", static_or_index),
    ])
