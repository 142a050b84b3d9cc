"""POST /otp (e-mail magic link and code, phone code), POST /resend and POST /reauthenticate (GoTrue's
otp.go, magic_link.go, resend.go, reauthenticate.go). Codes go to the mail sink or the SMS sink."""
from __future__ import annotations

import secrets

from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.auth import audit, links, mail_limits, options, otp, passwords, sms, users
from supastack.auth.context import client_ip, field, json_body, normalise_phone, require_user, validate_email
from supastack.auth.errors import ErrorCode, bad_request, unprocessable
from supastack.core.rows import one
from supastack.core.stack import Stack


def _confirmed(user: dict) -> bool:
    return bool(user.get("email_confirmed_at") or user.get("phone_confirmed_at"))


async def _sign_up(conn, stack: Stack, email: str | None, phone: str | None, data: dict) -> dict:
    """GoTrue's Signup from /otp: a user with a random password; confirmed at once only for e-mail with
    confirmations off (then the magic link follows)."""
    if not stack.settings.enable_signup:
        raise unprocessable(ErrorCode.SIGNUP_DISABLED, "Signups not allowed for this instance")
    autoconfirm = bool(email) and not stack.settings.enable_confirmations
    provider = "email" if email else "phone"
    user_id = await users.create(
        conn, email=email, phone=phone, password_hash=await passwords.hash_password(secrets.token_urlsafe(48)),
        user_metadata=data, app_metadata={"provider": provider, "providers": [provider]},
        email_confirm=autoconfirm, phone_confirm=False)
    await users.merge_metadata(conn, user_id, "user", {
        "sub": user_id, **({"email": email} if email else {"phone": phone}), "email_verified": autoconfirm,
        "phone_verified": False})
    return one(await users.by_id(conn, user_id))


async def send_otp(request: Request, stack: Stack):
    settings = stack.settings
    body = await json_body(request)
    email = field(body, "email", str, "")
    phone = field(body, "phone", str, "")
    channel = field(body, "channel", str, "")
    create_user = field(body, "create_user", bool, True)
    data = field(body, "data", dict, {})
    if email and phone:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Only an email address or phone number should be provided")
    if email and channel:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Channel should only be specified with Phone OTP")
    if not email and not phone:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "One of email or phone must be set")
    if phone and not options.sms_enabled(settings):
        raise bad_request(ErrorCode.PHONE_PROVIDER_DISABLED, "Unsupported phone provider")
    if phone and channel not in ("", "sms"):
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Invalid channel, whatsapp is not supported by this "
                                                       "instance" if channel == "whatsapp" else "Invalid channel")
    address = validate_email(email) if email else normalise_phone(phone)
    redirect = links.redirect_to(settings, request.query_params.get("redirect_to"))
    message_id = ""
    ip = client_ip(request)
    by_sms = not email
    async with stack.db.connection() as conn:
        async with conn.transaction():
            await conn.execute("select pg_advisory_xact_lock(hashtext(%s))", (address,))
            await mail_limits.check_ip(conn, settings, ip, sms=by_sms)
            user = await (users.by_email(conn, address) if email else users.by_phone(conn, address))
            if user is None and create_user and settings.enable_signup:
                user = await _sign_up(conn, stack, address if email else None, None if email else address, data)
            if user is None or users.banned(user):
                # No account (and none to be made), or a banned one: the answer of a sent message, limits
                # included, so that it does not tell who has an account; nothing is sent.
                await mail_limits.silent(conn, settings, "recovery", address, ip, sms=by_sms)
                return JSONResponse({} if email else {"message_id": ""})
            user_id = str(user["id"])
            if email:
                kind = "magiclink" if _confirmed(user) else "signup"
                pending = await links.store(conn, settings, user_id, kind, address, redirect)
                await audit.record(conn, "user_recovery_requested", user, ip)
            else:
                pending = await links.store(conn, settings, user_id, "sms", address, redirect)
                message_id = await sms.send(conn, address, links.sms_text(settings, pending.code))
            await mail_limits.record(conn, "recovery", address, ip, sms=by_sms)
    if email:
        await links.send_mail(settings, pending)
        return JSONResponse({})
    return JSONResponse({"message_id": message_id})


async def resend(request: Request, stack: Stack):
    settings = stack.settings
    body = await json_body(request)
    kind = field(body, "type", str, "")
    email = field(body, "email", str, "")
    phone = field(body, "phone", str, "")
    if kind not in ("signup", "email_change", "sms", "phone_change"):
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Missing one of these types: signup, email_change, sms, "
                                                       "phone_change")
    if not email and kind == "signup":
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Type provided requires an email address")
    if not phone and kind == "sms":
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Type provided requires a phone number")
    if email and phone:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Only an email address or phone number should be provided.")
    if not email and not phone:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Missing email address or phone number")
    if phone and not options.sms_enabled(settings):
        raise bad_request(ErrorCode.PHONE_PROVIDER_DISABLED, "Phone logins are disabled")
    address = validate_email(email) if email else normalise_phone(phone)
    redirect = links.redirect_to(settings, request.query_params.get("redirect_to"))
    pending, message_id = None, ""
    mails: list[links.Pending] = []
    ip = client_ip(request)
    by_sms = not email
    async with stack.db.connection() as conn:
        async with conn.transaction():
            await conn.execute("select pg_advisory_xact_lock(hashtext(%s))", (address,))
            await mail_limits.check_ip(conn, settings, ip, sms=by_sms)
            user = await (users.by_email(conn, address) if email else users.by_phone(conn, address))
            if user is not None and not users.banned(user):
                user_id = str(user["id"])
                if kind == "signup" and not user.get("email_confirmed_at"):
                    pending = await links.store(conn, settings, user_id, "signup", address, redirect)
                elif kind == "email_change" and user.get("email_change"):
                    # GoTrue's sendEmailChange again: new codes for both addresses (secure e-mail change)
                    mails = await links.store_email_change(conn, settings, user, user["email_change"], redirect,
                                                           options.secure_email_change(settings))
                    pending = mails[-1]
                elif kind == "sms" and not user.get("phone_confirmed_at"):
                    pending = await links.store(conn, settings, user_id, "sms", address, redirect)
                elif kind == "phone_change" and user.get("phone_change"):
                    pending = await links.store(conn, settings, user_id, "phone_change", user["phone_change"],
                                                redirect)
            if pending is None:
                # nothing to send (no account, banned, nothing pending): GoTrue's {} every time. The per-address
                # minute counts from the last message sent (GoTrue's max_frequency), so none applies here; the
                # request still counts against the IP's hourly budget
                await mail_limits.record(conn, kind, address, ip, sms=by_sms)
                return JSONResponse({})
            await mail_limits.record(conn, kind, address, ip, sms=by_sms)
            if kind in ("sms", "phone_change"):
                message_id = await sms.send(conn, pending.to, links.sms_text(settings, pending.code))
    for mail in mails or ([pending] if pending and kind == "signup" else []):
        await links.send_mail(settings, mail)
    return JSONResponse({"message_id": message_id} if message_id else {})


async def reauthenticate(request: Request, stack: Stack):
    """A nonce (code) for a sensitive change, such as the password, to the user's e-mail (or phone)."""
    settings = stack.settings
    message_id = ""
    async with stack.db.connection() as conn:
        caller = await require_user(request, stack, conn)
        user = caller.user
        email, phone = user.get("email") or "", user.get("phone") or ""
        if not email and not phone:
            raise bad_request(ErrorCode.VALIDATION_FAILED,
                              "Reauthentication requires the user to have an email or a phone number")
        if email and not _confirmed(user):
            raise unprocessable(ErrorCode.EMAIL_NOT_CONFIRMED, "Please verify your email first.")
        if not email and not user.get("phone_confirmed_at"):
            raise unprocessable(ErrorCode.PHONE_NOT_CONFIRMED, "Please verify your phone first.")
        async with conn.transaction():
            await audit.record(conn, "user_reauthenticate", user, client_ip(request))
            pending = await links.store(conn, settings, str(user["id"]), "reauthentication", email or phone, "")
            if not email:
                message_id = await sms.send(conn, phone, links.sms_text(settings, pending.code))
    if email:
        await links.send_mail(settings, pending)
    return JSONResponse({"message_id": message_id} if message_id else {})


async def check_nonce(conn, settings, user: dict, nonce: str) -> None:
    """PUT /user's nonce: the reauthentication code sent last, within the code lifetime; consumed here."""
    invalid = unprocessable(ErrorCode.REAUTHENTICATION_NOT_VALID, "Nonce has expired or is invalid")
    if not user.get("reauthentication_token") or not user.get("reauthentication_sent_at"):
        raise invalid
    hashed = otp.token_hash(user.get("email") or user.get("phone") or "", nonce.strip(), settings.jwt_secret)
    cur = await conn.execute(
        """update auth.users set reauthentication_token = '', reauthentication_sent_at = null
            where id = %s and reauthentication_token = %s
              and reauthentication_sent_at > now() - make_interval(secs => %s) returning id""",
        (str(user["id"]), hashed, otp.OTP_TTL_SECONDS))
    if await cur.fetchone() is None:
        raise invalid
