"""auth.users reads and writes, and the User JSON GoTrue sends (models.User / models.Identity)."""
from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime

import psycopg
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

INSTANCE_ID = "00000000-0000-0000-0000-000000000000"
AUDIENCE = "authenticated"

_SELECT = """
select u.*,
       coalesce((select json_agg(i order by i.created_at) from auth.identities i where i.user_id = u.id),
                '[]'::json) as identities,
       (select json_agg(f order by f.created_at)
          from (select id, friendly_name, factor_type, status, created_at, updated_at, last_challenged_at, phone
                  from auth.mfa_factors where user_id = u.id) f) as factors
  from auth.users u
"""


def iso(value: datetime | None) -> str | None:
    """GoTrue's timestamp format: UTC with microseconds and a Z."""
    if value is None:
        return None
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _identity_json(row: dict) -> dict:
    out = {
        "identity_id": str(row["id"]),
        "id": row["provider_id"],
        "user_id": str(row["user_id"]),
        "identity_data": row.get("identity_data") or {},
        "provider": row["provider"],
        "last_sign_in_at": iso(row.get("last_sign_in_at")),
        "created_at": iso(row.get("created_at")),
        "updated_at": iso(row.get("updated_at")),
        "email": row.get("email"),
    }
    return {k: v for k, v in out.items() if v is not None or k in ("identity_data",)}


def _factor_json(row: dict) -> dict:
    """GoTrue's Factor: friendly_name omitted when empty; phone "" and last_challenged_at null are written."""
    out = {"id": str(row["id"]), "friendly_name": row.get("friendly_name") or None,
           "factor_type": row["factor_type"], "status": row["status"], "created_at": iso(row.get("created_at")),
           "updated_at": iso(row.get("updated_at"))}
    out = {k: v for k, v in out.items() if v is not None}
    return {**out, "phone": row.get("phone") or "", "last_challenged_at": iso(row.get("last_challenged_at"))}


def user_json(row: dict) -> dict:
    """The User object of GoTrue: email/phone are "" when unset, optional timestamps are omitted."""
    identities = row.get("identities") or []
    if isinstance(identities, str):
        identities = json.loads(identities)
    out: dict = {
        "id": str(row["id"]),
        "aud": row.get("aud") or AUDIENCE,
        "role": row.get("role") or "",
        "email": row.get("email") or "",
        "email_confirmed_at": iso(row.get("email_confirmed_at")),
        "invited_at": iso(row.get("invited_at")),
        "phone": row.get("phone") or "",
        "phone_confirmed_at": iso(row.get("phone_confirmed_at")),
        "confirmation_sent_at": iso(row.get("confirmation_sent_at")),
        "confirmed_at": iso(row.get("confirmed_at")),
        "recovery_sent_at": iso(row.get("recovery_sent_at")),
        "new_email": row.get("email_change") or None,
        "email_change_sent_at": iso(row.get("email_change_sent_at")),
        "new_phone": row.get("phone_change") or None,
        "phone_change_sent_at": iso(row.get("phone_change_sent_at")),
        "last_sign_in_at": iso(row.get("last_sign_in_at")),
        "app_metadata": row.get("raw_app_meta_data") or {},
        "user_metadata": row.get("raw_user_meta_data") or {},
        "identities": [_identity_json(i) for i in identities],
        "created_at": iso(row.get("created_at")),
        "updated_at": iso(row.get("updated_at")),
        "banned_until": iso(row.get("banned_until")),
        "deleted_at": iso(row.get("deleted_at")),
        "is_anonymous": bool(row.get("is_anonymous")),
        "factors": [_factor_json(f) for f in (row.get("factors") or [])] or None,
    }
    required = {"id", "aud", "role", "email", "phone", "app_metadata", "user_metadata", "identities",
                "created_at", "updated_at", "is_anonymous"}
    return {k: v for k, v in out.items() if v is not None or k in required}


def banned(user: dict) -> bool:
    """GoTrue's IsBanned: banned_until still ahead."""
    until = user.get("banned_until")
    return until is not None and until > datetime.now(UTC)


async def _one(conn: psycopg.AsyncConnection, where: str, params: tuple) -> dict | None:
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(_SELECT + where, params)  # `where` is always one of this module's constants
    return await cur.fetchone()


async def by_id(conn, user_id: str, for_update: bool = False) -> dict | None:
    try:
        uuid.UUID(str(user_id))
    except ValueError:
        return None
    return await _one(conn, " where u.id = %s" + (" for update of u" if for_update else ""), (user_id,))


async def by_email(conn, email: str) -> dict | None:
    return await _one(conn, " where lower(u.email) = lower(%s) and u.is_sso_user = false"
                            " and u.deleted_at is null", (email,))


async def by_phone(conn, phone: str) -> dict | None:
    return await _one(conn, " where u.phone = %s and u.deleted_at is null", (phone,))


async def by_token(conn, column: str, token_hash: str) -> dict | None:
    """The user holding a one-time token (column is one of the auth.users token columns)."""
    where = {"recovery_token": " where u.recovery_token = %s",
             "email_change_token_new": " where u.email_change_token_new = %s",
             "email_change_token_current": " where u.email_change_token_current = %s",
             "confirmation_token": " where u.confirmation_token = %s",
             "phone_change_token": " where u.phone_change_token = %s"}[column]
    return await _one(conn, where + " for update of u", (token_hash,))


async def create(conn, *, email: str | None, phone: str | None, password_hash: str, user_metadata: dict,
                 app_metadata: dict, email_confirm: bool, phone_confirm: bool, role: str = AUDIENCE,
                 user_id: str | None = None, is_anonymous: bool = False) -> str:
    """Insert a user and its identities (email and/or phone) in the caller's transaction; returns the id.
    An anonymous user has neither, and so no identity."""
    user_id = user_id or str(uuid.uuid4())
    await conn.execute(
        """insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password,
                                   raw_app_meta_data, raw_user_meta_data, email_confirmed_at, phone_confirmed_at,
                                   created_at, updated_at, is_sso_user, is_anonymous)
           values (%s, %s, %s, %s, %s, %s, %s, %s, %s,
                   case when %s then now() end, case when %s then now() end, now(), now(), false, %s)""",
        (INSTANCE_ID, user_id, AUDIENCE, role, email, phone, password_hash, Jsonb(app_metadata),
         Jsonb(user_metadata), email_confirm, phone_confirm, is_anonymous))
    if email:
        await add_identity(conn, user_id, "email", {"sub": user_id, "email": email, "email_verified": False,
                                                    "phone_verified": False})
    if phone:
        await add_identity(conn, user_id, "phone", {"sub": user_id, "phone": phone, "email_verified": False,
                                                    "phone_verified": False})
    return user_id


async def add_identity(conn, user_id: str, provider: str, data: dict) -> None:
    await conn.execute(
        """insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
           values (%s, %s, %s, %s, now(), now())
           on conflict (provider_id, provider) do update set identity_data = excluded.identity_data,
                                                             updated_at = now()""",
        (user_id, user_id, Jsonb(data), provider))


async def merge_identity_data(conn, user_id: str, provider: str, data: dict) -> None:
    await conn.execute(
        """update auth.identities set identity_data = identity_data || %s, updated_at = now()
            where user_id = %s and provider = %s""", (Jsonb(data), user_id, provider))


async def merge_metadata(conn, user_id: str, column: str, data: dict) -> None:
    """GoTrue's UpdateUserMetaData: keys merged, a null value deletes the key."""
    column_sql = {"user": "raw_user_meta_data", "app": "raw_app_meta_data"}[column]
    removed = [k for k, v in data.items() if v is None]
    kept = {k: v for k, v in data.items() if v is not None}
    await conn.execute(
        f"""update auth.users set {column_sql} = (coalesce({column_sql}, '{{}}'::jsonb) || %s) - %s::text[],
                                  updated_at = now() where id = %s""",
        (Jsonb(kept), removed, user_id))


async def add_identity_if_missing(conn, user_id: str, provider: str, data: dict) -> bool:
    """True when the identity was added."""
    cur = await conn.execute(
        """insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
           values (%s, %s, %s, %s, now(), now()) on conflict (provider_id, provider) do nothing""",
        (user_id, user_id, Jsonb(data), provider))
    return cur.rowcount == 1
