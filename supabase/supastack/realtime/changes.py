"""Row changes to subscribers: match bindings and filters, check RLS per claims group, push postgres_changes.

Mirrors Supabase Realtime: INSERT/UPDATE rows are re-selected by primary key under each distinct
set of subscriber claims (one statement per batch of changes, for all of them); DELETE is not RLS-checked,
so it carries only the primary key (the whole old row only without RLS, with REPLICA IDENTITY FULL, or for roles that
bypass RLS). Columns a role cannot SELECT are left out.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from supastack.core.db import Database, role_of
from supastack.realtime import filters, protocol
from supastack.realtime.authorize import BYPASS_RLS_ROLES, reveals_deleted_rows, visible_rows
from supastack.realtime.capture import Catalog, TableInfo
from supastack.realtime.channels import Binding, Channel, Hub

NO_PRIMARY_KEY = "Error 400: Bad Request, no primary key"
TABLES_AT_ONCE = 3        # tables of one batch whose RLS checks run at once, each on a pooled connection


@dataclass
class _Audience:
    """Who wants one change, by claims: channels per claims key, the keys allowed without a row check
    (no RLS, DELETE, bypassing roles), and the claims of those whose RLS must re-select the row."""
    channels: dict[str, list[tuple[Channel, list[int]]]] = field(default_factory=dict)
    allowed: set[str] = field(default_factory=set)
    pending: dict[str, dict] = field(default_factory=dict)


def _bindings(hub: Hub, table: TableInfo, kind: str) -> list[tuple[Channel, Binding]]:
    return [(channel, binding) for channel in hub.with_bindings for binding in channel.bindings
            if binding.wants(table.schema, table.name, kind)]


class _Candidates:
    """The bindings on one table and kind, with those filtered by `eq` on a column indexed by the value they
    want (filters.eq_key): a change's candidates are the unfiltered, the other filtered, and those whose value
    the changed row holds. Each is still tested by `_audience`."""

    def __init__(self, bindings: list[tuple[Channel, Binding]], table: TableInfo) -> None:
        self.in_turn: list[tuple[Channel, Binding]] = []
        self.by_value: dict[str, dict[Any, list[tuple[Channel, Binding]]]] = {}
        for channel, binding in bindings:
            flt = binding.filter
            key = filters.eq_key(flt, table.column_types.get(flt.column, "")) if flt else None
            if flt is None or key is None:
                self.in_turn.append((channel, binding))
            else:
                self.by_value.setdefault(flt.column, {}).setdefault(key, []).append((channel, binding))

    def of(self, table: TableInfo, row: dict) -> list[tuple[Channel, Binding]]:
        found = list(self.in_turn)
        for column, index in self.by_value.items():
            key = filters.value_key(row.get(column), table.column_types.get(column, ""))
            if key is not None:
                found += index.get(key, ())
        return found


def _audience(bindings: list[tuple[Channel, Binding]] | _Candidates, table: TableInfo, change: dict) -> _Audience:
    kind = change["type"]
    row = (change.get("old_record") if kind == "DELETE" else change.get("record")) or {}
    if isinstance(bindings, _Candidates):
        bindings = bindings.of(table, row)
    targets: dict[Channel, list[int]] = {}
    for channel, binding in bindings:
        if binding.filter and not filters.matches(binding.filter, row, table.column_types):
            continue
        if kind == "DELETE" and reveals_deleted_rows(table, binding.filter, role_of(channel.claims)):
            continue                          # refused at join; the claims or the table changed since
        ids = targets.setdefault(channel, [])
        if binding.id not in ids:
            ids.append(binding.id)
    for ids in targets.values():
        ids.sort()                            # in join order, whichever way the candidates were found
    audience = _Audience()
    for channel, ids in targets.items():
        key = channel.claims_key
        if key not in audience.channels:
            role = role_of(channel.claims)
            if role not in table.readers:
                continue                      # no SELECT privilege on the table: nothing at all
            if kind == "DELETE" or not table.rls or role in BYPASS_RLS_ROLES or not table.primary_key:
                audience.allowed.add(key)
            else:
                audience.pending[key] = channel.claims
        audience.channels.setdefault(key, []).append((channel, ids))
    return audience


class _Audiences:
    """The audience of each change of a batch; the same for every change of a table and kind when no
    binding on it has a filter (the common case), so computed once for those."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.shared: dict[tuple[str, str, str], _Audience | _Candidates] = {}

    def of(self, table: TableInfo, change: dict) -> _Audience:
        key = (table.schema, table.name, change["type"])
        known = self.shared.get(key)
        if known is None:
            bindings = self._bindings(table, change["type"])
            if isinstance(bindings, _Candidates):
                known = self.shared[key] = bindings
            else:
                known = self.shared[key] = _audience(bindings, table, change)
        return known if isinstance(known, _Audience) else _audience(known, table, change)

    def _bindings(self, table: TableInfo, kind: str) -> list[tuple[Channel, Binding]] | _Candidates:
        """The bindings on a table and kind (indexed when some have filters), kept by the hub until a channel
        with bindings comes or goes, or the table's description is reloaded."""
        key = ("bindings", table.schema, table.name, kind)
        kept = self.hub.derived.get(key)
        if kept is None or kept[0] is not table:
            bindings = _bindings(self.hub, table, kind)
            found = _Candidates(bindings, table) if any(b.filter for _, b in bindings) else bindings
            kept = self.hub.derived[key] = (table, found)
        return kept[1]


def _shape(table: TableInfo, change: dict, role: str) -> dict[str, Any]:
    """The `data` of a postgres_changes push as the role may see it."""
    columns = table.visible_columns(role)
    names = {c.name for c in columns}
    data: dict[str, Any] = {
        "schema": table.schema,
        "table": table.name,
        "commit_timestamp": change["commit_timestamp"],
        "type": change["type"],
        "columns": [{"name": c.name, "type": c.type} for c in columns],
        "errors": None,
    }
    hidden = False
    if not table.primary_key:
        # without a key the row cannot be re-selected under RLS: say so, and send no values
        data["errors"] = [NO_PRIMARY_KEY]
        hidden = table.rls and role not in BYPASS_RLS_ROLES
    if change["type"] != "DELETE":
        record = {} if hidden else change.get("record") or {}
        data["record"] = {k: v for k, v in record.items() if k in names}
    if change["type"] != "INSERT":
        old = {} if hidden else change.get("old_record") or {}
        if change["type"] == "DELETE" and table.rls and role not in BYPASS_RLS_ROLES:
            # a deleted row cannot be re-selected under RLS: anything beyond its key could be another's data
            names &= set(table.primary_key)
        data["old_record"] = {k: v for k, v in old.items() if k in names}
    return data


async def dispatch(change: dict, catalog: Catalog, hub: Hub, db: Database) -> int:
    """Send one committed change to every subscriber allowed to see it; returns the number of pushes."""
    return await dispatch_many([change], catalog, hub, db)


@dataclass
class _Plan:
    table: TableInfo
    change: dict
    audience: _Audience
    allowed: set[str]                  # claims keys that may see the change


async def dispatch_many(batch: list[dict], catalog: Catalog, hub: Hub, db: Database) -> int:
    """Send committed changes, in order, to every subscriber allowed to see each; returns the number of pushes."""
    return send(await check(batch, catalog, hub, db))


async def check(batch: list[dict], catalog: Catalog, hub: Hub, db: Database) -> list[_Plan]:
    """Who may see each change of a batch: the RLS checks of the whole batch, one statement per table for
    all claims groups and all changed rows (Supabase Realtime checks each change for all subscribers at
    once; a batch spreads that statement over every change that queued while the previous one ran).
    Nothing is sent here, so a batch whose checks failed can be checked again as a whole."""
    audiences = _Audiences(hub)
    plans: list[_Plan] = []
    # per table: the groups to check, the changed rows, the plan of each row, and the rows each group wants
    checks: dict[tuple[str, str], tuple[TableInfo, dict[str, dict], list[dict], list[_Plan], dict[str, list[int]]]] = {}
    for change in batch:
        table = catalog.get(change.get("schema", ""), change.get("table", ""))
        if table is None:
            continue
        audience = audiences.of(table, change)
        if not audience.channels:
            continue
        plan = _Plan(table, change, audience, set(audience.allowed))
        if audience.pending:
            _, groups, records, owners, wanted = checks.setdefault((table.schema, table.name),
                                                                   (table, {}, [], [], {}))
            groups.update(audience.pending)
            for key in audience.pending:
                wanted.setdefault(key, []).append(len(records))
            records.append(change.get("record") or {})
            owners.append(plan)
        plans.append(plan)
    # the tables' checks run at once, each on its own connection: a batch waits for the slowest, not the sum;
    # a few at a time, so a batch over many tables leaves the shared pool to the other services
    slots = asyncio.Semaphore(TABLES_AT_ONCE)

    async def one_table(table: TableInfo, groups: dict[str, dict], records: list[dict],
                        wanted: dict[str, list[int]]) -> dict[str, set[int]]:
        async with slots:
            return await visible_rows(db, table, records, groups, wanted)

    found = await asyncio.gather(*(one_table(table, groups, records, wanted)
                                   for table, groups, records, _, wanted in checks.values()))
    for (_, _, _, owners, _), visible in zip(checks.values(), found, strict=True):
        for key, rows in visible.items():
            for row_index in rows:
                plan = owners[row_index]
                if key in plan.audience.pending:
                    plan.allowed.add(key)
    return plans


def send(plans: list[_Plan]) -> int:
    """Push checked changes, in order; returns the number of pushes."""
    return sum(_send(plan) for plan in plans)


def _send(plan: _Plan) -> int:
    pushes = 0
    shaped: dict[str, str] = {}         # the data as each role may see it, encoded once
    encoded: dict[tuple, str] = {}        # subscribers of one topic with equal bindings share one frame
    for key in plan.allowed:
        for channel, ids in plan.audience.channels[key]:
            role = role_of(channel.claims)
            if role not in shaped:
                shaped[role] = protocol.encode_json(_shape(plan.table, plan.change, role))
            frame_key = (role, channel.outbox.vsn, channel.topic, tuple(ids))
            if frame_key not in encoded:
                encoded[frame_key] = protocol.encode_change(channel.outbox.vsn, channel.topic, ids, shaped[role])
            channel.outbox.send(encoded[frame_key])
            pushes += 1
    return pushes
