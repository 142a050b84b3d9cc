"""The overlap check of the calendar and the conversion of a lead into a client."""

from __future__ import annotations

import psycopg
import pytest

from conftest import ADMIN, ASSISTANT, COMMERCIAL, MARIA, SECRETARY, acting_as, rows

BASE = "date_trunc('hour', now()) + interval '5 days'"


def test_overlapping_appointments_of_the_same_staff_member_are_reported(db):
    ids = {}
    for name, offset, minutes, staff, status in [
        ("nine", "0 minutes", 60, ASSISTANT, "agendado"),  # 09:00-10:00
        ("ten", "60 minutes", 30, ASSISTANT, "confirmado"),  # 10:00-10:30 (adjacent, no overlap with 09:00)
        ("cancelled", "15 minutes", 30, ASSISTANT, "cancelado"),
        ("colleague", "15 minutes", 30, SECRETARY, "agendado"),
    ]:
        ids[name] = rows(
            db,
            f"insert into appointments (client_id, staff_id, starts_at, duration_minutes, status) "
            f"values (%s, %s, {BASE} + interval '{offset}', %s, %s) returning id",
            (MARIA, staff, minutes, status),
        )[0][0]
    with acting_as(db, SECRETARY):

        def conflicts(offset: str, minutes: int, exclude=None):
            return {
                r[0]
                for r in rows(
                    db,
                    f"select id from appointment_conflicts(%s, {BASE} + interval '{offset}', %s, %s)",
                    (ASSISTANT, minutes, exclude),
                )
            }

        assert conflicts("30 minutes", 60) == {ids["nine"], ids["ten"]}
        assert conflicts("-30 minutes", 30) == set()  # ends when "nine" starts
        assert conflicts("50 minutes", 5) == {ids["nine"]}
        assert conflicts("0 minutes", 60, ids["nine"]) == set()  # editing an appointment does not clash with itself


def new_lead(db, email: str | None = "ana.lead@example.com") -> str:
    return rows(
        db,
        "insert into leads (name, email, phone, source, case_type_interest) "
        "values ('Ana Lead Souza', %s, '+1 555 0100', 'indicacao', 'Green Card') returning id",
        (email,),
    )[0][0]


def test_commercial_converts_a_lead_into_a_client_with_portal_access(db):
    lead = new_lead(db)
    with acting_as(db, COMMERCIAL):
        client_id = rows(db, "select convert_lead(%s, 'Senha@123')", (lead,))[0][0]
    client = rows(
        db,
        "select c.full_name, c.email, c.phone, r.role from clients c "
        "join user_roles r on r.user_id = c.user_id where c.id = %s",
        (client_id,),
    )
    assert client == [("Ana Lead Souza", "ana.lead@example.com", "+1 555 0100", "client")]
    assert rows(db, "select stage, client_id, converted_at is not null from leads where id = %s", (lead,)) == [
        ("fechado", client_id, True)
    ]
    kinds = [r[0] for r in rows(db, "select kind from lead_activities where lead_id = %s order by created_at", (lead,))]
    assert "estagio" in kinds and "nota" in kinds
    with pytest.raises(psycopg.errors.UniqueViolation), acting_as(db, ADMIN):
        rows(db, "select convert_lead(%s, 'Senha@123')", (lead,))


def test_other_staff_cannot_convert_and_bad_input_writes_nothing(db):
    lead = new_lead(db, "bia.lead@example.com")
    with pytest.raises(psycopg.errors.InsufficientPrivilege), acting_as(db, SECRETARY):
        rows(db, "select convert_lead(%s, 'Senha@123')", (lead,))
    with pytest.raises(psycopg.Error) as too_short, acting_as(db, COMMERCIAL):
        rows(db, "select convert_lead(%s, '123')", (lead,))  # too short for the auth minimum
    assert too_short.value.sqlstate == "PT422"  # create_client_user's "422" for the API
    no_email = new_lead(db, None)
    with pytest.raises(psycopg.errors.InvalidParameterValue), acting_as(db, COMMERCIAL):
        rows(db, "select convert_lead(%s, 'Senha@123')", (no_email,))
    assert rows(db, "select count(*) from clients where email = 'bia.lead@example.com'") == [(0,)]
    assert rows(db, "select stage from leads where id = %s", (lead,)) == [("novo",)]
