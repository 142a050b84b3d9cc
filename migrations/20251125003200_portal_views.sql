-- The portal reads its processes and document requests through views that show a client only its own rows,
-- so the tables keep DESIGN's rule (processes and document_requests: staff only). The data is still one
-- record per process: the views read `processes` itself, no copy.
drop policy if exists "client reads own processes" on public.processes;
drop policy if exists "client reads own document requests" on public.document_requests;

-- Owner's rights (the view reads past RLS) with the row filter written here; security_barrier keeps a
-- caller's leaky function from seeing rows before the filter.
drop view if exists public.client_processes;
create view public.client_processes with (security_barrier = true) as
  select p.id, p.client_id, p.id as process_id, p.type, p.status, p.stage, p.description, p.next_date,
         p.created_at, p.updated_at
    from public.processes p
   where p.client_id is not null
     and ((select public.is_staff()) or p.client_id = (select public.current_client_id()));
comment on view public.client_processes is
  'The processes of each client as the portal shows them: staff see all, a client only its own (read-only).';
revoke all on public.client_processes from public, anon, authenticated;
grant select on public.client_processes to authenticated, service_role;

create view public.client_document_requests with (security_barrier = true) as
  select r.id, r.process_id, p.client_id, r.document_name, r.document_description, r.is_required, r.status,
         r.requested_at, r.fulfilled_at
    from public.document_requests r
    join public.processes p on p.id = r.process_id
   where (select public.is_staff()) or p.client_id = (select public.current_client_id());
comment on view public.client_document_requests is
  'Document requests as the portal shows them: a client sees those of its own processes (read-only).';
revoke all on public.client_document_requests from public, anon, authenticated;
grant select on public.client_document_requests to authenticated, service_role;

-- The portal's timeline of one process: what the client may see of it (stage and status changes, its
-- documents, the office's requests), checked here because the tables behind it are staff-only.
create or replace function public.portal_process_timeline(p_process_id bigint)
returns table (at timestamptz, kind text, detail text, from_value text, client_id uuid, process_id bigint,
               ref_id text)
language sql stable security definer
set search_path = ''
as $$
  with own as (
    select p.id, p.client_id from public.processes p
     where p.id = p_process_id and p.client_id is not null and p.client_id = public.current_client_id()
  )
  select * from (
    select e.created_at, e.kind, e.to_value, e.from_value, o.client_id, e.process_id, e.id::text
      from public.process_events e join own o on o.id = e.process_id
     where e.kind in ('created', 'stage_change', 'status_change')
    union all
    select d.created_at, 'upload_' || d.uploaded_by, d.name, null, d.client_id, d.process_id, d.id::text
      from public.client_documents d join own o on o.id = d.process_id and o.client_id = d.client_id
    union all
    select r.requested_at, 'document_requested', r.document_name, null, o.client_id, r.process_id, r.id::text
      from public.document_requests r join own o on o.id = r.process_id
    union all
    select r.fulfilled_at, 'document_received', r.document_name, null, o.client_id, r.process_id, r.id::text
      from public.document_requests r join own o on o.id = r.process_id
     where r.fulfilled_at is not null
  ) t (at, kind, detail, from_value, client_id, process_id, ref_id)
  order by at desc
  limit 200
$$;
comment on function public.portal_process_timeline(bigint) is
  'The signed-in client''s view of one of its processes: stage/status changes, uploads and document requests.';
revoke execute on function public.portal_process_timeline(bigint) from public, anon;
grant execute on function public.portal_process_timeline(bigint) to authenticated, service_role;
