"""Serves the built app (app/dist) with an SPA fallback and a run-time /env.js holding the API URL and key.

The app's origin also answers the API's paths (/auth/v1, /rest/v1, ...) with the very same API app, so a
browser that loaded the app talks to the API on its own origin: no CORS preflight before each new request
(a round trip each on a phone) and one set of connections. API_EXTERNAL_URL (the API behind a proxy, or a
hosted project) points the app elsewhere instead.
"""
from __future__ import annotations

import json
import mimetypes
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from supastack.core.config import Settings
from supastack.gateway.compression import precompressed_variant

# Hashed file names under /assets/ change with their content, so browsers may keep them for a year.
IMMUTABLE = "public, max-age=31536000, immutable"
# Kinds the build stores with .br/.gz twins; a shared cache must key them by Accept-Encoding.
COMPRESSIBLE = {".js", ".mjs", ".css", ".html", ".svg", ".json"}
# When the API is another origin: opening its connection while the app's scripts download takes the handshake
# (TCP, TLS) off the first request's path. Anonymous, as supabase-js's fetch sends no cookies.
PRECONNECT = ("(function (link) {{ link.rel = 'preconnect'; link.href = {url}; link.crossOrigin = 'anonymous'; "
              "document.head.appendChild(link); }})(document.createElement('link'));\n")
NOT_BUILT = ("<!doctype html><meta charset=utf-8><title>App</title>"
             "<p>O aplicativo ainda não foi compilado (npm run build).</p>")


# What the app's origin hands to the API app (the API's own services, gateway/app.py SERVICES).
API_PREFIXES = ("/auth/v1", "/rest/v1", "/storage/v1", "/realtime/v1", "/functions/v1")


def is_api_path(path: str) -> bool:
    return any(path.startswith(prefix) and (len(path) == len(prefix) or path[len(prefix)] == "/")
               for prefix in API_PREFIXES)


class OneOrigin:
    """The app's origin: API paths (HTTP and WebSocket) to the API app, everything else to the static site.
    The API app's life cycle (start-up, shut-down) belongs to the API's own server, not to this one."""

    def __init__(self, site: ASGIApp, api: ASGIApp):
        self.site, self.api = site, api
        # gateway/lean_rest.py finds the REST fast path through this attribute
        self.lean_rest = getattr(api, "lean_rest", None)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and is_api_path(scope["path"]):
            await self.api(scope, receive, send)
        else:
            await self.site(scope, receive, send)


def env_script_text(settings: Settings, public_api_url: str | None) -> str:
    """/env.js: the API's public URL when it has one elsewhere, else the page's own origin."""
    from supastack.production import is_production
    env = {"SUPABASE_URL": public_api_url or "", "SUPABASE_ANON_KEY": settings.anon_key,
           "ADMIN_EMAIL": settings.admin_email,
           # production: "Configurar Administrador" asks for the operator's one-time code (admin_setup.py)
           "ADMIN_SETUP_CODE_REQUIRED": is_production(settings)}
    if public_api_url:
        return f"window.__ENV__ = {json.dumps(env)};\n" + PRECONNECT.format(url=json.dumps(public_api_url))
    return f"window.__ENV__ = {json.dumps(env)};\nwindow.__ENV__.SUPABASE_URL = window.location.origin;\n"


def create_app_server(settings: Settings, public_api_url: str | None = None, api: ASGIApp | None = None) -> ASGIApp:
    """The app server; with `api`, its origin serves the API too (and /env.js names that origin unless
    `public_api_url` names another)."""
    dist: Path = settings.app_dist
    env_js = env_script_text(settings, public_api_url or (None if api is not None else settings.api_url))

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

    site = Starlette(routes=[
        Route("/env.js", env_script),
        Route("/", static_or_index),
        Route("/{path:path}", static_or_index),
    ])
    return site if api is None else OneOrigin(site, api)
