"""POST /invite and POST /admin/generate_link (service role): GoTrue's invite.go and adminGenerateLink."""
from __future__ import annotations

import secrets

from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.auth import audit, links, options, otp, passwords, users
from supastack.auth.context import client_ip, field, json_body, require_admin, validate_email
from supastack.auth.errors import AuthError, ErrorCode, bad_request, unprocessable
from supastack.auth.password_policy import check_strength
from supastack.core.rows import one
from supastack.core.stack import Stack

DUPLICATE_EMAIL = "A user with this email address has already been registered"
LINK_TYPES = ("signup", "invite", "magiclink", "recovery", "email_change_current", "email_change_new")


async def _new_user(conn, email: str, data: dict, password_hash: str) -> str:
    """GoTrue's signupNewUser and createNewIdentity: user_metadata is the caller's data alone (the identity holds
    sub and email; verification adds email_verified)."""
    return await users.create(conn, email=email, phone=None, password_hash=password_hash, user_metadata=data,
                              app_metadata={"provider": "email", "providers": ["email"]},
                              email_confirm=False, phone_confirm=False)


async def invite(request: Request, stack: Stack):
    """A new unconfirmed user (or the unconfirmed one there is) and an invitation e-mail; the link's
    verification confirms the address and opens a session in which the user sets a password."""
    admin = require_admin(request, stack)
    settings = stack.settings
    body = await json_body(request)
    email = validate_email(field(body, "email", str, ""))
    data = field(body, "data", dict, {})
    redirect = links.redirect_to(settings, request.query_params.get("redirect_to"))
    async with stack.db.connection() as conn:
        async with conn.transaction():
            await conn.execute("select pg_advisory_xact_lock(hashtext(%s))", (email,))
            user = await users.by_email(conn, email)
            if user is not None and (user.get("email_confirmed_at") or user.get("phone_confirmed_at")):
                raise unprocessable(ErrorCode.EMAIL_EXISTS, DUPLICATE_EMAIL)
            user_id = str(user["id"]) if user else await _new_user(conn, email, data, "")
            await audit.record(conn, "user_invited", None, client_ip(request),
                               {"user_id": user_id, "user_email": email, "admin_role": admin.get("role")})
            pending = await links.store(conn, settings, user_id, "invite", email, redirect)
            user = one(await users.by_id(conn, user_id))
    try:
        await links.send_mail(settings, pending)
    except OSError as exc:
        raise AuthError(500, ErrorCode.UNEXPECTED_FAILURE, "Error inviting user") from exc
    return JSONResponse(users.user_json(user))


async def generate_link(request: Request, stack: Stack):
    """The link (and code) an e-mail would carry, without sending it; creates the user for signup/invite
    (and for magiclink, as a signup, when the address is unknown)."""
    require_admin(request, stack)
    settings = stack.settings
    body = await json_body(request)
    kind = field(body, "type", str, "")
    email = validate_email(field(body, "email", str, ""))
    new_email = field(body, "new_email", str, "")
    password = field(body, "password", str, "")
    data = field(body, "data", dict, {})
    redirect = links.redirect_to(settings,
                                 field(body, "redirect_to", str, "") or request.query_params.get("redirect_to"))
    if kind not in LINK_TYPES:
        raise bad_request(ErrorCode.VALIDATION_FAILED, f"Invalid email action link type requested: {kind}")
    if kind == "email_change_current" and not options.secure_email_change(settings):
        raise bad_request(ErrorCode.VALIDATION_FAILED,
                          "Enable secure email change to generate link for current email")
    async with stack.db.connection() as conn:
        async with conn.transaction():
            await conn.execute("select pg_advisory_xact_lock(hashtext(%s))", (email,))
            user = await users.by_email(conn, email)
            if user is None and kind == "magiclink":
                kind, password = "signup", password or secrets.token_urlsafe(48)
            if user is None and kind in ("recovery", "email_change_current", "email_change_new"):
                raise AuthError(404, ErrorCode.USER_NOT_FOUND, "User with this email not found")
            confirmed = bool(user and (user.get("email_confirmed_at") or user.get("phone_confirmed_at")))
            if kind in ("signup", "invite") and confirmed:
                raise unprocessable(ErrorCode.EMAIL_EXISTS, DUPLICATE_EMAIL)
            if user is None:
                if kind == "signup":
                    if not password:
                        raise bad_request(ErrorCode.VALIDATION_FAILED, "Signup requires a valid password")
                    check_strength(password, settings.minimum_password_length)
                password_hash = await passwords.hash_password(password) if password else ""
                user_id = await _new_user(conn, email, data, password_hash)
            else:
                user_id = str(user["id"])
                if kind == "signup" and data:
                    await users.merge_metadata(conn, user_id, "user", data)
            if kind in ("email_change_current", "email_change_new"):
                # GoTrue: the change's new address and sending time, and the code of the one side asked for
                # (the other side's code, if any, stays); the current side's code is tied to the current address
                target = validate_email(new_email)
                if await users.by_email(conn, target):
                    raise unprocessable(ErrorCode.EMAIL_EXISTS, DUPLICATE_EMAIL)
                await conn.execute("update auth.users set email_change = %s, email_change_confirm_status = 0"
                                   " where id = %s", (target, user_id))
                side, to = ("email_change_current", email) if kind == "email_change_current" \
                    else ("email_change", target)
                pending = await links.store(conn, settings, user_id, side, to, redirect, limit=False)
            else:
                action = "user_invited" if kind == "invite" else "user_recovery_requested"
                await audit.record(conn, action, {"id": user_id, "email": email}, client_ip(request))
                pending = await links.store(conn, settings, user_id, kind, email, redirect, limit=False)
            user = one(await users.by_id(conn, user_id))
    link_type = "email_change" if kind.startswith("email_change") else kind
    action_link = otp.verify_link(settings.public_api_url, pending.hashed, link_type, redirect)
    return JSONResponse({**users.user_json(user), "action_link": action_link, "email_otp": pending.code,
                         "hashed_token": pending.hashed, "verification_type": kind, "redirect_to": redirect})
