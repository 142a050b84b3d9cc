-- Only administrators read the outbox of deliveries. Every other role used to read the whole table to find no row:
-- a policy's condition is checked row by row, and PostgreSQL never turns one that is false for the caller into a
-- single check up front (supabase/DECISIONS.md 19). With a large office's 600,000 deliveries an empty first page
-- took 64-70 ms for a secretary, a seller or a client. The same rule written as a period of created_at is answered
-- by the index on created_at: the administrator's period is all time (every row), anyone else's runs from +infinity
-- back to -infinity (no row). Written as two bounds, not one, because the planner takes a two-sided range whose
-- ends it cannot see for a narrow one and reads it by index; a one-sided bound it takes for a third of the table,
-- and reads the table whole.
create or replace function public.deliveries_readable_from() returns timestamptz
language sql stable
set search_path = ''
as $$
  select case when public.has_role('administrator') then '-infinity'::timestamptz else 'infinity'::timestamptz end
$$;
comment on function public.deliveries_readable_from() is 'Policy helper of notification_deliveries: the earliest created_at the caller reads (-infinity for administrators, +infinity for everyone else).';

create or replace function public.deliveries_readable_until() returns timestamptz
language sql stable
set search_path = ''
as $$
  select case when public.has_role('administrator') then 'infinity'::timestamptz else '-infinity'::timestamptz end
$$;
comment on function public.deliveries_readable_until() is 'Policy helper of notification_deliveries: the latest created_at the caller reads (+infinity for administrators, -infinity for everyone else).';

revoke all on function public.deliveries_readable_from() from public;
revoke all on function public.deliveries_readable_until() from public;
grant execute on function public.deliveries_readable_from() to authenticated, service_role;
grant execute on function public.deliveries_readable_until() to authenticated, service_role;

drop policy "administrators read deliveries" on public.notification_deliveries;
create policy "administrators read deliveries" on public.notification_deliveries
  for select to authenticated
  using (created_at >= (select public.deliveries_readable_from())
         and created_at <= (select public.deliveries_readable_until()));
