-- WhatsApp delivery-status webhooks update the outbox (called by the whatsapp-webhook function as
-- service_role). A status finds its row by the wamid, or by biz_opaque_callback_data (the idempotency key)
-- when the stack died before it could record the wamid: that row counts as sent and is never sent again.
create or replace function public.record_whatsapp_status(
  p_message_id text, p_status text, p_idempotency_key text default null, p_error text default null,
  p_at timestamptz default now()
) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if p_status not in ('sent', 'delivered', 'read', 'failed') then
    return 0;
  end if;
  update public.notification_deliveries d
     set provider_message_id = coalesce(d.provider_message_id, p_message_id),
         -- statuses may arrive out of order: 'read' is never followed by 'delivered'; 'failed' always wins
         provider_status = case
           when p_status = 'failed' or d.provider_status is null then p_status
           when array_position(array['sent', 'delivered', 'read'], p_status)
                > coalesce(array_position(array['sent', 'delivered', 'read'], d.provider_status), 0) then p_status
           else d.provider_status end,
         provider_status_at = p_at,
         status = case when p_status = 'failed' then 'dead'
                       when d.status = 'sending' then 'sent'
                       else d.status end,
         sent_at = case when p_status <> 'failed' then coalesce(d.sent_at, p_at) else d.sent_at end,
         lease_until = case when p_status = 'failed' or d.status = 'sending' then null else d.lease_until end,
         last_error = case when p_status = 'failed' then coalesce(p_error, 'WhatsApp: falha na entrega')
                           else d.last_error end
   where d.channel = 'whatsapp'
     and (d.provider_message_id = p_message_id
          or (p_idempotency_key is not null and d.idempotency_key = p_idempotency_key
              and d.provider_message_id is null));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function public.record_whatsapp_status(text, text, text, text, timestamptz) is
  'service_role (the whatsapp-webhook function): records a WhatsApp delivery status on its outbox row.';
revoke execute on function public.record_whatsapp_status(text, text, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.record_whatsapp_status(text, text, text, text, timestamptz) to service_role;
