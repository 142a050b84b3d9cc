"""Anonymous sign-in (supabase-js signInAnonymously / supabase-py sign_in_anonymously): POST /signup with
neither e-mail nor phone, allowed by `[auth] enable_anonymous_sign_ins`, limited per IP and hour."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from auth_helpers import VERSION, Api
from mail_sink import Mailbox
from supabase_auth.errors import AuthApiError

from harness import StackProcess, session_claims
from supabase import create_client


def _project(root, auth: str):
    (root / "supabase").mkdir(parents=True)
    (root / "supabase" / "config.toml").write_text(f'project_id = "anonymous"\n[auth]\n{auth}\n')
    return root


@pytest.fixture(scope="module")
def open_stack(cluster, tmp_path_factory):
    s = StackProcess(cluster, workdir=_project(tmp_path_factory.mktemp("anon"), "enable_anonymous_sign_ins = true"),
                     seed=False, name="anonymous")
    yield s
    s.stop()


def _stack(cluster, tmp_path, name: str, auth: str) -> StackProcess:
    return StackProcess(cluster, workdir=_project(tmp_path, auth), seed=False, name=name)


def test_sign_in_anonymously_with_supabase_py(open_stack):
    client = create_client(open_stack.url, open_stack.anon_key)
    res = client.auth.sign_in_anonymously({"options": {"data": {"apelido": "visitante"}}})
    user, session = res.user, res.session
    assert session is not None and user.is_anonymous is True
    assert (user.email, user.phone, user.role, user.app_metadata, user.identities) == (
        "", "", "authenticated", {}, [])
    assert user.user_metadata == {"apelido": "visitante"}

    claims = session_claims(open_stack, session.access_token)
    assert claims["is_anonymous"] is True
    assert (claims["role"], claims["aud"], claims["sub"]) == ("authenticated", "authenticated", user.id)
    assert claims["amr"][0]["method"] == "anonymous"

    [(is_anonymous, email, password, identities)] = open_stack.sql(
        "select is_anonymous, email, encrypted_password, (select count(*) from auth.identities i"
        " where i.user_id = u.id) from auth.users u where id = %s", (user.id,))
    assert (is_anonymous, email, password, identities) == (True, None, "", 0)

    assert client.auth.get_user().user.is_anonymous is True
    refreshed = client.auth.refresh_session()
    assert session_claims(open_stack, refreshed.session.access_token)["is_anonymous"] is True
    settings = httpx.get(f"{open_stack.url}/auth/v1/settings", headers={"apikey": open_stack.anon_key}).json()
    assert settings["external"]["anonymous_users"] is True


def test_each_anonymous_sign_in_is_a_new_user(open_stack):
    api = Api(open_stack)
    first, second = (api.post("/signup", json={"data": {}, "gotrue_meta_security": {}}) for _ in range(2))
    assert first.status_code == second.status_code == 200, first.text
    assert first.json()["user"]["id"] != second.json()["user"]["id"]


def test_disabled_anonymous_sign_ins_answer_as_gotrue(api):
    """The office's stack: anonymous sign-ins off (and sign-ups off); nothing is written."""
    before = api.counts()
    r = api.post("/signup", json={"data": {}, "gotrue_meta_security": {}})
    assert r.status_code == 422
    assert r.json() == {"code": "anonymous_provider_disabled", "message": "Anonymous sign-ins are disabled"}
    legacy = api.post("/signup", json={}, headers={"apikey": api.stack.anon_key})
    assert legacy.json() == {"code": 422, "error_code": "anonymous_provider_disabled",
                             "msg": "Anonymous sign-ins are disabled"}
    with pytest.raises(AuthApiError) as err:
        create_client(api.stack.url, api.stack.anon_key).auth.sign_in_anonymously()
    assert (err.value.status, err.value.code) == (422, "anonymous_provider_disabled")
    assert api.counts() == before


def test_anonymous_sign_ins_need_sign_ups_on(cluster, tmp_path):
    s = _stack(cluster, tmp_path, "anon_nosignup", "enable_signup = false\nenable_anonymous_sign_ins = true")
    try:
        r = httpx.post(f"{s.url}/auth/v1/signup", json={}, headers={"apikey": s.anon_key, **VERSION})
        assert r.status_code == 422
        assert r.json() == {"code": "signup_disabled", "message": "Signups not allowed for this instance"}
        assert s.sql("select count(*) from auth.users") == [(0,)]
    finally:
        s.stop()


def test_anonymous_sign_ins_are_limited_per_ip_and_hour(cluster, tmp_path):
    s = _stack(cluster, tmp_path, "anon_limited",
               "enable_anonymous_sign_ins = true\n[auth.rate_limit]\nanonymous_users = 2")
    try:
        answers = [httpx.post(f"{s.url}/auth/v1/signup", json={}, headers={"apikey": s.anon_key, **VERSION})
                   for _ in range(3)]
        assert [a.status_code for a in answers] == [200, 200, 429]
        assert answers[2].json() == {"code": "over_request_rate_limit", "message": "Request rate limit reached"}
        assert s.sql("select count(*) from auth.users where is_anonymous") == [(2,)]
        # e-mail sign-ups are not counted against it
        r = httpx.post(f"{s.url}/auth/v1/signup", json={"email": "a@example.test", "password": "Segredo@123"},
                       headers={"apikey": s.anon_key, **VERSION})
        assert r.status_code == 200 and r.json()["access_token"]
    finally:
        s.stop()


def test_with_email_confirmations_on_sign_up_sends_a_code_instead_of_a_session(cluster, tmp_path):
    s = _stack(cluster, tmp_path, "confirm", "[auth.email]\nenable_confirmations = true\n[inbucket]\nenabled = true")
    try:
        client = create_client(s.url, s.anon_key)
        res = client.auth.sign_up({"email": "nova@example.test", "password": "Segredo@123"})
        assert res.session is None and res.user.email == "nova@example.test"
        assert res.user.email_confirmed_at is None and res.user.confirmation_sent_at is not None
        with pytest.raises(AuthApiError) as err:
            client.auth.sign_in_with_password({"email": "nova@example.test", "password": "Segredo@123"})
        assert err.value.code == "email_not_confirmed"

        # an address already taken gets the same kind of answer, with no identities, and no second account
        again = client.auth.sign_up({"email": "nova@example.test", "password": "Outra@123"})
        assert again.session is None and again.user.identities == [] and again.user.id != res.user.id
        assert s.sql("select count(*) from auth.users") == [(1,)]

        mail = Mailbox(s).messages("nova@example.test")
        assert len(mail) == 1
        # GoTrue's default confirmation mail (this project names no templates) carries the link, not the code
        assert mail[0]["subject"] == "Confirm your email address"
        token_hash = parse_qs(urlsplit(re.search(r"(http\S+)", mail[0]["body"]["text"]).group(1)).query)["token"][0]
        verified = client.auth.verify_otp({"token_hash": token_hash, "type": "signup"})
        assert verified.session is not None and verified.user.email_confirmed_at is not None
        assert client.auth.sign_in_with_password({"email": "nova@example.test",
                                                  "password": "Segredo@123"}).session is not None
    finally:
        s.stop()
