"""The app's pages cannot be framed by another site and carry a Content-Security-Policy the built app passes
(the browser journey e2e/security-headers.spec.ts checks that no violation is reported), no MIME sniffing, a
strict Referrer-Policy, and HSTS in production mode."""
from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import re
from pathlib import Path

import httpx
import pytest

from harness import REPO_ROOT, free_port
from supastack.core.config import load_settings
from supastack.gateway.app_server import create_app_server, inline_script_sources

DIST = Path(os.environ.get("APP_DIST") or REPO_ROOT / "app" / "dist")


async def api_app(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": b"{}"})


class client:
    """The app server in process (as `serve` builds it, the API replaced by a stub), asked with httpx."""

    def __init__(self, tmp_path: Path, **env: str):
        settings = load_settings(REPO_ROOT, tmp_path / "data", {**os.environ, "API_PORT": str(free_port()),
                                                                "APP_PORT": str(free_port()), **env})
        self.app = create_app_server(settings, env.get("API_EXTERNAL_URL"), api_app)

    def get(self, path: str, headers: dict | None = None) -> httpx.Response:
        async def ask() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:3000") as http:
                return await http.get(path, headers=headers)
        return asyncio.run(ask())


def directives(policy: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in (part.strip() for part in policy.split(";")) if d}


@pytest.fixture(scope="module")
def built() -> Path:
    if not (DIST / "index.html").is_file():
        pytest.fail("app/dist is missing: run `npm run build -w app` before these tests")
    return DIST


@pytest.mark.parametrize("path", ["/", "/auth", "/cliente", "/cliente/documentos", "/env.js", "/favicon.svg"])
def test_every_page_and_file_of_the_app_carries_the_headers(built, tmp_path, path):
    r = client(tmp_path).get(path, headers={"Host": "escritorio.test:3000"})
    assert r.status_code == 200
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    csp = directives(r.headers["content-security-policy"])
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["default-src"] == ["'self'"] and csp["base-uri"] == ["'self'"]
    assert "'unsafe-inline'" not in csp["script-src"] and "'unsafe-eval'" not in csp["script-src"]
    assert "ws://escritorio.test:3000" in csp["connect-src"]          # realtime on the page's own origin
    assert "strict-transport-security" not in r.headers              # development: plain HTTP on loopback


def test_inline_code_is_allowed_by_its_hash_only(built, tmp_path):
    index = (built / "index.html").read_text()
    sources = directives(client(tmp_path).get("/").headers["content-security-policy"])["script-src"]
    for script in re.findall(r"<script>(.*?)</script>", index, re.S):    # the route preloader
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in sources
    injected = "<script>alert(1)</script><a onclick=\"steal()\">x</a>"
    assert inline_script_sources(index + injected) != inline_script_sources(index)
    assert not set(inline_script_sources(injected)) & set(sources) - {"'unsafe-hashes'"}


def test_the_api_paths_are_not_given_the_page_policy(built, tmp_path):
    r = client(tmp_path).get("/rest/v1/")
    assert r.json() == {} and "content-security-policy" not in r.headers


def test_an_api_elsewhere_is_allowed_for_fetch_websocket_and_images(built, tmp_path):
    r = client(tmp_path, API_EXTERNAL_URL="https://api.escritorio.example.com",
               SITE_URL="https://app.escritorio.example.com",
               JWT_SECRET="x7Vq2m9L0pT4s8Wb1nR6yK3cZ5hJ0fGd2aQe7uI9oP1").get("/")
    csp = directives(r.headers["content-security-policy"])
    assert {"https://api.escritorio.example.com", "wss://api.escritorio.example.com"} <= set(csp["connect-src"])
    assert "https://api.escritorio.example.com" in csp["img-src"]
    # served to the world through a proxy (production mode): browsers are told to keep to HTTPS
    assert r.headers["strict-transport-security"].startswith("max-age=")


def test_production_mode_sends_hsts(built, tmp_path):
    r = client(tmp_path, SUPASTACK_HOST="0.0.0.0").get("/cliente")
    assert r.headers["strict-transport-security"] == "max-age=31536000"
