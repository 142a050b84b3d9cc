-- The staff timeline labels USCIS and EOIR statuses that a demo provider produced, as every other screen does
-- (clients never read those histories: RLS keeps them staff-only).
create or replace function public.workspace_timeline(
  p_client_id  uuid default null,
  p_process_id bigint default null,
  p_family     boolean default false
) returns table (
  at         timestamptz,
  kind       text,
  detail     text,
  from_value text,
  client_id  uuid,
  process_id bigint,
  ref_id     text
)
language sql stable security invoker
set search_path = ''
as $$
  with targets as (
    select c.id from public.clients c
     where p_client_id is not null
       and (c.id = p_client_id
            or (p_family and c.id in (
                  select coalesce(x.principal_client_id, x.id) from public.clients x where x.id = p_client_id
                  union
                  select y.id from public.clients y
                   where y.principal_client_id = (select coalesce(x.principal_client_id, x.id)
                                                    from public.clients x where x.id = p_client_id))))
  ),
  procs as (
    select p.id, p.client_id from public.processes p
     where (p_process_id is not null and p.id = p_process_id)
        or (p_process_id is null and p.client_id in (select id from targets))
  ),
  events as (
    select e.created_at as at, e.kind, e.to_value as detail, e.from_value, pr.client_id, e.process_id, e.id::text as ref_id
      from public.process_events e join procs pr on pr.id = e.process_id
    union all
    select m.created_at, 'message_' || m.sender_type, left(coalesce(nullif(btrim(m.content), ''), m.attachment_url), 200),
           null, m.client_id, null::bigint, m.id::text
      from public.messages m
     where p_process_id is null and m.client_id in (select id from targets)
    union all
    select d.created_at, 'upload_' || d.uploaded_by, d.name, null, d.client_id, d.process_id, d.id::text
      from public.client_documents d
     where (p_process_id is null and d.client_id in (select id from targets))
        or (p_process_id is not null and d.process_id = p_process_id)
    union all
    select r.requested_at, 'document_requested', r.document_name, null, pr.client_id, r.process_id, r.id::text
      from public.document_requests r join procs pr on pr.id = r.process_id
    union all
    select r.fulfilled_at, 'document_received', r.document_name, null, pr.client_id, r.process_id, r.id::text
      from public.document_requests r join procs pr on pr.id = r.process_id
     where r.fulfilled_at is not null
    union all
    select i.contact_date, 'interaction_' || i.type, left(i.content, 200), i.status, i.client_id, i.process_id, i.id::text
      from public.interactions i
     where (p_process_id is null and i.client_id in (select id from targets))
        or (p_process_id is not null and i.process_id = p_process_id)
    union all
    select h.updated_at, 'uscis_status', h.status || case when h.is_demo then ' (demonstração)' else '' end, r.receipt_number, pr.client_id, r.process_id, h.id::text
      from public.uscis_status_history h
      join public.uscis_receipts r on r.id = h.receipt_id
      join procs pr on pr.id = r.process_id
    union all
    select h.updated_at, 'eoir_status', h.status || case when h.is_demo then ' (demonstração)' else '' end, e.a_number, pr.client_id, e.process_id, h.id::text
      from public.eoir_court_history h
      join public.eoir_court_cases e on e.id = h.court_case_id
      join procs pr on pr.id = e.process_id
  )
  select * from events order by at desc limit 200
$$;
comment on function public.workspace_timeline(uuid, bigint, boolean) is
  'Timeline of a client (optionally its whole family) or of one process: process events, messages, uploads, '
  'document requests, interactions, USCIS and EOIR statuses. RLS applies (security invoker).';
revoke execute on function public.workspace_timeline(uuid, bigint, boolean) from public, anon;
grant execute on function public.workspace_timeline(uuid, bigint, boolean) to authenticated, service_role;
