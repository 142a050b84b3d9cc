-- With "Exigir verificação em duas etapas para a equipe" on, a staff session below aal2 gets no staff data
-- (see staff_second_factor). Rows a staff member reads because they are its own, not because of a role,
-- escaped that rule: its notifications (client message texts, A-numbers, receipts), its commissions and
-- its commission rule. They now follow it too; clients are never affected.

-- True unless the signed-in user is staff in a session the office's second-factor rule does not allow.
create or replace function public.own_rows_allowed() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.staff_session_allowed() or not public.is_staff_user(auth.uid())
$$;
comment on function public.own_rows_allowed() is
  'False for a staff session below aal2 while the office requires a second factor of its staff (clients: always true).';
revoke execute on function public.own_rows_allowed() from public, anon;
grant execute on function public.own_rows_allowed() to authenticated, service_role;

drop policy "users read own notifications" on public.notifications;
create policy "users read own notifications" on public.notifications for select to authenticated
  using (user_id = (select auth.uid()) and (select public.own_rows_allowed()));
drop policy "users mark own notifications read" on public.notifications;
create policy "users mark own notifications read" on public.notifications for update to authenticated
  using (user_id = (select auth.uid()) and (select public.own_rows_allowed()))
  with check (user_id = (select auth.uid()) and (select public.own_rows_allowed()));

drop policy "staff read own commissions" on public.financial_commissions;
create policy "staff read own commissions" on public.financial_commissions for select to authenticated
  using (staff_id = (select auth.uid()) and (select public.own_rows_allowed()));

drop policy "staff read own rule" on public.financial_commission_rules;
create policy "staff read own rule" on public.financial_commission_rules for select to authenticated
  using (staff_id = (select auth.uid()) and (select public.own_rows_allowed()));
