-- Integration settings (e.g. aws_s3_config). Reached only by the system-settings function with
-- the service role: RLS on, no policies, and no table privileges for the API roles.

create table public.system_settings (
  key        text primary key check (key ~ '^[a-z0-9_]+$'),
  value      jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.system_settings is 'Key/value settings of integrations; only the system-settings function (service role) reads or writes them.';
create index system_settings_updated_by_idx on public.system_settings (updated_by);
create trigger system_settings_set_updated_at before update on public.system_settings
  for each row execute function public.set_updated_at();

alter table public.system_settings enable row level security;
revoke all on public.system_settings from anon, authenticated;
grant all on public.system_settings to service_role;
