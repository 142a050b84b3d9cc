-- What staff upload or the product generates is internal until a staff member shares it with the client.
-- What the client uploads is shared (it is the client's own). A client reads only shared rows of its own,
-- and from storage only the files of those rows, what it uploaded itself and the attachments of its
-- conversation (attachments/<client_id>/).
--
-- Existing rows: the client's own uploads become shared; rows the office uploaded or generated become
-- internal (we cannot tell a reviewed document from an unreviewed draft, so the office shares again what
-- the client should see: one click per document).

alter table public.client_documents
  add column shared_with_client boolean not null default false;
comment on column public.client_documents.shared_with_client is
  'Whether the client sees the document (and its file). Always true for what the client uploads.';
update public.client_documents set shared_with_client = (uploaded_by = 'client');

-- The client's uploads are shared, whoever writes the flag.
create or replace function public.keep_client_uploads_shared() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.uploaded_by = 'client' then
    new.shared_with_client := true;
  end if;
  return new;
end
$$;
revoke execute on function public.keep_client_uploads_shared() from public, anon, authenticated;
-- after keep_uploader_kind (alphabetical order), which settles uploaded_by on updates
create trigger keep_shared_client_uploads before insert or update on public.client_documents
  for each row execute function public.keep_client_uploads_shared();

drop policy "client reads own documents" on public.client_documents;
create policy "client reads own shared documents" on public.client_documents for select to authenticated
  using (client_id = (select public.current_client_id()) and shared_with_client);

-- Storage: which objects of the client_documents bucket the signed-in client may read.
create or replace function public.client_may_read_object(object_name text, object_owner_id text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    -- its conversation's attachments (messages of its own thread point here)
    ((storage.foldername(object_name))[1] = 'attachments'
      and (storage.foldername(object_name))[2] = public.current_client_id()::text)
    -- what it uploaded itself into its own folder
    or ((storage.foldername(object_name))[1] = public.current_client_id()::text
      and object_owner_id = auth.uid()::text)
    -- a document of its own the office shared
    or exists (
      select 1 from public.client_documents d
      where d.file_path = object_name and d.client_id = public.current_client_id() and d.shared_with_client
    ),
    false)
$$;
comment on function public.client_may_read_object(text, text) is
  'Storage policy helper: the signed-in client may read this client_documents object (shared document, own upload, own attachments).';
revoke execute on function public.client_may_read_object(text, text) from public, anon;
grant execute on function public.client_may_read_object(text, text) to authenticated, service_role;

drop policy "client_documents: client reads own objects" on storage.objects;
create policy "client_documents: client reads shared objects" on storage.objects for select to authenticated
  using (bucket_id = 'client_documents' and public.client_may_read_object(name, owner_id));

create index if not exists client_documents_file_path_idx on public.client_documents (file_path);
