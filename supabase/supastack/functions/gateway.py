"""The edge-runtime part of the gateway: JWT check, CORS preflight, environment, then the function's app.

Mirrors Supabase: `verify_jwt` (config.toml [functions.<name>], default true) requires a JWT signed by
the project (the anon key is one); the caller's Authorization header reaches the function after the
gateway's key mapping; the function gets SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY
(and the project's settings) as its environment.
"""
from __future__ import annotations

import json
import logging
import os
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from supastack import admin_setup
from supastack.core import jwt
from supastack.core.config import Settings
from supastack.functions.loader import LoadedFunction, load
from supastack.production import is_production, mail_route

log = logging.getLogger("supastack.functions")

CORS_HEADERS = [
    (b"access-control-allow-origin", b"*"),
    (b"access-control-allow-headers", b"authorization, x-client-info, apikey, content-type, x-region, "
                                      b"x-supabase-api-version, traceparent, tracestate, baggage"),
    (b"access-control-allow-methods", b"GET, POST, PUT, PATCH, DELETE, OPTIONS"),
]


def function_environment(settings: Settings) -> dict[str, str]:
    """What Deno.env would hold for a Supabase edge function, plus the office's settings."""
    providers = settings.providers or {}
    env = dict(os.environ)
    env.update({
        "SUPABASE_URL": settings.api_url,
        "SUPABASE_ANON_KEY": settings.anon_key,
        "SUPABASE_SERVICE_ROLE_KEY": settings.service_role_key,
        "SUPABASE_PUBLISHABLE_KEY": settings.publishable_key,
        "SUPABASE_DB_URL": settings.db_url,
        "SUPABASE_JWT_SECRET": settings.jwt_secret,
        "ADMIN_EMAIL": settings.admin_email,
        # where the app is: pages a payment provider sends the client back to must be on it
        "SITE_URL": settings.site_url,
        # production mode: the first administrator also needs the operator's one-time code (admin_setup.py)
        "ADMIN_SETUP_CODE_REQUIRED": "true" if is_production(settings) else "false",
        "ADMIN_SETUP_CODE_FILE": str(admin_setup.code_file(settings.data_dir)),
    })
    # where e-mail goes (Integrações shows it to administrators): smtp / local_sink / none, and the address
    env["MAIL_DELIVERY_KIND"], env["MAIL_DELIVERY_ADDRESS"] = mail_route(settings)
    for service, choice in providers.items():
        if isinstance(choice, str):
            env.setdefault(f"{service.upper()}_PROVIDER", choice)   # an explicit env var wins
    # production mode (reachable beyond loopback): the functions refuse demo providers and local fakes
    forced = env.get("SUPASTACK_PRODUCTION", "").strip().lower() in ("1", "true", "yes")
    env["SUPASTACK_PRODUCTION"] = "1" if forced or is_production(settings) else "0"
    return env


async def send_json(send: Send, status: int, body: dict[str, Any],
                    extra_headers: list[tuple[bytes, bytes]] | None = None) -> None:
    payload = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers + (extra_headers or [])})
    await send({"type": "http.response.body", "body": payload})


class FunctionsGateway:
    """ASGI endpoint for /functions/v1/{name} and /functions/v1/{name}/{path}."""

    def __init__(self, settings: Settings, functions: dict[str, LoadedFunction]):
        self.settings = settings
        self.functions = functions
        self.env = function_environment(settings)

    def verify_jwt(self, name: str) -> bool:
        config = self.settings.functions.get(name) or {}
        return bool(config.get("verify_jwt", True))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        params = scope.get("path_params", {})
        name = params.get("name", "")
        function = self.functions.get(name)
        if function is None:
            await send_json(send, 404, {"code": "NOT_FOUND", "message": "Requested function was not found"})
            return
        if scope["method"] == "OPTIONS":
            await send({"type": "http.response.start", "status": 200,
                        "headers": CORS_HEADERS + [(b"content-type", b"text/plain"), (b"content-length", b"2")]})
            await send({"type": "http.response.body", "body": b"ok"})
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        token = jwt.bearer_token(headers, self.settings)
        if self.verify_jwt(name):
            if not token:
                await send_json(send, 401, {"code": 401, "message": "Missing authorization header",
                                            "msg": "Missing authorization header"})
                return
            try:
                jwt.verify(token, self.settings.jwt_secret)
            except jwt.InvalidToken:
                await send_json(send, 401, {"code": 401, "message": "Invalid JWT", "msg": "Invalid JWT"})
                return
        if not function.loaded:
            # imported here, in the event loop: no request of this process runs while a function's module
            # runs its top-level code (one import at a time, once)
            function = self.functions[name] = load(name, function.path)
        if function.app is None:
            await send_json(send, 500, {"code": "BOOT_ERROR", "message": "Function failed to start",
                                        "error": "Function failed to start"})
            return
        await self._forward(function.name, function.app, scope, receive, send, token, params)

    async def _forward(self, name: str, app: ASGIApp, scope: Scope, receive: Receive, send: Send,
                       token: str | None, params: dict[str, str]) -> None:
        # The function sees itself at "/": root_path ends with /functions/v1/<name>.
        root = scope.get("root_path", "")
        route_path = scope["path"][len(root):] if root and scope["path"].startswith(root) else scope["path"]
        remainder = "/" + params["path"] if "path" in params else ""
        matched = route_path[: len(route_path) - len(remainder)] if remainder else route_path
        inner_path = root + matched + (remainder or "/")
        headers = [(k, v) for k, v in scope["headers"] if k.lower() != b"authorization"]
        if token:
            headers.append((b"authorization", f"Bearer {token}".encode("latin-1")))
        child = dict(scope)
        child.update({"path": inner_path, "raw_path": inner_path.encode(), "root_path": root + matched,
                      "headers": headers, "path_params": {},
                      "state": {**scope.get("state", {}), "function_env": self.env}})
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await app(child, receive, tracking_send)
        except Exception:
            log.exception("function %s raised", name)
            if not started:
                await send_json(send, 500, {"code": "WORKER_ERROR", "message": "Function raised an error",
                                            "error": "Function raised an error"})
