-- What creates notifications, in the same transaction as the change itself: USCIS and EOIR status
-- changes, a process's stage change, office messages and document requests (to the client: in-app and the
-- channels it opted into), client messages and uploads (to the staff: in-app). And change_process_stage(),
-- which the stage dialog calls so that it can say what was really queued.

-- Staff who hear about a process: its responsible (processes.responsible_id, read tolerantly: the column
-- comes from another migration), else every administrator and legal assistant. Never the author.
create or replace function public.process_staff_recipients(p_process_id bigint) returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  with responsible as (
    select nullif(to_jsonb(p) ->> 'responsible_id', '')::uuid as id
      from public.processes p where p.id = p_process_id
  )
  select r.id from responsible r where r.id is not null and r.id is distinct from auth.uid()
  union
  select distinct ur.user_id from public.user_roles ur
   where not exists (select 1 from responsible r where r.id is not null)
     and ur.role in ('administrator', 'legal_assistant')
     and ur.user_id is distinct from auth.uid()
$$;
comment on function public.process_staff_recipients(bigint) is
  'Who on the staff is told about a process: its responsible, else administrators and legal assistants (never the caller).';

create or replace function public.office_staff_recipients() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select distinct ur.user_id from public.user_roles ur
   where ur.role in ('administrator', 'legal_assistant') and ur.user_id is distinct from auth.uid()
$$;

-- Tells the client of a process (when it has a portal log-in); returns the notification id or null.
create or replace function public.notify_process_client(
  p_process_id bigint, p_kind text, p_title text, p_body text, p_link text, p_payload jsonb, p_key text
) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_client uuid;
begin
  select c.user_id, c.id into v_user, v_client
    from public.processes p join public.clients c on c.id = p.client_id
   where p.id = p_process_id;
  if v_user is null then
    return null;
  end if;
  return public.notify(v_user, p_kind, p_title, p_body, p_link,
                       coalesce(p_payload, '{}'::jsonb) || jsonb_build_object('client_id', v_client, 'process_id', p_process_id),
                       p_key);
end
$$;

create or replace function public.notify_process_staff(
  p_process_id bigint, p_kind text, p_title text, p_body text, p_link text, p_payload jsonb, p_key text
) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_client uuid := (select p.client_id from public.processes p where p.id = p_process_id);
begin
  for v_user in select public.process_staff_recipients(p_process_id) loop
    perform public.notify(v_user, p_kind, p_title, p_body, p_link,
                          coalesce(p_payload, '{}'::jsonb) || jsonb_build_object('client_id', v_client, 'process_id', p_process_id),
                          p_key || ':staff:' || v_user);
  end loop;
end
$$;

-- ---------------------------------------------------------------------------
-- USCIS and EOIR status changes (history inserts; a repeated status is no change)
-- ---------------------------------------------------------------------------
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
                                  'details', new.details);
  perform public.notify_process_client(v_receipt.process_id, 'uscis_status', 'Atualização do USCIS',
    format('Recibo %s: %s', v_receipt.receipt_number, new.status), '/cliente/processos', v_payload,
    'uscis_status:' || new.id || ':client');
  perform public.notify_process_staff(v_receipt.process_id, 'uscis_status', 'Status USCIS alterado',
    format('Recibo %s: %s', v_receipt.receipt_number, new.status), '/processos', v_payload,
    'uscis_status:' || new.id);
  return new;
end
$$;
create trigger notify_status_change after insert on public.uscis_status_history
  for each row execute function public.notify_uscis_status();

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
                                  'hearing_date', new.hearing_date, 'court_location', new.court_location);
  perform public.notify_process_client(v_case.process_id, 'eoir_status', 'Atualização do tribunal de imigração',
    format('Caso %s: %s', v_case.a_number, new.status), '/cliente/processos', v_payload,
    'eoir_status:' || new.id || ':client');
  perform public.notify_process_staff(v_case.process_id, 'eoir_status', 'Status EOIR alterado',
    format('Caso %s: %s', v_case.a_number, new.status), '/processos', v_payload,
    'eoir_status:' || new.id);
  return new;
end
$$;
create trigger notify_status_change after insert on public.eoir_court_history
  for each row execute function public.notify_eoir_status();

-- ---------------------------------------------------------------------------
-- Stage changes. The key names the transaction, so change_process_stage() finds what it queued.
-- A message for the client can be passed in the transaction setting notify.stage_message.
-- ---------------------------------------------------------------------------
create or replace function public.stage_change_key(p_process_id bigint) returns text
language sql volatile
set search_path = ''
as $$
  select 'stage:' || p_process_id || ':' || pg_current_xact_id()::text
$$;

create or replace function public.notify_stage_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_message text := nullif(btrim(coalesce(current_setting('notify.stage_message', true), '')), '');
  v_payload jsonb := jsonb_build_object('stage', new.stage, 'previous_stage', old.stage, 'process_type', new.type,
                                        'message', v_message);
begin
  perform public.notify_process_client(new.id, 'stage_change', 'Seu processo mudou de etapa',
    coalesce(v_message, format('%s: nova etapa "%s".', new.type, new.stage)), '/cliente/processos', v_payload,
    public.stage_change_key(new.id) || ':client');
  perform public.notify_process_staff(new.id, 'stage_change', 'Etapa alterada',
    format('%s (%s): %s', new.type, coalesce(new.client_name, 'sem cliente'), new.stage), '/processos', v_payload,
    public.stage_change_key(new.id));
  return new;
end
$$;
create trigger notify_stage_change after update of stage on public.processes
  for each row when (old.stage is distinct from new.stage and new.stage is not null)
  execute function public.notify_stage_change();

-- ---------------------------------------------------------------------------
-- Messages: the office's reach the client; the client's reach the staff
-- ---------------------------------------------------------------------------
create or replace function public.notify_message() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_client public.clients;
  v_preview text := coalesce(left(nullif(btrim(new.content), ''), 200), 'Anexo');
  v_user uuid;
begin
  select c.* into v_client from public.clients c where c.id = new.client_id;
  if new.sender_type = 'office' then
    if v_client.user_id is not null then
      perform public.notify(v_client.user_id, 'office_message', 'Nova mensagem do escritório', v_preview,
        '/cliente/mensagens', jsonb_build_object('client_id', new.client_id, 'message_id', new.id),
        'message:' || new.id || ':client');
    end if;
  else
    for v_user in select public.office_staff_recipients() loop
      perform public.notify(v_user, 'client_message', format('Nova mensagem de %s', v_client.full_name), v_preview,
        format('/clientes/%s/mensagens', new.client_id),
        jsonb_build_object('client_id', new.client_id, 'message_id', new.id),
        'message:' || new.id || ':staff:' || v_user);
    end loop;
  end if;
  return new;
end
$$;
create trigger notify_message after insert on public.messages
  for each row execute function public.notify_message();

create or replace function public.notify_document_request() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.notify_process_client(new.process_id, 'document_request', 'Documento solicitado',
    coalesce(format('%s — %s', new.document_name, nullif(btrim(new.document_description), '')), new.document_name),
    '/cliente/documentos',
    jsonb_build_object('document_name', new.document_name, 'document_description', new.document_description,
                       'is_required', new.is_required, 'request_id', new.id),
    'document_request:' || new.id || ':client');
  return new;
end
$$;
create trigger notify_document_request after insert on public.document_requests
  for each row execute function public.notify_document_request();

create or replace function public.notify_client_upload() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_name text := (select c.full_name from public.clients c where c.id = new.client_id);
  v_user uuid;
begin
  if new.uploaded_by <> 'client' then
    return new;
  end if;
  if new.process_id is not null then
    perform public.notify_process_staff(new.process_id, 'client_upload', format('Documento enviado por %s', v_name),
      new.name, '/clientes', jsonb_build_object('document_id', new.id, 'document_name', new.name),
      'upload:' || new.id);
  else
    for v_user in select public.office_staff_recipients() loop
      perform public.notify(v_user, 'client_upload', format('Documento enviado por %s', v_name), new.name, '/clientes',
        jsonb_build_object('client_id', new.client_id, 'document_id', new.id, 'document_name', new.name),
        'upload:' || new.id || ':staff:' || v_user);
    end loop;
  end if;
  return new;
end
$$;
create trigger notify_client_upload after insert on public.client_documents
  for each row execute function public.notify_client_upload();

-- ---------------------------------------------------------------------------
-- change_process_stage(): the stage dialog's call. Staff only; returns what was really queued for the
-- client: {"client_notified": bool, "channels": ["email", "whatsapp"]} (empty when it opted into none).
-- ---------------------------------------------------------------------------
create or replace function public.change_process_stage(p_process_id bigint, p_stage text, p_message text default null)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_key text := public.stage_change_key(p_process_id);
  v_found boolean;
  v_channels jsonb;
  v_notified boolean;
begin
  if not public.is_staff() then
    raise exception 'Apenas a equipe altera estágios' using errcode = 'insufficient_privilege';
  end if;
  if not exists (select 1 from public.process_stages s where s.name = p_stage) then
    raise exception 'Estágio desconhecido' using errcode = 'check_violation';
  end if;
  perform set_config('notify.stage_message', coalesce(p_message, ''), true);
  update public.processes set stage = p_stage, last_update = current_date where id = p_process_id;
  v_found := found;
  perform set_config('notify.stage_message', '', true);
  if not v_found then
    raise exception 'Processo não encontrado' using errcode = 'no_data_found';
  end if;
  select exists (select 1 from public.notification_deliveries d where d.idempotency_key = v_key || ':client:in_app'),
         coalesce(jsonb_agg(d.channel order by d.channel) filter (where d.channel <> 'in_app'), '[]'::jsonb)
    into v_notified, v_channels
    from public.notification_deliveries d
   where d.idempotency_key like v_key || ':client:%';
  return jsonb_build_object('client_notified', coalesce(v_notified, false), 'channels', v_channels);
end
$$;
comment on function public.change_process_stage(bigint, text, text) is
  'Staff: moves a process to a stage; the trigger notifies the client; returns {client_notified, channels queued}.';

revoke execute on function public.process_staff_recipients(bigint), public.office_staff_recipients(),
  public.notify_process_client(bigint, text, text, text, text, jsonb, text),
  public.notify_process_staff(bigint, text, text, text, text, jsonb, text),
  public.notify_uscis_status(), public.notify_eoir_status(), public.stage_change_key(bigint),
  public.notify_stage_change(), public.notify_message(), public.notify_document_request(),
  public.notify_client_upload()
  from public, anon, authenticated;
revoke execute on function public.change_process_stage(bigint, text, text) from public, anon;
grant execute on function public.change_process_stage(bigint, text, text) to authenticated, service_role;
