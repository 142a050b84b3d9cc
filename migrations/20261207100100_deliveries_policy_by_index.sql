-- Only administrators read the outbox of deliveries. Every other role used to read the whole table to find no row:
-- a policy's condition is checked row by row, and PostgreSQL never turns one that is false for the caller into a
-- single check up front (supabase/DECISIONS.md 19). With a large office's 600,000 deliveries an empty first page
-- took 64-70 ms for a secretary, a seller or a client. The same rule written as the period of created_at the caller
-- reads is answered by the index on created_at: all time for an administrator, an empty period for anyone else
-- (its bounds are null, which no row meets). The policy names both bounds, not only the lower one, because the
-- planner takes a two-sided range whose ends it cannot see for a narrow one and reads it by index; a one-sided
-- bound it takes for a third of the table, and reads the table whole.
create or replace function public.deliveries_readable_period() returns tstzrange
language sql stable
set search_path = ''
as $$
  select case when public.has_role('administrator') then tstzrange('-infinity', 'infinity', '[]')
              else 'empty'::tstzrange end
$$;
comment on function public.deliveries_readable_period() is 'Policy helper of notification_deliveries: the period of created_at the caller reads (all time for administrators, empty for everyone else).';
revoke all on function public.deliveries_readable_period() from public;
grant execute on function public.deliveries_readable_period() to authenticated, service_role;

drop policy "administrators read deliveries" on public.notification_deliveries;
create policy "administrators read deliveries" on public.notification_deliveries
  for select to authenticated
  using (created_at >= (select lower(public.deliveries_readable_period()))
         and created_at <= (select upper(public.deliveries_readable_period())));
