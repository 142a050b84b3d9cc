"""Deadlines the system creates: EOIR hearing -> preparation task, USCIS RFE -> "Responder RFE",
biometrics -> appointment."""

from __future__ import annotations

from datetime import date, timedelta

from conftest import ADMIN, ASSISTANT, MARIA, acting_as, rows


def new_case(db, a_number: str, hearing_sql: str, process_id: int = 1) -> str:
    return rows(
        db,
        f"insert into eoir_court_cases (a_number, process_id, last_hearing_date, court_location, created_by) "
        f"values (%s, %s, {hearing_sql}, 'Newark Immigration Court', %s) returning id",
        (a_number, process_id, ASSISTANT),
    )[0][0]


def prep_tasks(db, case_id) -> list[tuple]:
    return rows(
        db,
        "select title, due_date, priority, process_id, assignee_id::text, status from tasks "
        "where source = 'eoir_hearing' and source_ref like %s",
        (f"{case_id}:%",),
    )


def test_a_hearing_creates_a_preparation_task_30_days_before(db):
    case = new_case(db, "A111222333", "(current_date + 60) + time '15:00'")
    [(title, due, priority, process_id, assignee, status)] = prep_tasks(db, case)
    assert title == "Preparar audiência EOIR (A111222333)"
    assert due == date.today() + timedelta(days=30)
    assert (priority, process_id, assignee, status) == ("alta", 1, ASSISTANT, "pendente")
    # the task belongs to the process's client
    assert rows(db, "select client_id::text from tasks where source_ref like %s", (f"{case}:%",)) == [(MARIA,)]


def test_the_lead_time_is_an_office_setting_and_a_moved_hearing_moves_the_open_task(db):
    rows(db, "update office_settings set hearing_prep_days = 10")
    case = new_case(db, "A444555666", "(current_date + 60) + time '15:00'")
    assert prep_tasks(db, case)[0][1] == date.today() + timedelta(days=50)
    rows(
        db, "update eoir_court_cases set last_hearing_date = (current_date + 90) + time '15:00' where id = %s", (case,)
    )
    tasks = prep_tasks(db, case)
    assert [t[1] for t in tasks] == [date.today() + timedelta(days=80)]


def test_past_hearings_and_unchanged_dates_create_nothing(db):
    case = new_case(db, "A777888999", "now() - interval '2 days'")
    assert prep_tasks(db, case) == []
    case2 = new_case(db, "A777888990", "(current_date + 40) + time '09:00'")
    rows(db, "update eoir_court_cases set judge_name = 'Hon. Outro Juiz' where id = %s", (case2,))
    assert len(prep_tasks(db, case2)) == 1


def test_a_hearing_set_by_staff_through_the_api_creates_the_task(db):
    with acting_as(db, ASSISTANT):
        case = rows(
            db,
            "insert into eoir_court_cases (a_number, process_id, last_hearing_date) "
            "values ('A123123123', 3, (current_date + 45) + time '10:00') returning id",
        )[0][0]
    assert len(prep_tasks(db, case)) == 1


def receipt(db, number: str, status: str | None = None) -> str:
    return rows(
        db,
        "insert into uscis_receipts (process_id, receipt_number, last_status, created_by) "
        "values (1, %s, %s, %s) returning id",
        (number, status, ADMIN),
    )[0][0]


def test_a_request_for_evidence_creates_responder_rfe_due_in_87_days_once(db):
    rid = receipt(db, "IOE1111111111", "Caso recebido (Case Was Received)")
    assert rows(db, "select count(*) from tasks where source = 'uscis_rfe'") == [(0,)]
    with acting_as(db, ASSISTANT):
        rows(
            db,
            "update uscis_receipts set last_status = "
            "'Pedido de evidências (RFE) (Request for Additional Evidence Was Sent)' "
            "where id = %s",
            (rid,),
        )
    rfe = rows(
        db,
        "select title, due_date, priority from tasks where source = 'uscis_rfe' and source_ref like %s",
        (f"{rid}:%",),
    )
    assert rfe == [("Responder RFE (IOE1111111111)", date.today() + timedelta(days=87), "alta")]
    # the same status seen again, or the response being received, adds nothing
    rows(db, "update uscis_receipts set last_checked_at = now() where id = %s", (rid,))
    rows(
        db,
        "update uscis_receipts set last_status = 'Response To USCIS'' Request For Evidence Was Received' where id = %s",
        (rid,),
    )
    assert rows(db, "select count(*) from tasks where source = 'uscis_rfe'") == [(1,)]


def test_the_rfe_deadline_is_configurable(db):
    rows(db, "update office_settings set rfe_response_days = 30")
    receipt(db, "IOE2222222222", "Request for Evidence Was Sent")
    assert rows(db, "select due_date from tasks where source = 'uscis_rfe'") == [(date.today() + timedelta(days=30),)]


def test_a_biometrics_notice_creates_one_appointment(db):
    rid = receipt(db, "IOE3333333333", "Case Was Received")
    rows(
        db,
        "update uscis_receipts set last_status = 'Biometria agendada (Fingerprint Fee Was Received)' where id = %s",
        (rid,),
    )
    rows(db, "update uscis_receipts set last_status = 'Biometrics Appointment Was Scheduled' where id = %s", (rid,))
    made = rows(
        db,
        "select title, client_id::text, staff_id::text, kind, status, "
        "(starts_at at time zone 'America/New_York')::date from appointments where source_ref = %s",
        (str(rid),),
    )
    assert made == [
        ("Biometria USCIS (IOE3333333333)", MARIA, ADMIN, "presencial", "agendado", date.today() + timedelta(days=14))
    ]
    # fingerprints already taken are no notice of a new appointment
    rid2 = receipt(db, "IOE4444444444", "Case Was Updated To Show Fingerprints Were Taken")
    assert rows(db, "select count(*) from appointments where source_ref = %s", (str(rid2),)) == [(0,)]
