-- Reminders for contracts sent for signature and not signed: every N days after sending (office setting), the
-- client gets a reminder in the portal, by e-mail, and by WhatsApp when consented, through the outbox; at most one
-- per interval (the notification's idempotency key is the contract, its document and the interval's number) and
-- at most contract_reminder_max of them. A daily cron job runs it.

alter table public.office_settings
  add column contract_reminder_days integer not null default 3 check (contract_reminder_days between 1 and 60),
  add column contract_reminder_max integer not null default 5 check (contract_reminder_max between 0 and 20);
comment on column public.office_settings.contract_reminder_days is
  'A contract sent for signature and not signed is reminded to the client every this many days.';
comment on column public.office_settings.contract_reminder_max is
  'At most this many reminders per contract sent (0: none).';

create function public.remind_unsigned_contracts(p_now timestamptz default now()) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_days integer := coalesce((select s.contract_reminder_days from public.office_settings s where s.id), 3);
  v_max integer := coalesce((select s.contract_reminder_max from public.office_settings s where s.id), 5);
  v_row record;
  v_round integer;
  v_key text;
  v_id uuid;
  v_payload jsonb;
  v_sent integer := 0;
begin
  for v_row in
    select c.id, c.client_id, c.contract_number, c.sent_at, c.document_sha256, cl.user_id, cl.email, cl.full_name
      from public.financial_contracts c
      join public.clients cl on cl.id = c.client_id
     where c.signature_status = 'sent' and c.sent_at <= p_now - make_interval(days => v_days)
       and cl.user_id is not null
     order by c.sent_at
  loop
    v_round := floor(extract(epoch from p_now - v_row.sent_at) / (v_days * 86400))::integer;
    continue when v_round < 1 or v_round > v_max;
    v_key := 'contract-reminder:' || v_row.id || ':' || v_row.document_sha256 || ':' || v_round;
    continue when exists (select 1 from public.notifications n where n.idempotency_key = v_key);
    v_id := public.notify(v_row.user_id, 'contract_signature_reminder',
      format('Lembrete: contrato %s aguardando a sua assinatura', v_row.contract_number),
      format('O escritório enviou o contrato %s há %s dia(s) e ele ainda não foi assinado. Leia e assine pelo portal.',
             v_row.contract_number, (p_now::date - v_row.sent_at::date)),
      '/cliente/contratos/' || v_row.id,
      jsonb_build_object('client_id', v_row.client_id, 'contract_id', v_row.id),
      v_key);
    -- the reminder goes by e-mail even without the e-mail consent (it is about the contract itself, like the
    -- signing code); WhatsApp only when consented (public.notify)
    if v_row.email is not null then
      select d.payload into v_payload from public.notification_deliveries d
       where d.idempotency_key = v_key || ':in_app';
      insert into public.notification_deliveries
        (notification_id, user_id, channel, recipient, template, payload, idempotency_key)
      values (v_id, v_row.user_id, 'email', v_row.email, 'contract_signature_reminder',
              coalesce(v_payload, '{}'::jsonb), v_key || ':email')
      on conflict (idempotency_key) do nothing;
    end if;
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end
$$;
comment on function public.remind_unsigned_contracts(timestamptz) is
  'Job: reminds clients of contracts sent for signature and unsigned every contract_reminder_days (at most once per interval, contract_reminder_max times).';
revoke execute on function public.remind_unsigned_contracts(timestamptz) from public, anon, authenticated;
grant execute on function public.remind_unsigned_contracts(timestamptz) to service_role;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('contract-signature-reminders', '0 13 * * *', $c$select public.remind_unsigned_contracts()$c$);
  end if;
end
$$;
