"""Serves the built app (app/dist) with an SPA fallback and a run-time /env.js holding the API URL and key.

The app's origin also answers the API's paths (/auth/v1, /rest/v1, ...) with the very same API app, so a
browser that loaded the app talks to the API on its own origin: no CORS preflight before each new request
(a round trip each on a phone) and one set of connections. API_EXTERNAL_URL (the API behind a proxy, or a
hosted project) points the app elsewhere instead.
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import mimetypes
import re
import time
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

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


_HOST = re.compile(r"^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")


def _origin(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or not _HOST.match(parts.netloc):
        return None
    return f"{parts.scheme}://{parts.netloc}"


def _socket_origin(origin: str) -> str:
    return ("wss" if origin.startswith("https:") else "ws") + origin[origin.index(":"):]


_INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script\s*>", re.S | re.I)
_HANDLER = re.compile(r"""\son[a-z]+\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)


def _sha256_source(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def inline_script_sources(index_html: str) -> list[str]:
    """CSP sources for exactly the inline code the built page holds: the hash of each inline <script> (the
    route preloader) and, with 'unsafe-hashes', of each event-handler attribute (the stylesheet's onload);
    any other inline script (an injected one) stays blocked."""
    scripts = [_sha256_source(m.group(1)) for m in _INLINE_SCRIPT.finditer(index_html)]
    handlers = [_sha256_source(html.unescape(m.group(1) if m.group(1) is not None else m.group(2)))
                for m in _HANDLER.finditer(index_html)]
    return list(dict.fromkeys(scripts + (["'unsafe-hashes'", *handlers] if handlers else [])))


def content_security_policy(api_origin: str | None, host: str | None, inline: list[str] | None = None) -> str:
    """What the built app needs and nothing more: its own scripts (/env.js included; inline code only by its
    hash), the inline styles its component libraries set, images and PDF previews from blob:/data: URLs, the
    API (its own origin, or API_EXTERNAL_URL's) over HTTP and WebSocket; no page may frame it."""
    api = [api_origin, _socket_origin(api_origin)] if api_origin else []
    # 'self' covers ws(s): on the page's host in current browsers; named as well for older ones
    own_socket = [f"ws://{host}", f"wss://{host}"] if host and _HOST.match(host) else []
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'", *(inline or [])],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", *api[:1]],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", *own_socket, *api],
        "frame-src": ["'self'", "blob:"],
        "object-src": ["'self'", "blob:"],     # the browser's PDF viewer in the form preview's frame
        "worker-src": ["'self'", "blob:"],
        "manifest-src": ["'self'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
    return "; ".join(f"{name} {' '.join(dict.fromkeys(sources))}" for name, sources in directives.items())


class SecurityHeaders:
    """The app's pages and files: a Content-Security-Policy, no framing (clickjacking), no MIME sniffing, no
    full URLs in Referer to other sites; HSTS when the stack serves beyond loopback (production mode, behind
    HTTPS: a browser ignores it over plain HTTP).

    The headers are computed once per (Host, build): index.html is looked at again at most every
    `RECHECK_SECONDS` (a new build's inline hashes are in the policy within that time), and at most `MAX_HOSTS`
    policies are kept, since the Host header is the client's to choose."""

    RECHECK_SECONDS = 1.0
    MAX_HOSTS = 64

    def __init__(self, site: ASGIApp, api_origin: str | None, production: bool, index: Path | None = None):
        self.site, self.api_origin, self.production, self.index = site, api_origin, production, index
        self._inline: tuple[int, list[str]] = (-1, [])
        self._checked_at = -math.inf
        self._headers: dict[str | None, list[tuple[bytes, bytes]]] = {}

    def inline_sources(self) -> list[str]:
        """The built page's inline code hashes, read again when a new build replaces index.html (looked at
        again at most every RECHECK_SECONDS)."""
        now = time.monotonic()
        if now - self._checked_at < self.RECHECK_SECONDS:
            return self._inline[1]
        self._checked_at = now
        try:
            if self.index is None:
                stamp, sources = -1, []
            else:
                stamp = self.index.stat().st_mtime_ns
                sources = self._inline[1] if stamp == self._inline[0] else \
                    inline_script_sources(self.index.read_text(errors="replace"))
        except OSError:
            stamp, sources = -2, []
        if stamp != self._inline[0]:
            self._inline = (stamp, sources)
            self._headers.clear()   # the policies of the previous build
        return self._inline[1]

    def headers(self, host: str | None) -> list[tuple[bytes, bytes]]:
        inline = self.inline_sources()
        found = self._headers.get(host)
        if found is not None:
            return found
        policy = content_security_policy(self.api_origin, host, inline)
        found = [(b"content-security-policy", policy.encode()),
                 (b"x-frame-options", b"DENY"),
                 (b"x-content-type-options", b"nosniff"),
                 (b"referrer-policy", b"strict-origin-when-cross-origin"),
                 (b"permissions-policy", b"camera=(), microphone=(), geolocation=()")]
        if self.production:
            found.append((b"strict-transport-security", b"max-age=31536000"))
        if len(self._headers) >= self.MAX_HOSTS:
            self._headers.clear()
        self._headers[host] = found
        return found

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.site(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
        extra = self.headers(host)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.site(scope, receive, with_headers)


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

    from supastack.production import public_addresses
    api_url = public_api_url or (None if api is not None else settings.api_url)
    site = SecurityHeaders(Starlette(routes=[
        Route("/env.js", env_script),
        Route("/", static_or_index),
        Route("/{path:path}", static_or_index),
    ]), _origin(api_url) if api_url else None, production=bool(public_addresses(settings)),
        index=dist / "index.html")
    return site if api is None else OneOrigin(site, api)
