-- Second security review.
--
-- 1. Privileges, stated again. Earlier versions of the stack re-granted everything in `public` to the API
--    roles at every start, undoing the revokes below on databases that had been restarted. The bootstrap
--    no longer does; this repairs databases that were already widened (each statement is idempotent).
revoke execute on function public.has_role(text), public.has_any_role(text[]), public.is_staff(), public.is_admin()
  from public, anon;
grant execute on function public.has_role(text), public.has_any_role(text[]), public.is_staff(), public.is_admin()
  to authenticated, service_role;
revoke execute on function public.handle_new_user(), public.handle_user_email_change() from public, anon, authenticated;
revoke insert, update, delete on public.profiles from anon, authenticated;
grant update (full_name) on public.profiles to authenticated;
revoke execute on function public.current_client_id() from public, anon;
grant execute on function public.current_client_id() to authenticated, service_role;
revoke execute on function public.create_client_user(text, text, text, text, text) from public, anon;
grant execute on function public.create_client_user(text, text, text, text, text) to authenticated, service_role;
revoke all on public.system_settings from anon, authenticated;
grant all on public.system_settings to service_role;
revoke execute on function public.is_own_client_object(text) from public, anon;
grant execute on function public.is_own_client_object(text) to authenticated, service_role;
revoke truncate on all tables in schema public from anon, authenticated;
revoke execute on function public.keep_client_login() from public, anon, authenticated;
revoke execute on function public.fill_interaction_author_name() from public, anon, authenticated;

-- 2. Authorship is the database's to record. Through the API roles, the author columns of a new row are
--    the caller (auth.uid()) and never change afterwards, so a staff member cannot record an action in a
--    colleague's name. The service role (functions, imports) keeps what it writes.
--    Arguments: the author uuid column, then optionally a column for the author's display name.
create or replace function public.stamp_author() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  id_column constant text := tg_argv[0];
  name_column constant text := tg_argv[1];
  author uuid := auth.uid();
  stamped jsonb;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    stamped := jsonb_build_object(id_column, to_jsonb(old) -> id_column);
    if name_column is not null then
      stamped := stamped || jsonb_build_object(name_column, to_jsonb(old) -> name_column);
    end if;
  else
    stamped := jsonb_build_object(id_column, author);
    if name_column is not null then
      stamped := stamped || jsonb_build_object(name_column,
        (select coalesce(p.full_name, split_part(p.email, '@', 1)) from public.profiles p where p.id = author));
    end if;
  end if;
  return jsonb_populate_record(new, stamped);
end
$$;
comment on function public.stamp_author() is
  'Trigger: the author columns (tg_argv) are auth.uid() on insert and unchanged on update, for the API roles.';
revoke execute on function public.stamp_author() from public, anon, authenticated;

-- Who uploaded a document is also said in words: the office (staff) or the client. Each side inserts only
-- its own word (the client's policy already says so), and nobody changes it afterwards.
drop policy if exists "staff add documents" on public.client_documents;
create policy "staff add documents" on public.client_documents
  for insert to authenticated with check ((select public.is_staff()) and uploaded_by = 'office');

create or replace function public.keep_document_uploader_kind() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.uploaded_by := old.uploaded_by;
  end if;
  return new;
end
$$;
revoke execute on function public.keep_document_uploader_kind() from public, anon, authenticated;

drop trigger if exists stamp_author on public.uscis_receipts;
create trigger stamp_author before insert or update on public.uscis_receipts
  for each row execute function public.stamp_author('created_by');
drop trigger if exists stamp_author on public.eoir_court_cases;
create trigger stamp_author before insert or update on public.eoir_court_cases
  for each row execute function public.stamp_author('created_by');
drop trigger if exists stamp_author on public.process_notifications;
create trigger stamp_author before insert or update on public.process_notifications
  for each row execute function public.stamp_author('created_by');
drop trigger if exists stamp_author on public.interactions;
create trigger stamp_author before insert or update on public.interactions
  for each row execute function public.stamp_author('created_by', 'created_by_name');
drop trigger if exists stamp_author on public.client_documents;
create trigger stamp_author before insert or update on public.client_documents
  for each row execute function public.stamp_author('uploader_id');
drop trigger if exists keep_uploader_kind on public.client_documents;
create trigger keep_uploader_kind before update on public.client_documents
  for each row execute function public.keep_document_uploader_kind();
-- (messages.sender_id needs no trigger: their insert policies require sender_id = auth.uid(), and nobody
-- updates a message.)
