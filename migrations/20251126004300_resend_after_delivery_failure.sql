-- Re-sending a WhatsApp notice whose delivery failed sends it again.
-- A 'failed' delivery-status webhook marks the row dead but leaves the provider's message id on it; the worker
-- reads a message id as "the provider already accepted this one" (a crash between acceptance and recording) and
-- never sends it again, so an administrator's Reenviar marked it sent without sending anything. A re-send now
-- forgets the failed message (id and provider status): the next round sends a new one, whose statuses the webhook
-- matches by its own id; late statuses of the failed message match no row.
create or replace function public.resend_delivery(p_id uuid) returns public.notification_deliveries
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_row public.notification_deliveries;
begin
  if not public.has_role('administrator') then
    raise exception 'Apenas administradores reenviam notificações' using errcode = 'insufficient_privilege';
  end if;
  update public.notification_deliveries d
     set status = 'queued', attempts = 0, next_attempt_at = now(), lease_until = null,
         provider_message_id = null, provider_status = null, provider_status_at = null
   where d.id = p_id and d.status in ('dead', 'failed')
  returning * into v_row;
  if v_row.id is null then
    raise exception 'Envio não encontrado ou não está com falha' using errcode = 'no_data_found';
  end if;
  return v_row;
end
$$;
comment on function public.resend_delivery(uuid) is
  'Administrators: queues a dead (or failed) delivery again, attempts reset; a failed provider message is forgotten, so a new one is sent.';
