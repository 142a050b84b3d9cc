"""POST /recover: a recovery code and link by e-mail (the link is followed at GET /verify). Unknown and banned
addresses get the same answer, limits included, and no mail."""
from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.auth import audit, links, mail_limits, users
from supastack.auth.context import client_ip, field, json_body, validate_email
from supastack.auth.errors import ErrorCode, bad_request
from supastack.core.stack import Stack


async def recover(request: Request, stack: Stack):
    settings = stack.settings
    body = await json_body(request)
    email = field(body, "email", str, "")
    if not email:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Password recovery requires an email")
    email = validate_email(email)
    redirect = links.redirect_to(settings, request.query_params.get("redirect_to"))
    ip = client_ip(request)
    async with stack.db.connection() as conn:
        async with conn.transaction():
            await conn.execute("select pg_advisory_xact_lock(hashtext(%s))", (email,))
            await mail_limits.check_ip(conn, settings, ip)
            user = await users.by_email(conn, email)
            if user is None or users.banned(user):
                await mail_limits.silent(conn, settings, "recovery", email, ip)
                return JSONResponse({})  # unknown e-mails get the same answer
            pending = await links.store(conn, settings, str(user["id"]), "recovery", email, redirect)
            await mail_limits.record(conn, "recovery", email, ip)
            await audit.record(conn, "user_recovery_requested", user, ip)
    await links.send_mail(settings, pending)
    return JSONResponse({})
