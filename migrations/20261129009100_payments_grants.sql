-- Payment tables are written by the payments functions (service role) only: API roles keep SELECT under their
-- policies and nothing else (the defaults had granted every privilege to anon and authenticated).
revoke all on public.payment_checkouts, public.payment_events, public.pix_charges from anon, authenticated;
grant select on public.payment_checkouts, public.payment_events, public.pix_charges to authenticated;
