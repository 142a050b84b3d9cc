"""POST /signup: self-service accounts, only when the project enables them (confirmations off: a session)."""
from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.auth import audit, passwords, tokens, users
from supastack.auth.context import client_ip, field, json_body, normalise_phone, user_agent, validate_email
from supastack.auth.errors import ErrorCode, bad_request, unprocessable
from supastack.auth.password_policy import check_strength
from supastack.core.stack import Stack


async def signup(request: Request, stack: Stack):
    settings = stack.settings
    if not settings.enable_signup:
        raise unprocessable(ErrorCode.SIGNUP_DISABLED, "Signups not allowed for this instance")
    body = await json_body(request)
    email = field(body, "email", str, "")
    phone = field(body, "phone", str, "")
    password = field(body, "password", str, "")
    data = field(body, "data", dict, {})
    if not email and not phone:
        raise unprocessable(ErrorCode.ANONYMOUS_PROVIDER_DISABLED, "Anonymous sign-ins are disabled")
    if email and phone:
        raise bad_request(ErrorCode.VALIDATION_FAILED,
                          "Only an email address or phone number should be provided on signup.")
    if not password:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Signup requires a valid password")
    check_strength(password, settings.minimum_password_length)
    email = validate_email(email) if email else None
    phone = normalise_phone(phone) if phone else None
    provider = "email" if email else "phone"
    password_hash = await passwords.hash_password(password)
    ip = client_ip(request)
    async with stack.db.connection() as conn:
        async with conn.transaction():
            # Serialise sign-ups of one address so that the duplicate check below holds.
            await conn.execute("select pg_advisory_xact_lock(hashtext(%s))", (email or phone,))
            existing = await (users.by_email(conn, email) if email else users.by_phone(conn, phone))
            if existing:
                raise unprocessable(ErrorCode.USER_ALREADY_EXISTS, "User already registered")
            user_id = await users.create(
                conn, email=email, phone=phone, password_hash=password_hash, user_metadata=data,
                app_metadata={"provider": provider, "providers": [provider]},
                email_confirm=bool(email), phone_confirm=bool(phone))
            await users.merge_metadata(conn, user_id, "user", {
                "sub": user_id, **({"email": email} if email else {"phone": phone}),
                "email_verified": bool(email), "phone_verified": bool(phone)})
            user = await users.by_id(conn, user_id)
            await audit.record(conn, "user_signedup", user, ip, {"provider": provider})
            session = await tokens.issue_session(conn, settings, user_id, "password", user_agent(request), ip or None)
    return JSONResponse(session)
