"""POST /signup: self-service accounts when the project allows them; a session, or with e-mail confirmations
on, the user and a confirmation e-mail. Without e-mail or phone it is an anonymous sign-in."""
from __future__ import annotations

import uuid
from datetime import UTC, datetime

from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.auth import audit, links, mail_limits, otp, passwords, tokens, users
from supastack.auth.context import client_ip, field, json_body, normalise_phone, user_agent, validate_email
from supastack.auth.errors import AuthError, ErrorCode, bad_request, unprocessable
from supastack.auth.handlers.anonymous import sign_in_anonymously
from supastack.auth.password_policy import check_strength
from supastack.core.rows import one
from supastack.core.stack import Stack


async def signup(request: Request, stack: Stack):
    settings = stack.settings
    body = await json_body(request)
    email = field(body, "email", str, "")
    phone = field(body, "phone", str, "")
    if not email and not phone:
        # GoTrue sends these to the anonymous provider before looking at anything else.
        return await sign_in_anonymously(request, stack, body)
    if not settings.enable_signup:
        raise unprocessable(ErrorCode.SIGNUP_DISABLED, "Signups not allowed for this instance")
    password = field(body, "password", str, "")
    data = field(body, "data", dict, {})
    if email and phone:
        raise bad_request(ErrorCode.VALIDATION_FAILED,
                          "Only an email address or phone number should be provided on signup.")
    if not password:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Signup requires a valid password")
    check_strength(password, settings.minimum_password_length)
    email = validate_email(email) if email else None
    phone = normalise_phone(phone) if phone else None
    provider = "email" if email else "phone"
    confirm_by_mail = bool(email) and settings.enable_confirmations
    mail_to = email if confirm_by_mail else None   # the address a confirmation goes to
    password_hash = await passwords.hash_password(password)
    ip = client_ip(request)
    code = otp.new_code() if confirm_by_mail else ""
    async with stack.db.connection() as conn:
        async with conn.transaction():
            # Serialise sign-ups of one address so that the duplicate check below holds.
            await conn.execute("select pg_advisory_xact_lock(hashtext(%s))", (email or phone,))
            if mail_to is not None:   # a confirmation e-mail: within the IP's budget, whether the address is new
                await mail_limits.check_ip(conn, settings, ip)
                await mail_limits.record(conn, "confirmation", mail_to, ip)
            existing = (await users.by_email(conn, email) if email
                        else await users.by_phone(conn, phone) if phone else None)
            if existing and mail_to is not None:
                # GoTrue answers as if signing up, so that the answer does not tell who has an account.
                return JSONResponse(_stand_in_user(mail_to, data))
            if existing:
                raise unprocessable(ErrorCode.USER_ALREADY_EXISTS, "User already registered")
            user_id = await users.create(
                conn, email=email, phone=phone, password_hash=password_hash, user_metadata=data,
                app_metadata={"provider": provider, "providers": [provider]},
                email_confirm=bool(email) and not confirm_by_mail, phone_confirm=bool(phone))
            await users.merge_metadata(conn, user_id, "user", {
                "sub": user_id, **({"email": email} if email else {"phone": phone}),
                "email_verified": bool(email) and not confirm_by_mail, "phone_verified": bool(phone)})
            user = one(await users.by_id(conn, user_id))
            await audit.record(conn, "user_signedup", user, ip, {"provider": provider})
            if mail_to is None:
                session = await tokens.issue_session(conn, settings, user_id, "password", user_agent(request),
                                                     ip or None)
                return JSONResponse(session)
            hashed = otp.token_hash(mail_to, code, settings.jwt_secret)
            await conn.execute("update auth.users set confirmation_token = %s, confirmation_sent_at = now()"
                               " where id = %s", (hashed, user_id))
            user = one(await users.by_id(conn, user_id))
    redirect = links.redirect_to(settings, request.query_params.get("redirect_to"))
    try:
        await links.send_mail(settings, links.Pending(
            "signup", mail_to, code, hashed, otp.verify_link(settings.public_api_url, hashed, "signup", redirect),
            redirect, mail_to, user.get("raw_user_meta_data") or data))
    except OSError as exc:
        raise AuthError(500, ErrorCode.UNEXPECTED_FAILURE, "Error sending confirmation email") from exc
    return JSONResponse(users.user_json(user))


def _stand_in_user(email: str, data: dict) -> dict:
    """GoTrue's sanitizeUser: a made-up unconfirmed user with no identities, for an address already taken."""
    now = users.iso(datetime.now(UTC))
    return users.user_json({
        "id": str(uuid.uuid4()), "aud": users.AUDIENCE, "role": users.AUDIENCE, "email": email,
        "confirmation_sent_at": now, "raw_app_meta_data": {"provider": "email", "providers": ["email"]},
        "raw_user_meta_data": data, "identities": [], "created_at": now, "updated_at": now})
