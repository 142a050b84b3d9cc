"""POST /recover (recovery e-mail to the local mail sink) and GET/POST /verify (one-time token -> session).

Code attempts are limited per IP and per e-mail (ratelimit), and five wrong codes for an e-mail void
its pending codes (otp_attempts), so a 6-digit code cannot be guessed from many addresses.
"""
from __future__ import annotations

from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import JSONResponse, RedirectResponse

from supastack.auth import audit, mailer, otp, otp_attempts, ratelimit, tokens, users
from supastack.auth.context import client_ip, field, json_body, user_agent, validate_email
from supastack.auth.errors import AuthError, ErrorCode, bad_request, forbidden
from supastack.core.stack import Stack

EXPIRED = "Token has expired or is invalid"
# type -> the auth.users column holding its token hash and the column with its sending time
TOKEN_COLUMNS = {
    "recovery": ("recovery_token", "recovery_sent_at"),
    "magiclink": ("recovery_token", "recovery_sent_at"),
    "email_change": ("email_change_token_new", "email_change_sent_at"),
    "signup": ("confirmation_token", "confirmation_sent_at"),
    "email": ("recovery_token", "recovery_sent_at"),
}


async def recover(request: Request, stack: Stack):
    settings = stack.settings
    body = await json_body(request)
    email = field(body, "email", str, "")
    if not email:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Password recovery requires an email")
    email = validate_email(email)
    redirect = otp.safe_redirect(request.query_params.get("redirect_to"), settings.site_url, settings.api_url)
    async with stack.db.connection() as conn:
        async with conn.transaction():
            user = await users.by_email(conn, email)
            if user is None:
                return JSONResponse({})  # unknown e-mails get the same answer
            cur = await conn.execute(
                "select extract(epoch from now() - recovery_sent_at) from auth.users where id = %s for update",
                (user["id"],))
            (age,) = await cur.fetchone()
            if age is not None and age < otp.EMAIL_SEND_INTERVAL_SECONDS:
                wait = int(otp.EMAIL_SEND_INTERVAL_SECONDS - age)
                raise AuthError(429, ErrorCode.OVER_EMAIL_SEND_RATE_LIMIT,
                                f"For security purposes, you can only request this after {wait} seconds.")
            code = otp.new_code()
            hashed = otp.token_hash(email, code, settings.jwt_secret)
            await conn.execute("update auth.users set recovery_token = %s, recovery_sent_at = now() where id = %s",
                               (hashed, user["id"]))
            await audit.record(conn, "user_recovery_requested", user, client_ip(request))
    mailer.send(settings.data_dir, email, "Redefinição de senha",
                f"Para redefinir sua senha, use o código {code} ou abra o link:",
                otp.verify_link(settings.api_url, hashed, "recovery", redirect))
    return JSONResponse({})


async def _verify(request: Request, stack: Stack, kind: str, hashed: str, email: str | None = None) -> dict:
    """Consume the one-time token and open a session; 403 otp_expired when it is unknown or too old.

    `email` is given for the code form: the attempt then counts against that e-mail too."""
    if kind not in TOKEN_COLUMNS:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Unsupported verification type")
    column, sent_column = TOKEN_COLUMNS[kind]
    ip = client_ip(request)
    async with stack.db.connection() as conn:
        attempt = await ratelimit.reserve(conn, stack.settings, "otp", email, ip)
        spent = bool(email) and await otp_attempts.over_budget(conn, email, attempt)
        async with conn.transaction():
            user = await users.by_token(conn, column, hashed) if hashed and not spent else None
            sent = user.get(sent_column) if user else None
            cur = await conn.execute("select now() - %s::timestamptz < make_interval(secs => %s)",
                                     (sent, otp.OTP_TTL_SECONDS))
            fresh = (await cur.fetchone())[0] if sent else False
            if not fresh:
                user = None
            if user is not None:
                user_id = str(user["id"])
                if column == "email_change_token_new":
                    new_email = user["email_change"]
                    await conn.execute(
                        """update auth.users set email = email_change, email_change = '', email_change_token_new = '',
                                  email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
                                  updated_at = now() where id = %s""", (user_id,))
                    await users.merge_identity_data(conn, user_id, "email", {"email": new_email})
                    if "email" in (user.get("raw_user_meta_data") or {}):
                        await users.merge_metadata(conn, user_id, "user", {"email": new_email})
                else:
                    await conn.execute(
                        f"""update auth.users set {column} = '', {sent_column} = null,
                                   email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
                             where id = %s""", (user_id,))  # column names come from TOKEN_COLUMNS only
                await ratelimit.release(conn, attempt)
                action = "user_modified" if kind == "email_change" else "login"
                await audit.record(conn, action, user, ip, {"provider": "email", "method": "otp"})
                return await tokens.issue_session(conn, stack.settings, user_id, "otp", user_agent(request), ip or None)
        if email:
            await otp_attempts.wrong_code(conn, email, attempt)
        await ratelimit.trim(conn, stack.settings)
    raise forbidden(ErrorCode.OTP_EXPIRED, EXPIRED)


async def verify_post(request: Request, stack: Stack):
    body = await json_body(request)
    kind = field(body, "type", str, "")
    token = field(body, "token", str, "")
    token_hash = field(body, "token_hash", str, "")
    email = field(body, "email", str, "")
    if not kind:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Verify requires a verification type")
    if bool(token) == bool(token_hash):
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Verify requires either a token or a token hash")
    if token:
        if not email:
            raise bad_request(ErrorCode.VALIDATION_FAILED,
                              "Only an email address or phone number should be provided on verify")
        email = validate_email(email)
        token_hash = otp.token_hash(email, token.strip(), stack.settings.jwt_secret)
    return JSONResponse(await _verify(request, stack, kind, token_hash, email if token else None))


async def verify_get(request: Request, stack: Stack):
    """The e-mail link: 303 to redirect_to with the session (or the error) in the URL fragment."""
    settings = stack.settings
    token = request.query_params.get("token", "")
    kind = request.query_params.get("type", "")
    redirect = otp.safe_redirect(request.query_params.get("redirect_to"), settings.site_url, settings.api_url)
    if not kind:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Verify requires a verification type")
    if not token:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Verify requires a token or a token hash")
    try:
        session = await _verify(request, stack, kind, token)
    except AuthError as exc:
        fragment = urlencode({"error": "access_denied" if exc.status == 403 else "server_error",
                              "error_code": str(exc.code),
                              "error_description": "Email link is invalid or has expired"
                              if exc.code == ErrorCode.OTP_EXPIRED else exc.msg})
        return RedirectResponse(f"{redirect}#{fragment}", status_code=303)
    fragment = urlencode({"access_token": session["access_token"], "expires_at": session["expires_at"],
                          "expires_in": session["expires_in"], "refresh_token": session["refresh_token"],
                          "token_type": "bearer", "type": kind, "sb": ""})
    return RedirectResponse(f"{redirect}#{fragment}", status_code=303)
