"""POST /recover: a recovery code and link to the local mail sink (the link is followed at GET /verify)."""
from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.auth import audit, links, users
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
    async with stack.db.connection() as conn:
        async with conn.transaction():
            user = await users.by_email(conn, email)
            if user is None:
                return JSONResponse({})  # unknown e-mails get the same answer
            pending = await links.store(conn, settings, str(user["id"]), "recovery", email, redirect)
            await audit.record(conn, "user_recovery_requested", user, client_ip(request))
    await links.send_mail(settings, pending)
    return JSONResponse({})
