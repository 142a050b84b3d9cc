"""A client's appointment request: only a future slot inside the office's business hours that clashes with nothing
of its own nor of the staff member it names; refused by the database with a pt-BR message. Staff are not bound."""

from __future__ import annotations

import psycopg
import pytest
from postgrest.exceptions import APIError

from conftest import ASSISTANT, JOAO, MARIA, MARIA_USER, SECRETARY, acting_as, rows
from supabase import ClientOptions, create_client

ZONE = "America/New_York"


def slot(weekday: int, hour: str, weeks: int = 2) -> str:
    """SQL for a time on the office's clock: ISO weekday (1 = Monday) at hour (HH:MM), `weeks` weeks ahead."""
    return (
        f"((date_trunc('week', now() at time zone '{ZONE}') + interval '{weeks} weeks' "
        f"+ interval '{weekday - 1} days' + time '{hour}') at time zone '{ZONE}')"
    )


def request(db, starts_at: str, minutes: int = 60, staff: str | None = None, client: str = MARIA):
    with acting_as(db, MARIA_USER):
        return rows(
            db,
            f"insert into appointments (client_id, staff_id, starts_at, duration_minutes, status) "
            f"values (%s, %s, {starts_at}, %s, 'solicitado') returning id",
            (client, staff, minutes),
        )


def refusal(db, starts_at: str, minutes: int = 60, staff: str | None = None) -> str:
    with pytest.raises(psycopg.errors.CheckViolation) as refused:
        request(db, starts_at, minutes, staff)
    return refused.value.diag.message_primary or ""


def test_a_request_inside_business_hours_is_accepted(db):
    assert len(request(db, slot(3, "10:00"))) == 1  # Wednesday 10:00-11:00
    assert len(request(db, slot(5, "17:00"))) == 1  # Friday, ends when the office closes


def test_requests_outside_business_hours_are_refused_in_portuguese(db):
    count = "select count(*) from appointments where client_id = %s and status = 'solicitado'"
    before = rows(db, count, (MARIA,))
    assert refusal(db, slot(2, "08:00")) == (
        "Fora do horário de atendimento: às terças-feiras o escritório atende das 09:00 às 18:00. "
        "Escolha outro horário."
    )
    assert refusal(db, slot(4, "17:30")).startswith("Fora do horário de atendimento")  # would end at 18:30
    assert refusal(db, slot(4, "22:00")).startswith("Fora do horário de atendimento")
    assert refusal(db, slot(6, "10:00")) == "O escritório não atende aos sábados. Escolha outro dia."
    assert refusal(db, slot(7, "10:00")) == "O escritório não atende aos domingos. Escolha outro dia."
    assert refusal(db, "now() - interval '2 days'") == "Escolha uma data e um horário futuros."
    assert rows(db, count, (MARIA,)) == before


def test_the_hours_are_the_offices_own_settings_in_its_time_zone(db):
    rows(
        db,
        "update office_settings set time_zone = 'America/Sao_Paulo', "
        'business_hours = business_hours || \'{"sat": {"open": "08:00", "close": "12:00"}}\'::jsonb',
    )
    saturday_nine_in_sao_paulo = (
        "((date_trunc('week', now() at time zone 'America/Sao_Paulo') + interval '2 weeks 5 days 9 hours') "
        "at time zone 'America/Sao_Paulo')"
    )
    assert len(request(db, saturday_nine_in_sao_paulo)) == 1
    assert refusal(db, saturday_nine_in_sao_paulo.replace("9 hours", "12 hours")).startswith(
        "Fora do horário de atendimento: aos sábados o escritório atende das 08:00 às 12:00."
    )


def test_a_request_that_overlaps_is_refused(db):
    request(db, slot(3, "10:00"))
    assert refusal(db, slot(3, "10:30")) == "Você já tem um agendamento neste horário. Escolha outro horário."
    # the staff member it names is busy then (with another client: the client learns only that the slot is taken)
    rows(
        db,
        "insert into appointments (client_id, staff_id, starts_at, duration_minutes) "
        f"values (%s, %s, {slot(3, '14:00')}, 90)",
        (JOAO, ASSISTANT),
    )
    assert refusal(db, slot(3, "15:00"), staff=ASSISTANT).startswith("Horário indisponível")
    # adjacent slots and cancelled appointments do not clash; another staff member is free
    assert request(db, slot(3, "11:00"))
    assert request(db, slot(3, "15:30"), staff=ASSISTANT)
    assert request(db, slot(3, "13:00"), staff=SECRETARY)
    rows(db, "update appointments set status = 'cancelado' where client_id = %s and staff_id = %s", (JOAO, ASSISTANT))
    assert request(db, slot(2, "14:00"), staff=ASSISTANT)


def test_staff_are_not_bound_by_the_clients_rules(db):
    with acting_as(db, SECRETARY):
        made = rows(
            db,
            f"insert into appointments (client_id, staff_id, starts_at, status) "
            f"values (%s, %s, {slot(7, '20:00')}, 'agendado'), (%s, %s, {slot(7, '20:00')}, 'solicitado') returning id",
            (MARIA, ASSISTANT, MARIA, ASSISTANT),
        )
    assert len(made) == 2


def test_the_rule_checker_is_not_open_to_the_api(db):
    with pytest.raises(psycopg.errors.InsufficientPrivilege), acting_as(db, MARIA_USER):
        rows(db, f"select appointment_request_problem(%s, null, {slot(3, '10:00')}, 60)", (JOAO,))
    with acting_as(db, MARIA_USER):
        hours = rows(
            db,
            "select business_hours ->> 'sat', business_hours -> 'mon' ->> 'open', time_zone "
            "from office_business_hours()",
        )
    assert hours == [(None, "09:00", ZONE)]


def test_the_portal_client_sees_the_refusal_through_supabase_py(agenda_stack):
    starts = agenda_stack.sql(f"select {slot(6, '10:00', weeks=3)}")[0][0]
    sb = create_client(
        agenda_stack.url, agenda_stack.anon_key, options=ClientOptions(auto_refresh_token=False, persist_session=False)
    )
    sb.auth.sign_in_with_password({"email": "maria.silva@cliente.test", "password": "Demo@12345"})
    row = {"client_id": MARIA, "starts_at": starts.isoformat(), "status": "solicitado", "duration_minutes": 60}
    with pytest.raises(APIError) as refused:
        sb.table("appointments").insert(row).execute()
    assert refused.value.code == "23514"
    assert refused.value.message == "O escritório não atende aos sábados. Escolha outro dia."
    weekday = agenda_stack.sql(f"select {slot(1, '11:00', weeks=3)}")[0][0]
    made = sb.table("appointments").insert({**row, "starts_at": weekday.isoformat()}).execute()
    try:
        assert made.data[0]["status"] == "solicitado"
        with pytest.raises(APIError) as again:
            sb.table("appointments").insert({**row, "starts_at": weekday.isoformat()}).execute()
        assert again.value.message == "Você já tem um agendamento neste horário. Escolha outro horário."
    finally:
        agenda_stack.sql("delete from appointments where id = %s", (made.data[0]["id"],))
