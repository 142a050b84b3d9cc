"""Per-request plumbing shared by the handlers: JSON body, caller identity, admin check, error rendering."""
from __future__ import annotations

import json
import logging
import re
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from fastapi.routing import APIRoute

from supastack.auth import tokens, users
from supastack.auth.errors import AuthError, ErrorCode, OAuthError, bad_request, forbidden, render
from supastack.core import jwt
from supastack.core.stack import Stack

log = logging.getLogger("supastack.auth")
ADMIN_ROLES = ("service_role", "supabase_admin")
EMAIL_RE = re.compile(r"^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
                      r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$")


class AuthRoute(APIRoute):
    """Renders AuthError / OAuthError (and any unexpected exception) as GoTrue does."""

    def get_route_handler(self) -> Callable:
        handler = super().get_route_handler()

        async def guarded(request: Request):
            try:
                return await handler(request)
            except (AuthError, OAuthError) as exc:
                return render(exc, request)
            except tokens.RevokedSession as exc:
                return render(exc.error, request)
            except Exception as exc:  # noqa: BLE001 - a 500 in GoTrue's shape, details only in the log
                log.exception("auth: unexpected failure on %s %s", request.method, request.url.path)
                return render(exc, request)

        return guarded


@dataclass
class Caller:
    claims: dict
    user: dict
    session_id: str | None = None


def client_ip(request: Request) -> str:
    return request.client.host if request.client else ""


def user_agent(request: Request) -> str | None:
    return request.headers.get("user-agent")


async def json_body(request: Request, allow_empty: bool = False) -> dict:
    """The JSON object body; anything else is GoTrue's 400 bad_json."""
    raw = await request.body()
    if allow_empty and not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise bad_request(ErrorCode.BAD_JSON, f"Could not parse request body as JSON: {exc}") from exc
    if not isinstance(body, dict):
        raise bad_request(ErrorCode.BAD_JSON, "Could not parse request body as JSON: expected an object")
    return body


_TYPES = {str: "string", dict: "object", bool: "boolean", int: "number"}


def field(body: dict, name: str, kind: type = str, default: Any = None) -> Any:
    """A typed field of the body (null = absent); a wrong JSON type is bad_json, as Go's decoder makes it."""
    value = body.get(name)
    if value is None:
        return default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise bad_request(ErrorCode.BAD_JSON, f"Could not parse request body as JSON: json: cannot unmarshal "
                                              f"{type(value).__name__} into field {name} of type {_TYPES[kind]}")
    if _has_nul(value):  # PostgreSQL text and jsonb cannot hold U+0000
        raise bad_request(ErrorCode.VALIDATION_FAILED, f"{name} must not contain the character U+0000")
    return value


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False


def validate_email(email: str) -> str:
    email = email.strip()
    if len(email) > 255:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "An email address is too long")
    if not EMAIL_RE.match(email):
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Unable to validate email address: invalid format")
    return email.lower()


def normalise_phone(phone: str) -> str:
    """GoTrue stores phones as digits without '+' or spaces."""
    digits = phone.strip().removeprefix("+").replace(" ", "")
    if not re.fullmatch(r"[1-9]\d{7,14}", digits):
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Invalid phone number format (E.164 required)")
    return digits


def _claims(request: Request, stack: Stack) -> dict:
    token = jwt.bearer_token(request.headers, stack.settings)
    if not token:
        raise AuthError(401, ErrorCode.NO_AUTHORIZATION, "This endpoint requires a valid Bearer token")
    try:
        return jwt.verify(token, stack.settings.jwt_secret)
    except jwt.InvalidToken as exc:
        if exc.expired:
            raise forbidden(ErrorCode.BAD_JWT, "invalid JWT: unable to parse or verify signature, "
                                               "token has invalid claims: token is expired") from exc
        raise forbidden(ErrorCode.BAD_JWT, str(exc)) from exc


async def require_user(request: Request, stack: Stack, conn) -> Caller:
    """The signed-in user of the bearer token, with GoTrue's checks (sub, user exists, session alive)."""
    claims = _claims(request, stack)
    sub = claims.get("sub")
    if not sub:
        raise forbidden(ErrorCode.BAD_JWT, "invalid claim: missing sub claim")
    try:
        uuid.UUID(str(sub))
    except ValueError as exc:
        raise bad_request(ErrorCode.BAD_JWT, "invalid claim: sub claim must be a UUID") from exc
    user = await users.by_id(conn, sub)
    if user is None or user.get("deleted_at"):
        raise forbidden(ErrorCode.USER_NOT_FOUND, "User from sub claim in JWT does not exist")
    session_id = claims.get("session_id") or None
    if session_id and session_id != "00000000-0000-0000-0000-000000000000":
        try:
            uuid.UUID(str(session_id))
        except ValueError as exc:
            raise forbidden(ErrorCode.BAD_JWT, "invalid claim: session_id claim must be a UUID") from exc
        if await tokens.live_session(conn, session_id) is None:
            raise forbidden(ErrorCode.SESSION_NOT_FOUND, "Session from session_id claim in JWT does not exist")
    if user.get("banned_until") and user["banned_until"].timestamp() > time.time():
        raise forbidden(ErrorCode.USER_BANNED, "User is banned")
    return Caller(claims=claims, user=user, session_id=session_id)


def require_admin(request: Request, stack: Stack) -> dict:
    claims = _claims(request, stack)
    if claims.get("role") not in ADMIN_ROLES:
        raise forbidden(ErrorCode.NOT_ADMIN, "User not allowed")
    return claims
