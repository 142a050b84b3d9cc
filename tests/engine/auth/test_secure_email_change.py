"""Secure e-mail change (GoTrue's GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, the CLI's [auth.email]
double_confirm_changes, on by default): a change mails a code to the current address and one to the new address.
With e-mail confirmations on, both must be confirmed (the first answers GoTrue's "proceed to confirm" message and no
session); with them off (GoTrue's mailer autoconfirm), either one makes the change. Through supabase-py's own calls,
and supabase-js (tests/engine/auth/js/secure-email-change.test.mjs) against the confirmations stack."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import uuid
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from auth_helpers import PASSWORD, Api
from mail_sink import Mailbox
from supabase_auth.errors import AuthApiError

from conftest import WORKDIR
from harness import REPO_ROOT, StackProcess
from supabase import ClientOptions, create_client

SUBJECT = "Confirme a alteração de e-mail"
HALF = "Confirmation link accepted. Please proceed to confirm link sent to the other email"
JS_TEST = REPO_ROOT / "tests" / "engine" / "auth" / "js" / "secure-email-change.test.mjs"
JS_TESTS = 3


def _email(tag: str = "u") -> str:
    return f"{tag}.{uuid.uuid4().hex[:10]}@example.test"


def _client(api: Api, key: str | None = None):
    return create_client(api.stack.url, key or api.stack.anon_key,
                         options=ClientOptions(auto_refresh_token=False, persist_session=False))


def _code(api: Api, to: str) -> tuple[str, str]:
    """(code, link) of the newest e-mail change mail to `to`."""
    text = Mailbox(api.stack).wait_for(to, subject=SUBJECT)["body"]["text"]
    return re.search(r"código (\d{6})", text).group(1), re.search(r"(http\S+)", text).group(1)


def _signed_in(api: Api):
    user = api.create_user()
    c = _client(api)
    c.auth.sign_in_with_password({"email": user["email"], "password": PASSWORD})
    return user, c


def _pending(api: Api, user_id: str) -> tuple:
    return api.stack.sql("select email, email_change, email_change_confirm_status from auth.users where id = %s",
                         (user_id,))[0]


def test_both_addresses_must_confirm(confirming):
    api = confirming
    user, c = _signed_in(api)
    old, new = user["email"], _email("novo")
    response = c.auth.update_user({"email": new})
    assert response.user.email == old and response.user.new_email == new
    old_code, _ = _code(api, old)
    new_code, _ = _code(api, new)
    assert old_code != new_code
    # the new address alone: GoTrue's half-way answer, no session, the e-mail unchanged
    half = c.auth.verify_otp({"email": new, "token": new_code, "type": "email_change"})
    assert half.session is None and half.user is None
    assert _pending(api, user["id"]) == (old, new, 1)
    with pytest.raises(AuthApiError) as spent:      # that code is spent
        c.auth.verify_otp({"email": new, "token": new_code, "type": "email_change"})
    assert spent.value.code == "otp_expired"
    with pytest.raises(AuthApiError):               # nobody signs in at the new address yet
        _client(api).auth.sign_in_with_password({"email": new, "password": PASSWORD})
    # the current address's code, given with the new address (a crafted pair), proves nothing
    with pytest.raises(AuthApiError) as crafted:
        c.auth.verify_otp({"email": new, "token": old_code, "type": "email_change"})
    assert crafted.value.code == "otp_expired"
    done = c.auth.verify_otp({"email": old, "token": old_code, "type": "email_change"})
    assert done.session is not None and done.user.email == new and done.user.new_email is None
    assert _pending(api, user["id"]) == (new, "", 0)
    _client(api).auth.sign_in_with_password({"email": new, "password": PASSWORD})


def test_the_links_in_either_order(confirming):
    """The current address's link first: its redirect carries GoTrue's message; the new address's link ends it."""
    api = confirming
    user, c = _signed_in(api)
    old, new = user["email"], _email("link")
    c.auth.update_user({"email": new})
    _, old_link = _code(api, old)
    _, new_link = _code(api, new)
    first = httpx.get(old_link, follow_redirects=False)
    assert first.status_code == 303
    fragment = parse_qs(urlsplit(first.headers["location"]).fragment, keep_blank_values=True)
    assert fragment == {"message": [HALF], "sb": [""]}
    assert _pending(api, user["id"]) == (old, new, 1)
    second = httpx.get(new_link, follow_redirects=False)
    fragment = parse_qs(urlsplit(second.headers["location"]).fragment)
    assert fragment["type"] == ["email_change"] and fragment["access_token"]
    assert _pending(api, user["id"]) == (new, "", 0)


def test_a_second_request_waits_out_the_send_interval(confirming):
    """GoTrue's sendEmailChange: one change mail per minute, whatever the new address."""
    api = confirming
    user, c = _signed_in(api)
    c.auth.update_user({"email": _email("um")})
    with pytest.raises(AuthApiError) as again:
        c.auth.update_user({"email": _email("dois")})
    assert again.value.status == 429 and again.value.code == "over_email_send_rate_limit"
    # once the minute is over, a new change replaces the pending one (and the old codes die)
    old_code, _ = _code(api, user["email"])
    api.stack.sql("update auth.users set email_change_sent_at = now() - interval '2 minutes' where id = %s",
                  (user["id"],))
    final = _email("tres")
    c.auth.update_user({"email": final})
    assert _pending(api, user["id"])[1:] == (final, 0)
    fresh, _ = _code(api, user["email"])
    assert fresh != old_code


def test_without_confirmations_either_address_makes_the_change(api):
    """GoTrue with mailer autoconfirm (this project's config): both mails go, the first confirmation is enough."""
    user, c = _signed_in(api)
    old, new = user["email"], _email("auto")
    c.auth.update_user({"email": new})
    old_code, _ = _code(api, old)
    _code(api, new)
    done = c.auth.verify_otp({"email": old, "token": old_code, "type": "email_change"})
    assert done.session is not None and done.user.email == new


def test_generate_link_for_each_side(confirming):
    """adminGenerateLink's email_change_current / email_change_new: GoTrue's answer (the user with new_email, the
    link, the code, verification_type, redirect_to), and each link confirms its side."""
    api = confirming
    admin = _client(api, api.stack.service_role_key).auth.admin
    user = api.create_user()
    new = _email("gerado")
    redirect = api.stack.settings.site_url + "/perfil"
    current = admin.generate_link({"type": "email_change_current", "email": user["email"], "new_email": new,
                                   "options": {"redirect_to": redirect}})
    assert current.user.new_email == new and current.user.email == user["email"]
    props = current.properties
    assert props.verification_type == "email_change_current" and props.redirect_to == redirect
    assert re.fullmatch(r"\d{6}", props.email_otp)
    query = parse_qs(urlsplit(props.action_link).query)
    assert query["type"] == ["email_change"] and query["token"] == [props.hashed_token]
    other = admin.generate_link({"type": "email_change_new", "email": user["email"], "new_email": new})
    assert other.properties.verification_type == "email_change_new"
    c = _client(api)
    half = c.auth.verify_otp({"token_hash": current.properties.hashed_token, "type": "email_change"})
    assert half.session is None
    done = c.auth.verify_otp({"token_hash": other.properties.hashed_token, "type": "email_change"})
    assert done.user.email == new
    # an address someone else holds is refused, as GoTrue does
    taken = api.create_user()
    with pytest.raises(AuthApiError) as dup:
        admin.generate_link({"type": "email_change_current", "email": new, "new_email": taken["email"]})
    assert dup.value.code == "email_exists"
    # and only the service role may ask for a link
    with pytest.raises(AuthApiError) as anon:
        _client(api).auth.admin.generate_link({"type": "email_change_current", "email": new,
                                               "new_email": _email()})
    assert anon.value.status in (401, 403)


def test_secure_change_off_sends_one_mail_and_refuses_the_current_link(cluster):
    s = StackProcess(cluster, WORKDIR, name="plainmail", env={
        "ENABLE_EMAIL_CONFIRMATIONS": "true", "GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED": "false"})
    try:
        api = Api(s)
        user, c = _signed_in(api)
        new = _email("simples")
        c.auth.update_user({"email": new})
        code, _ = _code(api, new)
        assert Mailbox(s).count(user["email"]) == 0
        done = c.auth.verify_otp({"email": new, "token": code, "type": "email_change"})
        assert done.user.email == new
        r = httpx.post(api.base + "/admin/generate_link", headers=api.admin_headers,
                       json={"type": "email_change_current", "email": new, "new_email": _email()})
        assert r.status_code == 400
        assert r.json()["message"] == "Enable secure email change to generate link for current email"
    finally:
        s.stop()


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_supabase_js_secure_email_change(confirming):
    s = confirming.stack
    env = {**os.environ, "SUPABASE_URL": s.url, "SUPABASE_ANON_KEY": s.anon_key,
           "SUPABASE_SERVICE_ROLE_KEY": s.service_role_key, "INBUCKET_URL": Mailbox(s).url}
    out = subprocess.run(["node", "--test", "--test-reporter=tap", str(JS_TEST)], env=env, cwd=REPO_ROOT,
                         capture_output=True, text=True, timeout=180)
    report = out.stdout + out.stderr
    assert out.returncode == 0, report
    assert re.search(rf"^# pass {JS_TESTS}$", out.stdout, re.M), report
    assert re.search(r"^# fail 0$", out.stdout, re.M), report
