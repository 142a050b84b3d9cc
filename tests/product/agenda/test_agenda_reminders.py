"""Reminders go through notify() once: 24 h and 1 h before an appointment, and for tasks due."""

from __future__ import annotations

from conftest import ASSISTANT, MARIA, MARIA_USER, SECRETARY, rows


def notifications(db, kind: str, user: str) -> list[tuple]:
    return rows(
        db, "select title, link from notifications where kind = %s and user_id = %s order by created_at", (kind, user)
    )


OFFICE_TODAY = "(now() at time zone 'America/New_York')::date"


def test_appointment_reminders_24h_then_1h_each_once(db):
    rows(db, "select public.send_appointment_reminders()")  # whatever the seed has due goes first
    rows(db, "delete from notifications where kind = 'appointment_reminder'")
    appointment = rows(
        db,
        "insert into appointments (client_id, staff_id, starts_at, kind, meeting_link) "
        "values (%s, %s, now() + interval '20 hours', 'online', 'https://meet.example/x') returning id",
        (MARIA, ASSISTANT),
    )[0][0]
    rows(
        db,
        "insert into appointments (client_id, staff_id, starts_at) values (%s, %s, now() + interval '3 days')",
        (MARIA, SECRETARY),
    )
    rows(
        db,
        "insert into appointments (client_id, staff_id, starts_at, status) "
        "values (%s, %s, now() + interval '2 hours', 'cancelado')",
        (MARIA, SECRETARY),
    )
    assert rows(db, "select public.send_appointment_reminders()") == [(2,)]  # the staff member and the client
    assert rows(db, "select public.send_appointment_reminders()") == [(0,)]
    assert notifications(db, "appointment_reminder", ASSISTANT) == [("Agendamento amanhã", "/agendamentos")]
    assert notifications(db, "appointment_reminder", MARIA_USER) == [("Agendamento amanhã", "/cliente/agendamentos")]
    assert notifications(db, "appointment_reminder", SECRETARY) == []  # 3 days away; the other one cancelled

    rows(db, "update appointments set starts_at = now() + interval '40 minutes' where id = %s", (appointment,))
    assert rows(db, "select public.send_appointment_reminders()") == [(2,)]
    assert rows(db, "select public.send_appointment_reminders()") == [(0,)]
    assert [t for t, _ in notifications(db, "appointment_reminder", ASSISTANT)] == [
        "Agendamento amanhã",
        "Agendamento em 1 hora",
    ]


def test_task_reminders_once_per_due_date(db):
    rows(db, "select public.send_task_reminders()")  # whatever the seed has due goes first
    rows(db, "delete from notifications where kind = 'task_due'")
    task = rows(
        db,
        f"insert into tasks (title, assignee_id, due_date) values ('Protocolar I-765', %s, {OFFICE_TODAY} + 1) "
        "returning id",
        (SECRETARY,),
    )[0][0]
    rows(
        db,
        f"insert into tasks (title, assignee_id, due_date) values ('Tarefa distante', %s, {OFFICE_TODAY} + 10)",
        (SECRETARY,),
    )
    rows(
        db,
        f"insert into tasks (title, assignee_id, due_date, status) "
        f"values ('Já feita', %s, {OFFICE_TODAY}, 'concluida')",
        (SECRETARY,),
    )
    assert rows(db, "select public.send_task_reminders()") == [(1,)]
    assert rows(db, "select public.send_task_reminders()") == [(0,)]
    assert notifications(db, "task_due", SECRETARY) == [("Tarefa vence amanhã", "/tarefas")]
    # a new due date is a new reminder
    rows(db, f"update tasks set due_date = {OFFICE_TODAY} where id = %s", (task,))
    assert rows(db, "select public.send_task_reminders()") == [(1,)]
    assert [t for t, _ in notifications(db, "task_due", SECRETARY)] == ["Tarefa vence amanhã", "Tarefa vence hoje"]


def test_reminder_jobs_are_not_callable_through_the_api(db):
    assert rows(
        db, "select has_function_privilege('authenticated', 'public.send_appointment_reminders()', 'execute')"
    ) == [(False,)]
    assert rows(db, "select has_function_privilege('anon', 'public.send_task_reminders()', 'execute')") == [(False,)]


def test_jobs_are_scheduled_when_the_scheduler_exists(db):
    if rows(db, "select to_regnamespace('cron') is null")[0][0]:
        return  # the scheduler's schema is not in this database
    jobs = {name for (name,) in rows(db, "select jobname from cron.job")}
    assert {"agenda-appointment-reminders", "agenda-task-reminders"} <= jobs
