"""POST /signup with neither e-mail nor phone: an anonymous user and its session (signInAnonymously)."""
from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.auth import audit, ratelimit, tokens, users
from supastack.auth.context import client_ip, field, user_agent
from supastack.auth.errors import ErrorCode, unprocessable
from supastack.core.stack import Stack

ONE_HOUR = 3600  # GoTrue's anonymous sign-in limit is per IP address and hour


async def sign_in_anonymously(request: Request, stack: Stack, body: dict) -> JSONResponse:
    """GoTrue's order: the provider switch, then the per-IP limit, then the sign-up switch."""
    settings = stack.settings
    if not settings.enable_anonymous_sign_ins:
        raise unprocessable(ErrorCode.ANONYMOUS_PROVIDER_DISABLED, "Anonymous sign-ins are disabled")
    data = field(body, "data", dict, {})
    ip = client_ip(request)
    async with stack.db.connection() as conn:
        await ratelimit.take(conn, "anonymous", ip, settings.anonymous_users_per_hour, ONE_HOUR)
        if not settings.enable_signup:
            raise unprocessable(ErrorCode.SIGNUP_DISABLED, "Signups not allowed for this instance")
        async with conn.transaction():
            # No e-mail, phone, password or identity; app_metadata stays empty (no provider), as in GoTrue.
            user_id = await users.create(conn, email=None, phone=None, password_hash="", user_metadata=data,
                                         app_metadata={}, email_confirm=False, phone_confirm=False,
                                         is_anonymous=True)
            await audit.record(conn, "user_signedup", await users.by_id(conn, user_id), ip,
                               {"provider": "anonymous"})
            session = await tokens.issue_session(conn, settings, user_id, "anonymous", user_agent(request),
                                                 ip or None)
    return JSONResponse(session)
