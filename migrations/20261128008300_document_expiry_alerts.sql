-- Alerts before passports and work permits (EAD) expire: the expiry dates live on the client's record; a daily
-- job tells the office's administrators and legal assistants N days before (N: office_settings), once per
-- client, document and expiry date.

alter table public.clients
  add column passport_number     text check (passport_number is null or passport_number ~ '^[A-Z0-9]{5,20}$'),
  add column passport_expires_on date,
  add column ead_expires_on      date;
comment on column public.clients.passport_number is 'Number of the client''s current passport.';
comment on column public.clients.passport_expires_on is 'Expiry date of the client''s passport (alerts before it).';
comment on column public.clients.ead_expires_on is 'Expiry date of the client''s work permit (EAD) (alerts before it).';

alter table public.office_settings
  add column document_expiry_alert_days integer not null default 90 check (document_expiry_alert_days between 1 and 365);
comment on column public.office_settings.document_expiry_alert_days is
  'Staff are alerted this many days before a client''s passport or EAD expires.';

create or replace function public.alert_expiring_documents() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_tz text := coalesce((select s.time_zone from public.office_settings s where s.id), 'America/New_York');
  v_days integer := coalesce((select s.document_expiry_alert_days from public.office_settings s where s.id), 90);
  v_today date := (now() at time zone v_tz)::date;
  v_row record;
  v_user uuid;
  v_sent integer := 0;
  v_key text;
begin
  for v_row in
    select c.id, c.full_name, d.kind, d.label, d.expires_on
      from public.clients c
     cross join lateral (values ('passport', 'Passaporte', c.passport_expires_on),
                                ('ead', 'Autorização de trabalho (EAD)', c.ead_expires_on)) d (kind, label, expires_on)
     where d.expires_on is not null and d.expires_on between v_today and v_today + v_days
     order by d.expires_on
  loop
    for v_user in select ur.user_id from public.user_roles ur where ur.role in ('administrator', 'legal_assistant') loop
      v_key := 'expiry:' || v_row.kind || ':' || v_row.id || ':' || v_row.expires_on || ':' || v_user;
      continue when exists (select 1 from public.notifications n where n.idempotency_key = v_key);
      perform public.notify(v_user, 'document_expiry',
        format('%s de %s vence em %s', v_row.label, v_row.full_name, to_char(v_row.expires_on, 'DD/MM/YYYY')),
        format('%s vence em %s dia(s). Oriente o cliente a renovar.', v_row.label, v_row.expires_on - v_today),
        '/clientes/' || v_row.id,
        jsonb_build_object('client_id', v_row.id, 'document', v_row.kind, 'expires_on', v_row.expires_on),
        v_key);
      v_sent := v_sent + 1;
    end loop;
  end loop;
  return v_sent;
end
$$;
comment on function public.alert_expiring_documents() is
  'Job: tells administrators and legal assistants of passports and EADs expiring within document_expiry_alert_days (once each).';
revoke execute on function public.alert_expiring_documents() from public, anon, authenticated;
grant execute on function public.alert_expiring_documents() to service_role;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('document-expiry-alerts', '0 8 * * *', $c$select public.alert_expiring_documents()$c$);
  end if;
end
$$;
