"""A staff member's iCalendar feed answers only while its owner is active staff: removing the roles, banning
or deleting the account closes it at once (outside calendars keep polling the URL they were given)."""
from __future__ import annotations

import uuid

import httpx
import pytest
from security_helpers import MARIA_CLIENT

from harness import access_token


@pytest.fixture
def feed(sec_stack):
    """A new secretary with a feed and one appointment with Maria; yields (user id, feed URL)."""
    email = f"agenda-{uuid.uuid4().hex[:10]}@escritorio.test"
    answer = httpx.post(f"{sec_stack.url}/auth/v1/admin/users",
                        json={"email": email, "password": "Agenda@12345", "email_confirm": True},
                        headers={"apikey": sec_stack.service_role_key,
                                 "Authorization": f"Bearer {sec_stack.service_role_key}"})
    assert answer.status_code == 200, answer.text
    user = answer.json()["id"]
    sec_stack.sql("insert into user_roles (user_id, role) values (%s, 'secretary')", (user,))
    sec_stack.sql("insert into appointments (client_id, staff_id, starts_at, duration_minutes, kind, notes) "
                  "values (%s, %s, now() + interval '1 day', 30, 'presencial', 'Entrevista de Maria')",
                  (MARIA_CLIENT, user))
    token = httpx.post(f"{sec_stack.url}/rest/v1/rpc/rotate_calendar_feed_token", json={},
                       headers={"apikey": sec_stack.anon_key,
                                "Authorization": f"Bearer {access_token(sec_stack, user)}"})
    assert token.status_code == 200, token.text
    url = f"{sec_stack.url}/functions/v1/agenda-ics/{token.json()}.ics"
    first = httpx.get(url)
    assert first.status_code == 200 and b"Maria Silva" in first.content
    yield user, url
    sec_stack.sql("delete from appointments where staff_id = %s", (user,))
    sec_stack.sql("delete from user_roles where user_id = %s", (user,))


def test_the_feed_closes_when_the_roles_are_removed(sec_stack, feed):
    user, url = feed
    sec_stack.sql("delete from user_roles where user_id = %s", (user,))
    answer = httpx.get(url)
    assert answer.status_code == 404 and b"Maria" not in answer.content


def test_the_feed_closes_when_the_account_is_banned(sec_stack, feed):
    user, url = feed
    banned = httpx.put(f"{sec_stack.url}/auth/v1/admin/users/{user}", json={"ban_duration": "876000h"},
                       headers={"apikey": sec_stack.service_role_key,
                                "Authorization": f"Bearer {sec_stack.service_role_key}"})
    assert banned.status_code == 200, banned.text
    answer = httpx.get(url)
    assert answer.status_code == 404 and b"Maria" not in answer.content
    # a ban that has ended no longer counts
    sec_stack.sql("update auth.users set banned_until = now() - interval '1 minute' where id = %s", (user,))
    assert httpx.get(url).status_code == 200


def test_the_feed_closes_when_the_account_is_soft_deleted(sec_stack, feed):
    user, url = feed
    sec_stack.sql("update auth.users set deleted_at = now() where id = %s", (user,))
    assert httpx.get(url).status_code == 404
