"""Refresh-token rotation as GoTrue does it: parent chain, 10 s reuse window, replay revokes the session."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx


def refresh(api, token):
    return api.post("/token?grant_type=refresh_token", json={"refresh_token": token})


def age_token(api, token, seconds):
    """Pretend the token was revoked `seconds` ago (the reuse window is measured from that moment)."""
    api.stack.sql("update auth.refresh_tokens set updated_at = now() - make_interval(secs => %s) where token = %s",
                  (seconds, token))


def test_reuse_within_window_returns_the_active_child(api, user):
    s0 = api.sign_in(user["email"])
    s1 = refresh(api, s0["refresh_token"]).json()
    again = refresh(api, s0["refresh_token"])
    assert again.status_code == 200
    assert again.json()["refresh_token"] == s1["refresh_token"]
    assert api.stack.sql("select count(*) from auth.refresh_tokens where session_id = "
                         "(select session_id from auth.refresh_tokens where token = %s)",
                         (s0["refresh_token"],)) == [(2,)]


def test_reuse_after_window_revokes_the_whole_session(api, user):
    s0 = api.sign_in(user["email"])
    s1 = refresh(api, s0["refresh_token"]).json()
    age_token(api, s0["refresh_token"], api.stack.settings.refresh_token_reuse_interval + 1)
    r = refresh(api, s0["refresh_token"])
    assert r.status_code == 400
    assert r.json() == {"code": "refresh_token_already_used", "message": "Invalid Refresh Token: Already Used"}
    assert r.headers["x-supabase-api-version"] == "2024-01-01"
    session_id = api.stack.sql("select session_id from auth.refresh_tokens where token = %s",
                               (s0["refresh_token"],))[0][0]
    assert api.stack.sql("select bool_and(revoked) from auth.refresh_tokens where session_id = %s",
                         (session_id,)) == [(True,)]
    # the legitimate holder of the child token is out too, and so is its access token
    r = refresh(api, s1["refresh_token"])
    assert r.status_code == 400 and r.json()["code"] == "refresh_token_already_used"
    assert api.get("/user", s1["access_token"]).json()["code"] == "session_not_found"
    # other sessions of the user are untouched
    assert refresh(api, api.sign_in(user["email"])["refresh_token"]).status_code == 200


def test_concurrent_refreshes_of_one_token_agree(api, user):
    s0 = api.sign_in(user["email"])
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda _: refresh(api, s0["refresh_token"]), range(6)))
    assert [a.status_code for a in answers] == [200] * 6
    assert len({a.json()["refresh_token"] for a in answers}) == 1
    assert api.stack.sql("select count(*) from auth.refresh_tokens where parent = %s",
                         (s0["refresh_token"],)) == [(1,)]


def test_unknown_and_missing_refresh_token(api):
    r = refresh(api, "does-not-exist")
    assert r.status_code == 400
    assert r.json() == {"code": "refresh_token_not_found",
                        "message": "Invalid Refresh Token: Refresh Token Not Found"}
    r = api.post("/token?grant_type=refresh_token", json={})
    assert r.status_code == 400
    assert r.json() == {"error": "invalid_request", "error_description": "refresh_token required"}


def test_refresh_after_user_deleted(api):
    u = api.create_user()
    s0 = api.sign_in(u["email"])
    httpx.delete(f"{api.base}/admin/users/{u['id']}", headers=api.admin_headers).raise_for_status()
    r = refresh(api, s0["refresh_token"])
    assert r.status_code == 400 and r.json()["code"] == "refresh_token_not_found"
    r = api.get("/user", s0["access_token"])
    assert r.status_code == 403 and r.json()["code"] == "user_not_found"
