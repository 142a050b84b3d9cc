"""Who may see what: token checks, RLS re-selection of changed rows, and private-channel policies.

Both database checks switch role and `request.jwt.claims` inside one transaction through core's
`as_caller` (the door `Database.scope` uses), so PostgreSQL row-level security makes every decision.
"""
from __future__ import annotations

import base64
import binascii
import json
import time
from dataclasses import dataclass

import psycopg
from psycopg import sql

from supastack.core import jwt
from supastack.core.db import Database, as_caller
from supastack.realtime import filters
from supastack.realtime.capture import TableInfo

BYPASS_RLS_ROLES = frozenset({"service_role"})


class TokenRejected(Exception):
    """A token the realtime server refuses; `code` and `message` as Supabase Realtime words them."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    @property
    def reason(self) -> str:
        return f"{self.code}: {self.message}"


def verify_token(token: str | None, secret: str) -> dict:
    """Claims of a channel's access token; raises TokenRejected (expired, malformed, bad signature)."""
    if not token:
        raise TokenRejected("InvalidJWTToken", "Fields `role` and `exp` are required in JWT")
    try:
        claims = jwt.verify(token, secret)
    except jwt.InvalidToken as exc:
        unverified = _unverified_claims(token)
        if unverified is None:
            raise TokenRejected("MalformedJWT", "The token provided is not a valid JWT") from exc
        if exc.expired:
            ago = max(0, int(time.time()) - int(unverified.get("exp", 0)))
            raise TokenRejected("InvalidJWTToken", f"Token has expired {ago} seconds ago") from exc
        raise TokenRejected("JwtSignatureError", "Failed to validate JWT signature") from exc
    if "role" not in claims or not isinstance(claims.get("exp"), (int, float)):
        raise TokenRejected("InvalidJWTToken", "Fields `role` and `exp` are required in JWT")
    return claims


def _unverified_claims(token: str) -> dict | None:
    """The payload of a token core/jwt refused, only to word the refusal (how long ago it expired, or that it
    is no JWT at all); nothing here is trusted."""
    parts = token.split(".")
    if len(parts) != 3:
        return None
    try:
        payload = json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    except (binascii.Error, ValueError):
        return None
    return payload if isinstance(payload, dict) else None


def claims_key(claims: dict) -> str:
    """Subscribers with equal claims share one RLS check."""
    return json.dumps(claims, sort_keys=True, separators=(",", ":"))


async def _become(conn: psycopg.AsyncConnection, claims: dict, topic: str | None = None) -> None:
    await as_caller(conn, claims, {"realtime.topic": topic or ""})


async def visible_to(db: Database, table: TableInfo, record: dict, groups: dict[str, dict]) -> set[str]:
    """Keys of the claims groups whose RLS lets them select this row, re-selected by primary key.

    All groups are checked on one connection in one round trip (pipeline); if one check fails
    (e.g. a role without privilege), they are re-run one by one under savepoints.
    """
    if not groups:
        return set()
    target = sql.Identifier(table.schema, table.name)
    keys = sql.SQL(", ").join(sql.SQL("x.{}").format(sql.Identifier(c)) for c in table.primary_key)
    values = sql.SQL(", ").join(sql.SQL("r.{}").format(sql.Identifier(c)) for c in table.primary_key)
    query = sql.SQL("select exists(select 1 from {t} x where ({k}) = "
                    "(select {v} from jsonb_populate_record(null::{t}, %s::jsonb) r))").format(
        t=target, k=keys, v=values)
    pk = json.dumps({c: record.get(c) for c in table.primary_key})
    visible: set[str] = set()
    async with db.connection() as conn:
        try:
            async with conn.transaction():
                cursors = []
                async with conn.pipeline():
                    for key, claims in groups.items():
                        await _become(conn, claims)
                        cursors.append((key, await conn.execute(query, (pk,))))
                for key, cur in cursors:
                    row = await cur.fetchone()
                    if row and row[0]:
                        visible.add(key)
            return visible
        except psycopg.Error:
            visible.clear()
        async with conn.transaction():
            for key, claims in groups.items():
                try:
                    async with conn.transaction():
                        await _become(conn, claims)
                        row = await (await conn.execute(query, (pk,))).fetchone()
                        if row and row[0]:
                            visible.add(key)
                except psycopg.Error:
                    continue
    return visible


def reveals_deleted_rows(table: TableInfo, flt: filters.Filter | None, role: str) -> bool:
    """Whether a filter on this table's DELETE events would tell a subscriber about rows RLS may hide.

    A deleted row cannot be re-selected under RLS (it is gone), so its primary key is all that may be
    revealed: matching any other column of the old row answers yes/no about other users' data.
    """
    return (flt is not None and table.rls and role not in BYPASS_RLS_ROLES
            and flt.column in table.column_types and flt.column not in table.primary_key)


def delete_filter_refusal(tables: list[TableInfo], event: str, flt: filters.Filter | None,
                          role: str) -> str | None:
    """The join error for a DELETE (or `*`) binding whose filter `reveals_deleted_rows`, else None."""
    if event not in ("*", "DELETE"):
        return None
    for table in tables:
        if reveals_deleted_rows(table, flt, role):
            key = ", ".join(table.primary_key) or "none"
            return (f"RealtimeDisabledForConfiguration: Unable to subscribe to changes with given parameters. "
                    f"DELETE events of {table.schema}.{table.name} (row level security) can only be filtered "
                    f"on its primary key ({key}), not on `{flt.column}`: subscribe to INSERT/UPDATE only "
                    f"to filter on it")
    return None


@dataclass(frozen=True, slots=True)
class Policies:
    """What a private channel's claims may do on its topic (RLS of `realtime.messages`)."""
    broadcast_read: bool
    broadcast_write: bool
    presence_read: bool
    presence_write: bool

    @property
    def can_join(self) -> bool:
        return self.broadcast_read or self.presence_read


PUBLIC = Policies(True, True, True, True)


async def channel_policies(db: Database, claims: dict, topic: str) -> Policies:
    """Probe the `realtime.messages` policies with `realtime.topic()` = topic, then roll everything back.

    Read: a probe row inserted by the owner must be visible under the caller's role.
    Write: the caller's own insert must pass the INSERT policy.
    """
    results: dict[str, bool] = {}
    async with db.connection() as conn:
        async with conn.transaction(force_rollback=True):
            probes = {}
            for extension in ("broadcast", "presence"):
                cur = await conn.execute(
                    "insert into realtime.messages (topic, extension, private, event, payload) "
                    "values (%s, %s, true, 'authorization_probe', '{}') returning id", (topic, extension))
                probes[extension] = (await cur.fetchone())[0]
            await _become(conn, claims, topic)
            for extension, probe_id in probes.items():
                try:
                    async with conn.transaction():
                        row = await (await conn.execute(
                            "select exists(select 1 from realtime.messages where id = %s)", (probe_id,))).fetchone()
                        results[f"{extension}_read"] = bool(row and row[0])
                except psycopg.Error:
                    results[f"{extension}_read"] = False
                try:
                    async with conn.transaction():
                        await conn.execute(
                            "insert into realtime.messages (topic, extension, private, event, payload) "
                            "values (%s, %s, true, 'authorization_probe', '{}')", (topic, extension))
                    results[f"{extension}_write"] = True
                except psycopg.Error:
                    results[f"{extension}_write"] = False
    return Policies(**results)
