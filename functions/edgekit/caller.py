"""Who is calling: the user behind the bearer token (asked to the auth API) and their roles."""
from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from postgrest.exceptions import APIError
from supabase_auth.errors import AuthError

from edgekit.clients import user_client
from edgekit.constant_time import same_secret
from edgekit.env import FunctionEnv
from edgekit.responses import FunctionError
from supabase import AsyncClient

STAFF_ROLES = frozenset({"administrator", "legal_assistant", "commercial", "secretary"})


@dataclass(frozen=True)
class Caller:
    user_id: str
    email: str
    access_token: str
    roles: frozenset[str]

    @property
    def is_staff(self) -> bool:
        return bool(self.roles & STAFF_ROLES)

    @property
    def is_administrator(self) -> bool:
        return "administrator" in self.roles


def bearer_of(request: Request) -> str | None:
    header = request.headers.get("authorization") or ""
    if header[:7].lower() != "bearer ":
        return None
    return header[7:].strip() or None


def is_service_call(request: Request, env: FunctionEnv) -> bool:
    """The project's own scheduled jobs call with the service role key (never a browser: it never holds it)."""
    token = bearer_of(request)
    return bool(token) and bool(env.service_role_key) and same_secret(token, env.service_role_key)


async def identify(request: Request, env: FunctionEnv, message: str = "Authentication required",
                   field: str = "error") -> Caller:
    """The signed-in caller, or FunctionError 401 (no token, the anon key, or a token auth refuses)."""
    token = bearer_of(request)
    if not token or same_secret(token, env.anon_key) or same_secret(token, env.service_role_key):
        raise FunctionError(401, message, field)
    client = user_client(env, token)
    try:
        answer = await client.auth.get_user(token)
    except AuthError as exc:
        raise FunctionError(401, message, field) from exc
    user = answer.user if answer else None
    if not user:
        raise FunctionError(401, message, field)
    rows = (await client.table("user_roles").select("role").eq("user_id", user.id).execute()).data
    roles = frozenset(row["role"] for row in rows)
    if roles & STAFF_ROLES and not await staff_session_allowed(client):
        roles -= STAFF_ROLES   # the office requires a second factor of its staff and this session has not passed it
    return Caller(user_id=user.id, email=(user.email or "").lower(), access_token=token, roles=roles)


async def staff_session_allowed(client: AsyncClient) -> bool:
    """The database's answer (public.staff_session_allowed()): a staff session below aal2 while the office requires
    the second factor gets no staff rights here either, as the row-level policies give it no staff data. A database
    without the function has no such requirement."""
    try:
        answer = await client.rpc("staff_session_allowed", {}).execute()
    except APIError as exc:
        if exc.code == "PGRST202":
            return True
        raise
    return answer.data is True
