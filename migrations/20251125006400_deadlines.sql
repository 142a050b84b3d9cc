-- Deadlines the system creates from what the office follows outside:
--   * an EOIR hearing date creates a preparation task, due office_settings.hearing_prep_days before it
--     (a moved hearing moves the open preparation task);
--   * a USCIS status meaning a Request for Evidence creates "Responder RFE", due rfe_response_days later;
--   * a USCIS biometrics notice creates an appointment to confirm against the notice.
-- Each is created once (source + source_ref are unique). Security definer: whoever records the status
-- (staff through the API, the checker functions as service role) gets the deadline.

-- Who should act on a process: its responsible (added by the workspace area, read tolerantly), else the
-- person who registered the receipt or court case.
create or replace function public.process_owner(p_process_id bigint, p_fallback uuid) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select (to_jsonb(p) ->> 'responsible_id')::uuid from public.processes p where p.id = p_process_id),
                  p_fallback)
$$;
revoke execute on function public.process_owner(bigint, uuid) from public, anon, authenticated;

create or replace function public.hearing_preparation_task() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_settings public.office_settings%rowtype;
  v_hearing_day date;
  v_due date;
  v_ref text;
  v_client uuid;
begin
  if new.last_hearing_date is null or new.last_hearing_date <= now()
     or (tg_op = 'UPDATE' and new.last_hearing_date is not distinct from old.last_hearing_date) then
    return new;
  end if;
  select * into v_settings from public.office_settings where id;
  v_hearing_day := (new.last_hearing_date at time zone coalesce(v_settings.time_zone, 'America/New_York'))::date;
  v_due := greatest(v_hearing_day - coalesce(v_settings.hearing_prep_days, 30), current_date);
  v_ref := new.id::text || ':' || v_hearing_day::text;
  select p.client_id into v_client from public.processes p where p.id = new.process_id;

  -- the hearing moved: the open preparation task follows it
  update public.tasks t
     set due_date = v_due, source_ref = v_ref,
         description = 'Audiência em ' || to_char(v_hearing_day, 'DD/MM/YYYY')
                       || coalesce(' — ' || new.court_location, '') || '. Criada automaticamente.'
   where t.source = 'eoir_hearing' and t.source_ref like new.id::text || ':%'
     and t.status in ('pendente', 'em_andamento') and t.source_ref <> v_ref
     and not exists (select 1 from public.tasks x where x.source = 'eoir_hearing' and x.source_ref = v_ref);
  if found then
    return new;
  end if;

  insert into public.tasks (title, description, assignee_id, due_date, priority, client_id, process_id, source, source_ref)
  values ('Preparar audiência EOIR (' || new.a_number || ')',
          'Audiência em ' || to_char(v_hearing_day, 'DD/MM/YYYY') || coalesce(' — ' || new.court_location, '')
            || '. Criada automaticamente.',
          public.process_owner(new.process_id, new.created_by), v_due, 'alta', v_client, new.process_id,
          'eoir_hearing', v_ref)
  on conflict (source, source_ref) where source is not null do nothing;
  return new;
end
$$;
comment on function public.hearing_preparation_task() is 'Trigger on eoir_court_cases: a future hearing gets a preparation task.';
revoke execute on function public.hearing_preparation_task() from public, anon, authenticated;
create trigger eoir_hearing_preparation_task after insert or update of last_hearing_date on public.eoir_court_cases
  for each row execute function public.hearing_preparation_task();

-- USCIS titles arrive in English or Spanish, possibly inside the app's pt-BR label ("Pedido de evidências (RFE)").
create or replace function public.uscis_status_means(p_status text) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when p_status is null then null
    when p_status ~* '(response to|respuesta|resposta)' then null
    when p_status ~* '(request for (additional )?evidence|solicitud de evidencia|evidencia adicional|pedido de evid|\mRFE\M)' then 'rfe'
    when p_status ~* '(were taken|was taken|fueron tomadas|coletad)' then null
    when p_status ~* '(fingerprint|biometric|huellas|biom[eé]tric)' then 'biometrics'
  end
$$;
comment on function public.uscis_status_means(text) is 'rfe, biometrics or null: what a USCIS status asks the office to do.';

create or replace function public.uscis_status_deadline() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_settings public.office_settings%rowtype;
  v_meaning text := public.uscis_status_means(new.last_status);
  v_client uuid;
  v_owner uuid;
  v_day date;
begin
  if v_meaning is null
     or (tg_op = 'UPDATE' and new.last_status is not distinct from old.last_status) then
    return new;
  end if;
  select * into v_settings from public.office_settings where id;
  select p.client_id into v_client from public.processes p where p.id = new.process_id;
  v_owner := public.process_owner(new.process_id, new.created_by);

  if v_meaning = 'rfe' then
    insert into public.tasks (title, description, assignee_id, due_date, priority, client_id, process_id, source, source_ref)
    values ('Responder RFE (' || new.receipt_number || ')',
            'O USCIS pediu evidências adicionais (' || new.last_status || '). Criada automaticamente.',
            v_owner, current_date + coalesce(v_settings.rfe_response_days, 87), 'alta', v_client, new.process_id,
            'uscis_rfe', new.id::text || ':' || current_date::text)
    on conflict (source, source_ref) where source is not null do nothing;
  elsif v_meaning = 'biometrics' then
    v_day := current_date + coalesce(v_settings.biometrics_lead_days, 14);
    insert into public.appointments (client_id, staff_id, process_id, title, starts_at, duration_minutes, kind, location,
                                     status, notes, source, source_ref)
    values (v_client, v_owner, new.process_id, 'Biometria USCIS (' || new.receipt_number || ')',
            (v_day + time '09:00') at time zone coalesce(v_settings.time_zone, 'America/New_York'), 60, 'presencial',
            'USCIS Application Support Center (ver aviso)', 'agendado',
            'Criado pelo status "' || new.last_status || '". Confirme data, hora e local no aviso de biometria (I-797C).',
            'uscis_biometrics', new.id::text)
    on conflict (source, source_ref) where source is not null do nothing;
  end if;
  return new;
end
$$;
comment on function public.uscis_status_deadline() is 'Trigger on uscis_receipts: an RFE creates "Responder RFE", a biometrics notice an appointment.';
revoke execute on function public.uscis_status_deadline() from public, anon, authenticated;
create trigger uscis_status_deadline after insert or update of last_status on public.uscis_receipts
  for each row execute function public.uscis_status_deadline();
