"""GoTrue's /resend limits and the admin API's email_confirm, through supabase-py's own calls.

- The per-address minute counts from the last mail the user was sent (GoTrue's max_frequency on the token's sending
  time): right after a sign-up that mailed a confirmation (confirmations on), a resend waits; after a sign-up that
  mailed nothing (confirmations off, GoTrue's mailer autoconfirm) there is nothing to resend and the answer is {}.
- A resent e-mail change is GoTrue's sendEmailChange again: new codes to both addresses, the old ones dead.
- update_user_by_id(email_confirm=True) is GoTrue's User.Confirm: confirmed, the pending sign-up link spent,
  email_verified in user_metadata; only the service role may do it."""
from __future__ import annotations

import re
import uuid

import pytest
from auth_helpers import PASSWORD, Api
from mail_sink import Mailbox
from supabase_auth.errors import AuthApiError

from conftest import WORKDIR
from harness import StackProcess
from supabase import ClientOptions, create_client

CONFIRM_SUBJECT = "Confirme seu cadastro"
CHANGE_SUBJECT = "Confirme a alteração de e-mail"


def _email(tag: str = "r") -> str:
    return f"{tag}.{uuid.uuid4().hex[:10]}@example.test"


def _client(api: Api, key: str | None = None):
    return create_client(api.stack.url, key or api.stack.anon_key,
                         options=ClientOptions(auto_refresh_token=False, persist_session=False))


def _code(api: Api, to: str, subject: str, after: int = 0) -> str:
    text = Mailbox(api.stack).wait_for(to, subject=subject, after=after)["body"]["text"]
    return re.search(r"código (\d{6})", text).group(1)


def test_resend_right_after_a_sign_up_that_mailed_waits_the_minute(confirming):
    api = confirming
    email = _email("cadastro")
    c = _client(api)
    signed = c.auth.sign_up({"email": email, "password": PASSWORD})
    assert signed.session is None and signed.user.email_confirmed_at is None
    first = _code(api, email, CONFIRM_SUBJECT)
    with pytest.raises(AuthApiError) as soon:
        c.auth.resend({"type": "signup", "email": email})
    assert soon.value.status == 429 and soon.value.code == "over_email_send_rate_limit"
    assert re.fullmatch(r"For security purposes, you can only request this after \d+ seconds\.", soon.value.message)
    # the minute counts from the mail sent: once it is over, the resend mails a new code
    api.stack.sql("update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = %s",
                  (email,))
    assert c.auth.resend({"type": "signup", "email": email}).user is None
    fresh = _code(api, email, CONFIRM_SUBJECT, after=1)
    assert fresh != first
    done = c.auth.verify_otp({"email": email, "token": fresh, "type": "signup"})
    assert done.user.email_confirmed_at


@pytest.fixture(scope="module")
def autoconfirm(cluster):
    """Sign-up open, confirmations off (the CLI's default; GoTrue's mailer autoconfirm)."""
    s = StackProcess(cluster, WORKDIR, name="autoconfirm", env={"ENABLE_SIGNUP": "true"})
    yield Api(s)
    s.stop()


def test_resend_right_after_a_sign_up_that_mailed_nothing_answers_empty(autoconfirm):
    """Confirmations off: the sign-up is confirmed at once and sent no mail; a resend has nothing to send."""
    api = autoconfirm
    email = _email("auto")
    c = _client(api)
    assert c.auth.sign_up({"email": email, "password": PASSWORD}).session is not None
    nobody = _email("ninguem")
    for _ in range(2):   # no mail was sent, so no minute to wait out; an unknown address answers alike
        c.auth.resend({"type": "signup", "email": email})
        c.auth.resend({"type": "signup", "email": nobody})
    assert Mailbox(api.stack).count(email) == 0 and Mailbox(api.stack).count(nobody) == 0
    # each request still counts against the IP's hourly budget
    assert api.stack.sql("select count(*) from auth.message_requests where address in (%s, %s)",
                         (email, nobody)) == [(4,)]


def test_resending_an_email_change_renews_both_codes(confirming):
    api = confirming
    user = api.create_user()
    old, new = user["email"], _email("nova")
    c = _client(api)
    c.auth.sign_in_with_password({"email": old, "password": PASSWORD})
    c.auth.update_user({"email": new})
    stale_old, stale_new = _code(api, old, CHANGE_SUBJECT), _code(api, new, CHANGE_SUBJECT)
    with pytest.raises(AuthApiError) as soon:
        c.auth.resend({"type": "email_change", "email": old})
    assert soon.value.status == 429
    api.stack.sql("update auth.users set email_change_sent_at = now() - interval '61 seconds' where id = %s",
                  (user["id"],))
    c.auth.resend({"type": "email_change", "email": old})
    fresh_old, fresh_new = _code(api, old, CHANGE_SUBJECT, after=1), _code(api, new, CHANGE_SUBJECT, after=1)
    for stale, to in ((stale_new, new), (stale_old, old)):
        if stale not in (fresh_old, fresh_new):
            with pytest.raises(AuthApiError):
                c.auth.verify_otp({"email": to, "token": stale, "type": "email_change"})
    assert c.auth.verify_otp({"email": new, "token": fresh_new, "type": "email_change"}).session is None
    done = c.auth.verify_otp({"email": old, "token": fresh_old, "type": "email_change"})
    assert done.user.email == new


def test_update_user_by_id_with_email_confirm(confirming):
    api = confirming
    email = _email("admin")
    c = _client(api)
    signed = c.auth.sign_up({"email": email, "password": PASSWORD, "options": {"data": {"nome": "Ana"}}})
    assert signed.user.email_confirmed_at is None
    code = _code(api, email, CONFIRM_SUBJECT)
    with pytest.raises(AuthApiError):          # unconfirmed: no sign-in yet
        _client(api).auth.sign_in_with_password({"email": email, "password": PASSWORD})
    # only the service role confirms someone: a user's own session or the anon key is refused
    with pytest.raises(AuthApiError) as refused:
        _client(api).auth.admin.update_user_by_id(signed.user.id, {"email_confirm": True})
    assert refused.value.status in (401, 403)
    admin = _client(api, api.stack.service_role_key).auth.admin
    confirmed = admin.update_user_by_id(signed.user.id, {"email_confirm": True}).user
    assert confirmed.email_confirmed_at
    assert confirmed.user_metadata["nome"] == "Ana" and confirmed.user_metadata["email_verified"] is True
    _client(api).auth.sign_in_with_password({"email": email, "password": PASSWORD})
    # the sign-up code mailed before is spent (GoTrue's Confirm clears it)
    with pytest.raises(AuthApiError) as spent:
        _client(api).auth.verify_otp({"email": email, "token": code, "type": "signup"})
    assert spent.value.code == "otp_expired"
