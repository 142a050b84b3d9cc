-- Results of a demo provider (the offline USCIS, EOIR and forms-edition providers; PTAX's demo rates are
-- already marked by exchange_rates.source) are labelled as such, and never reach a client: a demo status
-- change tells the staff (labelled "demonstração"), never the client, so no e-mail, WhatsApp or portal
-- notification carries an invented status.

alter table public.uscis_status_history add column is_demo boolean not null default false;
comment on column public.uscis_status_history.is_demo is 'True when a demo provider produced this status (never shown to the client).';
alter table public.uscis_receipts add column last_status_is_demo boolean not null default false;
comment on column public.uscis_receipts.last_status_is_demo is 'True when last_status came from a demo provider.';

alter table public.eoir_court_history add column is_demo boolean not null default false;
comment on column public.eoir_court_history.is_demo is 'True when a demo provider produced this result (never shown to the client).';
alter table public.eoir_court_cases add column last_status_is_demo boolean not null default false;
comment on column public.eoir_court_cases.last_status_is_demo is 'True when last_status came from a demo provider.';

alter table public.uscis_forms add column edition_source text
  check (edition_source is null or edition_source in ('demo', 'http'));
comment on column public.uscis_forms.edition_source is
  'Who said the edition date at the last check: the official form page (http) or the offline demo list (demo).';

create or replace function public.notify_uscis_status() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_receipt public.uscis_receipts;
  v_previous text;
  v_payload jsonb;
begin
  select r.* into v_receipt from public.uscis_receipts r where r.id = new.receipt_id;
  select h.status into v_previous from public.uscis_status_history h
   where h.receipt_id = new.receipt_id and h.id <> new.id
   order by h.updated_at desc limit 1;
  if v_previous is not distinct from new.status then
    return new;
  end if;
  v_payload := jsonb_build_object('receipt_number', v_receipt.receipt_number, 'status', new.status,
                                  'details', new.details, 'is_demo', new.is_demo);
  if not new.is_demo then
    perform public.notify_process_client(v_receipt.process_id, 'uscis_status', 'Atualização do USCIS',
      format('Recibo %s: %s', v_receipt.receipt_number, new.status), '/cliente/processos', v_payload,
      'uscis_status:' || new.id || ':client');
  end if;
  perform public.notify_process_staff(v_receipt.process_id, 'uscis_status',
    case when new.is_demo then 'Status USCIS alterado (demonstração)' else 'Status USCIS alterado' end,
    format('Recibo %s: %s', v_receipt.receipt_number, new.status), '/processos', v_payload,
    'uscis_status:' || new.id);
  return new;
end
$$;

create or replace function public.notify_eoir_status() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_case public.eoir_court_cases;
  v_previous text;
  v_payload jsonb;
begin
  select c.* into v_case from public.eoir_court_cases c where c.id = new.court_case_id;
  select h.status into v_previous from public.eoir_court_history h
   where h.court_case_id = new.court_case_id and h.id <> new.id
   order by h.updated_at desc limit 1;
  if v_previous is not distinct from new.status then
    return new;
  end if;
  v_payload := jsonb_build_object('a_number', v_case.a_number, 'status', new.status, 'details', new.details,
                                  'hearing_date', new.hearing_date, 'court_location', new.court_location,
                                  'is_demo', new.is_demo);
  if not new.is_demo then
    perform public.notify_process_client(v_case.process_id, 'eoir_status', 'Atualização do tribunal de imigração',
      format('Caso %s: %s', v_case.a_number, new.status), '/cliente/processos', v_payload,
      'eoir_status:' || new.id || ':client');
  end if;
  perform public.notify_process_staff(v_case.process_id, 'eoir_status',
    case when new.is_demo then 'Status EOIR alterado (demonstração)' else 'Status EOIR alterado' end,
    format('Caso %s: %s', v_case.a_number, new.status), '/processos', v_payload,
    'eoir_status:' || new.id);
  return new;
end
$$;

revoke execute on function public.notify_uscis_status(), public.notify_eoir_status() from public, anon, authenticated;
