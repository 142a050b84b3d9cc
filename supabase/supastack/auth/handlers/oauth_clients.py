"""The OAuth 2.1 server's admin API (service role): /admin/oauth/clients create, list, get, update, delete and
regenerate_secret, with GoTrue's bodies, validation messages and answers (oauthserver/handlers.go, service.go).

A confidential client's secret is shown once, when it is made or regenerated; the table keeps only its SHA-256
hash. Deleting a client marks it deleted (GoTrue's soft delete): it is no longer listed nor found."""
from __future__ import annotations

import base64
import hashlib
import secrets
import uuid
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import JSONResponse, Response

from supastack.auth import audit
from supastack.auth.context import client_ip, json_body, require_admin
from supastack.auth.errors import AuthError, ErrorCode, bad_request
from supastack.core.stack import Stack

GRANT_TYPES = ("authorization_code", "refresh_token")
AUTH_METHODS = ("none", "client_secret_basic", "client_secret_post")
COLUMNS = ("id, client_secret_hash, registration_type, client_type, redirect_uris, grant_types, client_name,"
           " client_uri, logo_uri, created_at, updated_at")
# native apps' scheme and host pairs GoTrue accepts besides https (and http on localhost)
CUSTOM_SCHEME_HOSTS = {"cursor": ("anysphere.cursor-mcp",)}


def _invalid(message: str) -> AuthError:
    return bad_request(ErrorCode.VALIDATION_FAILED, message)


def _not_found() -> AuthError:
    return AuthError(404, ErrorCode.OAUTH_CLIENT_NOT_FOUND, "OAuth client not found")


def _client_id(raw: str) -> str:
    try:
        return str(uuid.UUID(raw))
    except ValueError as exc:
        raise _invalid("invalid client_id format") from exc


def _redirect_uri_problem(uri: object) -> str | None:
    if not isinstance(uri, str) or uri == "":
        return "redirect URI cannot be empty"
    try:
        parts = urlsplit(uri)
        host = parts.hostname or ""
    except ValueError:
        return "invalid URL format"
    if not parts.scheme:
        return "must have scheme"
    if not parts.netloc:
        return "must have scheme and host"
    if parts.fragment:
        return "fragment not allowed in redirect URI"
    if parts.scheme in CUSTOM_SCHEME_HOSTS:
        return None if host in CUSTOM_SCHEME_HOSTS[parts.scheme] else "scheme must be HTTPS or HTTP (localhost only)"
    if parts.scheme == "http":
        return None if host in ("localhost", "127.0.0.1") else "HTTP scheme only allowed for localhost"
    return None if parts.scheme == "https" else "scheme must be HTTPS or HTTP (localhost only)"


def _redirect_uris(value: object, required: bool) -> list[str]:
    if not isinstance(value, list) or not value:
        raise _invalid("redirect_uris is required" if required else "redirect_uris cannot be empty")
    if len(value) > 10:
        raise _invalid("redirect_uris cannot exceed 10 items")
    for uri in value:
        problem = _redirect_uri_problem(uri)
        if problem:
            raise _invalid(f"invalid redirect_uri '{uri}': {problem}")
    return value


def _grant_types(value: object) -> list[str]:
    if not isinstance(value, list) or not value:
        raise _invalid("grant_types cannot be empty")
    if any(g not in GRANT_TYPES for g in value):
        raise _invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'")
    return value


def _text(body: dict, name: str, limit: int, url: bool = False) -> str | None:
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise bad_request(ErrorCode.BAD_JSON, "Invalid JSON body")
    if len(value) > limit:
        raise _invalid(f"{name} cannot exceed {limit} characters")
    if url and value:
        parts = urlsplit(value)
        if not parts.scheme or not (parts.netloc or parts.path.startswith("/")):
            raise _invalid(f"{name} must be a valid URL")
    return value


def _client_type(body: dict) -> str:
    """GoTrue's DetermineClientType and its consistency check: explicit client_type, else from the token
    endpoint's auth method (none = public), else confidential."""
    kind = body.get("client_type") or ""
    method = body.get("token_endpoint_auth_method") or ""
    if kind not in ("", "public", "confidential"):
        raise _invalid("client_type must be 'public' or 'confidential'")
    if method and method not in AUTH_METHODS:
        raise _invalid(f"token_endpoint_auth_method must be one of: [{' '.join(AUTH_METHODS)}]")
    if kind == "public" and method and method != "none":
        raise _invalid(f"public clients must use 'none' as token_endpoint_auth_method, got '{method}'")
    if kind == "confidential" and method == "none":
        raise _invalid("confidential clients cannot use 'none' as token_endpoint_auth_method")
    return kind or ("public" if method == "none" else "confidential")


def _new_secret() -> tuple[str, str]:
    secret = base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
    digest = base64.urlsafe_b64encode(hashlib.sha256(secret.encode()).digest()).rstrip(b"=").decode()
    return secret, digest


def _iso(value: Any) -> str:
    return value.isoformat().replace("+00:00", "Z")


def _answer(row: tuple, secret: str | None = None) -> dict:
    (client_id, _hash, registration_type, client_type, redirect_uris, grant_types, name, client_uri, logo_uri,
     created_at, updated_at) = row
    answer: dict[str, Any] = {"client_id": str(client_id)}
    if secret:
        answer["client_secret"] = secret
    answer.update({
        "client_type": client_type,
        "redirect_uris": redirect_uris.split(" ") if redirect_uris else [],
        "token_endpoint_auth_method": "none" if client_type == "public" else "client_secret_basic",
        "grant_types": grant_types.split(" ") if grant_types else [],
        "response_types": ["code"],
    })
    for key, value in (("client_name", name), ("client_uri", client_uri), ("logo_uri", logo_uri)):
        if value:
            answer[key] = value
    answer.update({"registration_type": registration_type, "created_at": _iso(created_at),
                   "updated_at": _iso(updated_at)})
    return answer


async def _find(conn, client_id: str, lock: bool = False) -> tuple:
    cur = await conn.execute(f"select {COLUMNS} from auth.oauth_clients where id = %s and deleted_at is null"
                             + (" for update" if lock else ""), (client_id,))
    row = await cur.fetchone()
    if row is None:
        raise _not_found()
    return row


async def _body(request: Request) -> dict:
    try:
        return await json_body(request)
    except AuthError as exc:
        raise bad_request(ErrorCode.BAD_JSON, "Invalid JSON body") from exc


async def create(request: Request, stack: Stack):
    admin = require_admin(request, stack)
    body = await _body(request)
    redirect_uris = _redirect_uris(body.get("redirect_uris"), required=True)
    grant_types = _grant_types(body["grant_types"]) if body.get("grant_types") else list(GRANT_TYPES)
    name = _text(body, "client_name", 1024)
    client_uri = _text(body, "client_uri", 2048, url=True)
    logo_uri = _text(body, "logo_uri", 2048, url=True)
    client_type = _client_type(body)
    secret, digest = _new_secret() if client_type == "confidential" else (None, None)
    async with stack.db.connection() as conn:
        async with conn.transaction():
            cur = await conn.execute(
                f"""insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type,
                                                    redirect_uris, grant_types, client_name, client_uri, logo_uri)
                    values (%s, %s, 'manual', %s, %s, %s, %s, %s, %s) returning {COLUMNS}""",
                (str(uuid.uuid4()), digest, client_type, " ".join(redirect_uris), " ".join(grant_types),
                 name or None, client_uri or None, logo_uri or None))
            row = await cur.fetchone()
            assert row is not None
            await audit.record(conn, "oauth_client_registered", None, client_ip(request),
                               {"client_id": str(row[0]), "admin_role": admin.get("role")})
    return JSONResponse(_answer(row, secret), status_code=201)


async def list_clients(request: Request, stack: Stack):
    require_admin(request, stack)
    async with stack.db.connection() as conn:
        cur = await conn.execute(f"select {COLUMNS} from auth.oauth_clients where deleted_at is null"
                                 " order by created_at desc, id")
        rows = await cur.fetchall()
    return JSONResponse({"clients": [_answer(r) for r in rows]})


async def get(request: Request, stack: Stack, client_id: str):
    require_admin(request, stack)
    client_id = _client_id(client_id)
    async with stack.db.connection() as conn:
        row = await _find(conn, client_id)
    return JSONResponse(_answer(row))


async def update(request: Request, stack: Stack, client_id: str):
    admin = require_admin(request, stack)
    client_id = _client_id(client_id)
    async with stack.db.connection() as conn:
        await _find(conn, client_id)
    body = await _body(request)
    changes: dict[str, str | None] = {}
    if body.get("redirect_uris") is not None:
        changes["redirect_uris"] = " ".join(_redirect_uris(body["redirect_uris"], required=False))
    if body.get("grant_types") is not None:
        changes["grant_types"] = " ".join(_grant_types(body["grant_types"]))
    for name, limit, url in (("client_name", 1024, False), ("client_uri", 2048, True), ("logo_uri", 2048, True)):
        if body.get(name) is not None:
            changes[name] = _text(body, name, limit, url) or None
    if not changes:
        raise _invalid("No fields provided for update")
    assignments = ", ".join(f"{column} = %s" for column in changes)   # column names from the list above only
    async with stack.db.connection() as conn:
        async with conn.transaction():
            await _find(conn, client_id, lock=True)
            cur = await conn.execute(
                f"update auth.oauth_clients set {assignments}, updated_at = now() where id = %s returning {COLUMNS}",
                (*changes.values(), client_id))
            row = await cur.fetchone()
            assert row is not None
            await audit.record(conn, "oauth_client_updated", None, client_ip(request),
                               {"client_id": client_id, "admin_role": admin.get("role")})
    return JSONResponse(_answer(row))


async def delete(request: Request, stack: Stack, client_id: str):
    admin = require_admin(request, stack)
    client_id = _client_id(client_id)
    async with stack.db.connection() as conn:
        async with conn.transaction():
            await _find(conn, client_id, lock=True)
            await conn.execute("update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = %s",
                               (client_id,))
            await audit.record(conn, "oauth_client_deleted", None, client_ip(request),
                               {"client_id": client_id, "admin_role": admin.get("role")})
    return Response(status_code=204)


async def regenerate_secret(request: Request, stack: Stack, client_id: str):
    admin = require_admin(request, stack)
    client_id = _client_id(client_id)
    async with stack.db.connection() as conn:
        async with conn.transaction():
            found = await _find(conn, client_id, lock=True)
            if found[3] != "confidential":
                raise _invalid("Cannot regenerate secret for public client")
            secret, digest = _new_secret()
            cur = await conn.execute(
                f"""update auth.oauth_clients set client_secret_hash = %s, updated_at = now() where id = %s
                    returning {COLUMNS}""", (digest, client_id))
            row = await cur.fetchone()
            assert row is not None
            await audit.record(conn, "oauth_client_secret_regenerated", None, client_ip(request),
                               {"client_id": client_id, "admin_role": admin.get("role")})
    return JSONResponse(_answer(row, secret))
