"""Who reads and writes appointments, tasks, leads and office settings (DESIGN section 8), in PostgreSQL."""

from __future__ import annotations

import psycopg
import pytest

from conftest import ADMIN, ASSISTANT, COMMERCIAL, JOAO, JOAO_USER, MARIA, MARIA_USER, SECRETARY, STAFF, acting_as, rows

SOON = "now() + interval '3 days'"


def add_appointment(db, client_id: str, staff_id: str = ASSISTANT) -> str:
    return rows(
        db,
        f"insert into appointments (client_id, staff_id, starts_at) values (%s, %s, {SOON}) returning id",
        (client_id, staff_id),
    )[0][0]


@pytest.mark.parametrize("staff", STAFF)
def test_every_staff_member_reads_and_writes_appointments_and_tasks(db, staff):
    with acting_as(db, staff):
        appointment = rows(
            db,
            f"insert into appointments (client_id, staff_id, starts_at, kind, meeting_link) "
            f"values (%s, %s, {SOON}, 'online', 'https://meet.example/abc') returning id, created_by",
            (MARIA, staff),
        )[0]
        assert str(appointment[1]) == staff
        assert rows(db, "update appointments set status = 'confirmado' where id = %s returning id", (appointment[0],))
        task = rows(
            db,
            "insert into tasks (title, assignee_id, due_date, client_id, process_id) "
            "values ('Revisar formulário I-130', %s, current_date + 3, %s, 1) returning id",
            (staff, MARIA),
        )[0][0]
        rows(db, "insert into task_comments (task_id, body) values (%s, 'Cliente enviou os documentos')", (task,))
        assert rows(db, "select count(*) from task_comments where task_id = %s", (task,)) == [(1,)]
        assert rows(
            db, "update tasks set status = 'concluida' where id = %s returning completed_at is not null", (task,)
        ) == [(True,)]


def test_client_reads_only_own_appointments(db):
    own = add_appointment(db, MARIA)
    other = add_appointment(db, JOAO)
    with acting_as(db, MARIA_USER):
        seen = {r[0] for r in rows(db, "select id from appointments")}
        assert own in seen and other not in seen
        assert all(str(r[0]) == MARIA for r in rows(db, "select distinct client_id from appointments"))
        # nor can it change its own
        assert rows(db, "update appointments set status = 'cancelado' where id = %s returning id", (own,)) == []
    with acting_as(db, JOAO_USER):
        assert other in {r[0] for r in rows(db, "select id from appointments")}


def test_client_may_only_request_an_appointment_for_itself(db):
    with acting_as(db, MARIA_USER):
        made = rows(
            db,
            # a Wednesday at 15:00 on the office's clock, two weeks on: inside its business hours and clear of the
            # seed's appointments (3 and 9 days from the seed's day, at 10:00 and 11:00)
            "insert into appointments (client_id, starts_at, status, notes) values (%s, "
            "(date_trunc('week', now() at time zone 'America/New_York') + interval '2 weeks 2 days 15 hours')"
            " at time zone 'America/New_York', 'solicitado', 'Prefiro pela manhã') returning status",
            (MARIA,),
        )
        assert made == [("solicitado",)]
    for values in [(JOAO, "solicitado"), (MARIA, "agendado"), (MARIA, "confirmado")]:
        with pytest.raises(psycopg.errors.InsufficientPrivilege), acting_as(db, MARIA_USER):
            rows(
                db,
                # inside business hours and clear of the request above (the same Wednesday at 17:00), so that only
                # the policy can refuse it
                "insert into appointments (client_id, starts_at, status) values (%s, "
                "(date_trunc('week', now() at time zone 'America/New_York') + interval '2 weeks 2 days 17 hours')"
                " at time zone 'America/New_York', %s)",
                values,
            )


@pytest.mark.parametrize(
    "table", ["tasks", "task_comments", "leads", "lead_activities", "office_settings", "calendar_feeds"]
)
def test_clients_see_nothing_of_the_office_side(db, table):
    rows(db, "insert into leads (name, email, source) values ('Lead Visível', 'lead.visivel@example.com', 'site')")
    rows(db, "insert into tasks (title) values ('Tarefa interna do escritório')")
    assert rows(db, f"select count(*) from {table}")[0][0] > 0 or table in (
        "calendar_feeds",
        "task_comments",
        "lead_activities",
    )
    with acting_as(db, MARIA_USER):
        assert rows(db, f"select count(*) from {table}") == [(0,)]
    with pytest.raises(psycopg.errors.InsufficientPrivilege), acting_as(db, MARIA_USER):
        rows(db, "insert into tasks (title) values ('Tarefa do cliente')")


def test_anon_gets_nothing(db):
    for table in ["appointments", "tasks", "leads", "office_settings"]:
        with pytest.raises(psycopg.errors.InsufficientPrivilege), acting_as(db, None):
            rows(db, f"select * from {table}")


@pytest.mark.parametrize(
    ("user", "may_write"), [(ADMIN, True), (COMMERCIAL, True), (ASSISTANT, False), (SECRETARY, False)]
)
def test_crm_is_written_by_administrators_and_commercial_and_read_by_all_staff(db, user, may_write):
    lead = rows(db, "insert into leads (name, source) values ('Pedro Lead', 'instagram') returning id")[0][0]
    with acting_as(db, user):
        assert rows(db, "select name from leads where id = %s", (lead,)) == [("Pedro Lead",)]
        moved = rows(db, "update leads set stage = 'contato' where id = %s returning id", (lead,))
        assert bool(moved) is may_write
    if may_write:
        assert rows(db, "select kind, body from lead_activities where lead_id = %s", (lead,)) == [
            ("estagio", "novo → contato")
        ]
    else:
        with pytest.raises(psycopg.errors.InsufficientPrivilege), acting_as(db, user):
            rows(db, "insert into leads (name) values ('Outro Lead')")


def test_office_settings_changed_by_administrators_only_and_branding_read_by_clients(db):
    with acting_as(db, SECRETARY):
        assert rows(db, "update office_settings set office_name = 'Tentativa' returning id") == []
    with acting_as(db, ADMIN):
        assert rows(
            db,
            "update office_settings set office_name = 'Souza & Associados', updated_by = null "
            "returning updated_by::text",
        ) == [(ADMIN,)]
    with acting_as(db, MARIA_USER):
        assert rows(db, "select office_name from office_branding()") == [("Souza & Associados",)]
    with pytest.raises(psycopg.errors.InsufficientPrivilege), acting_as(db, None):
        rows(db, "select * from office_branding()")


def test_logo_bucket_is_public_and_written_by_administrators(db):
    assert rows(db, "select public from storage.buckets where id = 'office_branding'") == [(True,)]
    insert = (
        "insert into storage.objects (bucket_id, name, owner) values ('office_branding', %s, auth.uid()) returning name"
    )
    with acting_as(db, ADMIN):
        assert rows(db, insert, ("logo-admin.png",)) == [("logo-admin.png",)]
    for user in (SECRETARY, MARIA_USER):
        with pytest.raises(psycopg.errors.InsufficientPrivilege), acting_as(db, user):
            rows(db, insert, (f"logo-{user}.png",))


def test_staff_directory_lists_staff_for_staff_only(db):
    with acting_as(db, SECRETARY):
        names = {r[1] for r in rows(db, "select * from staff_directory()")}
        assert {"Ana Administradora", "Bruno Assistente", "Carla Comercial", "Daniela Secretária"} <= names
        assert "Maria Silva" not in names
    with acting_as(db, MARIA_USER):
        assert rows(db, "select count(*) from staff_directory()") == [(0,)]
