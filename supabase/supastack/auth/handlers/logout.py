"""POST /logout?scope=global|local|others: ends sessions, so their refresh tokens stop working."""
from __future__ import annotations

from fastapi import Request, Response

from supastack.auth import audit, tokens
from supastack.auth.context import client_ip, require_user
from supastack.auth.errors import ErrorCode, bad_request
from supastack.core.stack import Stack

SCOPES = ("global", "local", "others")


async def logout(request: Request, stack: Stack):
    scope = request.query_params.get("scope") or "global"
    if scope not in SCOPES:
        raise bad_request(ErrorCode.VALIDATION_FAILED, f'Unsupported logout scope "{scope}"')
    async with stack.db.connection() as conn:
        caller = await require_user(request, stack, conn)
        async with conn.transaction():
            await audit.record(conn, "logout", caller.user, client_ip(request))
            await tokens.logout(conn, str(caller.user["id"]), caller.session_id, scope)
    return Response(status_code=204)
