"""The private iCalendar feed of a staff member: valid RFC 5545, only with the secret, only their appointments."""

from __future__ import annotations

import hashlib

import httpx
import pytest
from icalendar import Calendar

from conftest import ASSISTANT, MARIA, SECRETARY
from harness import access_token


def rotate(stack, user: str) -> str:
    answer = httpx.post(
        f"{stack.url}/rest/v1/rpc/rotate_calendar_feed_token",
        json={},
        headers={"apikey": stack.anon_key, "Authorization": f"Bearer {access_token(stack, user)}"},
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.fixture
def feed_rows(agenda_stack):
    ids = [
        r[0]
        for r in agenda_stack.sql(
            "insert into appointments (client_id, staff_id, starts_at, duration_minutes, kind, meeting_link, notes) "
            "values "
            "(%s, %s, now() + interval '2 days', 45, 'online', 'https://meet.example/feed', 'Revisar I-485'), "
            "(%s, %s, now() + interval '2 days', 30, 'presencial', null, 'Agenda da colega') returning id",
            (MARIA, ASSISTANT, MARIA, SECRETARY),
        )
    ]
    yield ids
    agenda_stack.sql("delete from appointments where id = any(%s)", (ids,))


def test_feed_lists_the_owner_appointments_as_valid_icalendar(agenda_stack, feed_rows):
    token = rotate(agenda_stack, ASSISTANT)
    answer = httpx.get(f"{agenda_stack.url}/functions/v1/agenda-ics/{token}.ics")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/calendar")
    cal = Calendar.from_ical(answer.content)
    events = {str(e["uid"]).split("@")[0]: e for e in cal.walk("VEVENT")}
    mine, colleague = (str(i) for i in feed_rows)
    assert mine in events and colleague not in events
    event = events[mine]
    assert str(event["location"]) == "https://meet.example/feed"
    assert (event.decoded("dtend") - event.decoded("dtstart")).total_seconds() == 45 * 60
    assert "Maria Silva" in str(event["summary"])
    # the query-string form answers the same calendar
    assert httpx.get(f"{agenda_stack.url}/functions/v1/agenda-ics", params={"token": token}).status_code == 200


def test_the_token_is_secret_stored_hashed_and_rotating_revokes_it(agenda_stack):
    token = rotate(agenda_stack, SECRETARY)
    stored = agenda_stack.sql("select token_hash from calendar_feeds where user_id = %s", (SECRETARY,))[0][0]
    assert stored == hashlib.sha256(token.encode()).hexdigest() and token not in stored
    assert httpx.get(f"{agenda_stack.url}/functions/v1/agenda-ics/{token}.ics").status_code == 200
    fresh = rotate(agenda_stack, SECRETARY)
    assert fresh != token
    assert httpx.get(f"{agenda_stack.url}/functions/v1/agenda-ics/{token}.ics").status_code == 404
    assert httpx.get(f"{agenda_stack.url}/functions/v1/agenda-ics/{fresh}.ics").status_code == 200
    for wrong in ["0" * 48, "not-a-token", ""]:
        assert httpx.get(f"{agenda_stack.url}/functions/v1/agenda-ics", params={"token": wrong}).status_code == 404


def test_clients_and_anon_cannot_get_a_feed_or_read_the_hashes(agenda_stack):
    maria = access_token(agenda_stack, "10000000-0000-4000-8000-000000000005")
    answer = httpx.post(
        f"{agenda_stack.url}/rest/v1/rpc/rotate_calendar_feed_token",
        json={},
        headers={"apikey": agenda_stack.anon_key, "Authorization": f"Bearer {maria}"},
    )
    assert answer.status_code == 403
    for caller in (agenda_stack.anon_key, access_token(agenda_stack, ASSISTANT)):
        got = httpx.get(
            f"{agenda_stack.url}/rest/v1/calendar_feeds?select=token_hash",
            headers={"apikey": agenda_stack.anon_key, "Authorization": f"Bearer {caller}"},
        )
        assert got.status_code in (401, 403), got.text
        events = httpx.post(
            f"{agenda_stack.url}/rest/v1/rpc/calendar_feed_events",
            json={"p_token": "x"},
            headers={"apikey": agenda_stack.anon_key, "Authorization": f"Bearer {caller}"},
        )
        assert events.status_code in (401, 403, 404), events.text
