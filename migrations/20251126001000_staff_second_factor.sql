-- The office can require a second factor (TOTP, aal2) of its staff. When it does, the database itself
-- refuses staff data to a staff session below aal2: the role helpers every policy is written with
-- (has_role, has_any_role, and through them is_staff, is_admin, is_forms_manager ...) stop answering
-- true for staff roles until the session's JWT says `aal = aal2`. What such a session needs to enrol or
-- verify stays readable: its own profile and roles (policies on auth.uid(), not on roles) and the setting
-- (staff_mfa_required()). Clients are never affected: the client role and current_client_id() are not gated.

alter table public.office_settings
  add column require_staff_mfa boolean not null default false;
comment on column public.office_settings.require_staff_mfa is
  'When true, staff sessions below aal2 (no verified second factor in this session) get no staff data.';

create or replace function public.staff_mfa_required() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select s.require_staff_mfa from public.office_settings s where s.id), false)
$$;
comment on function public.staff_mfa_required() is
  'Whether the office requires a second factor of its staff (readable by any signed-in user, so an aal1 session can learn it).';
revoke execute on function public.staff_mfa_required() from public, anon;
grant execute on function public.staff_mfa_required() to authenticated, service_role;

-- True when this session may use its staff roles: the office does not require the second factor, or the
-- JWT is at aal2.
create or replace function public.staff_session_allowed() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2' or not public.staff_mfa_required()
$$;
comment on function public.staff_session_allowed() is
  'False for a session below aal2 while the office requires a second factor of its staff.';
revoke execute on function public.staff_session_allowed() from public, anon;
grant execute on function public.staff_session_allowed() to authenticated, service_role;

-- The helpers keep their names, signatures and grants: every policy already calls them.
create or replace function public.has_role(role_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = auth.uid() and ur.role = role_name
  ) and (role_name = 'client' or public.staff_session_allowed())
$$;
comment on function public.has_role(text) is
  'True when the signed-in user holds the role (a staff role only from an aal2 session when the office requires it).';

create or replace function public.has_any_role(role_names text[]) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = auth.uid() and ur.role = any (role_names) and ur.role = 'client'
  ) or (
    exists (
      select 1 from public.user_roles ur
      where ur.user_id = auth.uid() and ur.role = any (role_names) and ur.role <> 'client'
    ) and public.staff_session_allowed()
  )
$$;
comment on function public.has_any_role(text[]) is
  'True when the signed-in user holds one of the roles (staff roles only from an aal2 session when the office requires it).';

-- Turning the requirement on is for an administrator who has already passed a second factor in this
-- session, so that nobody locks the office out by accident (the service role and SQL are the way back).
create or replace function public.guard_staff_mfa_setting() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.require_staff_mfa and not coalesce(old.require_staff_mfa, false)
     and current_user in ('anon', 'authenticated')
     and coalesce(auth.jwt() ->> 'aal', '') <> 'aal2' then
    raise exception 'Para exigir a verificação em duas etapas da equipe, entre com a sua verificação em duas etapas'
      using errcode = 'PT403',
            hint = 'Ative a verificação em duas etapas em Meu Perfil, saia e entre de novo com o código.';
  end if;
  return new;
end
$$;
revoke execute on function public.guard_staff_mfa_setting() from public, anon, authenticated;
drop trigger if exists guard_staff_mfa on public.office_settings;
create trigger guard_staff_mfa before update of require_staff_mfa on public.office_settings
  for each row execute function public.guard_staff_mfa_setting();
