"""Who may see what: token checks, RLS re-selection of changed rows, and private-channel policies.

Both database checks switch role and `request.jwt.claims` inside one transaction through core's
`as_caller` (the door `Database.scope` uses), so PostgreSQL row-level security makes every decision.
"""
from __future__ import annotations

import base64
import binascii
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

import psycopg

from supastack.core import jwt
from supastack.core.db import Database, as_caller, role_of
from supastack.core.rows import one
from supastack.realtime import filters, policies
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


VISIBLE_ROWS_SQL = "select caller, visible from realtime.visible_rows(%s, %s, %s, %s::jsonb, %s::jsonb)"


def _row_key(table: TableInfo, row: dict) -> str:
    """A changed row's primary key as `realtime.visible_rows` answers it (`to_jsonb` of the key, or of an
    object of the key columns), made hashable; both sides come from PostgreSQL's to_jsonb."""
    value = row.get(table.primary_key[0]) if len(table.primary_key) == 1 else {c: row.get(c) for c in table.primary_key}
    return json.dumps(value, sort_keys=True)


async def visible_rows(db: Database, table: TableInfo, records: list[dict], groups: dict[str, dict],
                       wanted: dict[str, list[int]] | None = None) -> dict[str, set[int]]:
    """For each claims group, the indexes of `records` its RLS lets it select, re-selected by primary key.
    `groups` maps `claims_key(claims)` to the claims: the key is the claims' JSON that the checks send.
    `wanted` (optional) maps a group to the indexes of the records its bindings want: the exact check
    re-selects only those for it (the others are not its business, and checking every record for every
    group made a batch cost its size squared).

    Groups whose role meets only owner-column policies on the table (see policies.py) are answered by one
    set-based statement; the others by one statement that becomes each group in turn
    (`realtime.visible_rows`, see capture.py). If that fails (say a policy raises for one group's claims),
    the groups are checked one by one, so only the groups whose check fails see nothing. A lost
    connection is raised for the caller to retry.
    """
    if not groups or not records:
        return {}
    positions: dict[str, list[int]] = {}
    for index, record in enumerate(records):
        positions.setdefault(_row_key(table, record), []).append(index)
    changed_keys = json.dumps([{c: r.get(c) for c in table.primary_key} for r in records], default=str)
    found: dict[str, set[int]] = {}

    def take(keys: list[str], rows: list[tuple[int, list]]) -> None:
        for caller, visible in rows:
            seen = found.setdefault(keys[caller - 1], set())
            for value in visible:
                seen.update(positions.get(json.dumps(value, sort_keys=True), ()))

    exact = await _owner_checks(db, table, changed_keys, groups, take)

    async def check(keys: list[str]) -> None:
        callers = json.dumps([[role_of(groups[k]), k] if wanted is None or len(wanted.get(k, records)) == len(records)
                              else [role_of(groups[k]), k, wanted[k]] for k in keys])
        async with db.connection() as conn:
            cur = await conn.execute(VISIBLE_ROWS_SQL, (table.schema, table.name, list(table.primary_key),
                                                        changed_keys, callers))
            take(keys, await cur.fetchall())

    if not exact:
        return found
    try:
        await check(exact)
    except psycopg.OperationalError:
        raise
    except psycopg.Error:
        for key in exact:
            found.pop(key, None)
        for key in exact:
            try:
                await check([key])
            except psycopg.OperationalError:
                raise
            except psycopg.Error:
                found.pop(key, None)
    return found


_FAST_CLAIMS: dict[str, bool] = {}


def _fast_claims(key: str, claims: dict) -> bool:
    """policies.fast_claims, remembered by claims key (every batch asks it of every subscriber)."""
    known = _FAST_CLAIMS.get(key)
    if known is None:
        if len(_FAST_CLAIMS) > 100_000:
            _FAST_CLAIMS.clear()
        known = _FAST_CLAIMS[key] = policies.fast_claims(claims)
    return known


async def _owner_checks(db: Database, table: TableInfo, changed_keys: str, groups: dict[str, dict],
                        take: Callable[[list[str], list[tuple[int, list]]], None]) -> list[str]:
    """Answer the groups that owner-column policies allow to be checked together; returns the others."""
    by_owners: dict[tuple[str, ...], list[str]] = {}
    exact: list[str] = []
    for key, claims in groups.items():
        owners = table.owner_columns.get(role_of(claims))
        if owners and _fast_claims(key, claims):
            by_owners.setdefault(owners, []).append(key)
        else:
            exact.append(key)
    for owners, keys in by_owners.items():
        statement = policies.statement(table.schema, table.name, table.primary_key, owners)
        try:
            async with db.connection() as conn:
                cur = await conn.execute(statement, (table.oid, policies.shape_text(table.policy_shape),
                                                     json.dumps(keys),
                                                     changed_keys))
                rows = await cur.fetchall()
        except psycopg.OperationalError:
            raise
        except psycopg.Error:
            rows = [(policies.STALE, None)]
        if any(caller == policies.STALE for caller, _ in rows):
            exact += keys                  # the policies changed since the catalog was read: check exactly
        else:
            take(keys, rows)
    return exact


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
    if flt is None or event not in ("*", "DELETE"):
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
                probes[extension] = one(await cur.fetchone())[0]
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
