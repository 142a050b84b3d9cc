"""auth.audit_log_entries rows in GoTrue's payload format (actor, action, log_type, traits)."""
from __future__ import annotations

import json
import uuid

from supastack.auth.users import INSTANCE_ID

LOG_TYPES = {"login": "account", "logout": "account", "user_signedup": "team", "user_deleted": "team",
             "user_modified": "user", "user_updated_password": "user", "user_recovery_requested": "user",
             "token_refreshed": "token", "token_revoked": "token", "user_invited": "team"}


async def record(conn, action: str, actor: dict | None, ip: str | None, traits: dict | None = None) -> None:
    """One audit entry; `actor` is a user row (or {"id": ..., "email": ...}), None for the service role."""
    payload = {
        "actor_id": str(actor["id"]) if actor else "00000000-0000-0000-0000-000000000000",
        "actor_username": (actor.get("email") or actor.get("phone") or "") if actor else "service_role",
        "actor_via_sso": False,
        "action": action,
        "log_type": LOG_TYPES.get(action, "account"),
    }
    if traits:
        payload["traits"] = traits
    await conn.execute(
        "insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)"
        " values (%s, %s, %s::json, now(), %s)",
        (INSTANCE_ID, str(uuid.uuid4()), json.dumps(payload, default=str), (ip or "")[:64]))
