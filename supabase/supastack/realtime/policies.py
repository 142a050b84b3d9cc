"""Owner-column policies, checked for every subscriber in one set-based statement.

The exact RLS check (`realtime.visible_rows`) becomes each subscriber's role with its claims and
re-selects the changed rows: one statement execution per subscriber. The most common Supabase policy,
`using (owner = auth.uid())` (or `= (select auth.uid())`), only compares a uuid column with the `sub`
of the caller's claims, so it can be evaluated for all subscribers at once: join the changed rows with
the callers' uids. That is done only when every SELECT policy that applies to the caller's role on the
table has exactly that shape (permissive, the built-in uuid `=`, the platform's own `auth.uid()`), the
role neither owns the table nor bypasses RLS, and the stack's own role bypasses RLS; anything else goes
to the exact check.

What the decision rests on (`realtime.policy_shape`: the policies, privileges, owner and `auth.uid()`'s
source) is read again inside the set-based statement itself and compared with what the decision was
made from, so a policy changed since the catalog was loaded sends the check back to the exact path in
that same snapshot: never a delivery the table's current policies would refuse.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from psycopg import sql

from supastack.core.db import API_ROLES

_ROLES = "array[" + ", ".join(f"'{r}'" for r in API_ROLES) + "]::text[]"

# Everything the fast path's decision depends on, as one jsonb value: compared as a whole at each check.
SETUP_SQL = f"""
create or replace function realtime.policy_shape(target oid) returns jsonb
language sql stable set search_path = '' as $fn$
  select pg_catalog.jsonb_build_object(
    'rls', c.relrowsecurity,
    'self_bypasses', (select r.rolsuper or r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user),
    'readers', (select coalesce(pg_catalog.jsonb_agg(r), '[]') from unnest({_ROLES}) r
                 where pg_catalog.has_table_privilege(r, c.oid, 'SELECT')),
    'exempt', (select coalesce(pg_catalog.jsonb_agg(r), '[]') from unnest({_ROLES}) r
                where pg_catalog.pg_has_role(r, c.relowner, 'MEMBER') or pg_catalog.pg_has_role(r, c.relowner, 'USAGE')
                   or exists (select 1 from pg_catalog.pg_roles x where x.rolname = r and x.rolbypassrls)),
    'uid', (select p.prosrc from pg_catalog.pg_proc p where p.oid = pg_catalog.to_regprocedure('auth.uid()')),
    'columns', (select coalesce(pg_catalog.jsonb_object_agg(a.attname, pg_catalog.format_type(a.atttypid, null)),
                                '{{}}')
                  from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
    'policies', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
        'permissive', p.polpermissive,
        'cmd', p.polcmd::text,
        'qual', pg_catalog.pg_get_expr(p.polqual, p.polrelid),
        'uuid_eq', coalesce(p.polqual::text like '{{OPEXPR :opno 2972 %', false),
        'roles', (select coalesce(pg_catalog.jsonb_agg(r), '[]') from unnest({_ROLES}) r
                   where 0 = any(p.polroles)
                      or exists (select 1 from unnest(p.polroles) pr where pr <> 0
                                    and pg_catalog.pg_has_role(r, pr, 'MEMBER')
                                    and pg_catalog.pg_has_role(r, pr, 'USAGE'))),
        'unsure', (select coalesce(pg_catalog.jsonb_agg(r), '[]') from unnest({_ROLES}) r
                    where exists (select 1 from unnest(p.polroles) pr where pr <> 0
                                     and pg_catalog.pg_has_role(r, pr, 'MEMBER')
                                         <> pg_catalog.pg_has_role(r, pr, 'USAGE')))
      ) order by p.polname), '[]') from pg_catalog.pg_policy p where p.polrelid = c.oid))
  from pg_catalog.pg_class c where c.oid = target
$fn$;
revoke all on function realtime.policy_shape(oid) from public, anon, authenticated;
"""

# The platform's auth.uid() (db/bootstrap): the fast path computes the same value from each caller's claims.
UID_SOURCE = ("select coalesce( nullif(current_setting('request.jwt.claim.sub', true), ''), "
              "(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub') )::uuid")
_UID = r"(?:auth\.uid\(\)|\( SELECT auth\.uid\(\) AS uid\))"
_COLUMN = r'(?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")'
_OWNER_POLICY = re.compile(rf"^\((?:(?P<left>{_COLUMN}) = {_UID}|{_UID} = (?P<right>{_COLUMN}))\)$")
_CANONICAL_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def _normal(text: str | None) -> str:
    return " ".join((text or "").split())


def _owner_column(policy: dict, columns: dict[str, str]) -> str | None:
    """The uuid column a policy compares with auth.uid(), or None for any other shape."""
    found = _OWNER_POLICY.match(policy.get("qual") or "")
    if not found or not policy.get("uuid_eq"):
        return None
    name = found.group("left") or found.group("right")
    if name.startswith('"'):
        name = name[1:-1].replace('""', '"')
    return name if columns.get(name) == "uuid" else None


def owner_columns(shape: dict | None) -> dict[str, tuple[str, ...]]:
    """Per API role, the uuid columns one of which must equal the caller's uid for a row to be visible,
    when that is all the table's SELECT policies ask of the role; roles absent here take the exact path."""
    if not shape or not shape.get("rls") or not shape.get("self_bypasses"):
        return {}
    if _normal(shape.get("uid")) != UID_SOURCE:
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for role in API_ROLES:
        if role in shape.get("exempt", ()) or role not in shape.get("readers", ()):
            continue
        columns: list[str] = []
        for policy in shape.get("policies", ()):
            if policy.get("cmd") not in ("r", "*"):
                continue
            if role in policy.get("unsure", ()):
                break
            if role not in policy.get("roles", ()):
                continue
            column = _owner_column(policy, shape.get("columns", {}))
            if column is None or not policy.get("permissive"):
                break
            if column not in columns:
                columns.append(column)
        else:
            if columns:
                found[role] = tuple(columns)
    return found


def fast_claims(claims: dict) -> bool:
    """Whether auth.uid() of these claims is computed in the set-based statement exactly as the function
    does: `sub` absent (no uid) or a canonical uuid (so the cast cannot fail for one caller and fail all)."""
    sub = claims.get("sub")
    return sub is None or (isinstance(sub, str) and bool(_CANONICAL_UUID.match(sub)))


STALE = 0   # the `caller` of the row saying the policies changed since `shape` was read


def statement(schema: str, table: str, key_columns: Iterable[str], owners: Iterable[str]) -> sql.Composed:
    """Who of the callers may see which changed rows, for owner-column policies (see the module docstring).

    Parameters: the table's oid, the shape the decision was made from, the callers' claims (a JSON
    array of JSON texts) and the changed keys (a JSON array of objects). Returns (caller, keys) rows as
    `realtime.visible_rows` does, or one (STALE, null) row when the shape changed.
    """
    keys = list(key_columns)
    target = sql.Identifier(schema, table)
    key_value = (sql.SQL("pg_catalog.to_jsonb(x.{})").format(sql.Identifier(keys[0])) if len(keys) == 1 else
                 sql.SQL("pg_catalog.jsonb_build_object({})").format(sql.SQL(", ").join(
                     sql.SQL("{}, x.{}").format(sql.Literal(k), sql.Identifier(k)) for k in keys)))
    return sql.SQL("""
with fresh as (select realtime.policy_shape(%s::oid) = %s::jsonb as ok),
callers as (
  select c.i::int as i,
         coalesce(nullif(pg_catalog.current_setting('request.jwt.claim.sub', true), ''),
                  (nullif(c.claims, '')::jsonb ->> 'sub'))::uuid as uid
    from pg_catalog.jsonb_array_elements_text(%s::jsonb) with ordinality c(claims, i)),
changed as (
  select {columns} from {target} x
   where ({keys}) in (select {record_keys} from pg_catalog.jsonb_populate_recordset(null::{target}, %s::jsonb) r))
select callers.i, pg_catalog.jsonb_agg({key_value})
  from fresh, callers join changed x on {matches}
 where fresh.ok
 group by callers.i
union all
select {stale}, null from fresh where not fresh.ok
""").format(
        columns=sql.SQL(", ").join(sql.Identifier(c) for c in dict.fromkeys([*keys, *owners])),
        target=target,
        keys=sql.SQL(", ").join(sql.SQL("x.{}").format(sql.Identifier(k)) for k in keys),
        record_keys=sql.SQL(", ").join(sql.SQL("r.{}").format(sql.Identifier(k)) for k in keys),
        key_value=key_value,
        matches=sql.SQL(" or ").join(sql.SQL("x.{} = callers.uid").format(sql.Identifier(c)) for c in owners),
        stale=sql.Literal(STALE))


def shape_text(shape: Any) -> str:
    return json.dumps(shape, separators=(",", ":"))
