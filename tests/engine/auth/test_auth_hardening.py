"""Auth hardening, through supabase-py: banned users get neither mail nor a session from a code or link; the
anonymous e-mail endpoints answer alike for addresses with and without an account (limits included) and are
limited per IP; a password-only session of a user with a second factor cannot change password or e-mail; a
TOTP code opens one session only."""
from __future__ import annotations

import re
import time
import uuid
from urllib.parse import parse_qs, urlsplit

import httpx
import pyotp
import pytest
from auth_helpers import PASSWORD
from mail_sink import Mailbox
from supabase_auth.errors import AuthApiError

from conftest import WORKDIR
from harness import StackProcess
from supabase import Client, create_client


def client(stack: StackProcess, key: str | None = None) -> Client:
    return create_client(stack.url, key or stack.anon_key)


def admin(stack: StackProcess):
    return client(stack, stack.service_role_key).auth.admin


def unknown_email() -> str:
    return f"ninguem{uuid.uuid4().hex[:10]}@example.test"


def refusal(call) -> tuple[int, str, str]:
    """(status, error code, message) of a supabase-py call that must fail."""
    with pytest.raises(AuthApiError) as caught:
        call()
    return caught.value.status, caught.value.code, caught.value.message


def answer(call) -> tuple:
    """What the caller learns from a call: its refusal, or that it went through."""
    try:
        call()
    except AuthApiError as exc:
        return exc.status, exc.code, re.sub(r"\d+ seconds", "N seconds", exc.message)
    return (200,)


# -- banned users -----------------------------------------------------------------------------------------


def test_a_banned_user_gets_no_mail_and_no_session_from_a_code_or_link(api, user):
    stack = api.stack
    box = Mailbox(stack)
    anon = client(stack).auth
    # a code and a link mailed before the ban
    anon.sign_in_with_otp({"email": user["email"], "options": {"should_create_user": False}})
    text = box.wait_for(user["email"], "link de acesso")["body"]["text"]
    code = re.search(r"\b(\d{6})\b", text).group(1)
    link = re.search(r"(http\S+/auth/v1/verify\?\S+)", text).group(1)
    admin(stack).update_user_by_id(user["id"], {"ban_duration": "24h"})

    assert refusal(lambda: anon.verify_otp({"email": user["email"], "token": code, "type": "email"})) == (
        403, "user_banned", "User is banned")
    r = httpx.get(link, follow_redirects=False)
    assert r.status_code == 303
    fragment = parse_qs(urlsplit(r.headers["location"]).fragment)
    assert fragment["error_code"] == ["user_banned"] and "access_token" not in fragment
    # a link the admin generates does not open a session either
    hashed = admin(stack).generate_link({"type": "magiclink", "email": user["email"]}).properties.hashed_token
    assert refusal(lambda: anon.verify_otp({"token_hash": hashed, "type": "magiclink"}))[:2] == (403, "user_banned")
    assert stack.sql("select count(*) from auth.sessions where user_id = %s", (user["id"],)) == [(0,)]

    # no mail from /otp, /recover, /resend: the answers are those of anyone else
    before = box.count(user["email"])
    # (the minute between two mails to the address has passed; unconfirmed, /resend signup would send)
    stack.sql("update auth.users set recovery_sent_at = null, confirmation_sent_at = null,"
              " email_confirmed_at = null where id = %s", (user["id"],))
    stack.sql("delete from auth.message_requests where address = %s", (user["email"],))
    stack.sql("delete from auth.failed_sign_ins where email = %s", (user["email"],))
    def asks(address: str) -> list[tuple]:
        return [answer(lambda: anon.sign_in_with_otp({"email": address})),
                answer(lambda: anon.reset_password_for_email(address)),   # within the same minute's limit
                answer(lambda: anon.resend({"type": "signup", "email": address}))]

    banned, nobody = asks(user["email"]), asks(unknown_email())
    assert banned == nobody and banned[0] == banned[2] == (200,)
    assert banned[1][:2] == (429, "over_email_send_rate_limit")
    time.sleep(0.3)
    assert box.count(user["email"]) == before
    # once the ban is lifted, mail flows again
    admin(stack).update_user_by_id(user["id"], {"ban_duration": "none"})
    stack.sql("delete from auth.message_requests where address = %s", (user["email"],))
    stack.sql("delete from auth.failed_sign_ins where email = %s", (user["email"],))
    anon.reset_password_for_email(user["email"])
    box.wait_for(user["email"], "Redefinição", after=before)


# -- answering alike ----------------------------------------------------------------------------------------


def test_otp_recover_and_resend_answer_alike_for_unknown_addresses(api):
    stack = api.stack
    anon = client(stack).auth
    known = api.create_user()["email"]
    nobody = unknown_email()
    users_before = stack.sql("select count(*) from auth.users")

    def both(call) -> None:
        first, second = answer(lambda: call(known)), answer(lambda: call(nobody))
        assert first == second, (first, second)

    # a magic link without creating an account (the login page's) and with (sign-ups are off here)
    both(lambda a: anon.sign_in_with_otp({"email": a, "options": {"should_create_user": False}}))
    # a second request within the minute: 429 for both
    both(lambda a: anon.sign_in_with_otp({"email": a}))
    assert answer(lambda: anon.sign_in_with_otp({"email": nobody}))[:2] == (429, "over_email_send_rate_limit")
    both(lambda a: anon.reset_password_for_email(a))
    both(lambda a: anon.reset_password_for_email(a))
    assert answer(lambda: anon.reset_password_for_email(known))[:2] == (429, "over_email_send_rate_limit")
    both(lambda a: anon.resend({"type": "signup", "email": a}))
    assert stack.sql("select count(*) from auth.users") == users_before
    assert Mailbox(stack).count(nobody) == 0


@pytest.fixture(scope="module")
def lstack(cluster):
    """A stack with a small per-IP budget of auth e-mails."""
    s = StackProcess(cluster, WORKDIR, name="authlimits", seed=False, env={
        "RATE_LIMIT_EMAIL_SENT": "4", "SIGN_IN_FAILURES_PER_IP": "100000"})
    yield s
    s.stop()


def test_auth_emails_are_limited_per_ip_alike_for_every_address(lstack):
    anon = client(lstack).auth
    known = [unknown_email() for _ in range(3)]
    for email in known:
        admin(lstack).create_user({"email": email, "password": PASSWORD, "email_confirm": True})
    # four requests for four addresses (known and unknown) pass
    anon.reset_password_for_email(known[0])
    anon.sign_in_with_otp({"email": unknown_email()})
    anon.reset_password_for_email(unknown_email())
    anon.sign_in_with_otp({"email": known[1]})
    # the IP used its hourly budget: the next one is refused, whoever the address belongs to
    limited = (429, "over_email_send_rate_limit", "Email rate limit exceeded")
    assert answer(lambda: anon.reset_password_for_email(known[2])) == limited
    assert answer(lambda: anon.reset_password_for_email(unknown_email())) == limited
    assert answer(lambda: anon.sign_in_with_otp({"email": known[2]})) == limited
    assert answer(lambda: anon.resend({"type": "signup", "email": unknown_email()})) == limited
    assert Mailbox(lstack).count(known[2]) == 0
    # the budget is per hour: once it has passed, mail flows again
    lstack.sql("update auth.message_requests set created_at = now() - interval '61 minutes' where channel = 'email'")
    anon.reset_password_for_email(known[2])
    Mailbox(lstack).wait_for(known[2], "Redefinição")


# -- second factor --------------------------------------------------------------------------------------------


def signed_in(stack: StackProcess, email: str, password: str = PASSWORD) -> Client:
    c = client(stack)
    c.auth.sign_in_with_password({"email": email, "password": password})
    return c


def with_totp(stack: StackProcess, email: str) -> tuple[Client, str, str, str]:
    """A session raised to aal2 by a new verified TOTP factor: (client, factor id, secret, the code it used)."""
    c = signed_in(stack, email)
    factor = c.auth.mfa.enroll({"factor_type": "totp", "friendly_name": "Celular"})
    code = pyotp.TOTP(factor.totp.secret).now()
    c.auth.mfa.challenge_and_verify({"factor_id": factor.id, "code": code})
    assert c.auth.mfa.get_authenticator_assurance_level().current_level == "aal2"
    return c, factor.id, factor.totp.secret, code


def test_a_password_only_session_cannot_change_password_or_email_once_a_factor_is_verified(api, user):
    owner, _, _, _ = with_totp(api.stack, user["email"])
    thief = signed_in(api.stack, user["email"])   # knows the password only
    assert thief.auth.mfa.get_authenticator_assurance_level().current_level == "aal1"
    needed = (401, "insufficient_aal", "AAL2 session is required to update email or password when MFA is enabled.")
    assert refusal(lambda: thief.auth.update_user({"password": "Tomada@123"})) == needed
    assert refusal(lambda: thief.auth.update_user({"email": unknown_email()})) == needed
    assert refusal(lambda: thief.auth.update_user({"email": unknown_email(), "data": {"x": 1}})) == needed
    # nothing changed: the owner's aal2 session lives on, the password and the address are the same
    assert owner.auth.get_user().user.email == user["email"]
    owner.auth.refresh_session()
    assert api.stack.sql("select email_change from auth.users where id = %s", (user["id"],)) == [("",)]
    signed_in(api.stack, user["email"])
    # metadata alone is fine at aal1, and the aal2 owner changes the password
    assert thief.auth.update_user({"data": {"apelido": "Ana"}}).user.user_metadata["apelido"] == "Ana"
    owner.auth.update_user({"password": "Nova@12345"})
    signed_in(api.stack, user["email"], "Nova@12345")


def test_a_totp_code_opens_one_session_only(api, user):
    _, factor_id, secret, used = with_totp(api.stack, user["email"])
    replay = signed_in(api.stack, user["email"])
    assert refusal(lambda: replay.auth.mfa.challenge_and_verify({"factor_id": factor_id, "code": used})) == (
        422, "mfa_verification_failed", "Invalid TOTP code entered")
    assert replay.auth.mfa.get_authenticator_assurance_level().current_level == "aal1"
    # the next code is accepted, once
    later = pyotp.TOTP(secret).at(time.time() + 30)
    replay.auth.mfa.challenge_and_verify({"factor_id": factor_id, "code": later})
    assert replay.auth.mfa.get_authenticator_assurance_level().current_level == "aal2"
    third = signed_in(api.stack, user["email"])
    for code in (used, later):
        assert refusal(lambda c=code: third.auth.mfa.challenge_and_verify({"factor_id": factor_id, "code": c}))[:2] \
            == (422, "mfa_verification_failed")
