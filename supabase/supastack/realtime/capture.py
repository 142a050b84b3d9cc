"""Change capture: a trigger on every table of publication `supabase_realtime` logs and NOTIFYs each row change.

Why triggers + NOTIFY rather than logical decoding: NOTIFY is delivered at commit, in commit order, to
every listening connection, so any number of stack processes see every change without a replication
slot each; rows arrive as `to_jsonb` (typed JSON) with no output plugin to install or parse; and it
works on managed PostgreSQL where replication slots are limited. A change is only notified to
processes listening at commit time, so each is also written to `realtime.change_log` (see changelog.py)
for a process that reconnects; a table newly added to the publication is captured from the next sync
(immediately after `NOTIFY pgrst, 'reload schema'`, otherwise within a second).

A payload above NOTIFY's 8000-byte limit is notified as its sequence number only and read from the log.
The set-up is idempotent and serialised by an advisory lock, so several processes may run it at once.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import psycopg
from psycopg import sql

from supastack.core.db import API_ROLES
from supastack.realtime import changelog, policies

CHANGES_CHANNEL = "supastack_realtime"
TRIGGER_NAME = "realtime_capture"
PUBLICATION = "supabase_realtime"
NOTIFY_LIMIT = 7900
_SYNC_LOCK = 0x5EA1_71E  # advisory lock key of the trigger sync

SETUP_SQL = f"""
create schema if not exists realtime;
create sequence if not exists realtime.change_seq;
create table if not exists realtime.changes (
  id bigint generated always as identity primary key,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
comment on table realtime.changes is 'Broadcasts between stack processes too large for NOTIFY.';
alter table realtime.changes enable row level security;
revoke all on realtime.changes from public, anon, authenticated;
revoke all on sequence realtime.change_seq from public, anon, authenticated;

create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $fn$
declare
  old_row jsonb;
  body jsonb;
  message text;
  change_seq bigint := nextval('realtime.change_seq');
  change_xid bigint := pg_current_xact_id()::text::bigint;
begin
  if tg_op <> 'INSERT' then
    old_row := to_jsonb(old);
    if tg_argv[0] <> 'full' then
      -- default replica identity: the old row is its primary key only, as logical decoding gives it
      select coalesce(jsonb_object_agg(e.key, e.value), '{{}}'::jsonb) into old_row
        from jsonb_each(old_row) e where e.key = any(tg_argv[1:]);
    end if;
  end if;
  body := jsonb_build_object(
    'seq', change_seq,
    'xid', change_xid,
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old_record', old_row);
  insert into realtime.change_log (seq, xid, payload) values (change_seq, change_xid, body);
  message := body::text;
  if octet_length(message) > {NOTIFY_LIMIT} then
    message := jsonb_build_object('seq', change_seq, 'xid', change_xid, 'stored', true)::text;
  end if;
  perform pg_notify('{CHANGES_CHANNEL}', message);
  return null;
end
$fn$;
revoke all on function realtime.capture_change() from public, anon, authenticated;

-- RLS for many subscribers and many changes in one statement (Supabase Realtime's apply_rls checks one
-- change for all subscribers this way): for each caller, become its role with its claims and re-select
-- the changed rows by primary key through a statement prepared once per connection and table, so no
-- caller costs a planning or a round trip. A one-column key is looked up as `key = any(array)` (one
-- index scan for all rows); the changed keys are cast to that array once per call. A caller is
-- [role, claims] or [role, claims, [indexes of changed_keys (0-based)]]: with indexes it re-selects only
-- those rows (the changes its bindings want), so a batch costs its rows times their audience, not its rows
-- times every caller. Returns, per caller (1-based) that may see any, the keys it may see as `to_jsonb`
-- gives them. Runs as the stack's own role (not security definer: only a session may switch roles), so it
-- is revoked from everyone else.
create or replace function realtime.visible_rows(target_schema text, target_table text, key_columns text[],
                                                 changed_keys jsonb, callers jsonb)
returns table(caller int, visible jsonb) language plpgsql as $fn$
declare
  target regclass := (pg_catalog.quote_ident(target_schema) || '.' || pg_catalog.quote_ident(target_table))::regclass;
  one_key boolean := pg_catalog.cardinality(key_columns) = 1;
  key_type text;
  stmt text;
  keys_text text;
  key_texts text[];
  caller_keys text;
  narrowed boolean := false;
  c record;
begin
  select pg_catalog.format_type(a.atttypid, null) into key_type from pg_catalog.pg_attribute a
   where a.attrelid = target and a.attname = key_columns[1] and one_key;
  stmt := 'realtime_visible_' || target::oid || '_'
          || pg_catalog.left(pg_catalog.md5(key_columns::text || coalesce(key_type, '') || ':3'), 12);
  if not exists (select 1 from pg_catalog.pg_prepared_statements p where p.name = stmt) then
    if one_key then
      execute pg_catalog.format(
        'prepare %I as select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(x.%I)) from %s x '
        'where x.%2$I = any((select pg_catalog.current_setting(''realtime.changed_keys'')::%4$s[])::%4$s[])',
        stmt, key_columns[1], target, key_type);
    else
      execute pg_catalog.format(
        'prepare %I as select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(%s)) from %s x '
        'where (%s) in (select %s from pg_catalog.jsonb_populate_recordset(null::%3$s, '
        'pg_catalog.current_setting(''realtime.changed_keys'')::jsonb) o)',
        stmt,
        (select pg_catalog.string_agg(pg_catalog.format('%L, x.%I', k, k), ', ') from unnest(key_columns) k),
        target,
        (select pg_catalog.string_agg('x.' || pg_catalog.quote_ident(k), ', ') from unnest(key_columns) k),
        (select pg_catalog.string_agg('o.' || pg_catalog.quote_ident(k), ', ') from unnest(key_columns) k));
    end if;
  end if;
  if one_key then
    execute pg_catalog.format(
      'select pg_catalog.array_agg((pg_catalog.jsonb_populate_record(null::%s, e.value)).%I::text order by e.i) '
      'from pg_catalog.jsonb_array_elements($1) with ordinality e(value, i)', target, key_columns[1])
      into key_texts using changed_keys;
    keys_text := key_texts::text;
  else
    keys_text := changed_keys::text;
  end if;
  perform pg_catalog.set_config('realtime.changed_keys', keys_text, true),
          pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true),
          pg_catalog.set_config('realtime.topic', '', true);
  for c in select e.value, e.ordinality::int as i from pg_catalog.jsonb_array_elements(callers) with ordinality e loop
    if pg_catalog.jsonb_typeof(c.value->2) = 'array' then
      if one_key then
        caller_keys := (select pg_catalog.array_agg(key_texts[k.v::int + 1])
                          from pg_catalog.jsonb_array_elements_text(c.value->2) k(v))::text;
      else
        caller_keys := (select pg_catalog.jsonb_agg(changed_keys->(k.v::int))
                          from pg_catalog.jsonb_array_elements_text(c.value->2) k(v))::text;
      end if;
      perform pg_catalog.set_config('realtime.changed_keys',
                                    coalesce(caller_keys, case when one_key then '{{}}' else '[]' end), true);
      narrowed := true;
    elsif narrowed then
      perform pg_catalog.set_config('realtime.changed_keys', keys_text, true);
      narrowed := false;
    end if;
    perform pg_catalog.set_config('role', c.value->>0, true),
            pg_catalog.set_config('request.jwt.claims', c.value->>1, true);
    execute 'execute ' || pg_catalog.quote_ident(stmt) into visible;
    if visible is not null then
      caller := c.i;
      return next;
    end if;
  end loop;
  perform pg_catalog.set_config('role', 'none', true);
end
$fn$;
revoke all on function realtime.visible_rows(text, text, text[], jsonb, jsonb) from public, anon, authenticated;
"""

CATALOG_SQL = f"""
select c.oid::bigint as oid, n.nspname as schema, c.relname as name, c.relrowsecurity as rls,
       c.relreplident = 'f' as replica_full,
       coalesce((select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
                   from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                  where i.indrelid = c.oid and i.indisprimary), '{{}}') as primary_key,
       array(select r from unnest(array{list(API_ROLES)}::text[]) r
              where has_table_privilege(r, c.oid, 'SELECT')) as readers,
       (select coalesce(json_agg(json_build_object(
                 'name', a.attname, 'type', t.typname,
                 'readers', array(select r from unnest(array{list(API_ROLES)}::text[]) r
                                   where has_column_privilege(r, c.oid, a.attnum, 'SELECT')))
               order by a.attnum), '[]')
          from pg_attribute a join pg_type t on t.oid = a.atttypid
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
       (select encode(tg.tgargs, 'escape') from pg_trigger tg
         where tg.tgrelid = c.oid and tg.tgname = '{TRIGGER_NAME}') as trigger_args,
       case when c.relrowsecurity then realtime.policy_shape(c.oid) end as policy_shape
  from pg_publication_tables pt
  join pg_namespace n on n.nspname = pt.schemaname
  join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
 where pt.pubname = '{PUBLICATION}' and pt.schemaname <> 'realtime'
 order by 2, 3
"""

STRAY_TRIGGERS_SQL = f"""
select tg.tgrelid::regclass::text from pg_trigger tg
 where tg.tgname = '{TRIGGER_NAME}'
   and tg.tgrelid not in (select (quote_ident(schemaname) || '.' || quote_ident(tablename))::regclass::oid
                            from pg_publication_tables where pubname = '{PUBLICATION}')
"""


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: str
    readers: frozenset[str]


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What the service knows of one published table."""
    oid: int
    schema: str
    name: str
    rls: bool
    replica_full: bool
    primary_key: tuple[str, ...]
    readers: frozenset[str]
    columns: tuple[Column, ...]
    trigger_args: tuple[str, ...] | None
    column_types: dict[str, str] = field(default_factory=dict, compare=False)
    # what policies.owner_columns decided from (checked again at each use), and its decision per role
    policy_shape: dict | None = field(default=None, compare=False)
    owner_columns: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False)

    @property
    def wanted_trigger_args(self) -> tuple[str, ...]:
        return ("full" if self.replica_full else "default", *self.primary_key)

    def visible_columns(self, role: str) -> list[Column]:
        return [c for c in self.columns if role in c.readers]


@dataclass
class Catalog:
    """Published tables by (schema, name), refreshed by `load`."""
    tables: dict[tuple[str, str], TableInfo] = field(default_factory=dict)
    fingerprint: str = ""

    def get(self, schema: str, name: str) -> TableInfo | None:
        return self.tables.get((schema, name))

    def matching(self, schema: str, table: str | None) -> list[TableInfo]:
        """Tables a binding names: `schema` or `*`, `table` or `*` / absent (every table of the schema)."""
        return [t for t in self.tables.values()
                if schema in ("*", t.schema) and (table in (None, "", "*") or table == t.name)]

    @property
    def in_sync(self) -> bool:
        return all(t.trigger_args == t.wanted_trigger_args for t in self.tables.values())


def _table(row: dict) -> TableInfo:
    columns = tuple(Column(c["name"], c["type"], frozenset(c["readers"])) for c in row["columns"])
    args = row["trigger_args"]
    return TableInfo(
        oid=row["oid"], schema=row["schema"], name=row["name"], rls=row["rls"],
        replica_full=row["replica_full"], primary_key=tuple(row["primary_key"]),
        readers=frozenset(row["readers"]), columns=columns,
        trigger_args=tuple(args.split("\\000")[:-1]) if args is not None else None,
        column_types={c.name: c.type for c in columns},
        policy_shape=row.get("policy_shape"), owner_columns=policies.owner_columns(row.get("policy_shape")))


async def load(conn: psycopg.AsyncConnection) -> Catalog:
    cur = conn.cursor(row_factory=psycopg.rows.dict_row)
    await cur.execute(CATALOG_SQL)
    rows = await cur.fetchall()
    tables = {(r["schema"], r["name"]): _table(r) for r in rows}
    return Catalog(tables, json.dumps(rows, default=str, sort_keys=True))


async def sync(conn: psycopg.AsyncConnection) -> Catalog:
    """Install the capture function and make the trigger set match the publication; return the catalog."""
    async with conn.transaction():
        await conn.execute("select pg_advisory_xact_lock(%s)", (_SYNC_LOCK,))
        await conn.execute(SETUP_SQL, prepare=False)
        await conn.execute(changelog.SETUP_SQL, prepare=False)
        await conn.execute(policies.SETUP_SQL, prepare=False)
        catalog = await load(conn)
        for table in catalog.tables.values():
            if table.trigger_args == table.wanted_trigger_args:
                continue
            target = sql.Identifier(table.schema, table.name)
            await conn.execute(sql.SQL("drop trigger if exists {} on {}").format(
                sql.Identifier(TRIGGER_NAME), target))
            await conn.execute(sql.SQL(
                "create trigger {} after insert or update or delete on {} "
                "for each row execute function realtime.capture_change({})").format(
                sql.Identifier(TRIGGER_NAME), target,
                sql.SQL(", ").join(sql.Literal(a) for a in table.wanted_trigger_args)))
        for (stray,) in await (await conn.execute(STRAY_TRIGGERS_SQL)).fetchall():
            await conn.execute(sql.SQL("drop trigger if exists {} on {}").format(
                sql.Identifier(TRIGGER_NAME), sql.SQL(stray)))
        return await load(conn)


async def overflow_payload(conn: psycopg.AsyncConnection, overflow_id: int) -> dict | None:
    cur = await conn.execute("select payload from realtime.changes where id = %s", (overflow_id,))
    row = await cur.fetchone()
    return row[0] if row else None


async def prune_overflow(conn: psycopg.AsyncConnection) -> None:
    """Stored payloads are read right after commit; keep them a few minutes for slow listeners."""
    await conn.execute("delete from realtime.changes where created_at < now() - interval '5 minutes'")
