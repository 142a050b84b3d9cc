"""Serves the built app (app/dist) with an SPA fallback and a run-time /env.js holding the API URL and key."""
from __future__ import annotations

import json
import mimetypes
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Route

from supastack.core.config import Settings
from supastack.gateway.compression import precompressed_variant

# Hashed file names under /assets/ change with their content, so browsers may keep them for a year.
IMMUTABLE = "public, max-age=31536000, immutable"
# Kinds the build stores with .br/.gz twins; a shared cache must key them by Accept-Encoding.
COMPRESSIBLE = {".js", ".mjs", ".css", ".html", ".svg", ".json"}
# The API is another origin: opening its connection while the app's scripts download takes the handshake
# (TCP, TLS) off the first request's path. Anonymous, as supabase-js's fetch sends no cookies.
PRECONNECT = ("(function (link) {{ link.rel = 'preconnect'; link.href = {url}; link.crossOrigin = 'anonymous'; "
              "document.head.appendChild(link); }})(document.createElement('link'));\n")
NOT_BUILT = ("<!doctype html><meta charset=utf-8><title>App</title>"
             "<p>O aplicativo ainda não foi compilado (npm run build).</p>")


def create_app_server(settings: Settings, public_api_url: str | None = None) -> Starlette:
    dist: Path = settings.app_dist
    env = {
        "SUPABASE_URL": public_api_url or settings.api_url,
        "SUPABASE_ANON_KEY": settings.anon_key,
        "ADMIN_EMAIL": settings.admin_email,
    }
    env_js = f"window.__ENV__ = {json.dumps(env)};\n" + PRECONNECT.format(url=json.dumps(env["SUPABASE_URL"]))

    async def env_script(request: Request) -> Response:
        return Response(env_js, media_type="application/javascript", headers={"Cache-Control": "no-store"})

    def built_file(request: Request, path: Path, cache: str) -> FileResponse:
        """The file, or its precompressed twin with Content-Encoding when the client accepts one."""
        headers = {"Cache-Control": cache}
        kind, encoding = mimetypes.guess_type(path.name)
        # A twin asked for by its own name (x.js.br) is opaque bytes, not JavaScript the browser could run.
        media_type = kind if kind and not encoding else "application/octet-stream"
        if path.suffix not in COMPRESSIBLE:
            return FileResponse(path, media_type=media_type, headers=headers)
        headers["Vary"] = "Accept-Encoding"
        sent, coding = precompressed_variant(path, request.headers.get("accept-encoding", ""))
        if coding:
            headers["Content-Encoding"] = coding
        return FileResponse(sent, media_type=media_type, headers=headers)

    async def static_or_index(request: Request) -> Response:
        rel = request.path_params.get("path", "")
        root = dist.resolve()
        candidate = (root / rel).resolve()
        if rel and candidate.is_file() and root in candidate.parents:
            return built_file(request, candidate, IMMUTABLE if rel.startswith("assets/") else "no-cache")
        if rel.startswith("assets/"):
            return Response("not found", status_code=404)
        index = root / "index.html"
        if index.is_file():
            return built_file(request, index, "no-cache")
        return HTMLResponse(NOT_BUILT, status_code=503)

    return Starlette(routes=[
        Route("/env.js", env_script),
        Route("/", static_or_index),
        Route("/{path:path}", static_or_index),
    ])
