"""The service-role admin API: /admin/users list, create, get, update, delete (GoTrue's admin.go)."""
from __future__ import annotations

import re
import secrets
import uuid

import psycopg
from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.auth import audit, passwords, tokens, users
from supastack.auth.context import client_ip, field, json_body, normalise_phone, require_admin, validate_email
from supastack.auth.errors import AuthError, ErrorCode, bad_request, unprocessable
from supastack.auth.password_policy import check_strength
from supastack.core.rows import one
from supastack.core.stack import Stack

EMAIL_TAKEN = "A user with this email address has already been registered"
PHONE_TAKEN = "Phone number already registered by another user"


def _user_id(raw: str) -> str:
    try:
        return str(uuid.UUID(raw))
    except ValueError as exc:
        raise AuthError(404, ErrorCode.VALIDATION_FAILED, "user_id must be an UUID") from exc


def _not_found() -> AuthError:
    return AuthError(404, ErrorCode.USER_NOT_FOUND, "User not found")


def _page_param(request: Request, name: str, default: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    if not raw.isdigit() or int(raw) < 1 or (name == "per_page" and int(raw) > 1000):
        raise bad_request(ErrorCode.VALIDATION_FAILED, f"Bad Pagination Parameters: invalid {name} {raw!r}")
    return int(raw)


async def list_users(request: Request, stack: Stack):
    require_admin(request, stack)
    page = _page_param(request, "page", 1)
    per_page = _page_param(request, "per_page", 50)
    async with stack.db.connection() as conn:
        cur = await conn.execute("select count(*) from auth.users where deleted_at is null")
        (total,) = one(await cur.fetchone())
        cur = await conn.execute("""select id from auth.users where deleted_at is null
                                     order by created_at desc, id limit %s offset %s""",
                                 (per_page, (page - 1) * per_page))
        ids = [str(r[0]) for r in await cur.fetchall()]
        rows = [await users.by_id(conn, i) for i in ids]
    pages = max(1, -(-total // per_page))
    base = f"{stack.settings.api_url}/auth/v1/admin/users"
    links = []
    if pages > page:
        links.append(f'<{base}?page={page + 1}&per_page={per_page}>; rel="next"')
    links.append(f'<{base}?page={pages}&per_page={per_page}>; rel="last"')
    return JSONResponse({"users": [users.user_json(r) for r in rows if r], "aud": users.AUDIENCE},
                        headers={"X-Total-Count": str(total), "Link": ", ".join(links)})


async def get_user(request: Request, stack: Stack, user_id: str):
    require_admin(request, stack)
    user_id = _user_id(user_id)
    async with stack.db.connection() as conn:
        user = await users.by_id(conn, user_id)
    if user is None:
        raise _not_found()
    return JSONResponse(users.user_json(user))


def _params(body: dict) -> dict:
    return {
        "email": field(body, "email", str, ""),
        "phone": field(body, "phone", str, ""),
        "password": field(body, "password", str),
        "password_hash": field(body, "password_hash", str, ""),
        "email_confirm": field(body, "email_confirm", bool, False),
        "phone_confirm": field(body, "phone_confirm", bool, False),
        "user_metadata": field(body, "user_metadata", dict),
        "app_metadata": field(body, "app_metadata", dict),
        "role": field(body, "role", str, ""),
        "id": field(body, "id", str, ""),
        "ban_duration": field(body, "ban_duration", str, ""),
    }


def _ban_seconds(raw: str) -> int | None:
    """Go durations as GoTrue accepts them ('none' lifts the ban): '24h', '30m', '1h30m', '45s'."""
    if not raw:
        return None
    if raw == "none":
        return 0
    parts = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?", raw)
    if not parts or not any(parts.groups()):
        raise bad_request(ErrorCode.VALIDATION_FAILED,
                          f'invalid format for ban duration: time: invalid duration "{raw}"')
    h, m, s = (int(g or 0) for g in parts.groups())
    return h * 3600 + m * 60 + s


def _hash_check(password_hash: str) -> None:
    if not password_hash.startswith(("$2a$", "$2b$", "$2y$")):
        raise bad_request(ErrorCode.VALIDATION_FAILED,
                          "crypto/bcrypt: hashedSecret too short to be a bcrypted password")


async def create_user(request: Request, stack: Stack):
    admin = require_admin(request, stack)
    p = _params(await json_body(request))
    if not p["email"] and not p["phone"]:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Cannot create a user without either an email or phone")
    email = validate_email(p["email"]) if p["email"] else None
    phone = normalise_phone(p["phone"]) if p["phone"] else None
    if p["password"] is not None and p["password_hash"]:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Only a password or a password hash should be provided")
    user_id = None
    if p["id"]:
        try:
            user_id = str(uuid.UUID(p["id"]))
        except ValueError as exc:
            raise bad_request(ErrorCode.VALIDATION_FAILED, "ID must conform to the uuid v4 format") from exc
        if user_id == str(uuid.UUID(int=0)):
            raise bad_request(ErrorCode.VALIDATION_FAILED, "ID cannot be a nil uuid")
    ban = _ban_seconds(p["ban_duration"])
    if p["password_hash"]:
        _hash_check(p["password_hash"])
        password_hash = p["password_hash"]
    else:
        password = p["password"] or secrets.token_urlsafe(48)  # GoTrue generates one when absent
        if passwords.too_long(password):
            raise bad_request(ErrorCode.VALIDATION_FAILED, "bcrypt: password length exceeds 72 bytes")
        password_hash = await passwords.hash_password(password)
    providers = (["email"] if email else []) + (["phone"] if phone else [])
    async with stack.db.connection() as conn:
        async with conn.transaction():
            await conn.execute("select pg_advisory_xact_lock(hashtext(%s))", (email or phone,))
            if email and await users.by_email(conn, email):
                raise unprocessable(ErrorCode.EMAIL_EXISTS, EMAIL_TAKEN)
            if phone and await users.by_phone(conn, phone):
                raise unprocessable(ErrorCode.PHONE_EXISTS, PHONE_TAKEN)
            if user_id and await users.by_id(conn, user_id):
                raise unprocessable(ErrorCode.EMAIL_EXISTS, EMAIL_TAKEN)
            user_id = await users.create(
                conn, email=email, phone=phone, password_hash=password_hash,
                user_metadata=p["user_metadata"] or {},
                app_metadata={"provider": providers[0], "providers": providers},
                email_confirm=p["email_confirm"], phone_confirm=p["phone_confirm"],
                role=p["role"] or users.AUDIENCE, user_id=user_id)
            if p["app_metadata"]:
                await users.merge_metadata(conn, user_id, "app", p["app_metadata"])
            if ban is not None:
                await _ban(conn, user_id, ban)
            user = one(await users.by_id(conn, user_id))
            await audit.record(conn, "user_signedup", None, client_ip(request),
                               {"user_id": user_id, "user_email": email or "", "user_phone": phone or "",
                                "provider": providers[0], "admin_role": admin.get("role")})
    return JSONResponse(users.user_json(user))


async def _ban(conn, user_id: str, seconds: int) -> None:
    await conn.execute("update auth.users set banned_until = case when %s > 0 then now() + make_interval(secs => %s)"
                       " end, updated_at = now() where id = %s", (seconds, seconds, user_id))


async def update_user(request: Request, stack: Stack, user_id: str):
    require_admin(request, stack)
    user_id = _user_id(user_id)
    p = _params(await json_body(request))
    email = validate_email(p["email"]) if p["email"] else None
    phone = normalise_phone(p["phone"]) if p["phone"] else None
    ban = _ban_seconds(p["ban_duration"])
    new_hash = None
    if p["password"] is not None:
        check_strength(p["password"], stack.settings.minimum_password_length)
        new_hash = await passwords.hash_password(p["password"])
    async with stack.db.connection() as conn:
        async with conn.transaction():
            user = await users.by_id(conn, user_id, for_update=True)
            if user is None:
                raise _not_found()
            if email and email != (user.get("email") or "").lower():
                if await users.by_email(conn, email):
                    raise unprocessable(ErrorCode.EMAIL_EXISTS, EMAIL_TAKEN)
                await conn.execute("update auth.users set email = %s, updated_at = now() where id = %s",
                                   (email, user_id))
                await users.add_identity_if_missing(conn, user_id, "email", {
                    "sub": user_id, "email": email, "email_verified": p["email_confirm"], "phone_verified": False})
                await users.merge_identity_data(conn, user_id, "email", {"email": email,
                                                                        "email_verified": p["email_confirm"]})
            if phone and phone != (user.get("phone") or ""):
                if await users.by_phone(conn, phone):
                    raise unprocessable(ErrorCode.PHONE_EXISTS, PHONE_TAKEN)
                await conn.execute("update auth.users set phone = %s, updated_at = now() where id = %s",
                                   (phone, user_id))
                await users.add_identity_if_missing(conn, user_id, "phone", {
                    "sub": user_id, "phone": phone, "email_verified": False, "phone_verified": p["phone_confirm"]})
            if p["role"]:
                await conn.execute("update auth.users set role = %s, updated_at = now() where id = %s",
                                   (p["role"], user_id))
            if p["email_confirm"]:
                # GoTrue's User.Confirm: confirmed now, the pending sign-up code spent, email_verified in the
                # user's metadata
                await conn.execute("update auth.users set email_confirmed_at = now(), confirmation_token = '',"
                                   " updated_at = now() where id = %s", (user_id,))
                await users.merge_metadata(conn, user_id, "user", {"email_verified": True})
            if p["phone_confirm"]:
                await conn.execute("update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()),"
                                   " updated_at = now() where id = %s", (user_id,))
            if new_hash:
                await conn.execute("update auth.users set encrypted_password = %s, recovery_token = '',"
                                   " recovery_sent_at = null, updated_at = now() where id = %s", (new_hash, user_id))
                await tokens.logout(conn, user_id, None, "global")  # GoTrue: a new password ends every session
            if p["app_metadata"] is not None:
                await users.merge_metadata(conn, user_id, "app", p["app_metadata"])
            if p["user_metadata"] is not None:
                await users.merge_metadata(conn, user_id, "user", p["user_metadata"])
            if ban is not None:
                await _ban(conn, user_id, ban)
            await audit.record(conn, "user_modified", None, client_ip(request),
                               {"user_id": user_id, "user_email": user.get("email") or ""})
            updated = one(await users.by_id(conn, user_id))
    return JSONResponse(users.user_json(updated))


async def delete_user(request: Request, stack: Stack, user_id: str):
    require_admin(request, stack)
    user_id = _user_id(user_id)
    body = await json_body(request, allow_empty=True)
    soft = field(body, "should_soft_delete", bool, False)
    async with stack.db.connection() as conn:
        async with conn.transaction():
            user = await users.by_id(conn, user_id, for_update=True)
            if user is None:
                raise _not_found()
            await audit.record(conn, "user_deleted", None, client_ip(request),
                               {"user_id": user_id, "user_email": user.get("email") or ""})
            if soft:
                await tokens.logout(conn, user_id, None, "global")
                await conn.execute(
                    """update auth.users set deleted_at = now(), email = null, phone = null,
                              encrypted_password = '', raw_app_meta_data = '{}'::jsonb,
                              raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = %s""", (user_id,))
                await conn.execute("delete from auth.identities where user_id = %s", (user_id,))
            else:
                try:
                    async with conn.transaction():
                        await conn.execute("delete from auth.users where id = %s", (user_id,))
                except psycopg.errors.ForeignKeyViolation as exc:
                    raise AuthError(500, ErrorCode.UNEXPECTED_FAILURE, "Database error deleting user") from exc
    return JSONResponse({})
