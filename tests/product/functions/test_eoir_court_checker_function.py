"""eoir-court-checker through the stack: create/update cases, history on change, assisted entry."""
SEEDED_A_NUMBER = "A234567890"


def count(sql, table, column, value):
    return sql(f"select count(*) from {table} where {column} = %s", (value,))[0][0]


def test_new_case_is_created_then_only_rechecked(functions_stack, call, tokens):
    sql = functions_stack.sql
    sql("delete from eoir_court_cases where a_number = 'A123456789'")
    staff = tokens["assistente@escritorio.test"]
    first = call("eoir-court-checker", staff, {"aNumber": "a 123-456-789", "processId": 1})
    assert first.status_code == 200, first.text
    case = first.json()["courtCase"]
    assert case["id"] and case["a_number"] == "A123456789" and case["process_id"] == 1
    assert first.json()["changed"] is True and first.json()["source"] == "demo"
    row = sql("select last_status, court_location, judge_name, last_hearing_date, created_by from eoir_court_cases "
              "where id = %s", (case["id"],))[0]
    assert row[0] == case["last_status"] and row[1] and row[2] and row[3] is not None
    assert str(row[4]) == "10000000-0000-4000-8000-000000000002"        # written as the caller
    history = sql("select status, details from eoir_court_history where court_case_id = %s", (case["id"],))
    assert len(history) == 1 and history[0][1].startswith("Demonstração:")

    again = call("eoir-court-checker", staff, {"aNumber": "A123456789", "processId": "1"})
    assert again.status_code == 200 and again.json()["changed"] is False
    assert again.json()["courtCase"]["id"] == case["id"]
    assert count(sql, "eoir_court_history", "court_case_id", case["id"]) == 1


def test_manual_result_is_stored_as_entered(functions_stack, call, tokens):
    sql = functions_stack.sql
    case_id = sql("select id from eoir_court_cases where a_number = %s", (SEEDED_A_NUMBER,))[0][0]
    before = count(sql, "eoir_court_history", "court_case_id", case_id)
    manual = {"status": "Audiência individual remarcada", "hearingDate": "2027-02-15", "hearingTime": "10:30",
              "courtLocation": "Newark Immigration Court, 970 Broad St, Newark, NJ 07102",
              "judgeName": "Hon. Patricia Reyes", "details": "Conferido no portal ACIS pela equipe"}
    answer = call("eoir-court-checker", tokens["secretaria@escritorio.test"],
                  {"aNumber": SEEDED_A_NUMBER, "processId": 3, "manualResult": manual})
    assert answer.status_code == 200, answer.text
    assert answer.json()["source"] == "manual" and answer.json()["courtCase"]["id"] == str(case_id)
    status, hearing, location, judge = sql(
        "select last_status, last_hearing_date at time zone 'UTC', court_location, judge_name "
        "from eoir_court_cases where id = %s", (case_id,))[0]
    assert (status, location, judge) == (manual["status"], manual["courtLocation"], manual["judgeName"])
    # 10:30 on Newark's wall clock (Eastern, standard time in February) is 15:30 UTC
    assert hearing.isoformat() == "2027-02-15T15:30:00"
    last = sql("select status, details, judge_name from eoir_court_history where court_case_id = %s "
               "order by updated_at desc limit 1", (case_id,))[0]
    assert last == (manual["status"], manual["details"], manual["judgeName"])
    assert count(sql, "eoir_court_history", "court_case_id", case_id) == before + 1


def test_bad_input_and_wrong_callers(call, tokens):
    staff = tokens["assistente@escritorio.test"]
    cases = [
        ({"aNumber": "B12345", "processId": 1}, 400, "Número A inválido"),
        ({"processId": 1}, 400, "Número A é obrigatório"),
        ({"aNumber": "A555555555"}, 400, "ID do processo"),
        ({"aNumber": "A555555555", "processId": "abc"}, 400, "ID do processo inválido"),
        ({"aNumber": "A555555555", "processId": 987654}, 400, "Processo não encontrado"),
        ({"aNumber": "A555555555", "processId": 1, "manualResult": {"hearingDate": "2027-01-01"}}, 400, "status"),
    ]
    for body, status, text in cases:
        answer = call("eoir-court-checker", staff, body)
        assert answer.status_code == status and text in answer.json()["error"], (body, answer.text)
    assert call("eoir-court-checker", None, {"aNumber": SEEDED_A_NUMBER}).status_code == 401
    client = call("eoir-court-checker", tokens["maria.silva@cliente.test"], {"aNumber": SEEDED_A_NUMBER})
    assert client.status_code == 403 and client.json()["error"]


def test_hearing_times_are_stored_in_the_courts_zone(functions_stack, call, tokens):
    sql = functions_stack.sql
    sql("delete from eoir_court_cases where a_number = 'A123450009'")
    manual = {"status": "Individual Hearing Scheduled", "hearingDate": "2027-07-12", "hearingTime": "9:00 AM",
              "courtLocation": "Houston Immigration Court, 600 Jefferson St, Houston, TX 77002",
              "judgeName": "Hon. Test"}
    answer = call("eoir-court-checker", tokens["assistente@escritorio.test"],
                  {"aNumber": "A123450009", "processId": 1, "manualResult": manual})
    assert answer.status_code == 200, answer.text
    case_id = answer.json()["courtCase"]["id"]
    utc, local, zone = sql(
        "select e.last_hearing_date at time zone 'UTC', e.last_hearing_date at time zone c.time_zone, c.time_zone"
        " from eoir_court_cases e join eoir_courts c on c.id = e.court_id where e.id = %s", (case_id,))[0]
    assert zone == "America/Chicago" and local.isoformat() == "2027-07-12T09:00:00"
    assert utc.isoformat() == "2027-07-12T14:00:00"
    history = sql("select h.hearing_date at time zone 'UTC', h.court_id is not null from eoir_court_history h"
                  " where h.court_case_id = %s", (case_id,))
    assert [(h.isoformat(), known) for h, known in history] == [("2027-07-12T14:00:00", True)]
    sql("delete from eoir_court_cases where id = %s", (case_id,))


def test_court_zones_come_from_the_location(functions_stack):
    sql = functions_stack.sql
    zone = lambda location: sql("select public.eoir_court_time_zone(%s)", (location,))[0][0]  # noqa: E731
    assert zone("Houston Immigration Court, 600 Jefferson St, Houston, TX 77002") == "America/Chicago"
    assert zone("El Paso Immigration Court, 700 E San Antonio Ave, El Paso, TX 79901") == "America/Denver"
    assert zone("York Immigration Court, 3400 Concord Rd, York, PA 17402") == "America/New_York"
    assert zone("New York - Broadway Immigration Court, 290 Broadway, New York, NY 10007") == "America/New_York"
    assert zone("Phoenix Immigration Court, 250 N 7th Ave, Phoenix, AZ 85007") == "America/Phoenix"
    assert zone("Honolulu Immigration Court, 1132 Bishop St, Honolulu, HI 96813") == "Pacific/Honolulu"
    # no court named: the office's zone
    office = sql("select time_zone from office_settings where id")[0][0]
    assert zone("Sala 3") == office and zone(None) == office


def test_seeded_hearings_are_at_nine_on_the_courts_clock(functions_stack):
    sql = functions_stack.sql
    rows = sql("select to_char(h.hearing_date at time zone c.time_zone, 'HH24:MI'), c.city"
               " from eoir_court_history h join eoir_courts c on c.id = h.court_id"
               " where h.id in ('d4000000-0000-4000-8000-000000000002', 'd4000000-0000-4000-8000-000000000003')"
               " order by h.id")
    assert rows == [("09:00", "Newark"), ("13:30", "Boston")]
