-- Reminders of the agenda through notify() (in-app + the outbox channels each recipient opted into):
-- 24 h and 1 h before an appointment (to the staff member and the client), and for tasks due today or
-- tomorrow (to the assignee). Each reminder goes once: a stamp column on the row plus notify()'s
-- idempotency key. Run by the scheduler every few minutes; safe to run any number of times.

create or replace function public.send_appointment_reminders() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_tz text := coalesce((select s.time_zone from public.office_settings s where s.id), 'America/New_York');
  v_row record;
  v_sent integer := 0;
  v_when text;
  v_title text;
  v_body text;
  v_client_user uuid;
begin
  for v_row in
    with due as (
      select a.id, case when a.starts_at <= now() + interval '1 hour' then '1h' else '24h' end as slot
        from public.appointments a
       where a.status in ('agendado', 'confirmado')
         and a.starts_at > now()
         and ((a.starts_at <= now() + interval '1 hour' and a.reminded_1h_at is null)
              or (a.starts_at > now() + interval '1 hour' and a.starts_at <= now() + interval '24 hours'
                  and a.reminded_24h_at is null))
       for update of a skip locked
    )
    update public.appointments a
       set reminded_1h_at = case when due.slot = '1h' then now() else a.reminded_1h_at end,
           -- a 1 h reminder makes the 24 h one pointless
           reminded_24h_at = coalesce(a.reminded_24h_at, now())
      from due
     where a.id = due.id
    returning a.*, due.slot as slot
  loop
    v_when := to_char(v_row.starts_at at time zone v_tz, 'DD/MM/YYYY "às" HH24:MI');
    v_title := case when v_row.slot = '1h' then 'Agendamento em 1 hora' else 'Agendamento amanhã' end;
    select c.user_id into v_client_user from public.clients c where c.id = v_row.client_id;
    v_body := coalesce(v_row.title, (select c.full_name from public.clients c where c.id = v_row.client_id), 'Agendamento')
              || ' — ' || v_when
              || case when v_row.kind = 'online' then coalesce(' (online: ' || v_row.meeting_link || ')', ' (online)')
                      else coalesce(' em ' || v_row.location, '') end;
    if v_row.staff_id is not null then
      perform public.notify(v_row.staff_id, 'appointment_reminder', v_title, v_body, '/agendamentos',
        jsonb_build_object('client_id', v_row.client_id, 'process_id', v_row.process_id, 'appointment_id', v_row.id,
                           'starts_at', v_row.starts_at),
        'appointment:' || v_row.id || ':' || v_row.slot || ':' || extract(epoch from v_row.starts_at)::bigint);
      v_sent := v_sent + 1;
    end if;
    if v_client_user is not null then
      perform public.notify(v_client_user, 'appointment_reminder', v_title, v_body, '/cliente/agendamentos',
        jsonb_build_object('client_id', v_row.client_id, 'appointment_id', v_row.id, 'starts_at', v_row.starts_at),
        'appointment-client:' || v_row.id || ':' || v_row.slot || ':' || extract(epoch from v_row.starts_at)::bigint);
      v_sent := v_sent + 1;
    end if;
  end loop;
  return v_sent;
end
$$;
comment on function public.send_appointment_reminders() is
  'Job: reminds staff member and client 24 h and 1 h before each appointment (once each); returns how many notifications.';
revoke execute on function public.send_appointment_reminders() from public, anon, authenticated;
grant execute on function public.send_appointment_reminders() to service_role;

create or replace function public.send_task_reminders() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_tz text := coalesce((select s.time_zone from public.office_settings s where s.id), 'America/New_York');
  v_today date := (now() at time zone v_tz)::date;
  v_row record;
  v_sent integer := 0;
begin
  for v_row in
    update public.tasks t
       set reminded_for = t.due_date
     where t.status in ('pendente', 'em_andamento')
       and t.assignee_id is not null
       and t.due_date is not null
       and t.due_date <= v_today + 1
       and t.reminded_for is distinct from t.due_date
    returning t.*
  loop
    perform public.notify(v_row.assignee_id, 'task_due',
      case when v_row.due_date < v_today then 'Tarefa atrasada'
           when v_row.due_date = v_today then 'Tarefa vence hoje'
           else 'Tarefa vence amanhã' end,
      v_row.title || ' — prazo ' || to_char(v_row.due_date, 'DD/MM/YYYY'), '/tarefas',
      jsonb_build_object('client_id', v_row.client_id, 'process_id', v_row.process_id, 'task_id', v_row.id),
      'task:' || v_row.id || ':' || v_row.due_date);
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end
$$;
comment on function public.send_task_reminders() is
  'Job: reminds the assignee of each open task due today or tomorrow (or overdue), once per due date.';
revoke execute on function public.send_task_reminders() from public, anon, authenticated;
grant execute on function public.send_task_reminders() to service_role;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('agenda-appointment-reminders', '*/5 * * * *', $c$select public.send_appointment_reminders()$c$);
    perform cron.schedule('agenda-task-reminders', '*/15 * * * *', $c$select public.send_task_reminders()$c$);
  end if;
end
$$;
