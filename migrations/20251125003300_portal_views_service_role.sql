-- The portal views also show everything to the roles above the API's (service_role, the owner), as the tables
-- do: a view evaluates current_user as its caller, so the filter can tell them from anon/authenticated.
create or replace view public.client_processes with (security_barrier = true) as
  select p.id, p.client_id, p.id as process_id, p.type, p.status, p.stage, p.description, p.next_date,
         p.created_at, p.updated_at
    from public.processes p
   where p.client_id is not null
     and (current_user not in ('anon', 'authenticated')
          or (select public.is_staff()) or p.client_id = (select public.current_client_id()));

create or replace view public.client_document_requests with (security_barrier = true) as
  select r.id, r.process_id, p.client_id, r.document_name, r.document_description, r.is_required, r.status,
         r.requested_at, r.fulfilled_at
    from public.document_requests r
    join public.processes p on p.id = r.process_id
   where current_user not in ('anon', 'authenticated')
      or (select public.is_staff()) or p.client_id = (select public.current_client_id());
