-- What a client may ask for in the portal's "Solicitar agendamento": a future slot inside the office's business
-- hours (office_settings.business_hours, per weekday, read in the office's time zone) that does not overlap
-- another of its own appointments, nor one of the staff member it names. The database refuses anything else
-- with a pt-BR message (SQLSTATE 23514), whatever the screen let through. Staff are not bound by these rules:
-- the agenda warns them of a clash ("Conflito de horário") and asks before saving it.

-- Why a client's request for this slot cannot be accepted (null when it can). Security definer: it reads the
-- settings and every appointment of the staff member, which the client cannot see; it says only yes or no.
create or replace function public.appointment_request_problem(
  p_client_id uuid, p_staff_id uuid, p_starts_at timestamptz, p_duration integer
) returns text
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_zone  text;
  v_hours jsonb;
  v_local timestamp;
  v_day   integer;
  v_slot  jsonb;
  v_open  time;
  v_close time;
  v_when  text;
  v_span  tstzrange := tstzrange(p_starts_at, p_starts_at + make_interval(mins => greatest(coalesce(p_duration, 60), 1)));
begin
  if p_starts_at is null or p_starts_at <= now() then
    return 'Escolha uma data e um horário futuros.';
  end if;
  select s.time_zone, s.business_hours into v_zone, v_hours from public.office_settings s where s.id;
  v_local := p_starts_at at time zone coalesce(v_zone, 'America/New_York');
  v_day := extract(isodow from v_local)::integer;
  v_when := (array['às segundas-feiras', 'às terças-feiras', 'às quartas-feiras', 'às quintas-feiras',
                   'às sextas-feiras', 'aos sábados', 'aos domingos'])[v_day];
  v_slot := coalesce(v_hours, '{}'::jsonb) -> (array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])[v_day];
  if v_slot is null or jsonb_typeof(v_slot) <> 'object' or coalesce(v_slot ->> 'open', '') = ''
     or coalesce(v_slot ->> 'close', '') = '' then
    return format('O escritório não atende %s. Escolha outro dia.', v_when);
  end if;
  v_open := (v_slot ->> 'open')::time;
  v_close := (v_slot ->> 'close')::time;
  if v_local::time < v_open
     or v_local + make_interval(mins => greatest(coalesce(p_duration, 60), 1)) > v_local::date + v_close then
    return format('Fora do horário de atendimento: %s o escritório atende das %s às %s. Escolha outro horário.',
                  v_when, to_char(v_open, 'HH24:MI'), to_char(v_close, 'HH24:MI'));
  end if;
  if exists (
    select 1 from public.appointments a
    where a.client_id = p_client_id and a.status <> 'cancelado'
      and tstzrange(a.starts_at, a.starts_at + make_interval(mins => a.duration_minutes)) && v_span
  ) then
    return 'Você já tem um agendamento neste horário. Escolha outro horário.';
  end if;
  if p_staff_id is not null and exists (
    select 1 from public.appointments a
    where a.staff_id = p_staff_id and a.status <> 'cancelado'
      and tstzrange(a.starts_at, a.starts_at + make_interval(mins => a.duration_minutes)) && v_span
  ) then
    return 'Horário indisponível: o responsável já tem um compromisso neste horário. Escolha outro horário.';
  end if;
  return null;
end
$$;
comment on function public.appointment_request_problem(uuid, uuid, timestamptz, integer) is
  'Why a client''s appointment request for this slot is refused (past, outside business hours, overlapping), or null.';
revoke execute on function public.appointment_request_problem(uuid, uuid, timestamptz, integer)
  from public, anon, authenticated;
grant execute on function public.appointment_request_problem(uuid, uuid, timestamptz, integer) to service_role;

-- Applies the rules to what a signed-in client inserts for itself (other rows are left to the policies, which
-- refuse them); staff, the service role and the system's own jobs are not clients and pass untouched. Requests of
-- one client are taken one at a time, so two tabs cannot book the same slot at once.
create or replace function public.check_client_appointment_request() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_client  uuid := public.current_client_id();
  v_problem text;
begin
  if v_client is null or new.client_id is distinct from v_client or public.is_staff() then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('appointment-request:' || v_client::text, 0));
  if new.staff_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('appointment-staff:' || new.staff_id::text, 0));
  end if;
  v_problem := public.appointment_request_problem(new.client_id, new.staff_id, new.starts_at, new.duration_minutes);
  if v_problem is not null then
    raise exception '%', v_problem using errcode = 'check_violation';
  end if;
  return new;
end
$$;
revoke execute on function public.check_client_appointment_request() from public, anon, authenticated;
create trigger check_client_request before insert on public.appointments
  for each row execute function public.check_client_appointment_request();

-- The business hours and time zone for any signed-in user: the portal tells the client when it may ask for a slot.
create or replace function public.office_business_hours() returns table (business_hours jsonb, time_zone text)
language sql stable security definer
set search_path = ''
as $$
  select s.business_hours, s.time_zone from public.office_settings s where s.id
$$;
comment on function public.office_business_hours() is
  'The office''s business hours per weekday and its time zone, for any signed-in user (clients included).';
revoke execute on function public.office_business_hours() from public, anon;
grant execute on function public.office_business_hours() to authenticated, service_role;
