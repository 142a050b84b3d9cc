"""Security notification e-mails through a running stack and its mail sink: this project's (password and second
factor, in pt-BR), and GoTrue's English ones a stack turns on with GOTRUE_MAILER_NOTIFICATIONS_<KIND>_ENABLED."""
from __future__ import annotations

import os
import secrets
import time
import uuid

import httpx
import pyotp
import pytest
from auth_helpers import Api
from mail_sink import Mailbox

from harness import REPO_ROOT, StackProcess
from supastack.auth import otp


def _phone() -> str:
    return "55119" + "".join(secrets.choice("0123456789") for _ in range(8))


def _change_password(api: Api, email: str) -> None:
    token = api.sign_in(email)["access_token"]
    r = api.put("/user", token, json={"password": "Outra@456"})
    assert r.status_code == 200, r.text


def test_a_password_change_tells_the_user(api, user) -> None:
    box = Mailbox(api.stack)
    _change_password(api, user["email"])
    mail = box.wait_for(user["email"], subject="Sua senha foi alterada")
    text = mail["body"]["text"]
    assert f"A senha da sua conta ({user['email']}) acaba de ser alterada." in text
    assert "Se não foi você, redefina sua senha" in text
    assert box.count(user["email"]) == 1
    # a metadata change is no password change
    token = api.sign_in(user["email"], "Outra@456")["access_token"]
    assert api.put("/user", token, json={"data": {"nome": "Ana"}}).status_code == 200
    assert box.count(user["email"]) == 1


def test_enrolling_and_removing_a_second_factor_tell_the_user(api, user) -> None:
    box = Mailbox(api.stack)
    token = api.sign_in(user["email"])["access_token"]
    factor = api.post("/factors", token, json={"factor_type": "totp", "friendly_name": "Celular"}).json()
    assert box.count(user["email"]) == 0          # an enrolment is not done until its first code
    challenge = api.post(f"/factors/{factor['id']}/challenge", token, json={}).json()
    r = api.post(f"/factors/{factor['id']}/verify", token,
                 json={"challenge_id": challenge["id"], "code": pyotp.TOTP(factor["totp"]["secret"]).now()})
    assert r.status_code == 200, r.text
    mail = box.wait_for(user["email"], subject="Verificação em duas etapas ativada")
    assert f"Um novo método de verificação foi adicionado à sua conta ({user['email']})" in mail["body"]["text"]
    aal2 = r.json()["access_token"]
    # a later sign-in's verification is no new enrolment (with the next code: a code is accepted once)
    challenge = api.post(f"/factors/{factor['id']}/challenge", aal2, json={}).json()
    next_code = pyotp.TOTP(factor["totp"]["secret"]).at(time.time() + 30)
    r = api.post(f"/factors/{factor['id']}/verify", aal2, json={"challenge_id": challenge["id"], "code": next_code})
    assert r.status_code == 200, r.text
    assert box.count(user["email"]) == 1
    r = httpx.delete(f"{api.base}/factors/{factor['id']}", headers=api.headers(aal2))
    assert r.status_code == 200, r.text
    mail = box.wait_for(user["email"], subject="Método de verificação removido", after=1)
    assert "foi removido da sua conta" in mail["body"]["text"]
    assert box.count(user["email"]) == 2


def test_an_email_change_is_not_announced_unless_enabled(api, user) -> None:
    """This project leaves email_changed off (the CLI's default): the old address gets nothing."""
    box = Mailbox(api.stack)
    new = f"novo.{uuid.uuid4().hex[:8]}@example.test"
    token = api.sign_in(user["email"])["access_token"]
    assert api.put("/user", token, json={"email": new}).status_code == 200
    link = box.wait_for(new, subject="Confirme a alteração de e-mail")["body"]["text"]
    r = httpx.get(next(w for w in link.split() if w.startswith("http")), follow_redirects=False)
    assert r.status_code == 303 and "access_token=" in r.headers["location"]
    assert api.stack.sql("select email from auth.users where id = %s", (user["id"],)) == [(new,)]
    # the old address had only the secure change's confirmation, no notice
    assert [m["subject"] for m in box.list(user["email"])] == ["Confirme a alteração de e-mail"]


# --- a stack that turns GoTrue's notifications on and off by its environment -------------------------------

@pytest.fixture(scope="module")
def gotrue_env(cluster):
    # the project folder the auth stacks run (see conftest: AUTH_TEST_WORKDIR)
    workdir = os.environ.get("AUTH_TEST_WORKDIR") or REPO_ROOT
    s = StackProcess(cluster, workdir, name="notices", env={
        "SIGN_IN_FAILURES_PER_IP": "100000", "SIGN_IN_FAILURES_PER_EMAIL": "100000",
        "GOTRUE_MAILER_NOTIFICATIONS_PASSWORD_CHANGED_ENABLED": "false",
        "GOTRUE_MAILER_NOTIFICATIONS_EMAIL_CHANGED_ENABLED": "true",
        "GOTRUE_MAILER_NOTIFICATIONS_PHONE_CHANGED_ENABLED": "true",
        "GOTRUE_MAILER_NOTIFICATIONS_IDENTITY_LINKED_ENABLED": "true",
        "GOTRUE_MAILER_SUBJECTS_RECOVERY": "Recuperação para {{ .Email }}"})
    yield Api(s)
    s.stop()


def test_a_password_change_sends_nothing_when_disabled(gotrue_env) -> None:
    api, box = gotrue_env, Mailbox(gotrue_env.stack)
    user = api.create_user()
    _change_password(api, user["email"])
    # a later mail to the same address arrives alone (mails are sent before the response)
    assert api.post("/recover", json={"email": user["email"]}).status_code == 200
    mail = box.wait_for(user["email"], subject="Recuperação")
    assert mail["subject"] == f"Recuperação para {user['email']}"        # the subject's variable won
    assert [m["subject"] for m in box.list(user["email"])] == [mail["subject"]]


def test_an_email_change_tells_the_old_address(gotrue_env) -> None:
    api, box = gotrue_env, Mailbox(gotrue_env.stack)
    user = api.create_user()
    old, new = user["email"], f"novo.{uuid.uuid4().hex[:8]}@example.test"
    token = api.sign_in(old)["access_token"]
    assert api.put("/user", token, json={"email": new}).status_code == 200
    # secure e-mail change (the default): the current address gets a confirmation too, but no notice yet
    assert [m["subject"] for m in box.list(old)] == ["Confirme a alteração de e-mail"]
    text = box.wait_for(new, subject="Confirme a alteração de e-mail")["body"]["text"]
    r = httpx.get(next(w for w in text.split() if w.startswith("http")), follow_redirects=False)
    assert r.status_code == 303 and "access_token=" in r.headers["location"]
    mail = box.wait_for(old, subject="Your email address was changed", after=1)
    assert f"The email address for your account was changed from {old} to {new}." in mail["body"]["text"]
    assert box.count(new) == 1          # the new address only had its confirmation


def test_a_phone_change_tells_the_user_and_links_the_phone(gotrue_env) -> None:
    api, box = gotrue_env, Mailbox(gotrue_env.stack)
    user = api.create_user()
    old, phone, code = _phone(), _phone(), "123456"
    hashed = otp.token_hash(phone, code, api.stack.settings.jwt_secret)
    # a code of a phone change as /resend would have sent it (this project has no SMS provider)
    api.stack.sql("update auth.users set phone = %s, phone_change = %s, phone_change_token = %s,"
                  " phone_change_sent_at = now() where id = %s", (old, phone, hashed, user["id"]))
    r = api.post("/verify", json={"type": "phone_change", "phone": phone, "token": code})
    assert r.status_code == 200, r.text
    mail = box.wait_for(user["email"], subject="Your phone number was changed")
    assert f"The phone number for your account was changed from {old} to {phone}." in mail["body"]["text"]
    mail = box.wait_for(user["email"], subject="A new sign-in method was linked to your account")
    assert f"Your phone account was linked as a new sign-in method for {user['email']}." in mail["body"]["text"]
