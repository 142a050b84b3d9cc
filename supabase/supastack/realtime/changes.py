"""Row changes to subscribers: match bindings and filters, check RLS per claims group, push postgres_changes.

Mirrors Supabase Realtime: INSERT/UPDATE rows are re-selected by primary key under each distinct
set of subscriber claims (one batched check per change); DELETE is not RLS-checked, so it carries only
the primary key (the whole old row only without RLS, with REPLICA IDENTITY FULL, or for roles that
bypass RLS). Columns a role cannot SELECT are left out.
"""
from __future__ import annotations

from typing import Any

from supastack.core.db import Database, role_of
from supastack.realtime import filters, protocol
from supastack.realtime.authorize import BYPASS_RLS_ROLES, claims_key, reveals_deleted_rows, visible_to
from supastack.realtime.capture import Catalog, TableInfo
from supastack.realtime.channels import Channel, Hub

NO_PRIMARY_KEY = "Error 400: Bad Request, no primary key"


def _targets(hub: Hub, table: TableInfo, change: dict) -> dict[Channel, list[int]]:
    kind = change["type"]
    row = change.get("old_record") if kind == "DELETE" else change.get("record")
    row = row or {}
    found: dict[Channel, list[int]] = {}
    for channel in list(hub.with_bindings):
        for binding in channel.bindings:
            if not binding.wants(table.schema, table.name, kind):
                continue
            if binding.filter and not filters.matches(binding.filter, row, table.column_types):
                continue
            if kind == "DELETE" and reveals_deleted_rows(table, binding.filter, role_of(channel.claims)):
                continue                      # refused at join; the claims or the table changed since
            ids = found.setdefault(channel, [])
            if binding.id not in ids:
                ids.append(binding.id)
    return found


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
    table = catalog.get(change.get("schema", ""), change.get("table", ""))
    if table is None:
        return 0
    targets = _targets(hub, table, change)
    if not targets:
        return 0
    groups: dict[str, dict] = {}
    for channel in targets:
        groups.setdefault(claims_key(channel.claims), channel.claims)
    allowed: set[str] = set()
    to_check: dict[str, dict] = {}
    for key, claims in groups.items():
        role = role_of(claims)
        if role not in table.readers:
            continue                          # no SELECT privilege on the table: nothing at all
        if (change["type"] == "DELETE" or not table.rls or role in BYPASS_RLS_ROLES
                or not table.primary_key):
            allowed.add(key)
        else:
            to_check[key] = claims
    if to_check:
        allowed |= await visible_to(db, table, change.get("record") or {}, to_check)
    pushes = 0
    shaped: dict[str, dict] = {}
    encoded: dict[tuple, str] = {}        # subscribers of one topic with equal bindings share one frame
    for channel, ids in targets.items():
        if claims_key(channel.claims) not in allowed:
            continue
        role = role_of(channel.claims)
        if role not in shaped:
            shaped[role] = _shape(table, change, role)
        key = (role, channel.outbox.vsn, channel.topic, tuple(ids))
        if key not in encoded:
            encoded[key] = protocol.encode(channel.outbox.vsn, protocol.Frame(
                None, None, channel.topic, "postgres_changes", {"ids": ids, "data": shaped[role]}))
        channel.outbox.send(encoded[key])
        pushes += 1
    return pushes
