-- Findings of the security review, closed without touching earlier migrations.

-- Staff edit a client's details, never which log-in the row belongs to: re-linking user_id would hand one
-- client's portal (processes, payments, messages, documents) to another account. Only the service role
-- (and the owner) may move it.
create or replace function public.keep_client_login() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.user_id is distinct from old.user_id and current_user in ('anon', 'authenticated') then
    raise exception 'O acesso ao portal de um cliente não pode ser transferido'
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end
$$;
comment on function public.keep_client_login() is 'Trigger: clients.user_id is not changed through the API roles.';
revoke execute on function public.keep_client_login() from public, anon, authenticated;

drop trigger if exists clients_keep_login on public.clients;
create trigger clients_keep_login before update of user_id on public.clients
  for each row execute function public.keep_client_login();

-- Office messages carry their real author: staff could otherwise write in a colleague's name.
drop policy if exists "staff write as office" on public.messages;
create policy "staff write as office" on public.messages
  for insert to authenticated
  with check ((select public.is_staff()) and sender_type = 'office' and sender_id = (select auth.uid()));
