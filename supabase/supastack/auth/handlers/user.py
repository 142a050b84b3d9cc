"""GET /user and PUT /user: the signed-in user, and its own password, e-mail and metadata changes."""
from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.auth import audit, links, options, otp_attempts, passwords, ratelimit, tokens, users
from supastack.auth.account_notices import notify
from supastack.auth.context import client_ip, field, json_body, require_user, validate_email
from supastack.auth.errors import AuthError, ErrorCode, bad_request, forbidden, unprocessable
from supastack.auth.handlers.passwordless import check_nonce
from supastack.auth.password_policy import check_strength
from supastack.core.rows import one
from supastack.core.stack import Stack


async def get_user(request: Request, stack: Stack):
    async with stack.db.connection() as conn:
        caller = await require_user(request, stack, conn)
    if caller.claims.get("aud") != (caller.user.get("aud") or users.AUDIENCE):
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Token audience doesn't match request audience")
    return JSONResponse(users.user_json(caller.user))


async def update_user(request: Request, stack: Stack):
    settings = stack.settings
    async with stack.db.connection() as conn:
        caller = await require_user(request, stack, conn)
    body = await json_body(request)
    email = field(body, "email", str, "")
    phone = field(body, "phone", str, "")
    password = field(body, "password", str)
    data = field(body, "data", dict)
    app_data = field(body, "app_metadata", dict)
    nonce = field(body, "nonce", str, "")
    if email:
        email = validate_email(email)
    if password is not None:
        check_strength(password, settings.minimum_password_length)
    if app_data is not None:
        raise forbidden(ErrorCode.NOT_ADMIN, "Updating app_metadata requires admin privileges")
    user = caller.user
    user_id = str(user["id"])
    if phone and phone != (user.get("phone") or ""):
        raise unprocessable(ErrorCode.VALIDATION_FAILED, "Phone changes need an SMS provider, and none is configured")
    changing_email = bool(email) and email != (user.get("email") or "").lower()
    if (password or changing_email) and _has_verified_factor(user) and caller.claims.get("aal") != "aal2":
        # GoTrue: with a second factor, a password-only session changes neither (the password would end the
        # owner's aal2 sessions; a new e-mail would let the holder recover the account)
        raise AuthError(401, ErrorCode.INSUFFICIENT_AAL,
                        "AAL2 session is required to update email or password when MFA is enabled.")

    if password:
        await _reauthentication(request, stack, caller, nonce)
    new_hash = None
    if password:
        if user.get("encrypted_password") and await passwords.verify_password(password, user["encrypted_password"]):
            raise unprocessable(ErrorCode.SAME_PASSWORD, "New password should be different from the old password.")
        new_hash = await passwords.hash_password(password)

    mails: list[links.Pending] = []
    async with stack.db.connection() as conn:
        async with conn.transaction():
            if changing_email and await users.by_email(conn, email):
                raise unprocessable(ErrorCode.EMAIL_EXISTS,
                                    "A user with this email address has already been registered")
            if new_hash:
                await conn.execute(
                    """update auth.users set encrypted_password = %s, recovery_token = '', recovery_sent_at = null,
                              confirmation_token = '', email_change_token_new = '', email_change_token_current = '',
                              email_change_sent_at = null, reauthentication_token = '', updated_at = now()
                        where id = %s""", (new_hash, user_id))
                # A new password ends every other session (GoTrue's LogoutAllExceptMe).
                await tokens.logout(conn, user_id, caller.session_id, "others" if caller.session_id else "global")
                await audit.record(conn, "user_updated_password", user, client_ip(request))
            if data is not None:
                await users.merge_metadata(conn, user_id, "user", data)
            if changing_email:
                redirect = links.redirect_to(settings, request.query_params.get("redirect_to"))
                mails = await links.store_email_change(conn, settings, user, email, redirect,
                                                       options.secure_email_change(settings))
            await audit.record(conn, "user_modified", user, client_ip(request))
            updated = one(await users.by_id(conn, user_id))
    for mail in mails:
        await links.send_mail(settings, mail)
    if new_hash:
        await notify(settings, "password_changed", updated)
    return JSONResponse(users.user_json(updated))


def _has_verified_factor(user: dict) -> bool:
    return any(f.get("status") == "verified" for f in user.get("factors") or [])


async def _reauthentication(request: Request, stack: Stack, caller, nonce: str) -> None:
    """A password change with a nonce checks it (guesses count as code attempts); with secure password
    change on, a session older than 24 hours must bring one (GoTrue's reauthentication)."""
    settings, user = stack.settings, caller.user
    async with stack.db.connection() as conn:
        if not nonce:
            if options.secure_password_change(settings):
                session = await tokens.live_session(conn, caller.session_id) if caller.session_id else None
                cur = await conn.execute("select %s::timestamptz > now() - interval '24 hours'",
                                         (session["created_at"] if session else None,))
                if not one(await cur.fetchone())[0]:
                    raise bad_request(ErrorCode.REAUTHENTICATION_NEEDED, "Password update requires reauthentication")
            return
        address = (user.get("email") or user.get("phone") or "").lower()
        attempt = await ratelimit.reserve(conn, settings, "otp", address, client_ip(request))
        if await otp_attempts.over_budget(conn, address, attempt):
            raise unprocessable(ErrorCode.REAUTHENTICATION_NOT_VALID, "Nonce has expired or is invalid")
        try:
            async with conn.transaction():
                await check_nonce(conn, settings, user, nonce)
                await ratelimit.release(conn, attempt)
        except Exception:
            await otp_attempts.wrong_code(conn, address, attempt)
            raise
