"""GET and POST /verify: a one-time token (a link's hash, or a code with its e-mail or phone) -> a session.

Types as GoTrue: signup and invite (confirmation token), recovery and magiclink (recovery token), email
(either of those), email_change; sms and phone_change with a phone. Code attempts are limited per IP and per
address (ratelimit, otp_attempts), so a 6-digit code cannot be guessed from many places.
"""
from __future__ import annotations

from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import JSONResponse, RedirectResponse

from supastack.auth import audit, links, options, otp, otp_attempts, ratelimit, tokens, users
from supastack.auth.account_notices import notify
from supastack.auth.context import client_ip, field, json_body, normalise_phone, user_agent, validate_email
from supastack.auth.errors import AuthError, ErrorCode, bad_request, forbidden
from supastack.core.stack import Stack

CODE_EXPIRED = "Token has expired or is invalid"
# GoTrue's answer to the first of the two confirmations of a secure e-mail change
SINGLE_CONFIRMATION = "Confirmation link accepted. Please proceed to confirm link sent to the other email"
LINK_EXPIRED = "Email link is invalid or has expired"
# token kind -> (auth.users column of its hash, column of its sending time)
COLUMNS = {
    "confirmation": ("confirmation_token", "confirmation_sent_at"),
    "recovery": ("recovery_token", "recovery_sent_at"),
    "email_change": ("email_change_token_new", "email_change_sent_at"),
    "email_change_current": ("email_change_token_current", "email_change_sent_at"),
    "phone_change": ("phone_change_token", "phone_change_sent_at"),
}
# verification type -> the token kinds it may match, in GoTrue's order
EMAIL_TYPES = {"signup": ("confirmation",), "invite": ("confirmation",), "recovery": ("recovery",),
               "magiclink": ("recovery",), "email": ("confirmation", "recovery"),
               "email_change": ("email_change", "email_change_current")}
PHONE_TYPES = {"sms": ("confirmation",), "phone_change": ("phone_change",)}


async def _find(conn, kinds: tuple[str, ...], hashed: str) -> tuple[dict, str] | None:
    """The user holding a fresh token `hashed` of one of `kinds`, and that kind."""
    for kind in kinds:
        column, sent_column = COLUMNS[kind]
        user = await users.by_token(conn, column, hashed)
        if user is None:
            continue
        cur = await conn.execute("select now() - %s::timestamptz < make_interval(secs => %s)",
                                 (user.get(sent_column), otp.OTP_TTL_SECONDS))
        fresh = (await cur.fetchone())[0] if user.get(sent_column) else False
        return (user, kind) if fresh else None
    return None


async def _first_of_two(conn, settings, user: dict, kind: str) -> bool:
    """GoTrue's emailChangeVerify with secure e-mail change and confirmations on: the first of the two codes
    (current or new address) only marks the change half confirmed and spends that code; the other one makes
    it. True when this was that first one (caller's transaction)."""
    if kind not in ("email_change", "email_change_current") or not settings.enable_confirmations \
            or not options.secure_email_change(settings) or not user.get("email") \
            or user.get("email_change_confirm_status"):
        return False
    column = COLUMNS[kind][0]
    await conn.execute(  # column names come from COLUMNS only
        f"update auth.users set email_change_confirm_status = 1, {column} = '' where id = %s", (str(user["id"]),))
    return True


async def _confirm(conn, user: dict, kind: str, by_phone: bool) -> bool:
    """Consume the token and apply what it proves (caller's transaction). As GoTrue, the sending time stays:
    another code to the same address waits out the minute (max_frequency) even after this one was used.
    True when a new identity (a phone's) was linked to the user."""
    user_id = str(user["id"])
    if kind in ("email_change", "email_change_current"):
        new_email = user["email_change"]
        await conn.execute(
            """update auth.users set email = email_change, email_change = '', email_change_token_new = '',
                      email_change_token_current = '', email_change_confirm_status = 0,
                      email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
                where id = %s""", (user_id,))
        await users.merge_identity_data(conn, user_id, "email", {"email": new_email})
        if "email" in (user.get("raw_user_meta_data") or {}):
            await users.merge_metadata(conn, user_id, "user", {"email": new_email})
    elif kind == "phone_change":
        new_phone = user["phone_change"]
        await conn.execute(
            """update auth.users set phone = phone_change, phone_change = '', phone_change_token = '',
                      phone_confirmed_at = now(), updated_at = now()
                where id = %s""", (user_id,))
        return await users.add_identity_if_missing(conn, user_id, "phone", {
            "sub": user_id, "phone": new_phone, "email_verified": False, "phone_verified": True})
    else:
        column = COLUMNS[kind][0]
        confirmed = "phone_confirmed_at" if by_phone else "email_confirmed_at"
        await conn.execute(  # column names come from COLUMNS only
            f"""update auth.users set {column} = '',
                       {confirmed} = coalesce({confirmed}, now()), updated_at = now() where id = %s""", (user_id,))
        verified = "phone_verified" if by_phone else "email_verified"
        await users.merge_identity_data(conn, user_id, "phone" if by_phone else "email", {verified: True})
        if verified in (user.get("raw_user_meta_data") or {}):
            await users.merge_metadata(conn, user_id, "user", {verified: True})
    return False


async def _notify(settings, user: dict, kind: str, linked: bool) -> None:
    """GoTrue's notices of a confirmed change (`user` as it was before): to the old address for an e-mail."""
    if kind in ("email_change", "email_change_current") and user.get("email") and user["email"] != user["email_change"]:
        await notify(settings, "email_changed", {**user, "email": user["email_change"]}, to=user["email"],
                     OldEmail=user["email"])
    if kind == "phone_change" and (user.get("phone") or "") != user["phone_change"]:
        await notify(settings, "phone_changed", user, Phone=user["phone_change"], OldPhone=user.get("phone") or "")
    if linked:
        await notify(settings, "identity_linked", user, Provider="phone")


async def consume(request: Request, stack: Stack, kind: str, hashed: str, address: str | None = None,
                  by_phone: bool = False) -> dict | None:
    """Consume the one-time token and open a session; 403 otp_expired when it is unknown or too old; None for
    the first of a secure e-mail change's two confirmations (no session: the other address must confirm).

    `address` (e-mail or phone) is given for the code form: the attempt then counts against it too."""
    kinds = (PHONE_TYPES if by_phone else EMAIL_TYPES).get(kind)
    if kinds is None:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Unsupported verification type")
    ip = client_ip(request)
    session: dict | None = None
    async with stack.db.connection() as conn:
        attempt = await ratelimit.reserve(conn, stack.settings, "otp", address, ip)
        spent = await otp_attempts.over_budget(conn, address, attempt) if address else False
        async with conn.transaction():
            held = await _find(conn, kinds, hashed) if hashed and not spent else None
            if held is not None:
                user, found = held
                if users.banned(user):   # a banned user gets no session from a link or code either
                    raise forbidden(ErrorCode.USER_BANNED, "User is banned")
                if await _first_of_two(conn, stack.settings, user, found):
                    await ratelimit.release(conn, attempt)
                    return None
                linked = await _confirm(conn, user, found, by_phone)
                await ratelimit.release(conn, attempt)
                action = {"email_change": "user_modified", "email_change_current": "user_modified",
                          "phone_change": "user_modified",
                          "confirmation": "user_signedup" if kind in ("signup", "sms") else "login"}.get(found, "login")
                if kind == "invite":
                    action = "user_invited"
                await audit.record(conn, action, user, ip, {"provider": "phone" if by_phone else "email",
                                                            "method": "otp"})
                session = await tokens.issue_session(conn, stack.settings, str(user["id"]), "otp",
                                                     user_agent(request), ip or None)
        if session is None:
            if address:
                await otp_attempts.wrong_code(conn, address, attempt)
            await ratelimit.trim(conn, stack.settings)
    if session is None:
        raise forbidden(ErrorCode.OTP_EXPIRED, CODE_EXPIRED if address else LINK_EXPIRED)
    await _notify(stack.settings, user, found, linked)   # once committed, without holding a connection
    return session


async def verify_post(request: Request, stack: Stack):
    body = await json_body(request)
    kind = field(body, "type", str, "")
    token = field(body, "token", str, "")
    token_hash = field(body, "token_hash", str, "")
    email = field(body, "email", str, "")
    phone = field(body, "phone", str, "")
    if not kind:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Verify requires a verification type")
    if bool(token) == bool(token_hash):
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Verify requires either a token or a token hash")
    if token_hash:
        if email or phone:
            raise bad_request(ErrorCode.VALIDATION_FAILED, "Only the token_hash and type should be provided")
        return _verified(await consume(request, stack, kind, token_hash))
    if bool(email) == bool(phone):
        raise bad_request(ErrorCode.VALIDATION_FAILED,
                          "Only an email address or phone number should be provided on verify")
    if kind in PHONE_TYPES and not phone:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Only an email address or phone number should be provided "
                                                       "on verify")
    address = normalise_phone(phone) if phone else validate_email(email)
    hashed = otp.token_hash(address, token.strip(), stack.settings.jwt_secret)
    return _verified(await consume(request, stack, kind, hashed, address, by_phone=bool(phone)))


def _verified(session: dict | None) -> JSONResponse:
    if session is None:
        return JSONResponse({"msg": SINGLE_CONFIRMATION, "code": "200"})
    return JSONResponse(session)


async def verify_get(request: Request, stack: Stack):
    """The e-mail link: 303 to redirect_to with the session (or the error) in the URL fragment."""
    settings = stack.settings
    token = request.query_params.get("token", "")
    kind = request.query_params.get("type", "")
    redirect = links.redirect_to(settings, request.query_params.get("redirect_to"))
    if not kind:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Verify requires a verification type")
    if not token:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Verify requires a token or a token hash")
    try:
        session = await consume(request, stack, kind, token)
    except AuthError as exc:
        fragment = urlencode({"error": "access_denied" if exc.status == 403 else "server_error",
                              "error_code": str(exc.code), "error_description": exc.msg})
        return RedirectResponse(f"{redirect}#{fragment}", status_code=303)
    if session is None:
        return RedirectResponse(f"{redirect}#{urlencode({'message': SINGLE_CONFIRMATION, 'sb': ''})}",
                                status_code=303)
    fragment = urlencode({"access_token": session["access_token"], "expires_at": session["expires_at"],
                          "expires_in": session["expires_in"], "refresh_token": session["refresh_token"],
                          "token_type": "bearer", "type": kind, "sb": ""})
    return RedirectResponse(f"{redirect}#{fragment}", status_code=303)
