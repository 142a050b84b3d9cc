-- The one-time signing code never stays in the outbox, which administrators read in Envios: the function stores
-- it sealed (payload.sealed_code, AES-GCM with the settings key) with a mask in the text, the worker opens it only
-- to send it, and these triggers drop even the sealed value as soon as the delivery is sent or dead, and make
-- the deliveries of a spent or superseded code dead before they go out.

create function public.forget_sent_code() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.payload ? 'sealed_code' and new.status in ('sent', 'dead') then
    new.payload := (new.payload - 'sealed_code' - 'code_id' - 'code_expires_at')
      || jsonb_build_object('body', case when new.status = 'sent'
                                         then 'Código de assinatura enviado (o código não fica guardado).'
                                         else 'Código de assinatura não enviado (o código não fica guardado).' end);
  end if;
  return new;
end
$$;
comment on function public.forget_sent_code() is
  'Trigger: a delivery carrying a sealed one-time code loses it once sent or dead (nobody reads it afterwards).';
create trigger notification_deliveries_forget_sent_code before insert or update of status, payload
  on public.notification_deliveries for each row execute function public.forget_sent_code();

create function public.retire_spent_code_deliveries() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.notification_deliveries d
     set status = 'dead', last_error = 'código já utilizado ou substituído: não enviado', lease_until = null
   where d.idempotency_key like 'contract-code:' || new.id::text || ':%'
     and d.status in ('queued', 'failed');
  return null;
end
$$;
comment on function public.retire_spent_code_deliveries() is
  'Trigger: the deliveries of a spent or superseded signing code that have not gone out are never sent.';
revoke all on function public.retire_spent_code_deliveries() from public, anon, authenticated;
create trigger contract_signing_codes_retire_deliveries after update of used_at on public.contract_signing_codes
  for each row when (old.used_at is null and new.used_at is not null)
  execute function public.retire_spent_code_deliveries();

-- the codes already waiting in the outbox (stored in clear before this change) are blanked now
update public.notification_deliveries
   set payload = payload || jsonb_build_object('body', 'Código de assinatura (o código não fica guardado).')
 where idempotency_key like 'contract-code:%' and payload ->> 'body' ~ '[0-9]{6}';
