"""The gateway's CORS policy, and the same policy applied on raw ASGI messages for fast-path apps.

FastAPI's routes get it from Starlette's CORSMiddleware. Apps the gateway serves directly (see
`Gateway`) get `RawCors`, which gives byte-for-byte the same headers: preflights are answered by a
CORSMiddleware built from the same options, and actual responses get the same headers added without
building header objects.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypedDict, Unpack

from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

EXPOSED_HEADERS = ["Content-Range", "Content-Location", "Preference-Applied", "Range-Unit", "Location",
                   "X-Supabase-Api-Version", "Content-Length", "Content-Type", "ETag", "Last-Modified",
                   "Cache-Control", "Content-Disposition", "X-Total-Count",
                   # resumable uploads (tus-js-client in the browser reads these)
                   "Upload-Offset", "Upload-Length", "Upload-Expires", "Upload-Metadata", "Tus-Resumable",
                   "Tus-Version", "Tus-Extension", "Tus-Max-Size"]


class CorsOptions(TypedDict, total=False):
    """The keyword arguments of Starlette's CORSMiddleware that the gateway sets."""
    allow_origins: Sequence[str]
    allow_origin_regex: str
    allow_credentials: bool
    allow_methods: Sequence[str]
    allow_headers: Sequence[str]
    expose_headers: Sequence[str]
    max_age: int


def cors_options(allowed_origins: list[str]) -> CorsOptions:
    """The CORS policy for `[api] cors_allowed_origins`: those origins only, or any origin for `*`.
    A browser on another origin gets no Access-Control-Allow-Origin, so it cannot read the answers."""
    origins: CorsOptions = {"allow_origin_regex": ".*"} if "*" in allowed_origins \
        else {"allow_origins": list(allowed_origins)}
    return CorsOptions(
        **origins,
        allow_credentials=True,
        allow_methods=["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"],
        allow_headers=["*"],
        expose_headers=EXPOSED_HEADERS,
        max_age=86400,
    )


class RawCors:
    def __init__(self, app: ASGIApp, **options: Unpack[CorsOptions]) -> None:
        self.app = app
        self.policy = CORSMiddleware(app, **options)
        self.simple = [(name.lower().encode("latin-1"), value.encode("latin-1"))
                       for name, value in self.policy.simple_headers.items()]
        self.simple_names = {name for name, _ in self.simple}

    def request_origin(self, headers: Iterable[tuple[bytes, bytes]]) -> tuple[bytes | None, bool]:
        """(the Origin header, whether the request is a preflight) of a request's raw headers."""
        origin = None
        preflight = False
        for name, value in headers:
            if name == b"origin":
                if origin is None:
                    origin = value
            elif name == b"access-control-request-method":
                preflight = True
        return origin, preflight

    def response_headers(self, origin: bytes | None, headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
        """An actual (not preflight) response's headers with the policy's CORS headers for `origin`."""
        explicit = origin is not None and (
            (self.policy.allow_all_origins and self.policy.allow_credentials)
            or (not self.policy.allow_all_origins and self.policy.is_allowed_origin(origin.decode("latin-1"))))
        if origin is not None:
            headers = [h for h in headers if h[0] not in self.simple_names] + self.simple
        vary = [v for n, v in headers if n == b"vary"]
        drop = {b"vary", b"access-control-allow-origin"} if explicit else {b"vary"}
        headers = [h for h in headers if h[0] not in drop]
        if explicit and origin is not None:
            headers.append((b"access-control-allow-origin", origin))
        headers.append((b"vary", b", ".join([*vary, b"Origin"])))
        return headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        origin, preflight = self.request_origin(scope["headers"])
        if origin is not None and preflight and scope["method"] == "OPTIONS":
            await self.policy(scope, receive, send)
            return

        async def send_with_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = self.response_headers(origin, message.get("headers") or [])
            await send(message)

        await self.app(scope, receive, send_with_cors)
