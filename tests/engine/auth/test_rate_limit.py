"""Failed sign-ins are limited per e-mail and per IP, in PostgreSQL (survives restarts, shared by processes).

The same stack has sign-ups enabled, for the /signup tests.
"""
from __future__ import annotations

import pytest
from auth_helpers import PASSWORD, Api

from harness import StackProcess


@pytest.fixture(scope="module")
def limited(cluster):
    s = StackProcess(cluster, name="authrl", env={"SIGN_IN_FAILURES_PER_EMAIL": "3",
                                                  "SIGN_IN_FAILURES_PER_IP": "8", "ENABLE_SIGNUP": "true"})
    yield Api(s)
    s.stop()


def attempt(api, email, password):
    return api.post("/token?grant_type=password", json={"email": email, "password": password})


def test_limits(limited):
    api = limited
    victim, bystander = api.create_user(), api.create_user()
    for _ in range(3):
        assert attempt(api, victim["email"], "errada-123").json()["code"] == "invalid_credentials"
    # the fourth try is refused even with the right password
    r = attempt(api, victim["email"], PASSWORD)
    assert r.status_code == 429
    assert r.json() == {"code": "over_request_rate_limit", "message": "Request rate limit reached"}
    assert api.stack.sql("select count(*) from auth.sessions where user_id = %s", (victim["id"],)) == [(0,)]
    # the e-mail is kept in PostgreSQL, not in the process: a restarted stack still refuses it
    api.stack.restart()
    assert attempt(api, victim["email"], PASSWORD).status_code == 429
    # another e-mail is not affected, and successes are never throttled
    for _ in range(5):
        assert attempt(api, bystander["email"], PASSWORD).status_code == 200
    # unknown e-mails count towards the IP limit too: 3 + 5 failures from this IP reach 8
    for i in range(5):
        assert attempt(api, f"ghost{i}@example.test", "x-123456").json()["code"] == "invalid_credentials"
    r = attempt(api, bystander["email"], PASSWORD)
    assert r.status_code == 429 and r.json()["code"] == "over_request_rate_limit"
    # the window slides: once the failures are older than it, sign-ins work again
    api.stack.sql("update auth.failed_sign_ins set created_at = now() - interval '1 day'")
    assert attempt(api, victim["email"], PASSWORD).status_code == 200


def test_signup_when_enabled(limited):
    api = limited
    r = api.post("/signup", json={"email": "Nova.Cliente@example.test", "password": PASSWORD,
                                  "data": {"full_name": "Nova Cliente"}, "gotrue_meta_security": {}})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["access_token"] and body["refresh_token"] and body["user"]["email"] == "nova.cliente@example.test"
    assert body["user"]["user_metadata"]["full_name"] == "Nova Cliente"
    assert body["user"]["app_metadata"] == {"provider": "email", "providers": ["email"]}
    before = api.counts()
    r = api.post("/signup", json={"email": "nova.cliente@example.test", "password": PASSWORD})
    assert r.status_code == 422 and r.json()["code"] == "user_already_exists"
    r = api.post("/signup", json={"email": "outra@example.test", "password": "123"})
    assert r.status_code == 422 and r.json()["code"] == "weak_password"
    assert r.json()["weak_password"] == {"reasons": ["length"]}
    assert api.counts() == before
