-- The private bucket client_documents: uploads of clients and the office, and message attachments.
-- A client reaches only <client_id>/... and attachments/<client_id>/...; staff reach everything.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'client_documents', 'client_documents', false, 26214400,
  array[
    'application/pdf',
    'image/jpeg', 'image/png', 'image/webp', 'image/heic',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/plain'
  ]
)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- True when the object name lies in the signed-in client's own folders.
create or replace function public.is_own_client_object(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (storage.foldername(object_name))[1] = public.current_client_id()::text
    or ((storage.foldername(object_name))[1] = 'attachments'
        and (storage.foldername(object_name))[2] = public.current_client_id()::text),
    false)
$$;
comment on function public.is_own_client_object(text) is 'Storage policy helper: the object is under <client_id>/ or attachments/<client_id>/ of the signed-in client.';
revoke execute on function public.is_own_client_object(text) from public, anon;
grant execute on function public.is_own_client_object(text) to authenticated, service_role;

drop policy if exists "client_documents: authenticated see the bucket" on storage.buckets;
create policy "client_documents: authenticated see the bucket" on storage.buckets
  for select to authenticated using (id = 'client_documents');

drop policy if exists "client_documents: client reads own objects" on storage.objects;
create policy "client_documents: client reads own objects" on storage.objects
  for select to authenticated
  using (bucket_id = 'client_documents' and public.is_own_client_object(name));

drop policy if exists "client_documents: client uploads own objects" on storage.objects;
create policy "client_documents: client uploads own objects" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'client_documents' and public.is_own_client_object(name));

drop policy if exists "client_documents: staff read" on storage.objects;
create policy "client_documents: staff read" on storage.objects
  for select to authenticated using (bucket_id = 'client_documents' and (select public.is_staff()));

drop policy if exists "client_documents: staff upload" on storage.objects;
create policy "client_documents: staff upload" on storage.objects
  for insert to authenticated with check (bucket_id = 'client_documents' and (select public.is_staff()));

drop policy if exists "client_documents: staff update" on storage.objects;
create policy "client_documents: staff update" on storage.objects
  for update to authenticated
  using (bucket_id = 'client_documents' and (select public.is_staff()))
  with check (bucket_id = 'client_documents' and (select public.is_staff()));

drop policy if exists "client_documents: staff delete" on storage.objects;
create policy "client_documents: staff delete" on storage.objects
  for delete to authenticated using (bucket_id = 'client_documents' and (select public.is_staff()));
