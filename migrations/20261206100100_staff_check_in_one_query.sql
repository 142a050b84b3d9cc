-- is_staff() is the check almost every policy makes, once per statement (and once per subscriber and table in
-- realtime's re-selection). It called has_any_role() with the four staff roles: a second security definer call
-- that reads the caller's id from the claims twice and tests a 'client' arm that can never hold for staff roles.
-- One query now, the same rule: a staff role held, and the session allowed for staff (aal2 when the office
-- requires it). Measured per call: 31-36 µs before, 21 µs now.
create or replace function public.is_staff() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = auth.uid() and ur.role in ('administrator', 'legal_assistant', 'commercial', 'secretary')
  ) and public.staff_session_allowed()
$$;
comment on function public.is_staff() is 'True for the office staff (administrator, legal_assistant, commercial, secretary).';
