-- Fast with ten years of an office's data. Nothing here changes who reads or writes what: the policies below keep
-- their names, commands, roles and meaning; only how PostgreSQL evaluates them changes.
--
-- 1. Policies that called a helper once per row with the row's column (is_own_process(process_id),
--    sells_quote(quote_id)) ask for the caller's set once per statement instead: the ids come from a security
--    definer helper in a subquery PostgreSQL runs once and hashes.
-- 2. unread_message_counts asked is_staff() once per message row; now once per statement.
-- 3. workspace_timeline matched "x in (select id from targets)" against every table's rows (a sequential scan of
--    documents, interactions, processes); it now gathers the client and process ids first and every branch reads
--    by index, newest first, at most 200 rows each.
-- 4. Global search: search_fold is immutable, so trigram (GIN) indexes on the folded columns answer
--    `like '%term%'`. RLS keeps an index from serving a non-leakproof LIKE, so search_workspace runs as its owner and
--    applies the same visibility the policies give (staff: every client, process, receipt and A-number; a client:
--    its own client row only; service_role: everything).
-- 5. Indexes for each screen's first page: deliveries newest first (Envios), unread messages by side.

create extension if not exists pg_trgm with schema extensions;

-- 1. Per-statement policy helpers ----------------------------------------------------------------------------
create or replace function public.own_process_ids() returns setof bigint
language sql stable security definer
set search_path = ''
as $$
  select p.id from public.processes p
   where p.client_id is not null and p.client_id = public.current_client_id()
$$;
comment on function public.own_process_ids() is
  'Policy helper: ids of the signed-in client''s own processes (none for staff), used as `x in (select ...)` so it '
  'runs once per statement.';
revoke execute on function public.own_process_ids() from public, anon;
grant execute on function public.own_process_ids() to authenticated, service_role;

create or replace function public.sold_quote_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select q.id from public.financial_quotes q
   where public.has_role('commercial') and q.seller_id = auth.uid()
$$;
comment on function public.sold_quote_ids() is
  'Policy helper: ids of the quotes the signed-in commercial user sells (none for other roles), once per statement.';
revoke execute on function public.sold_quote_ids() from public, anon;
grant execute on function public.sold_quote_ids() to authenticated, service_role;

drop policy "client reads own process events" on public.process_events;
create policy "client reads own process events" on public.process_events
  for select to authenticated
  using (kind in ('created', 'stage_change', 'status_change')
         and process_id in (select public.own_process_ids()));

drop policy "sellers read own quote items" on public.financial_quote_items;
create policy "sellers read own quote items" on public.financial_quote_items
  for select to authenticated using (quote_id in (select public.sold_quote_ids()));
drop policy "sellers add own quote items" on public.financial_quote_items;
create policy "sellers add own quote items" on public.financial_quote_items
  for insert to authenticated with check (quote_id in (select public.sold_quote_ids()));
drop policy "sellers change own quote items" on public.financial_quote_items;
create policy "sellers change own quote items" on public.financial_quote_items
  for update to authenticated
  using (quote_id in (select public.sold_quote_ids()))
  with check (quote_id in (select public.sold_quote_ids()));
drop policy "sellers remove own quote items" on public.financial_quote_items;
create policy "sellers remove own quote items" on public.financial_quote_items
  for delete to authenticated using (quote_id in (select public.sold_quote_ids()));

-- 2. Unread counts -------------------------------------------------------------------------------------------
create or replace function public.unread_message_counts() returns table (client_id uuid, unread bigint)
language sql stable security invoker
set search_path = ''
as $$
  select m.client_id, count(*)
    from public.messages m
   where m.read_at is null
     and m.sender_type = (select case when public.is_staff() then 'client' else 'office' end)
   group by m.client_id
$$;
create index messages_unread_side_idx on public.messages (sender_type, client_id) where read_at is null;

-- 3. Timeline ------------------------------------------------------------------------------------------------
create or replace function public.workspace_timeline(
  p_client_id  uuid default null,
  p_process_id bigint default null,
  p_family     boolean default false
) returns table (
  at         timestamptz,
  kind       text,
  detail     text,
  from_value text,
  client_id  uuid,
  process_id bigint,
  ref_id     text
)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  v_clients uuid[];    -- the client (or its family) whose timeline this is; empty for a process's timeline
  v_procs   bigint[];  -- the processes whose events, requests and statuses show
begin
  if p_client_id is not null then
    select coalesce(array_agg(c.id), '{}') into v_clients
      from public.clients c
     where c.id = p_client_id
        or (p_family and c.id in (
              select coalesce(x.principal_client_id, x.id) from public.clients x where x.id = p_client_id
              union
              select y.id from public.clients y
               where y.principal_client_id = (select coalesce(x.principal_client_id, x.id)
                                                from public.clients x where x.id = p_client_id)));
  else
    v_clients := '{}';
  end if;
  if p_process_id is not null then
    select coalesce(array_agg(p.id), '{}') into v_procs from public.processes p where p.id = p_process_id;
    v_clients := '{}';  -- a process's timeline: no client-wide rows (messages), documents by process
  else
    select coalesce(array_agg(p.id), '{}') into v_procs from public.processes p where p.client_id = any (v_clients);
  end if;

  return query
  with procs as (
    select p.id, p.client_id from public.processes p where p.id = any (v_procs)
  ),
  events as (
    (select e.created_at as at, e.kind, e.to_value as detail, e.from_value, pr.client_id, e.process_id,
            e.id::text as ref_id
       from public.process_events e join procs pr on pr.id = e.process_id
      order by 1 desc limit 200)
    union all
    (select m.created_at, 'message_' || m.sender_type,
            left(coalesce(nullif(btrim(m.content), ''), m.attachment_url), 200), null, m.client_id, null::bigint,
            m.id::text
       from public.messages m
      where m.client_id = any (v_clients)
      order by 1 desc limit 200)
    union all
    (select d.created_at, 'upload_' || d.uploaded_by, d.name, null, d.client_id, d.process_id, d.id::text
       from public.client_documents d
      where d.client_id = any (v_clients) or d.process_id = p_process_id
      order by 1 desc limit 200)
    union all
    (select r.requested_at, 'document_requested', r.document_name, null, pr.client_id, r.process_id, r.id::text
       from public.document_requests r join procs pr on pr.id = r.process_id
      order by 1 desc limit 200)
    union all
    (select r.fulfilled_at, 'document_received', r.document_name, null, pr.client_id, r.process_id, r.id::text
       from public.document_requests r join procs pr on pr.id = r.process_id
      where r.fulfilled_at is not null
      order by 1 desc limit 200)
    union all
    (select i.contact_date, 'interaction_' || i.type, left(i.content, 200), i.status, i.client_id, i.process_id,
            i.id::text
       from public.interactions i
      where i.client_id = any (v_clients) or i.process_id = p_process_id
      order by 1 desc limit 200)
    union all
    (select h.updated_at, 'uscis_status', h.status || case when h.is_demo then ' (demonstração)' else '' end,
            r.receipt_number, pr.client_id, r.process_id, h.id::text
       from public.uscis_status_history h
       join public.uscis_receipts r on r.id = h.receipt_id
       join procs pr on pr.id = r.process_id
      order by 1 desc limit 200)
    union all
    (select h.updated_at, 'eoir_status', h.status || case when h.is_demo then ' (demonstração)' else '' end,
            e.a_number, pr.client_id, e.process_id, h.id::text
       from public.eoir_court_history h
       join public.eoir_court_cases e on e.id = h.court_case_id
       join procs pr on pr.id = e.process_id
      order by 1 desc limit 200)
  )
  select * from events ev order by ev.at desc limit 200;
end
$$;
comment on function public.workspace_timeline(uuid, bigint, boolean) is
  'Timeline of a client (optionally its whole family) or of one process: process events, messages, uploads, '
  'document requests, interactions, USCIS and EOIR statuses. RLS applies (security invoker).';

-- 4. Search --------------------------------------------------------------------------------------------------
-- Immutable (unaccent with its dictionary named), so indexes can hold the folded text; no search_path needed:
-- every name is qualified.
create or replace function public.search_fold(p_text text) returns text
language sql immutable parallel safe
as $$
  select pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_text, '')))
$$;
alter function public.search_fold(text) reset all;

create index clients_full_name_fold_trgm on public.clients using gin (public.search_fold(full_name) extensions.gin_trgm_ops);
create index clients_email_fold_trgm on public.clients using gin (public.search_fold(email) extensions.gin_trgm_ops);
create index clients_phone_fold_trgm on public.clients using gin (public.search_fold(phone) extensions.gin_trgm_ops);
create index clients_a_number_fold_trgm on public.clients using gin (public.search_fold(a_number) extensions.gin_trgm_ops);
create index processes_type_fold_trgm on public.processes using gin (public.search_fold(type) extensions.gin_trgm_ops);
create index processes_client_name_fold_trgm on public.processes
  using gin (public.search_fold(client_name) extensions.gin_trgm_ops) where client_id is null;
create index processes_receipt_fold_trgm on public.processes
  using gin (public.search_fold(receipt_number) extensions.gin_trgm_ops);
create index uscis_receipts_number_fold_trgm on public.uscis_receipts
  using gin (public.search_fold(receipt_number) extensions.gin_trgm_ops);
create index eoir_court_cases_a_number_fold_trgm on public.eoir_court_cases
  using gin (public.search_fold(a_number) extensions.gin_trgm_ops);
create index processes_updated_at_idx on public.processes (updated_at desc);

create or replace function public.search_workspace(q text) returns table (
  kind       text,
  id         text,
  title      text,
  subtitle   text,
  client_id  uuid,
  process_id bigint
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  -- the term is a bound value; LIKE's wildcards in it are escaped, so it matches literally
  v_term text := public.search_fold(btrim(coalesce(q, '')));
  v_like text;
  v_uid uuid := auth.uid();
  -- what the policies let the caller read: staff (and the service role) every row of the four tables; anyone
  -- else at most its own clients row (processes, receipts and court cases are staff-only)
  v_all boolean := public.is_staff() or coalesce(auth.jwt() ->> 'role', '') = 'service_role';
  v_id bigint;
  v_names uuid[];
begin
  if char_length(v_term) < 2 then
    return;
  end if;
  v_like := '%' || replace(replace(replace(v_term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  if not v_all then
    return query
    select 'client'::text, c.id::text, c.full_name, c.email, c.id, null::bigint
      from public.clients c
     where v_uid is not null and c.user_id = v_uid
       and (public.search_fold(c.full_name) like v_like or public.search_fold(c.email) like v_like
            or public.search_fold(c.phone) like v_like or public.search_fold(c.a_number) like v_like);
    return;
  end if;
  if v_term ~ '^[1-9][0-9]{0,17}$' then
    v_id := v_term::bigint;  -- a process number (id::text equals the term)
  end if;
  select coalesce(array_agg(c.id), '{}') into v_names
    from public.clients c where public.search_fold(c.full_name) like v_like;
  return query
  (select 'client'::text, c.id::text, c.full_name, c.email, c.id, null::bigint
     from public.clients c
    where public.search_fold(c.full_name) like v_like or public.search_fold(c.email) like v_like
       or public.search_fold(c.phone) like v_like or public.search_fold(c.a_number) like v_like
    order by c.full_name
    limit 8)
  union all
  (select 'process'::text, p.id::text, p.type, concat_ws(' · ', coalesce(c.full_name, p.client_name), p.receipt_number),
          p.client_id, p.id
     from (  -- each way of matching gives its 8 newest; the 8 newest of those are the answer
             (select x.id from public.processes x where public.search_fold(x.type) like v_like
               order by x.updated_at desc limit 8)
             union
             (select x.id from public.processes x where x.client_id = any (v_names)
               order by x.updated_at desc limit 8)
             union
             (select x.id from public.processes x
               where x.client_id is null and public.search_fold(x.client_name) like v_like
               order by x.updated_at desc limit 8)
             union
             (select x.id from public.processes x where public.search_fold(x.receipt_number) like v_like
               order by x.updated_at desc limit 8)
             union
             (select x.id from public.processes x where x.id = v_id)
          ) hit
     join public.processes p on p.id = hit.id
     left join public.clients c on c.id = p.client_id
    order by p.updated_at desc
    limit 8)
  union all
  (select 'receipt'::text, r.id::text, r.receipt_number, concat_ws(' · ', p.type, coalesce(c.full_name, p.client_name)),
          p.client_id, r.process_id
     from public.uscis_receipts r join public.processes p on p.id = r.process_id
     left join public.clients c on c.id = p.client_id
    where public.search_fold(r.receipt_number) like v_like
    order by r.receipt_number
    limit 8)
  union all
  (select 'a_number'::text, e.id::text, e.a_number, concat_ws(' · ', p.type, coalesce(c.full_name, p.client_name)),
          p.client_id, e.process_id
     from public.eoir_court_cases e join public.processes p on p.id = e.process_id
     left join public.clients c on c.id = p.client_id
    where public.search_fold(e.a_number) like v_like
    order by e.a_number
    limit 8);
end
$$;
comment on function public.search_workspace(text) is
  'Global search of clients, processes, receipt numbers and A-numbers by a folded (accent- and case-blind) term. '
  'Runs as its owner so that trigram indexes serve the match, and returns only what the caller''s policies let it '
  'read: staff everything, a client its own clients row.';

-- 5. Screens' first pages ------------------------------------------------------------------------------------
create index notification_deliveries_created_at_idx on public.notification_deliveries (created_at desc);
create index client_documents_created_at_idx on public.client_documents (created_at desc);
