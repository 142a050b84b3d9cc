-- The CRM: people interested in the office's services (leads) moving through stages novo, contato,
-- proposta, fechado, perdido, with their activities. Administrators and commercial staff write; other
-- staff read; clients see nothing. convert_lead() turns a lead into a client with portal access.

create table public.leads (
  id                 uuid primary key default gen_random_uuid(),
  name               text not null check (char_length(btrim(name)) between 3 and 160),
  email              text check (email is null or email ~* '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  phone              text,
  source             text not null default 'outro'
                       check (source in ('indicacao', 'site', 'instagram', 'facebook', 'whatsapp', 'google', 'evento', 'outro')),
  case_type_interest text,
  stage              text not null default 'novo' check (stage in ('novo', 'contato', 'proposta', 'fechado', 'perdido')),
  owner_id           uuid references auth.users (id) on delete set null,
  notes              text,
  client_id          uuid references public.clients (id) on delete set null,
  stage_changed_at   timestamptz not null default now(),
  converted_at       timestamptz,
  created_by         uuid default auth.uid() references auth.users (id) on delete set null,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now()
);
comment on table public.leads is 'CRM leads: contact, source, case type of interest, stage, owner; client_id once converted.';
create index leads_stage_idx on public.leads (stage, stage_changed_at desc);
create index leads_owner_idx on public.leads (owner_id);
create index leads_client_idx on public.leads (client_id);
create index leads_created_by_idx on public.leads (created_by);
create trigger leads_set_updated_at before update on public.leads
  for each row execute function public.set_updated_at();
create trigger stamp_author before insert or update on public.leads
  for each row execute function public.stamp_author('created_by');

create table public.lead_activities (
  id         uuid primary key default gen_random_uuid(),
  lead_id    uuid not null references public.leads (id) on delete cascade,
  kind       text not null default 'nota' check (kind in ('nota', 'ligacao', 'email', 'whatsapp', 'reuniao', 'estagio')),
  body       text not null check (char_length(btrim(body)) between 1 and 4000),
  author_id  uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.lead_activities is 'What happened with a lead: notes, calls, e-mails, meetings and stage changes (recorded by a trigger).';
create index lead_activities_lead_idx on public.lead_activities (lead_id, created_at desc);
create index lead_activities_author_idx on public.lead_activities (author_id);
create trigger stamp_author before insert or update on public.lead_activities
  for each row execute function public.stamp_author('author_id');

-- A stage change is stamped and written to the lead's history, whoever makes it.
create or replace function public.track_lead_stage() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.stage is distinct from old.stage then
    new.stage_changed_at := now();
    insert into public.lead_activities (lead_id, kind, body, author_id)
    values (new.id, 'estagio', old.stage || ' → ' || new.stage, auth.uid());
  end if;
  return new;
end
$$;
revoke execute on function public.track_lead_stage() from public, anon, authenticated;
create trigger leads_track_stage before update of stage on public.leads
  for each row execute function public.track_lead_stage();

create or replace function public.can_manage_crm() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.has_any_role(array['administrator', 'commercial'])
$$;
comment on function public.can_manage_crm() is 'True for those who own the CRM: administrators and commercial staff.';
revoke execute on function public.can_manage_crm() from public, anon;
grant execute on function public.can_manage_crm() to authenticated, service_role;

alter table public.leads enable row level security;
create policy "staff read leads" on public.leads
  for select to authenticated using ((select public.is_staff()));
create policy "crm adds leads" on public.leads
  for insert to authenticated with check ((select public.can_manage_crm()));
create policy "crm changes leads" on public.leads
  for update to authenticated using ((select public.can_manage_crm())) with check ((select public.can_manage_crm()));
create policy "crm removes leads" on public.leads
  for delete to authenticated using ((select public.can_manage_crm()));
revoke all on public.leads from anon;

alter table public.lead_activities enable row level security;
create policy "staff read lead activities" on public.lead_activities
  for select to authenticated using ((select public.is_staff()));
create policy "crm adds lead activities" on public.lead_activities
  for insert to authenticated with check ((select public.can_manage_crm()));
create policy "crm removes lead activities" on public.lead_activities
  for delete to authenticated using ((select public.can_manage_crm()));
revoke all on public.lead_activities from anon;
revoke update on public.lead_activities from authenticated;

-- Converting a lead: the client with portal access (create_client_user, same checks and errors), the lead
-- marked fechado and linked to it, in one transaction. Returns the new clients.id.
create or replace function public.convert_lead(p_lead_id uuid, p_password text, p_address text default null)
returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_lead public.leads%rowtype;
  v_client_id uuid;
begin
  if not public.can_manage_crm() then
    raise exception 'Apenas administradores e o comercial convertem leads' using errcode = 'insufficient_privilege';
  end if;
  select * into v_lead from public.leads where id = p_lead_id for update;
  if not found then
    raise exception 'Lead não encontrado' using errcode = 'no_data_found';
  end if;
  if v_lead.client_id is not null then
    raise exception 'Este lead já foi convertido em cliente' using errcode = 'unique_violation';
  end if;
  if v_lead.email is null then
    raise exception 'Informe o e-mail do lead antes de convertê-lo' using errcode = 'invalid_parameter_value';
  end if;
  v_client_id := public.create_client_user(v_lead.email, p_password, v_lead.name, v_lead.phone, p_address);
  update public.leads
     set client_id = v_client_id, stage = 'fechado', converted_at = now()
   where id = p_lead_id;
  insert into public.lead_activities (lead_id, kind, body, author_id)
  values (p_lead_id, 'nota', 'Convertido em cliente com acesso ao portal.', auth.uid());
  return v_client_id;
end
$$;
comment on function public.convert_lead(uuid, text, text) is
  'Administrators and commercial: creates the lead''s client with portal access and marks the lead fechado; returns clients.id.';
revoke execute on function public.convert_lead(uuid, text, text) from public, anon;
grant execute on function public.convert_lead(uuid, text, text) to authenticated, service_role;
