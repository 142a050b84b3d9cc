-- The outbox worker wakes when there is something to send instead of waiting for its next poll: a statement
-- that adds due rows to public.notification_deliveries (notify() in the transaction of a change) or makes
-- rows due again (an administrator's re-send, claimed rows released at shut-down) sends one
-- NOTIFY supastack_outbox, delivered at its commit. Statement-level, so a batch of rows wakes the workers
-- once. Rows the worker itself claims or settles (sending, sent, failed with a later retry, dead), the
-- in_app copies and the WhatsApp status webhooks wake no one. Every API process listens; the claim
-- (FOR UPDATE SKIP LOCKED) keeps each row to one of them. Retries coming due by time and notifications
-- missed while a listener was down are left to the worker's poll.

create or replace function public.wake_outbox() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from changed c
              where c.channel <> 'in_app' and c.status in ('queued', 'failed') and c.next_attempt_at <= now()) then
    perform pg_notify('supastack_outbox', '');
  end if;
  return null;
end
$$;
comment on function public.wake_outbox() is
  'Trigger: NOTIFY supastack_outbox when a statement left outbox rows due for delivery (wakes the worker).';
revoke execute on function public.wake_outbox() from public, anon, authenticated;

create trigger wake_outbox_on_insert
  after insert on public.notification_deliveries
  referencing new table as changed
  for each statement execute function public.wake_outbox();

create trigger wake_outbox_on_update
  after update on public.notification_deliveries
  referencing new table as changed
  for each statement execute function public.wake_outbox();
