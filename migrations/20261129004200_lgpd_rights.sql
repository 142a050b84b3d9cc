-- LGPD rights of a client over its data: access and portability (an export job building a ZIP of its rows and
-- documents, delivered by a signed link that expires) and deletion within what the office must keep (a request
-- the client makes, an administrator reviews; retention per record type in office_settings; a certificate of
-- what was kept, anonymised and removed).

-- ---------------------------------------------------------------------------
-- Retention per record type (years), an office setting administrators change with the others.
-- ---------------------------------------------------------------------------
alter table public.office_settings
  add column retention_process_years integer not null default 5 check (retention_process_years between 0 and 100),
  add column retention_financial_years integer not null default 5 check (retention_financial_years between 0 and 100),
  add column retention_document_years integer not null default 0 check (retention_document_years between 0 and 100);
comment on column public.office_settings.retention_process_years is
  'LGPD: a case file (process, its requests, events and documents) is kept this many years after it closed; an open case is always kept.';
comment on column public.office_settings.retention_financial_years is
  'LGPD: contracts, installments, payments, quotes and commissions are kept this many years after they were created.';
comment on column public.office_settings.retention_document_years is
  'LGPD: a document that belongs to no kept case is kept this many years after it was stored.';

-- ---------------------------------------------------------------------------
-- Export jobs: written by export-client-data (service role), read by the client (own) and administrators.
-- ---------------------------------------------------------------------------
create table public.data_export_jobs (
  id            uuid primary key default gen_random_uuid(),
  client_id     uuid not null references public.clients (id) on delete cascade,
  requested_by  uuid references auth.users (id) on delete set null,
  status        text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  progress      integer not null default 0 check (progress between 0 and 100),
  object_path   text,
  size_bytes    bigint,
  error         text,
  created_at    timestamptz not null default now(),
  finished_at   timestamptz,
  expires_at    timestamptz,
  delivered_at  timestamptz,
  deliveries    integer not null default 0
);
comment on table public.data_export_jobs is
  'LGPD exports of a client''s data (request, progress, the ZIP in storage, its delivery). Written by export-client-data.';
create index data_export_jobs_client_idx on public.data_export_jobs (client_id, created_at desc);
alter table public.data_export_jobs enable row level security;
create policy "client reads own exports, administrators all" on public.data_export_jobs
  for select to authenticated
  using (client_id = (select public.current_client_id()) or (select public.is_admin()));
revoke all on public.data_export_jobs from anon, authenticated;
grant select on public.data_export_jobs to authenticated;
grant all on public.data_export_jobs to service_role;

-- The ZIPs: a private bucket no API role reads; the function hands out signed links.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('client_exports', 'client_exports', false, null, array['application/zip'])
on conflict (id) do update set public = false, allowed_mime_types = excluded.allowed_mime_types;

-- ---------------------------------------------------------------------------
-- Deletion requests.
-- ---------------------------------------------------------------------------
create table public.data_deletion_requests (
  id            uuid primary key default gen_random_uuid(),
  client_id     uuid references public.clients (id) on delete set null,
  requested_by  uuid references auth.users (id) on delete set null default auth.uid(),
  reason        text check (reason is null or char_length(reason) <= 2000),
  status        text not null default 'pending' check (status in ('pending', 'rejected', 'completed')),
  created_at    timestamptz not null default now(),
  reviewed_by   uuid references auth.users (id) on delete set null,
  reviewed_at   timestamptz,
  review_note   text check (review_note is null or char_length(review_note) <= 2000),
  certificate   jsonb
);
comment on table public.data_deletion_requests is
  'LGPD deletion requests: made by the client, reviewed by an administrator; certificate = what was kept and removed.';
create unique index data_deletion_requests_one_pending on public.data_deletion_requests (client_id)
  where status = 'pending';
alter table public.data_deletion_requests enable row level security;
create policy "client reads own deletion requests, administrators all" on public.data_deletion_requests
  for select to authenticated
  using (client_id = (select public.current_client_id()) or (select public.is_admin()));
revoke all on public.data_deletion_requests from anon, authenticated;
grant select on public.data_deletion_requests to authenticated;
grant all on public.data_deletion_requests to service_role;

-- Export jobs are audited too (their request and delivery); the trail's list of excluded tables no longer names them.
create or replace function audit.excluded_tables() returns text[]
language sql immutable
set search_path = ''
as $$
  select array['system_settings', 'calendar_feeds', 'notification_deliveries', 'notifications', 'exchange_rates',
               'uscis_forms', 'uscis_form_editions', 'uscis_form_mappings', 'uscis_processing_times',
               'visa_bulletins', 'visa_bulletin_months', 'eoir_courts', 'client_record_changes']
$$;
select audit.enable('public.data_export_jobs'::regclass);
select audit.enable('public.data_deletion_requests'::regclass);

-- ---------------------------------------------------------------------------
-- Which tables name a client, and how (derived from the catalog): 'self' (clients), 'client' (a client_id
-- column), 'process' (a process_id column only: through the client's processes), 'user' (the client's log-in),
-- 'child' (a foreign key to one of those tables). Secret-holding tables are never part of it.
-- ---------------------------------------------------------------------------
create or replace function public.client_data_tables()
returns table (table_name text, via text, fk_column text, parent_table text, parent_column text)
language sql stable
set search_path = ''
as $$
  with base as (
    select c.oid, c.relname::text as table_name,
           case
             when c.relname = 'clients' then 'self'
             when c.relname = 'notifications' then 'user'  -- the client's own, not the staff's about it
             when exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attname = 'client_id'
                             and not a.attisdropped and a.atttypid = 'uuid'::regtype) then 'client'
             when exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attname = 'process_id'
                             and not a.attisdropped and a.atttypid = 'bigint'::regtype) then 'process'
             when exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attname = 'user_id'
                             and not a.attisdropped and a.atttypid = 'uuid'::regtype) then 'user'
           end as via
      from pg_catalog.pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and c.relname <> all (array['system_settings', 'calendar_feeds', 'notification_deliveries',
                                   'data_export_jobs'])
  )
  select b.table_name, b.via, null, null, null from base b where b.via is not null
  union all
  select distinct on (ch.relname) ch.relname::text, 'child', a.attname::text, p.table_name, pa.attname::text
    from pg_catalog.pg_constraint k
    join pg_catalog.pg_class ch on ch.oid = k.conrelid
    join base p on p.oid = k.confrelid and p.via is not null
    join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    join pg_catalog.pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
   where k.contype = 'f' and cardinality(k.conkey) = 1
     and ch.relnamespace = 'public'::regnamespace
     and exists (select 1 from base b where b.oid = ch.oid and b.via is null)
   order by 1
$$;
comment on function public.client_data_tables() is
  'The tables that hold a client''s data and how each names the client (derived from the catalog).';
revoke execute on function public.client_data_tables() from public, anon, authenticated;
grant execute on function public.client_data_tables() to service_role;

-- The WHERE clause (alias x) that selects one client's rows of a table named by client_data_tables().
create or replace function public.client_data_where(p_via text, p_fk text, p_parent text, p_parent_col text,
                                                    p_parent_via text)
returns text
language sql immutable
set search_path = ''
as $$
  select case p_via
    when 'self' then 'x.id = $1'
    when 'client' then 'x.client_id = $1'
    when 'process' then 'x.process_id in (select p.id from public.processes p where p.client_id = $1)'
    when 'user' then 'x.user_id = (select c.user_id from public.clients c where c.id = $1)'
    when 'child' then format('x.%I in (select y.%I from public.%I y where %s)', p_fk, p_parent_col, p_parent,
                             replace(public.client_data_where(p_parent_via, null, null, null, null), 'x.', 'y.'))
  end
$$;
revoke execute on function public.client_data_where(text, text, text, text, text) from public, anon, authenticated;

-- May the caller read or act on this client's data? Its own client, an administrator, or the service role.
create or replace function public.may_handle_client_data(p_client uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '') = 'service_role'
      or public.is_admin()
      or (p_client is not null and p_client = public.current_client_id())
$$;
revoke execute on function public.may_handle_client_data(uuid) from public, anon;
grant execute on function public.may_handle_client_data(uuid) to authenticated, service_role;

-- Every row of the client, as {table: [rows]} (columns named like tokens, secrets or passwords left out), and the
-- storage objects that are its documents and attachments.
create or replace function public.client_data_export(p_client uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  t record;
  v_rows jsonb;
  v_out jsonb := '{}'::jsonb;
  v_secret text[];
  v_vias jsonb := '{}'::jsonb;
begin
  if not public.may_handle_client_data(p_client) then
    raise exception 'Acesso negado' using errcode = 'insufficient_privilege';
  end if;
  if not exists (select 1 from public.clients c where c.id = p_client) then
    raise exception 'Cliente não encontrado' using errcode = 'no_data_found';
  end if;
  for t in select * from public.client_data_tables() d order by (d.via = 'child'), d.table_name loop
    v_vias := v_vias || jsonb_build_object(t.table_name, t.via);
    select coalesce(array_agg(a.attname::text), '{}') into v_secret
      from pg_catalog.pg_attribute a
     where a.attrelid = ('public.' || quote_ident(t.table_name))::regclass and a.attnum > 0 and not a.attisdropped
       and a.attname ~* '(token|secret|password|passphrase|api_key|private_key|sealed)';
    execute format('select coalesce(jsonb_agg(to_jsonb(x) - $2), ''[]''::jsonb) from public.%I x where %s',
                   t.table_name,
                   public.client_data_where(t.via, t.fk_column, t.parent_table, t.parent_column,
                                            v_vias ->> t.parent_table))
      into v_rows using p_client, v_secret;
    if jsonb_array_length(v_rows) > 0 then
      v_out := v_out || jsonb_build_object(t.table_name, v_rows);
    end if;
  end loop;
  return jsonb_build_object(
    'client_id', p_client,
    'generated_at', now(),
    'tables', v_out,
    'documents', coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'name', d.name, 'path', d.file_path)
                                            order by d.created_at)
                             from public.client_documents d where d.client_id = p_client), '[]'::jsonb),
    'attachments', coalesce((select jsonb_agg(o.name order by o.name) from storage.objects o
                              where o.bucket_id = 'client_documents'
                                and o.name like 'attachments/' || p_client::text || '/%'), '[]'::jsonb));
end
$$;
comment on function public.client_data_export(uuid) is
  'LGPD: every row naming the client (its own client, an administrator or the service role), and its storage objects.';
revoke execute on function public.client_data_export(uuid) from public, anon;
grant execute on function public.client_data_export(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The client asks for the deletion of its data (one pending request at a time).
-- ---------------------------------------------------------------------------
create or replace function public.request_data_deletion(p_reason text default null) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  v_client uuid := public.current_client_id();
  v_id uuid;
begin
  if v_client is null then
    raise exception 'Apenas o próprio cliente pode solicitar a exclusão dos seus dados'
      using errcode = 'insufficient_privilege';
  end if;
  if exists (select 1 from public.data_deletion_requests r where r.client_id = v_client and r.status = 'pending') then
    raise exception 'Já existe uma solicitação de exclusão em análise' using errcode = 'unique_violation';
  end if;
  insert into public.data_deletion_requests (client_id, requested_by, reason)
  values (v_client, auth.uid(), nullif(left(btrim(coalesce(p_reason, '')), 2000), ''))
  returning id into v_id;
  perform public.notify_admins_of_deletion_request(v_client);
  return v_id;
end
$$;

-- Administrators are told in the app (in-app notification only).
create or replace function public.notify_admins_of_deletion_request(p_client uuid) returns void
language sql security definer
set search_path = ''
as $$
  insert into public.notifications (user_id, kind, title, body, link, client_id)
  select r.user_id, 'lgpd_deletion_request', 'Solicitação de exclusão de dados',
         'O cliente ' || coalesce((select c.full_name from public.clients c where c.id = p_client), '') ||
         ' pediu a exclusão dos seus dados (LGPD).', '/lgpd', p_client
    from public.user_roles r where r.role = 'administrator'
$$;
revoke execute on function public.notify_admins_of_deletion_request(uuid) from public, anon, authenticated;
comment on function public.request_data_deletion(text) is
  'LGPD: the signed-in client asks for the deletion of its data; an administrator reviews the request.';
revoke execute on function public.request_data_deletion(text) from public, anon;
grant execute on function public.request_data_deletion(text) to authenticated;

-- ---------------------------------------------------------------------------
-- An administrator reviews a request. Rejected: recorded with the note. Approved: what the retention settings
-- hold is kept (open cases and cases closed less than N years ago with their documents and requests, financial
-- records younger than N years, documents younger than N years), the rest of the client's rows deleted, the
-- client's record anonymised and its log-in removed. Returns the certificate, with the storage objects the
-- caller (export-client-data's sibling, client-data-deletion) must remove.
-- ---------------------------------------------------------------------------
create or replace function public.review_data_deletion(p_request uuid, p_approve boolean, p_note text default null)
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_req public.data_deletion_requests;
  v_settings public.office_settings;
  v_client public.clients;
  v_held_processes bigint[];
  v_held_documents uuid[];
  v_kept jsonb := '{}'::jsonb;
  v_removed jsonb := '{}'::jsonb;
  v_objects text[];
  v_count integer;
  v_total integer;
  v_where text;
  v_keep text;
  v_vias jsonb := '{}'::jsonb;
  v_cert jsonb;
  t record;
begin
  if not public.is_admin() then
    raise exception 'Apenas administradores analisam solicitações de exclusão' using errcode = 'insufficient_privilege';
  end if;
  select * into v_req from public.data_deletion_requests r where r.id = p_request for update;
  if v_req.id is null then
    raise exception 'Solicitação não encontrada' using errcode = 'no_data_found';
  end if;
  if v_req.status <> 'pending' then
    raise exception 'Esta solicitação já foi analisada' using errcode = 'check_violation';
  end if;
  if not p_approve then
    update public.data_deletion_requests
       set status = 'rejected', reviewed_by = auth.uid(), reviewed_at = now(),
           review_note = nullif(left(btrim(coalesce(p_note, '')), 2000), '')
     where id = p_request;
    return jsonb_build_object('request_id', p_request, 'status', 'rejected');
  end if;
  select * into v_settings from public.office_settings limit 1;
  select * into v_client from public.clients c where c.id = v_req.client_id for update;

  -- what is held
  select coalesce(array_agg(p.id), '{}') into v_held_processes
    from public.processes p
   where p.client_id = v_client.id
     and (p.closed_at is null
          or p.closed_at > now() - make_interval(years => coalesce(v_settings.retention_process_years, 5)));
  select coalesce(array_agg(d.id), '{}') into v_held_documents
    from public.client_documents d
   where d.client_id = v_client.id
     and (d.process_id = any (v_held_processes)
          or d.created_at > now() - make_interval(years => coalesce(v_settings.retention_document_years, 0)));
  -- the documents and attachments whose files go
  select coalesce(array_agg(o.name order by o.name), '{}') into v_objects
    from storage.objects o
   where o.bucket_id = 'client_documents'
     and (o.name like v_client.id::text || '/%' or o.name like 'attachments/' || v_client.id::text || '/%')
     and not exists (select 1 from public.client_documents d
                      where d.id = any (v_held_documents) and d.file_path = o.name);

  -- every table naming the client, children first so parents are free to go
  for t in select * from public.client_data_tables() d order by (d.via <> 'child'), d.table_name loop
    v_vias := v_vias || jsonb_build_object(t.table_name, t.via);
  end loop;
  for t in select * from public.client_data_tables() d
            where d.table_name not in ('clients', 'data_deletion_requests', 'user_roles', 'profiles')
            order by (d.via <> 'child'), d.table_name loop
    v_where := public.client_data_where(t.via, t.fk_column, t.parent_table, t.parent_column,
                                        v_vias ->> t.parent_table);
    v_keep := case
      when t.table_name = 'processes' then 'x.id = any ($2)'
      when t.table_name = 'client_documents' then 'x.id = any ($3)'
      when t.table_name like 'financial\_%' or t.parent_table like 'financial\_%' then
        format('%s > now() - make_interval(years => %s)',
               case when exists (select 1 from pg_catalog.pg_attribute a
                                  where a.attrelid = ('public.' || quote_ident(t.table_name))::regclass
                                    and a.attname = 'created_at' and not a.attisdropped)
                    then 'x.created_at' else 'now()' end,
               coalesce(v_settings.retention_financial_years, 5))
      when t.via = 'process' then 'x.process_id = any ($2)'
      when exists (select 1 from pg_catalog.pg_attribute a
                    where a.attrelid = ('public.' || quote_ident(t.table_name))::regclass
                      and a.attname = 'process_id' and not a.attisdropped) then 'x.process_id = any ($2)'
      else 'false'
    end;
    execute format('select count(*) from public.%I x where %s', t.table_name, v_where)
      into v_total using v_client.id, v_held_processes, v_held_documents;
    continue when v_total = 0;
    begin
      execute format('delete from public.%I x where %s and not coalesce(%s, false)', t.table_name, v_where, v_keep)
        using v_client.id, v_held_processes, v_held_documents;
      get diagnostics v_count = row_count;
    exception when foreign_key_violation then
      v_count := 0;  -- rows a kept record still points at stay
    end;
    if v_count > 0 then
      v_removed := v_removed || jsonb_build_object(t.table_name, v_count);
    end if;
    if v_total - v_count > 0 then
      v_kept := v_kept || jsonb_build_object(t.table_name, v_total - v_count);
    end if;
  end loop;

  -- the record stays (kept rows point at it) with nothing that identifies the person; the log-in goes
  update public.clients
     set full_name = 'Titular removido (LGPD)', email = 'removido-' || id::text || '@anonimizado.invalid',
         phone = null, address = null, a_number = null, date_of_birth = null, nationality = null,
         passport_number = null, passport_expires_on = null, ead_expires_on = null, user_id = null
   where id = v_client.id;
  update public.processes set client_name = 'Titular removido (LGPD)' where client_id = v_client.id;
  if v_client.user_id is not null then
    delete from auth.users u where u.id = v_client.user_id;
  end if;

  v_cert := jsonb_build_object(
    'request_id', p_request,
    'client_id', v_client.id,
    'requested_at', v_req.created_at,
    'approved_by', auth.uid(),
    'approved_at', now(),
    'retention_years', jsonb_build_object('processes', v_settings.retention_process_years,
                                          'financial', v_settings.retention_financial_years,
                                          'documents', v_settings.retention_document_years),
    'kept', v_kept,
    'removed', v_removed,
    'anonymised', jsonb_build_array('clients', 'processes.client_name'),
    'login_removed', v_client.user_id is not null,
    'storage_objects', to_jsonb(v_objects),
    'storage_removed', false);
  update public.data_deletion_requests
     set status = 'completed', reviewed_by = auth.uid(), reviewed_at = now(),
         review_note = nullif(left(btrim(coalesce(p_note, '')), 2000), ''), certificate = v_cert
   where id = p_request;
  return v_cert;
end
$$;
comment on function public.review_data_deletion(uuid, boolean, text) is
  'LGPD: an administrator rejects or carries out a deletion request under the retention settings; returns the certificate.';
revoke execute on function public.review_data_deletion(uuid, boolean, text) from public, anon;
grant execute on function public.review_data_deletion(uuid, boolean, text) to authenticated;
