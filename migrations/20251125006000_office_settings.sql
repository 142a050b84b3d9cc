-- The office's own settings, one row for the whole office: name and logo (seen by staff on any computer
-- and by clients in the portal), business hours, time zone, notification templates, the case-type
-- catalogue and how far ahead the system creates deadlines. Staff read it, administrators change it;
-- clients reach only the name and logo, through office_branding().

create table public.office_settings (
  id                     boolean primary key default true check (id),
  office_name            text not null default 'Escritório de Imigração'
                           check (char_length(btrim(office_name)) between 2 and 120),
  logo_path              text check (logo_path is null or logo_path ~ '^[A-Za-z0-9._/-]+$'),
  business_hours         jsonb not null default '{
    "mon": {"open": "09:00", "close": "18:00"}, "tue": {"open": "09:00", "close": "18:00"},
    "wed": {"open": "09:00", "close": "18:00"}, "thu": {"open": "09:00", "close": "18:00"},
    "fri": {"open": "09:00", "close": "18:00"}, "sat": null, "sun": null}'::jsonb
                           check (jsonb_typeof(business_hours) = 'object'),
  time_zone              text not null default 'America/New_York',
  notification_templates jsonb not null default '{
    "appointment_reminder": "Lembrete: {cliente}, seu agendamento com o escritório é em {data} às {hora}.",
    "task_due": "A tarefa \"{tarefa}\" vence em {data}.",
    "document_request": "Olá {cliente}, precisamos do documento {documento} para o seu processo."}'::jsonb
                           check (jsonb_typeof(notification_templates) = 'object'),
  case_types             jsonb not null default '["Green Card", "Naturalização", "Asilo", "Visto T", "Visto U",
    "DACA", "TPS", "Petição Familiar (I-130)", "Defesa de Remoção (EOIR)", "Visto de Trabalho"]'::jsonb
                           check (jsonb_typeof(case_types) = 'array'),
  hearing_prep_days      integer not null default 30 check (hearing_prep_days between 1 and 365),
  rfe_response_days      integer not null default 87 check (rfe_response_days between 1 and 365),
  biometrics_lead_days   integer not null default 14 check (biometrics_lead_days between 1 and 120),
  updated_at             timestamptz not null default now(),
  updated_by             uuid default auth.uid() references auth.users (id) on delete set null
);
comment on table public.office_settings is
  'The office''s settings (a single row): name, logo in storage, hours, time zone, templates, case types, deadline rules.';
comment on column public.office_settings.logo_path is 'Object name of the logo in the public bucket office_branding.';
comment on column public.office_settings.hearing_prep_days is 'An EOIR hearing creates a preparation task due this many days before it.';
comment on column public.office_settings.rfe_response_days is 'A USCIS Request for Evidence creates "Responder RFE" due this many days after it.';
comment on column public.office_settings.biometrics_lead_days is 'A biometrics notice creates an appointment this many days ahead (to confirm with the notice).';
create index office_settings_updated_by_idx on public.office_settings (updated_by);
create trigger office_settings_set_updated_at before update on public.office_settings
  for each row execute function public.set_updated_at();

-- Whoever changes the settings through the API is recorded as their last editor (never a name sent by the caller).
create or replace function public.stamp_office_settings_editor() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.updated_by := auth.uid();
  end if;
  return new;
end
$$;
revoke execute on function public.stamp_office_settings_editor() from public, anon, authenticated;
create trigger stamp_editor before insert or update on public.office_settings
  for each row execute function public.stamp_office_settings_editor();

insert into public.office_settings (id) values (true) on conflict (id) do nothing;

alter table public.office_settings enable row level security;
create policy "staff read office settings" on public.office_settings
  for select to authenticated using ((select public.is_staff()));
create policy "administrators change office settings" on public.office_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
revoke all on public.office_settings from anon, authenticated;
grant select, update on public.office_settings to authenticated;
grant all on public.office_settings to service_role;

-- The settings every reader needs from anywhere: the staff layout and the client portal.
create or replace function public.office_branding() returns table (office_name text, logo_path text, time_zone text)
language sql stable security definer
set search_path = ''
as $$
  select s.office_name, s.logo_path, s.time_zone from public.office_settings s where s.id
$$;
comment on function public.office_branding() is 'Name, logo path and time zone of the office, for any signed-in user (clients included).';
revoke execute on function public.office_branding() from public, anon;
grant execute on function public.office_branding() to authenticated, service_role;

-- The logo lives in a public bucket, so the portal and e-mails can show it by URL; only administrators write it.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('office_branding', 'office_branding', true, 2097152,
        array['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'image/gif'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

drop policy if exists "office_branding: authenticated see the bucket" on storage.buckets;
create policy "office_branding: authenticated see the bucket" on storage.buckets
  for select to authenticated using (id = 'office_branding');
drop policy if exists "office_branding: signed-in users read" on storage.objects;
create policy "office_branding: signed-in users read" on storage.objects
  for select to authenticated using (bucket_id = 'office_branding');
drop policy if exists "office_branding: administrators upload" on storage.objects;
create policy "office_branding: administrators upload" on storage.objects
  for insert to authenticated with check (bucket_id = 'office_branding' and (select public.is_admin()));
drop policy if exists "office_branding: administrators update" on storage.objects;
create policy "office_branding: administrators update" on storage.objects
  for update to authenticated
  using (bucket_id = 'office_branding' and (select public.is_admin()))
  with check (bucket_id = 'office_branding' and (select public.is_admin()));
drop policy if exists "office_branding: administrators delete" on storage.objects;
create policy "office_branding: administrators delete" on storage.objects
  for delete to authenticated using (bucket_id = 'office_branding' and (select public.is_admin()));
