"""POST /token: the password grant (rate limited, audited) and the refresh_token grant (rotation)."""
from __future__ import annotations

import time

from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.auth import audit, passwords, ratelimit, tokens, users
from supastack.auth.context import client_ip, field, json_body, normalise_phone, user_agent
from supastack.auth.errors import AuthError, ErrorCode, bad_request
from supastack.core.stack import Stack

INVALID_LOGIN = "Invalid login credentials"


async def token(request: Request, stack: Stack):
    grant_type = request.query_params.get("grant_type", "")
    if grant_type == "password":
        return await password_grant(request, stack)
    if grant_type == "refresh_token":
        return await refresh_token_grant(request, stack)
    raise bad_request(ErrorCode.INVALID_CREDENTIALS, "unsupported_grant_type")


async def password_grant(request: Request, stack: Stack):
    settings = stack.settings
    body = await json_body(request)
    email = field(body, "email", str, "").strip()
    phone = field(body, "phone", str, "").strip()
    password = field(body, "password", str, "")
    if email and phone:
        raise bad_request(ErrorCode.VALIDATION_FAILED,
                          "Only an email address or phone number should be provided on login.")
    if not email and not phone:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "missing email or phone")
    if not password:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "missing password")
    ip = client_ip(request)
    login = email.lower() if email else phone

    async with stack.db.connection() as conn:
        attempt = await ratelimit.reserve(conn, settings, "password", login, ip)
        if email:
            user = await users.by_email(conn, email)
        else:
            try:
                user = await users.by_phone(conn, normalise_phone(phone))
            except AuthError:
                user = None
    # Unknown e-mail or no password: still one bcrypt run, so timing does not reveal accounts.
    valid = await passwords.verify_password(password, user.get("encrypted_password") if user else None)
    async with stack.db.connection() as conn:
        if not valid or user is None:          # no user: verify_password ran on no hash and said no
            await ratelimit.trim(conn, settings)
            raise bad_request(ErrorCode.INVALID_CREDENTIALS, INVALID_LOGIN)
        await ratelimit.release(conn, attempt)
        if user.get("banned_until") and user["banned_until"].timestamp() > time.time():
            raise bad_request(ErrorCode.USER_BANNED, "User is banned")
        if email and not user.get("email_confirmed_at"):
            raise bad_request(ErrorCode.EMAIL_NOT_CONFIRMED, "Email not confirmed")
        if phone and not user.get("phone_confirmed_at"):
            raise bad_request(ErrorCode.PHONE_NOT_CONFIRMED, "Phone not confirmed")
        async with conn.transaction():
            provider = "email" if email else "phone"
            await audit.record(conn, "login", user, ip, {"provider": provider})
            session = await tokens.issue_session(conn, settings, str(user["id"]),
                                                 "password", user_agent(request), ip or None)
    if len(password) < settings.minimum_password_length:
        session["weak_password"] = {"message": f"Password should be at least "
                                               f"{settings.minimum_password_length} characters.",
                                    "reasons": ["length"]}
    return JSONResponse(session)


async def refresh_token_grant(request: Request, stack: Stack):
    body = await json_body(request)
    refresh_token = field(body, "refresh_token", str, "")
    async with stack.db.connection() as conn:
        try:
            async with conn.transaction():
                session, user = await tokens.refresh(conn, stack.settings, refresh_token)
                await audit.record(conn, "token_refreshed", user, client_ip(request))
        except tokens.RevokedSession:
            # The transaction above was rolled back by the exception; end the session for good.
            async with conn.transaction():
                await _revoke_replayed(conn, refresh_token)
            raise
    return JSONResponse(session)


async def _revoke_replayed(conn, refresh_token: str) -> None:
    cur = await conn.execute("select session_id, user_id from auth.refresh_tokens where token = %s",
                             (refresh_token,))
    row = await cur.fetchone()
    if row:
        await tokens.revoke_session(conn, row[0])
        await audit.record(conn, "token_revoked", {"id": row[1], "email": ""}, None)
