-- A user is staff or a client, never both. A staff role for someone with a client record would let a
-- former client read every client; the client role for a staff member would mix the portal into the
-- office. The database refuses both (SQLSTATE 23514, check_violation), whoever writes: the Usuários
-- screen, an invitation, create_client_user or SQL.

-- Runs as the caller (an administrator reads every role and client; the owner's jobs read everything), so
-- that current_user tells an API request apart.
create or replace function public.keep_staff_apart_from_clients() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- through the API only administrators write roles and staff write clients: others are left to RLS (42501),
  -- so that this check tells them nothing
  if current_user in ('anon', 'authenticated')
     and not (case when tg_table_name = 'user_roles' then public.is_admin() else public.is_staff() end) then
    return new;
  end if;
  if tg_table_name = 'user_roles' then
    if new.role <> 'client' and exists (select 1 from public.clients c where c.user_id = new.user_id) then
      raise exception 'Um cliente não pode receber uma função da equipe'
        using errcode = 'check_violation',
              hint = 'Um usuário é da equipe ou cliente, nunca os dois. Convide a pessoa com outro e-mail.';
    end if;
    if new.role = 'client' and exists (
      select 1 from public.user_roles ur
      where ur.user_id = new.user_id and ur.role <> 'client' and ur.id <> new.id
    ) then
      raise exception 'Um membro da equipe não pode receber a função de cliente'
        using errcode = 'check_violation',
              hint = 'Um usuário é da equipe ou cliente, nunca os dois.';
    end if;
  elsif new.user_id is not null and public.is_staff_user(new.user_id) then
    -- clients: a client record for a staff login
    raise exception 'Um membro da equipe não pode ser vinculado a um cliente'
      using errcode = 'check_violation',
            hint = 'Um usuário é da equipe ou cliente, nunca os dois.';
  end if;
  return new;
end
$$;
comment on function public.keep_staff_apart_from_clients() is
  'Trigger: refuses a staff role for a user linked to a client, the client role for staff, and a client record for staff.';
revoke execute on function public.keep_staff_apart_from_clients() from public, anon, authenticated;

drop trigger if exists keep_staff_apart_from_clients on public.user_roles;
create trigger keep_staff_apart_from_clients before insert or update of user_id, role on public.user_roles
  for each row execute function public.keep_staff_apart_from_clients();

drop trigger if exists keep_staff_apart_from_clients on public.clients;
create trigger keep_staff_apart_from_clients before insert or update of user_id on public.clients
  for each row execute function public.keep_staff_apart_from_clients();
