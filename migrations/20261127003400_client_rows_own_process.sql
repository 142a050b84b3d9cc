-- A client's rows that name a process name one of its own processes, and a client's paths stay in its own
-- storage folders: a document or appointment request naming another client's process would land in that
-- case (and alert its staff), and a message attachment pointing into another client's folder would be
-- offered to the office as the client's file.

-- A storage path of the signed-in client: under <client_id>/ or attachments/<client_id>/, with no empty,
-- '.' or '..' segment and no leading slash.
create or replace function public.is_own_client_path(object_path text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    public.is_own_client_object(object_path)
    and object_path !~ '(^|/)\.{1,2}(/|$)'
    and object_path !~ '//'
    and left(object_path, 1) <> '/',
    false)
$$;
comment on function public.is_own_client_path(text) is
  'Policy helper: the path lies in the signed-in client''s own storage folders (<client_id>/ or attachments/<client_id>/).';
revoke execute on function public.is_own_client_path(text) from public, anon;
grant execute on function public.is_own_client_path(text) to authenticated, service_role;

drop policy "client adds own documents" on public.client_documents;
create policy "client adds own documents" on public.client_documents for insert to authenticated
  with check (
    client_id = (select public.current_client_id())
    and uploaded_by = 'client'
    and split_part(file_path, '/', 1) = client_id::text
    and public.is_own_client_path(file_path)
    and uploader_id = (select auth.uid())
    and (process_id is null or public.is_own_process(process_id))
  );

drop policy "client requests an appointment" on public.appointments;
create policy "client requests an appointment" on public.appointments for insert to authenticated
  with check (
    client_id = (select public.current_client_id())
    and status = 'solicitado'
    and source is null
    and reminded_24h_at is null
    and reminded_1h_at is null
    and (process_id is null or public.is_own_process(process_id))
  );

drop policy "client writes own as client" on public.messages;
create policy "client writes own as client" on public.messages for insert to authenticated
  with check (
    client_id = (select public.current_client_id())
    and sender_type = 'client'
    and sender_id = (select auth.uid())
    and (attachment_url is null or public.is_own_client_path(attachment_url))
  );
