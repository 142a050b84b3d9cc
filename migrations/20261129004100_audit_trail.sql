-- Audit trail: every insert, update and delete on the office's business tables, recorded by triggers in an
-- append-only `audit` schema (table, row id, action, changed columns old -> new, actor user and JWT role, time,
-- request id when the caller sent one), partitioned by month, tamper-evident through a hash chain.
--
-- Writers never wait for each other: the row trigger only appends to `audit.record_changes`. `audit.seal()`
-- (a cron job every five minutes, and `audit.verify()` before it checks) chains the entries of finished
-- transactions in one serialised step (an advisory lock): each chain row holds sha256(previous hash || entry).
-- Secrets are never copied: system settings, calendar feed tokens and the outbox are not audited, and columns
-- whose names speak of tokens, secrets or passwords are left out of the values. Document bytes live in storage,
-- never in a table, so only the metadata row of `client_documents` is audited.

create schema if not exists audit;
comment on schema audit is 'Append-only audit trail of the business tables (read by administrators through public.audit_log).';
revoke all on schema audit from public, anon, authenticated, service_role;

create table audit.record_changes (
  id          bigint generated always as identity,
  changed_at  timestamptz not null default now(),
  txid        xid8 not null default pg_current_xact_id(),
  table_name  text not null,
  row_id      text not null,
  action      text not null check (action in ('INSERT', 'UPDATE', 'DELETE')),
  old_values  jsonb,
  new_values  jsonb,
  actor_id    uuid,
  actor_role  text not null,
  request_id  text,
  client_id   uuid,
  process_id  bigint,
  primary key (id, changed_at)
) partition by range (changed_at);
comment on table audit.record_changes is
  'One row per changed row of a business table: action, changed columns (old and new), actor and time. Append-only.';
comment on column audit.record_changes.txid is 'The writing transaction (seal() chains only entries of finished transactions).';
comment on column audit.record_changes.actor_role is 'The JWT role of the caller (authenticated, service_role), or the database user outside the API.';
comment on column audit.record_changes.client_id is 'The client the row belongs to (directly or through its process), for the client''s history.';
create table audit.record_changes_default partition of audit.record_changes default;
create index record_changes_client_idx on audit.record_changes (client_id, changed_at desc) where client_id is not null;
create index record_changes_process_idx on audit.record_changes (process_id, changed_at desc) where process_id is not null;
create index record_changes_actor_idx on audit.record_changes (actor_id, changed_at desc) where actor_id is not null;
create index record_changes_time_idx on audit.record_changes (changed_at desc, id desc);
create index record_changes_txid_idx on audit.record_changes (txid);

create table audit.chain (
  position   bigint primary key,
  entry_id   bigint not null unique,
  entry_at   timestamptz not null,
  prev_hash  bytea not null,
  hash       bytea not null,
  horizon    xid8 not null,
  sealed_at  timestamptz not null default now()
);
comment on table audit.chain is
  'Hash chain over audit.record_changes: hash = sha256(prev_hash || entry text), in sealing order. Append-only.';
comment on column audit.chain.horizon is 'Every transaction below this id had finished when the entry was sealed.';

-- ---------------------------------------------------------------------------
-- Append-only for everyone: no grants, and triggers refusing UPDATE, DELETE and TRUNCATE (the owner included).
-- ---------------------------------------------------------------------------
create or replace function audit.refuse_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'O histórico de alterações não pode ser alterado nem apagado'
    using errcode = 'insufficient_privilege';
end
$$;
revoke execute on function audit.refuse_change() from public;
create trigger record_changes_append_only before update or delete on audit.record_changes
  for each row execute function audit.refuse_change();
create trigger record_changes_append_only_statement before update or delete or truncate on audit.record_changes
  for each statement execute function audit.refuse_change();
create trigger record_changes_no_truncate before truncate on audit.record_changes_default
  for each statement execute function audit.refuse_change();
create trigger chain_append_only before update or delete on audit.chain
  for each row execute function audit.refuse_change();
create trigger chain_append_only_statement before update or delete or truncate on audit.chain
  for each statement execute function audit.refuse_change();
revoke all on all tables in schema audit from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Monthly partitions, created ahead (the migration and a monthly cron job).
-- ---------------------------------------------------------------------------
create or replace function audit.create_partitions(p_months_ahead integer default 3) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_month date := date_trunc('month', now())::date;
  v_name text;
  v_created integer := 0;
begin
  for i in 0 .. greatest(p_months_ahead, 0) loop
    v_name := 'record_changes_' || to_char(v_month + make_interval(months => i), 'YYYY_MM');
    if to_regclass('audit.' || v_name) is null then
      execute format('create table audit.%I partition of audit.record_changes for values from (%L) to (%L)',
                     v_name, (v_month + make_interval(months => i))::date,
                     (v_month + make_interval(months => i + 1))::date);
      execute format('create trigger record_changes_no_truncate before truncate on audit.%I'
                     ' for each statement execute function audit.refuse_change()', v_name);
      execute format('revoke all on audit.%I from public, anon, authenticated, service_role', v_name);
      v_created := v_created + 1;
    end if;
  end loop;
  return v_created;
end
$$;
comment on function audit.create_partitions(integer) is
  'Creates the monthly partitions of audit.record_changes from this month to p_months_ahead months ahead.';
revoke execute on function audit.create_partitions(integer) from public;
select audit.create_partitions(3);

-- ---------------------------------------------------------------------------
-- The row trigger. Arguments: key columns (comma separated), the column naming the client, the column naming the
-- process ('' when none), and the columns never copied (comma separated, '' when none).
-- ---------------------------------------------------------------------------
create or replace function audit.capture() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row jsonb;
  v_old jsonb;
  v_new jsonb;
  v_claims text := current_setting('request.jwt.claims', true);
  v_headers text;
  v_client uuid;
  v_process bigint;
  v_row_id text;
begin
  if tg_op = 'DELETE' then
    v_row := to_jsonb(old);
    v_old := v_row;
  elsif tg_op = 'INSERT' then
    v_row := to_jsonb(new);
    v_new := v_row;
  else
    v_row := to_jsonb(new);
    select jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, v_row -> o.key)
      into v_old, v_new
      from jsonb_each(to_jsonb(old)) o
     where o.value is distinct from v_row -> o.key;
    if v_old is null then
      return null;  -- nothing changed
    end if;
  end if;
  if tg_argv[3] <> '' then
    v_old := v_old - string_to_array(tg_argv[3], ',');
    v_new := v_new - string_to_array(tg_argv[3], ',');
    if tg_op = 'UPDATE' and v_old = '{}'::jsonb then
      return null;  -- only a secret changed: its change is not recorded either
    end if;
  end if;
  if strpos(tg_argv[0], ',') = 0 then
    v_row_id := v_row ->> tg_argv[0];
  else
    select string_agg(v_row ->> k, ',') into v_row_id from unnest(string_to_array(tg_argv[0], ',')) k;
  end if;
  if tg_argv[1] <> '' then
    v_client := (v_row ->> tg_argv[1])::uuid;
  end if;
  if tg_argv[2] <> '' then
    v_process := (v_row ->> tg_argv[2])::bigint;
    if v_client is null and v_process is not null then
      select p.client_id into v_client from public.processes p where p.id = v_process;
    end if;
  end if;
  if v_claims is not null and v_claims <> '' then
    v_headers := current_setting('request.headers', true);
    insert into audit.record_changes (table_name, row_id, action, old_values, new_values, actor_id, actor_role,
                                      request_id, client_id, process_id)
    values (tg_table_name, coalesce(v_row_id, ''), tg_op, v_old, v_new,
            case when v_claims::jsonb ->> 'sub' ~ '^[0-9a-fA-F-]{36}$' then (v_claims::jsonb ->> 'sub')::uuid end,
            coalesce(v_claims::jsonb ->> 'role', current_user),
            case when v_headers is not null and v_headers <> '' then left(v_headers::jsonb ->> 'x-request-id', 200) end,
            v_client, v_process);
  else
    insert into audit.record_changes (table_name, row_id, action, old_values, new_values, actor_role, client_id,
                                      process_id)
    values (tg_table_name, coalesce(v_row_id, ''), tg_op, v_old, v_new, session_user, v_client, v_process);
  end if;
  return null;
end
$$;
comment on function audit.capture() is
  'Trigger: appends the change of a business row to audit.record_changes (changed columns only, secrets left out).';
revoke execute on function audit.capture() from public, anon, authenticated, service_role;

-- Tables never audited: secrets (system_settings, calendar feed tokens), the outbox and in-app notifications
-- (deliveries of what is already audited), reference data imported from public sources, and histories that are
-- themselves histories.
create or replace function audit.excluded_tables() returns text[]
language sql immutable
set search_path = ''
as $$
  select array['system_settings', 'calendar_feeds', 'notification_deliveries', 'notifications', 'exchange_rates',
               'uscis_forms', 'uscis_form_editions', 'uscis_form_mappings', 'uscis_processing_times',
               'visa_bulletins', 'visa_bulletin_months', 'eoir_courts', 'client_record_changes', 'data_export_jobs']
$$;
revoke execute on function audit.excluded_tables() from public;

-- Attaches the trigger to one table, deriving its arguments from the catalog.
create or replace function audit.enable(p_table regclass) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_name text;
  v_keys text;
  v_client text := '';
  v_process text := '';
  v_secret text;
begin
  select c.relname into v_name from pg_catalog.pg_class c where c.oid = p_table;
  select string_agg(a.attname, ',' order by array_position(i.indkey::int2[], a.attnum))
    into v_keys
    from pg_catalog.pg_index i
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
   where i.indrelid = p_table and i.indisprimary;
  if v_keys is null then
    raise exception 'Table % has no primary key to audit', p_table;
  end if;
  if v_name = 'clients' then
    v_client := 'id';
  elsif exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = p_table and a.attname = 'client_id'
                   and not a.attisdropped and a.atttypid = 'uuid'::regtype) then
    v_client := 'client_id';
  end if;
  if v_name = 'processes' then
    v_process := 'id';
  elsif exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = p_table and a.attname = 'process_id'
                   and not a.attisdropped and a.atttypid = 'bigint'::regtype) then
    v_process := 'process_id';
  end if;
  select coalesce(string_agg(a.attname, ','), '') into v_secret
    from pg_catalog.pg_attribute a
   where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped
     and a.attname ~* '(token|secret|password|passphrase|api_key|private_key|sealed)';
  execute format('drop trigger if exists audit_record_changes on %s', p_table);
  execute format('create trigger audit_record_changes after insert or update or delete on %s'
                 ' for each row execute function audit.capture(%L, %L, %L, %L)',
                 p_table, v_keys, v_client, v_process, v_secret);
end
$$;
comment on function audit.enable(regclass) is
  'Attaches the audit trigger to a table (key, client and process columns and secret columns from the catalog).';
revoke execute on function audit.enable(regclass) from public;

-- Every table of the public schema except the excluded ones (run again by later migrations for new tables).
create or replace function audit.enable_business_tables() returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_table regclass;
  v_count integer := 0;
begin
  for v_table in
    select c.oid::regclass from pg_catalog.pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and c.relname <> all (audit.excluded_tables())
       and not exists (select 1 from pg_catalog.pg_inherits h where h.inhrelid = c.oid)
     order by c.relname
  loop
    perform audit.enable(v_table);
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
comment on function audit.enable_business_tables() is 'Attaches the audit trigger to every business table of public.';
revoke execute on function audit.enable_business_tables() from public;
select audit.enable_business_tables();

-- ---------------------------------------------------------------------------
-- The hash chain.
-- ---------------------------------------------------------------------------
create or replace function audit.entry_text(r audit.record_changes) returns text
language sql immutable
set search_path = ''
as $$
  select concat_ws('|', r.id, extract(epoch from r.changed_at), r.table_name, r.row_id, r.action,
                   coalesce(r.old_values::text, ''), coalesce(r.new_values::text, ''), coalesce(r.actor_id::text, ''),
                   r.actor_role, coalesce(r.request_id, ''), coalesce(r.client_id::text, ''),
                   coalesce(r.process_id::text, ''))
$$;
comment on function audit.entry_text(audit.record_changes) is 'The text of an entry that its chain hash covers.';
revoke execute on function audit.entry_text(audit.record_changes) from public;

create or replace function audit.seal() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v_last audit.chain;
  v_horizon xid8;
  v_position bigint;
  v_hash bytea;
  v_count integer := 0;
  r audit.record_changes;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('audit.seal'));
  v_horizon := pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot());
  select * into v_last from audit.chain order by position desc limit 1;
  v_position := coalesce(v_last.position, 0);
  v_hash := coalesce(v_last.hash, '\x'::bytea);
  for r in
    select * from audit.record_changes e
     where e.txid >= coalesce(v_last.horizon, '0'::xid8) and e.txid < v_horizon
     order by e.id
  loop
    v_position := v_position + 1;
    insert into audit.chain (position, entry_id, entry_at, prev_hash, hash, horizon)
    values (v_position, r.id, r.changed_at, v_hash,
            pg_catalog.sha256(v_hash || pg_catalog.convert_to(audit.entry_text(r), 'UTF8')), v_horizon)
    returning hash into v_hash;
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
comment on function audit.seal() is
  'Chains the entries of finished transactions (one sealer at a time); returns how many were sealed.';
revoke execute on function audit.seal() from public, anon, authenticated, service_role;

-- The first broken entry, or no row when the trail is intact: an entry whose content no longer matches its hash,
-- a chain link that does not follow the previous one, a chained entry that is gone, or an entry that should be
-- chained and is not.
create or replace function audit.verify()
returns table (entry_id bigint, chain_position bigint, problem text)
language plpgsql security definer
set search_path = ''
as $$
declare
  c record;
  v_prev bytea := '\x'::bytea;
  v_expected bigint := 1;
begin
  perform audit.seal();
  for c in
    select ch.position, ch.entry_id, ch.prev_hash, ch.hash, e as entry
      from audit.chain ch
      left join audit.record_changes e on e.id = ch.entry_id and e.changed_at = ch.entry_at
     order by ch.position
  loop
    if c.position <> v_expected then
      return query select c.entry_id, c.position, 'elo da cadeia ausente'::text;
      return;
    end if;
    if (c.entry).id is null then
      return query select c.entry_id, c.position, 'registro apagado'::text;
      return;
    end if;
    if c.prev_hash <> v_prev then
      return query select c.entry_id, c.position, 'elo da cadeia alterado'::text;
      return;
    end if;
    if pg_catalog.sha256(v_prev || pg_catalog.convert_to(audit.entry_text(c.entry), 'UTF8')) <> c.hash then
      return query select c.entry_id, c.position, 'registro alterado'::text;
      return;
    end if;
    v_prev := c.hash;
    v_expected := v_expected + 1;
  end loop;
  return query
    select e.id, null::bigint, 'registro fora da cadeia'::text
      from audit.record_changes e
     where e.txid < (select coalesce(max(ch.horizon), '0'::xid8) from audit.chain ch)
       and not exists (select 1 from audit.chain ch where ch.entry_id = e.id)
     order by e.id
     limit 1;
end
$$;
comment on function audit.verify() is
  'Checks the hash chain of the audit trail; returns the first broken entry, or nothing when intact.';
revoke execute on function audit.verify() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Administrators read the trail through public.audit_log; everyone else reads no row.
-- ---------------------------------------------------------------------------
create or replace view public.audit_log with (security_barrier = true) as
  select e.id, e.changed_at, e.table_name, e.row_id, e.action, e.old_values, e.new_values, e.actor_id,
         coalesce(p.full_name, p.email) as actor_name, e.actor_role, e.request_id, e.client_id,
         c.full_name as client_name, e.process_id
    from audit.record_changes e
    left join public.profiles p on p.id = e.actor_id
    left join public.clients c on c.id = e.client_id
   where (select public.is_admin());
comment on view public.audit_log is
  'The audit trail (Histórico de alterações) for administrators; every other caller reads no row.';
revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to authenticated;

-- Administrators can check the chain from the app.
create or replace function public.audit_verify()
returns table (entry_id bigint, chain_position bigint, problem text)
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Apenas administradores podem verificar o histórico' using errcode = 'insufficient_privilege';
  end if;
  return query select * from audit.verify();
end
$$;
comment on function public.audit_verify() is 'Administrators: the first broken entry of the audit trail, or nothing.';
revoke execute on function public.audit_verify() from public, anon;
grant execute on function public.audit_verify() to authenticated;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('audit-seal', '*/5 * * * *', $c$select audit.seal()$c$);
    perform cron.schedule('audit-partitions', '0 3 1 * *', $c$select audit.create_partitions(3)$c$);
  end if;
end
$$;
