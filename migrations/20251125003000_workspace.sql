-- The office's workspace: processes are created and kept in the app (case-type catalogue, responsible staff
-- member, key dates, close/reopen), one record per process (the portal reads `processes` through RLS and
-- `client_processes` becomes a read-only view of it), a history of stage/status changes, families of clients,
-- document requests the client answers by uploading, unread client messages, search and one timeline.

create extension if not exists unaccent with schema extensions;

-- ---------------------------------------------------------------------------
-- case_types: the catalogue of immigration case types (labels in pt-BR)
-- ---------------------------------------------------------------------------
create table public.case_types (
  id         text primary key check (id ~ '^[a-z0-9_]+$'),
  label      text not null unique check (char_length(btrim(label)) >= 2),
  category   text not null check (category in ('USCIS', 'EOIR', 'ICE', 'Consulado')),
  forms      text,
  sort_order integer not null default 0,
  is_active  boolean not null default true,
  created_at timestamptz not null default now()
);
comment on table public.case_types is 'Catalogue of immigration case types: pt-BR label, usual category and main forms.';

insert into public.case_types (id, label, category, forms, sort_order) values
  ('green_card_familiar',   'Green Card por família',              'USCIS',     'I-130, I-485',  10),
  ('green_card_emprego',    'Green Card por emprego',              'USCIS',     'I-140, I-485',  20),
  ('ajuste_status',         'Ajuste de status (I-485)',            'USCIS',     'I-485',         30),
  ('remocao_condicoes',     'Remoção de condições (I-751)',        'USCIS',     'I-751',         40),
  ('substituicao_green_card', 'Substituição do Green Card (I-90)', 'USCIS',     'I-90',          50),
  ('naturalizacao',         'Naturalização (N-400)',               'USCIS',     'N-400',         60),
  ('asilo',                 'Asilo (I-589)',                       'USCIS',     'I-589',         70),
  ('daca',                  'DACA (I-821D)',                       'USCIS',     'I-821D, I-765', 80),
  ('visto_t',               'Visto T (I-914)',                     'USCIS',     'I-914',         90),
  ('visto_u',               'Visto U (I-918)',                     'USCIS',     'I-918',        100),
  ('tps',                   'TPS (I-821)',                         'USCIS',     'I-821, I-765', 110),
  ('autorizacao_trabalho',  'Autorização de trabalho (I-765)',     'USCIS',     'I-765',        120),
  ('processo_consular',     'Processo consular',                   'Consulado', 'DS-260',       130),
  ('defesa_remocao',        'Defesa contra remoção',               'EOIR',      'EOIR-42A, EOIR-42B', 140),
  ('custodia_ice',          'Custódia e fiança (ICE)',             'ICE',       null,           150),
  ('outro',                 'Outro',                               'USCIS',     null,           999);

alter table public.case_types enable row level security;
create policy "staff read case types" on public.case_types
  for select to authenticated using ((select public.is_staff()));
create policy "administrators add case types" on public.case_types
  for insert to authenticated with check ((select public.is_admin()));
create policy "administrators change case types" on public.case_types
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators remove case types" on public.case_types
  for delete to authenticated using ((select public.is_admin()));
revoke all on public.case_types from anon;

-- ---------------------------------------------------------------------------
-- processes: catalogue type, responsible staff member, key dates, description the client sees
-- ---------------------------------------------------------------------------
alter table public.processes
  add column case_type_id   text references public.case_types (id) on update cascade on delete set null,
  add column responsible_id uuid references auth.users (id) on delete set null,
  add column description    text,
  add column opened_at      date not null default current_date,
  add column filed_at       date,
  add column closed_at      timestamptz;
comment on column public.processes.responsible_id is 'The staff member in charge of the process.';
comment on column public.processes.description is 'What the client reads about the process in the portal.';
comment on column public.processes.closed_at is 'Set when the status becomes concluído, arquivado or cancelado; cleared on reopening.';
create index processes_case_type_id_idx on public.processes (case_type_id);
create index processes_responsible_id_idx on public.processes (responsible_id);

-- True when the user holds a staff role (for checks about another user than the caller).
create or replace function public.is_staff_user(p_user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = p_user_id and ur.role in ('administrator', 'legal_assistant', 'commercial', 'secretary')
  )
$$;
comment on function public.is_staff_user(uuid) is 'True when the given user holds a staff role.';
revoke execute on function public.is_staff_user(uuid) from public, anon;
grant execute on function public.is_staff_user(uuid) to authenticated, service_role;

-- The process's type follows its catalogue entry; the responsible is a staff member; closed_at follows the status.
create or replace function public.prepare_process() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.case_type_id is not null
     and (tg_op = 'INSERT' and (new.type is null or btrim(new.type) = '')
          or tg_op = 'UPDATE' and new.case_type_id is distinct from old.case_type_id) then
    select ct.label into new.type from public.case_types ct where ct.id = new.case_type_id;
  end if;
  if new.responsible_id is not null and (tg_op = 'INSERT' or new.responsible_id is distinct from old.responsible_id)
     and not public.is_staff_user(new.responsible_id) then
    raise exception 'O responsável deve ser um membro da equipe' using errcode = 'check_violation';
  end if;
  if new.status in ('concluído', 'arquivado', 'cancelado') then
    new.closed_at := coalesce(new.closed_at, now());
  else
    new.closed_at := null;
  end if;
  return new;
end
$$;
revoke execute on function public.prepare_process() from public, anon, authenticated;
create trigger processes_prepare before insert or update on public.processes
  for each row execute function public.prepare_process();

-- A client reads its own processes (the portal); everything else about processes stays staff-only.
create policy "client reads own processes" on public.processes
  for select to authenticated using (client_id = (select public.current_client_id()));

create or replace function public.is_own_process(p_process_id bigint) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.processes p
    where p.id = p_process_id and p.client_id is not null and p.client_id = public.current_client_id()
  )
$$;
comment on function public.is_own_process(bigint) is 'True when the process belongs to the signed-in client.';
revoke execute on function public.is_own_process(bigint) from public, anon;
grant execute on function public.is_own_process(bigint) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- process_events: what happened to a process (written by a trigger, never by the API roles)
-- ---------------------------------------------------------------------------
create table public.process_events (
  id         uuid primary key default gen_random_uuid(),
  process_id bigint not null references public.processes (id) on delete cascade,
  kind       text not null check (kind in ('created', 'stage_change', 'status_change', 'responsible_change')),
  from_value text,
  to_value   text,
  actor_id   uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.process_events is 'History of a process: creation, stage, status and responsible changes (by trigger).';
create index process_events_process_idx on public.process_events (process_id, created_at desc);
create index process_events_actor_id_idx on public.process_events (actor_id);

create or replace function public.record_process_events() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
begin
  if tg_op = 'INSERT' then
    insert into public.process_events (process_id, kind, to_value, actor_id) values (new.id, 'created', new.type, actor);
    return new;
  end if;
  if new.stage is distinct from old.stage then
    insert into public.process_events (process_id, kind, from_value, to_value, actor_id)
    values (new.id, 'stage_change', old.stage, new.stage, actor);
  end if;
  if new.status is distinct from old.status then
    insert into public.process_events (process_id, kind, from_value, to_value, actor_id)
    values (new.id, 'status_change', old.status, new.status, actor);
  end if;
  if new.responsible_id is distinct from old.responsible_id then
    insert into public.process_events (process_id, kind, from_value, to_value, actor_id)
    values (new.id, 'responsible_change', old.responsible_id::text, new.responsible_id::text, actor);
  end if;
  return new;
end
$$;
revoke execute on function public.record_process_events() from public, anon, authenticated;
create trigger processes_record_events after insert or update on public.processes
  for each row execute function public.record_process_events();

alter table public.process_events enable row level security;
create policy "staff read process events" on public.process_events
  for select to authenticated using ((select public.is_staff()));
create policy "client reads own process events" on public.process_events
  for select to authenticated
  using (kind in ('created', 'stage_change', 'status_change') and public.is_own_process(process_id));
revoke all on public.process_events from anon, authenticated;
grant select on public.process_events to authenticated;
grant all on public.process_events to service_role;

-- ---------------------------------------------------------------------------
-- client_processes: no second copy. Its rows move into processes; the name stays as a read-only view.
-- ---------------------------------------------------------------------------
update public.processes p
   set description = cp.description
  from public.client_processes cp
 where cp.process_id = p.id and p.description is null;
insert into public.processes (type, case_type_id, client_id, status, description, opened_at, created_at)
select 'Outro', 'outro', cp.client_id, cp.status, cp.description, cp.created_at::date, cp.created_at
  from public.client_processes cp
 where cp.process_id is null;
drop table public.client_processes;

create view public.client_processes with (security_invoker = true) as
  select p.id, p.client_id, p.id as process_id, p.status, p.description, p.created_at, p.updated_at
    from public.processes p
   where p.client_id is not null;
comment on view public.client_processes is 'Read-only: the processes of each client (kept for readers of the old table).';
revoke all on public.client_processes from anon, authenticated;
grant select on public.client_processes to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- document requests: the client reads its own and answers one by uploading against it
-- ---------------------------------------------------------------------------
create policy "client reads own document requests" on public.document_requests
  for select to authenticated using (public.is_own_process(process_id));

alter table public.client_documents
  add column document_request_id uuid references public.document_requests (id) on delete set null;
create index client_documents_request_idx on public.client_documents (document_request_id);

-- The request must be of a process of the same client; the document then belongs to that process.
create or replace function public.check_document_request() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_process_id bigint;
begin
  if new.document_request_id is null then
    return new;
  end if;
  select dr.process_id into v_process_id
    from public.document_requests dr join public.processes p on p.id = dr.process_id
   where dr.id = new.document_request_id and p.client_id = new.client_id;
  if v_process_id is null then
    raise exception 'Solicitação de documento não encontrada' using errcode = 'foreign_key_violation';
  end if;
  new.process_id := v_process_id;
  return new;
end
$$;
revoke execute on function public.check_document_request() from public, anon, authenticated;
create trigger client_documents_check_request before insert or update of document_request_id on public.client_documents
  for each row execute function public.check_document_request();

-- Pendente -> Recebido by itself when a document answers the request.
create or replace function public.fulfil_document_request() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.document_request_id is not null then
    update public.document_requests
       set status = 'fulfilled', fulfilled_at = now()
     where id = new.document_request_id and status = 'pending';
  end if;
  return new;
end
$$;
revoke execute on function public.fulfil_document_request() from public, anon, authenticated;
create trigger client_documents_fulfil_request after insert or update of document_request_id on public.client_documents
  for each row execute function public.fulfil_document_request();

-- ---------------------------------------------------------------------------
-- families: dependants (spouse, children...) linked to a principal client, one level deep
-- ---------------------------------------------------------------------------
alter table public.clients
  add column principal_client_id uuid references public.clients (id) on delete set null,
  add column relationship text check (relationship in ('spouse', 'child', 'parent', 'sibling', 'other')),
  add column a_number text check (a_number ~ '^A[0-9]{8,9}$'),
  add constraint clients_not_own_principal check (principal_client_id <> id),
  add constraint clients_dependant_relationship check ((principal_client_id is null) = (relationship is null));
comment on column public.clients.principal_client_id is 'The principal applicant this client is a dependant of (family).';
comment on column public.clients.a_number is 'Alien registration number (A + 8 or 9 digits).';
create index clients_principal_client_id_idx on public.clients (principal_client_id);

create or replace function public.check_family_link() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.principal_client_id is null then
    return new;
  end if;
  if exists (select 1 from public.clients c where c.id = new.principal_client_id and c.principal_client_id is not null) then
    raise exception 'O titular escolhido já é dependente de outro cliente' using errcode = 'check_violation';
  end if;
  if exists (select 1 from public.clients c where c.principal_client_id = new.id) then
    raise exception 'Um cliente com dependentes não pode ser dependente' using errcode = 'check_violation';
  end if;
  return new;
end
$$;
revoke execute on function public.check_family_link() from public, anon, authenticated;
create trigger clients_check_family before insert or update of principal_client_id on public.clients
  for each row execute function public.check_family_link();

-- ---------------------------------------------------------------------------
-- messages: read by the office (client messages) or by the client (office messages)
-- ---------------------------------------------------------------------------
alter table public.messages add column read_at timestamptz;
create index messages_unread_idx on public.messages (client_id) where read_at is null;

create or replace function public.mark_messages_read(p_client_id uuid) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_side text;
  v_count integer;
begin
  if public.is_staff() then
    v_side := 'client';
  elsif p_client_id = public.current_client_id() then
    v_side := 'office';
  else
    raise exception 'Sem acesso a esta conversa' using errcode = 'insufficient_privilege';
  end if;
  update public.messages set read_at = now()
   where client_id = p_client_id and sender_type = v_side and read_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function public.mark_messages_read(uuid) is
  'Marks as read the messages of the other side of a thread (staff: the client''s; a client: the office''s).';
revoke execute on function public.mark_messages_read(uuid) from public, anon;
grant execute on function public.mark_messages_read(uuid) to authenticated, service_role;

-- Unread messages of the other side, per thread, as RLS lets the caller see them.
create or replace function public.unread_message_counts() returns table (client_id uuid, unread bigint)
language sql stable security invoker
set search_path = ''
as $$
  select m.client_id, count(*)
    from public.messages m
   where m.read_at is null
     and m.sender_type = case when public.is_staff() then 'client' else 'office' end
   group by m.client_id
$$;
revoke execute on function public.unread_message_counts() from public, anon;
grant execute on function public.unread_message_counts() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- staff directory (responsible picker): user_roles is not readable by every staff member
-- ---------------------------------------------------------------------------
create or replace function public.staff_directory() returns table (id uuid, full_name text, email text)
language sql stable security definer
set search_path = ''
as $$
  select p.id, coalesce(p.full_name, split_part(p.email, '@', 1)), p.email
    from public.profiles p
   where public.is_staff() and public.is_staff_user(p.id)
   order by 2
$$;
comment on function public.staff_directory() is 'Staff only: id, name and e-mail of every staff member.';
revoke execute on function public.staff_directory() from public, anon;
grant execute on function public.staff_directory() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- search_workspace: clients, processes, receipt numbers and A-numbers (RLS applies: security invoker)
-- ---------------------------------------------------------------------------
create or replace function public.search_fold(p_text text) returns text
language sql stable
set search_path = ''
as $$
  select lower(extensions.unaccent(coalesce(p_text, '')))
$$;
revoke execute on function public.search_fold(text) from public, anon;
grant execute on function public.search_fold(text) to authenticated, service_role;

create or replace function public.search_workspace(q text) returns table (
  kind       text,
  id         text,
  title      text,
  subtitle   text,
  client_id  uuid,
  process_id bigint
)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  -- the term is a bound value; LIKE's wildcards in it are escaped, so it matches literally
  v_term text := public.search_fold(btrim(coalesce(q, '')));
  v_like text;
begin
  if char_length(v_term) < 2 then
    return;
  end if;
  v_like := '%' || replace(replace(replace(v_term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
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
     from public.processes p left join public.clients c on c.id = p.client_id
    where public.search_fold(p.type) like v_like or public.search_fold(coalesce(c.full_name, p.client_name)) like v_like
       or public.search_fold(p.receipt_number) like v_like or public.search_fold(p.id::text) = v_term
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
  'Global search over clients (name, e-mail, phone, A-number), processes, receipt numbers and court A-numbers; RLS applies.';
revoke execute on function public.search_workspace(text) from public, anon;
grant execute on function public.search_workspace(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- workspace_timeline: one list of everything that happened to a client (or its family) or a process
-- ---------------------------------------------------------------------------
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
language sql stable security invoker
set search_path = ''
as $$
  with targets as (
    select c.id from public.clients c
     where p_client_id is not null
       and (c.id = p_client_id
            or (p_family and c.id in (
                  select coalesce(x.principal_client_id, x.id) from public.clients x where x.id = p_client_id
                  union
                  select y.id from public.clients y
                   where y.principal_client_id = (select coalesce(x.principal_client_id, x.id)
                                                    from public.clients x where x.id = p_client_id))))
  ),
  procs as (
    select p.id, p.client_id from public.processes p
     where (p_process_id is not null and p.id = p_process_id)
        or (p_process_id is null and p.client_id in (select id from targets))
  ),
  events as (
    select e.created_at as at, e.kind, e.to_value as detail, e.from_value, pr.client_id, e.process_id, e.id::text as ref_id
      from public.process_events e join procs pr on pr.id = e.process_id
    union all
    select m.created_at, 'message_' || m.sender_type, left(coalesce(nullif(btrim(m.content), ''), m.attachment_url), 200),
           null, m.client_id, null::bigint, m.id::text
      from public.messages m
     where p_process_id is null and m.client_id in (select id from targets)
    union all
    select d.created_at, 'upload_' || d.uploaded_by, d.name, null, d.client_id, d.process_id, d.id::text
      from public.client_documents d
     where (p_process_id is null and d.client_id in (select id from targets))
        or (p_process_id is not null and d.process_id = p_process_id)
    union all
    select r.requested_at, 'document_requested', r.document_name, null, pr.client_id, r.process_id, r.id::text
      from public.document_requests r join procs pr on pr.id = r.process_id
    union all
    select r.fulfilled_at, 'document_received', r.document_name, null, pr.client_id, r.process_id, r.id::text
      from public.document_requests r join procs pr on pr.id = r.process_id
     where r.fulfilled_at is not null
    union all
    select i.contact_date, 'interaction_' || i.type, left(i.content, 200), i.status, i.client_id, i.process_id, i.id::text
      from public.interactions i
     where (p_process_id is null and i.client_id in (select id from targets))
        or (p_process_id is not null and i.process_id = p_process_id)
    union all
    select h.updated_at, 'uscis_status', h.status, r.receipt_number, pr.client_id, r.process_id, h.id::text
      from public.uscis_status_history h
      join public.uscis_receipts r on r.id = h.receipt_id
      join procs pr on pr.id = r.process_id
    union all
    select h.updated_at, 'eoir_status', h.status, e.a_number, pr.client_id, e.process_id, h.id::text
      from public.eoir_court_history h
      join public.eoir_court_cases e on e.id = h.court_case_id
      join procs pr on pr.id = e.process_id
  )
  select * from events order by at desc limit 200
$$;
comment on function public.workspace_timeline(uuid, bigint, boolean) is
  'Timeline of a client (optionally its whole family) or of one process: process events, messages, uploads, '
  'document requests, interactions, USCIS and EOIR statuses. RLS applies (security invoker).';
revoke execute on function public.workspace_timeline(uuid, bigint, boolean) from public, anon;
grant execute on function public.workspace_timeline(uuid, bigint, boolean) to authenticated, service_role;

-- The bell and the portal timeline follow these live.
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime')
     and not exists (select 1 from pg_publication_tables
                     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'process_events') then
    alter publication supabase_realtime add table public.process_events;
  end if;
end
$$;
