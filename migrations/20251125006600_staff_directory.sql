-- Who can be given an appointment, a task or a lead: the staff members with their names. Staff read only
-- their own user_roles row, so the list comes from this function (staff callers only).

-- the workspace's version (without roles) may exist: same name, wider row, so it is replaced whole
drop function if exists public.staff_directory();
create or replace function public.staff_directory()
returns table (id uuid, full_name text, email text, roles text[])
language sql stable security definer
set search_path = ''
as $$
  select p.id, coalesce(p.full_name, split_part(p.email, '@', 1)), p.email,
         array_agg(r.role order by r.role)
  from public.profiles p
  join public.user_roles r on r.user_id = p.id
  where public.is_staff()
    and r.role in ('administrator', 'legal_assistant', 'commercial', 'secretary')
  group by p.id, p.full_name, p.email
  order by 2
$$;
comment on function public.staff_directory() is 'Staff only: every staff member (id, name, e-mail, roles) to assign work to.';
revoke execute on function public.staff_directory() from public, anon;
grant execute on function public.staff_directory() to authenticated, service_role;
