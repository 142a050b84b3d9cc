"""Signed-URL tokens: JWTs (project secret) naming one object (and, for downloads, its version) and what they allow."""
from __future__ import annotations

import time
from typing import Any

from supastack.core import jwt
from supastack.storage import errors

DOWNLOAD = "download"
UPLOAD = "upload"
UPLOAD_URL_SECONDS = 2 * 3600    # storage-api's signed upload URL lifetime
MAX_EXPIRY_SECONDS = 7 * 24 * 3600   # default of `[storage] signed_url_max_expiry`


def parse_expires_in(value: Any) -> int:
    """`expiresIn` as clients send it (JS a number, Python a string): a positive whole number of seconds."""
    try:
        seconds = int(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError):
        seconds = None
    if seconds is None or seconds < 1 or (isinstance(value, float) and not value.is_integer()):
        raise errors.invalid_parameter("expiresIn", "expiresIn must be a positive integer")
    return seconds


def sign(url: str, scope: str, seconds: int, secret: str, **extra: object) -> str:
    """A token for `url` = '<bucket>/<name>'; `url` and `scope` always win over `extra`."""
    now = int(time.time())
    return jwt.sign({**extra, "url": url, "scope": scope, "iat": now, "exp": now + seconds}, secret)


def verify(token: str | None, url: str, scope: str, secret: str) -> dict:
    """The token's claims if it is valid, unexpired, for this object and this scope."""
    if not token:
        raise errors.invalid_request("Missing token")  # storage-api: querystring must have `token`
    try:
        claims = jwt.verify(token, secret)
    except jwt.InvalidToken as exc:
        raise errors.invalid_jwt("jwt expired" if exc.expired else str(exc)) from None
    if claims.get("scope", DOWNLOAD if "upsert" not in claims else UPLOAD) != scope:
        raise errors.invalid_signature(f"Token is not scoped for {scope}")
    if claims.get("url") != url:
        raise errors.invalid_signature()
    if "exp" not in claims:
        raise errors.invalid_jwt("jwt must have an exp claim")
    return claims
