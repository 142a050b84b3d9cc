-- LGPD consent records: the versions of the terms of use and the privacy notice the office publishes
-- (legal_documents) and which of them each client accepted, when, from which address and browser
-- (client_consents). The portal asks a client to accept the current version of each before it continues
-- (pending_legal_documents()); administrators see a client's records in Privacidade (LGPD); the records are part of
-- the client's data export. A record is never changed or removed by anyone through the API.

-- ---------------------------------------------------------------------------
-- Published versions: every signed-in user reads them; administrators publish, and may withdraw a version
-- published by mistake (the previous one is current again); nobody changes a version's text or removes it.
-- ---------------------------------------------------------------------------
create table public.legal_documents (
  id            uuid primary key default gen_random_uuid(),
  kind          text not null check (kind in ('terms_of_use', 'privacy_notice')),
  version       text not null check (char_length(btrim(version)) between 1 and 40),
  title         text not null check (char_length(btrim(title)) between 1 and 200),
  body          text not null check (char_length(btrim(body)) between 1 and 100000),
  published_at  timestamptz not null default now(),
  published_by  uuid references auth.users (id) on delete set null default auth.uid(),
  withdrawn_at  timestamptz,
  unique (kind, version)
);
comment on table public.legal_documents is
  'LGPD: versions of the terms of use and privacy notice the office published; the latest not withdrawn of each kind is current.';
alter table public.legal_documents enable row level security;
create policy "signed-in users read the published versions" on public.legal_documents
  for select to authenticated using (true);
create policy "administrators publish" on public.legal_documents
  for insert to authenticated with check ((select public.is_admin()));
create policy "administrators withdraw" on public.legal_documents
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
revoke all on public.legal_documents from anon, authenticated;
grant select, insert on public.legal_documents to authenticated;
grant update (withdrawn_at) on public.legal_documents to authenticated;
grant select, insert, update on public.legal_documents to service_role;

-- A publication is stamped by the database (time, publisher); a withdrawal is one-way.
create or replace function public.legal_documents_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.published_at := now();
    new.published_by := coalesce(auth.uid(), new.published_by);
    new.withdrawn_at := null;
    new.version := btrim(new.version);
  elsif old.withdrawn_at is not null then
    raise exception 'Esta versão já foi retirada' using errcode = 'check_violation';
  elsif new.withdrawn_at is not null then
    new.withdrawn_at := now();
  end if;
  return new;
end
$$;
create trigger legal_documents_guard before insert or update on public.legal_documents
  for each row execute function public.legal_documents_guard();

-- The current version of each kind.
create or replace function public.current_legal_documents() returns setof public.legal_documents
language sql stable
set search_path = ''
as $$
  select distinct on (d.kind) d.* from public.legal_documents d
   where d.withdrawn_at is null
   order by d.kind, d.published_at desc, d.id
$$;
comment on function public.current_legal_documents() is 'LGPD: the version in force of each kind of legal document.';
revoke execute on function public.current_legal_documents() from public, anon;
grant execute on function public.current_legal_documents() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- What a client accepted: the client reads and inserts its own, staff read; no update or delete grant exists
-- for any API role. The database stamps the time and copies kind and version from the document.
-- ---------------------------------------------------------------------------
create table public.client_consents (
  id            uuid primary key default gen_random_uuid(),
  client_id     uuid not null references public.clients (id) on delete cascade,
  document_id   uuid not null references public.legal_documents (id),
  kind          text not null,
  version       text not null,
  accepted_at   timestamptz not null default now(),
  ip            text check (ip is null or char_length(ip) <= 100),
  user_agent    text check (user_agent is null or char_length(user_agent) <= 500),
  unique (client_id, document_id)
);
comment on table public.client_consents is
  'LGPD: the versions of the terms of use and privacy notice each client accepted (time, IP, user agent). Never updated or deleted through the API.';
create index client_consents_client_idx on public.client_consents (client_id, accepted_at desc);
create index client_consents_document_idx on public.client_consents (document_id);
alter table public.client_consents enable row level security;
create policy "client reads own consents, staff all" on public.client_consents
  for select to authenticated
  using (client_id = (select public.current_client_id()) or (select public.is_staff()));
create policy "client records own consent" on public.client_consents
  for insert to authenticated
  with check (client_id = (select public.current_client_id()));
revoke all on public.client_consents from anon, authenticated;
grant select, insert on public.client_consents to authenticated;
grant select, insert on public.client_consents to service_role;

create or replace function public.client_consents_stamp() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_doc public.legal_documents;
begin
  select * into v_doc from public.legal_documents d where d.id = new.document_id;
  if v_doc.id is null then
    raise exception 'Documento não encontrado' using errcode = 'foreign_key_violation';
  end if;
  if not exists (select 1 from public.current_legal_documents() c where c.id = v_doc.id) then
    raise exception 'Esta versão não está mais em vigor; aceite a versão atual' using errcode = 'check_violation';
  end if;
  new.kind := v_doc.kind;
  new.version := v_doc.version;
  new.accepted_at := now();
  return new;
end
$$;
revoke execute on function public.client_consents_stamp() from public, anon, authenticated;
create trigger client_consents_stamp before insert on public.client_consents
  for each row execute function public.client_consents_stamp();

-- The current versions the signed-in client has not accepted yet (none for staff): the portal shows them before
-- anything else.
create or replace function public.pending_legal_documents() returns setof public.legal_documents
language sql stable
set search_path = ''
as $$
  select c.* from public.current_legal_documents() c
   where (select public.current_client_id()) is not null
     and not exists (select 1 from public.client_consents k
                      where k.client_id = (select public.current_client_id()) and k.document_id = c.id)
   order by c.kind
$$;
comment on function public.pending_legal_documents() is
  'LGPD: the versions in force the signed-in client has not accepted (asked again after each new publication).';
revoke execute on function public.pending_legal_documents() from public, anon;
grant execute on function public.pending_legal_documents() to authenticated;

select audit.enable('public.legal_documents'::regclass);
select audit.enable('public.client_consents'::regclass);
