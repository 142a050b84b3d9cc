-- Who a user is and what they may do: profiles (one per auth user, created by a trigger),
-- user_roles, and the helper functions every row-level security policy is written with.

-- Keeps updated_at honest whatever the client sends.
create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function public.set_updated_at() is 'Trigger: stamps updated_at on every update.';

-- ---------------------------------------------------------------------------
-- profiles
-- ---------------------------------------------------------------------------
create table public.profiles (
  id         uuid primary key references auth.users (id) on delete cascade,
  email      text,
  full_name  text check (full_name is null or char_length(btrim(full_name)) >= 3),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per auth user (created by a trigger on auth.users): display name and e-mail.';
create index profiles_email_idx on public.profiles (lower(email));
create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------
-- user_roles
-- ---------------------------------------------------------------------------
create table public.user_roles (
  id         uuid primary key default gen_random_uuid(),
  user_id    uuid not null references auth.users (id) on delete cascade,
  role       text not null check (role in ('administrator', 'legal_assistant', 'commercial', 'secretary', 'client')),
  created_at timestamptz not null default now(),
  unique (user_id, role)
);
comment on table public.user_roles is 'Roles of each user: administrator, legal_assistant, commercial, secretary (staff) or client.';
create index user_roles_user_id_idx on public.user_roles (user_id);

-- ---------------------------------------------------------------------------
-- helpers used by policies: security definer so they read user_roles without recursing into its RLS
-- ---------------------------------------------------------------------------
create or replace function public.has_role(role_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = auth.uid() and ur.role = role_name
  )
$$;
comment on function public.has_role(text) is 'True when the signed-in user holds the role.';

create or replace function public.has_any_role(role_names text[]) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = auth.uid() and ur.role = any (role_names)
  )
$$;
comment on function public.has_any_role(text[]) is 'True when the signed-in user holds at least one of the roles.';

create or replace function public.is_staff() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.has_any_role(array['administrator', 'legal_assistant', 'commercial', 'secretary'])
$$;
comment on function public.is_staff() is 'True for the office staff (administrator, legal_assistant, commercial, secretary).';

create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.has_role('administrator')
$$;
comment on function public.is_admin() is 'True for administrators.';

revoke execute on function public.has_role(text), public.has_any_role(text[]), public.is_staff(), public.is_admin()
  from public, anon;
grant execute on function public.has_role(text), public.has_any_role(text[]), public.is_staff(), public.is_admin()
  to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- auth.users -> profiles
-- ---------------------------------------------------------------------------
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  display_name text := nullif(btrim(new.raw_user_meta_data ->> 'full_name'), '');
begin
  -- A name too short for the profile rule is left empty rather than refusing the sign-up.
  if char_length(display_name) < 3 then
    display_name := null;
  end if;
  insert into public.profiles (id, email, full_name)
  values (new.id, new.email, display_name)
  on conflict (id) do nothing;
  return new;
end
$$;
comment on function public.handle_new_user() is 'Trigger on auth.users: creates the profiles row.';

create or replace function public.handle_user_email_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end
$$;
comment on function public.handle_user_email_change() is 'Trigger on auth.users: keeps profiles.email in step.';

revoke execute on function public.handle_new_user(), public.handle_user_email_change() from public, anon, authenticated;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

drop trigger if exists on_auth_user_email_changed on auth.users;
create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.handle_user_email_change();

-- ---------------------------------------------------------------------------
-- row-level security
-- ---------------------------------------------------------------------------
alter table public.profiles enable row level security;

create policy "staff read all profiles" on public.profiles
  for select to authenticated using ((select public.is_staff()));
create policy "users read own profile" on public.profiles
  for select to authenticated using (id = (select auth.uid()));
create policy "users update own profile" on public.profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));
create policy "administrators update any profile" on public.profiles
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Only the name is edited through the API; the e-mail follows auth.users.
revoke insert, update, delete on public.profiles from anon, authenticated;
grant update (full_name) on public.profiles to authenticated;

alter table public.user_roles enable row level security;

create policy "users read own roles" on public.user_roles
  for select to authenticated using (user_id = (select auth.uid()));
create policy "administrators read all roles" on public.user_roles
  for select to authenticated using ((select public.is_admin()));
create policy "administrators add roles" on public.user_roles
  for insert to authenticated with check ((select public.is_admin()));
create policy "administrators change roles" on public.user_roles
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators remove roles" on public.user_roles
  for delete to authenticated using ((select public.is_admin()));
