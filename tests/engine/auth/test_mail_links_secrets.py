"""Auth e-mails behind a proxy with a real SMTP server: their links and codes never reach the stack log (whoever
reads it would sign in as anyone), and the links point at the API's external URL, where people off the server
can follow them. Through supabase-py's own calls."""
from __future__ import annotations

import re
import uuid
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from auth_helpers import PASSWORD
from mail_sink import Mailbox

from conftest import WORKDIR
from harness import StackProcess, free_port
from supabase import Client, create_client

EXTERNAL = "https://escritorio.example"
SECRET = "kR4v9Qm2Zt7Lp0Xw3Bn8Yc5Hd1Fs6Gj2Ue9Ta4Vi7Oq"


@pytest.fixture(scope="module")
def mstack(cluster):
    """Sign-ups with confirmations, the API's external URL, and SMTP_HOST set: mails go the way they go to an
    office's provider (here the stack's own sink, reached as any SMTP server)."""
    smtp_port = free_port()
    s = StackProcess(cluster, WORKDIR, name="authmail", seed=False, env={
        "ENABLE_EMAIL_CONFIRMATIONS": "true", "ENABLE_SIGNUP": "true", "API_EXTERNAL_URL": EXTERNAL,
        "JWT_SECRET": SECRET, "SETTINGS_ENCRYPTION_KEY": "Xc7nB2vL9pQ4wE1rT6yU3iO8aS5dF0gH2jK7lZ4mN9q",
        "INBUCKET_ENABLED": "true", "INBUCKET_PORT": str(free_port()),
        "INBUCKET_SMTP_PORT": str(smtp_port), "SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(smtp_port),
        "SIGN_IN_FAILURES_PER_IP": "100000", "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    yield s
    s.stop()


def client(stack: StackProcess, key: str | None = None) -> Client:
    return create_client(stack.url, key or stack.anon_key)


def new_email() -> str:
    return f"m{uuid.uuid4().hex[:12]}@example.test"


def mail_of(stack: StackProcess, to: str, subject: str) -> tuple[str, str, str]:
    """(link, token hash, code) of the newest mail to `to` with `subject`."""
    text = Mailbox(stack).wait_for(to, subject)["body"]["text"]
    link = re.search(r"(https?://\S+/auth/v1/verify\?\S+)", text).group(1)
    token = parse_qs(urlsplit(link).query)["token"][0]
    code = re.search(r"\b(\d{6})\b", text).group(1)
    return link, token, code


def confirmed_user(stack: StackProcess) -> str:
    email = new_email()
    admin = client(stack, stack.service_role_key).auth.admin
    admin.create_user({"email": email, "password": PASSWORD, "email_confirm": True})
    return email


def test_no_auth_mail_puts_its_link_or_token_in_the_log(mstack):
    sent: list[tuple[str, str]] = []   # (address, subject)
    # invitation (the admin API)
    invited = new_email()
    client(mstack, mstack.service_role_key).auth.admin.invite_user_by_email(invited)
    sent.append((invited, "Você foi convidado"))
    # magic link and recovery of a confirmed user
    known = confirmed_user(mstack)
    client(mstack).auth.sign_in_with_otp({"email": known})
    sent.append((known, "Seu link de acesso"))
    other = confirmed_user(mstack)
    client(mstack).auth.reset_password_for_email(other)
    sent.append((other, "Redefinição de senha"))
    # sign-up confirmation
    signed_up = new_email()
    client(mstack).auth.sign_up({"email": signed_up, "password": PASSWORD})
    sent.append((signed_up, "Confirme seu cadastro"))
    # e-mail change, from a signed-in session
    mover = confirmed_user(mstack)
    c = client(mstack)
    c.auth.sign_in_with_password({"email": mover, "password": PASSWORD})
    moved = new_email()
    c.auth.update_user({"email": moved})
    sent.append((moved, "Confirme a alteração de e-mail"))

    log = mstack.log_tail(10**7)
    for to, subject in sent:
        link, token, code = mail_of(mstack, to, subject)
        assert link not in log and token not in log, f"the {subject!r} link to {to} is in the stack log"
        assert not [line for line in log.splitlines() if to in line and code in line], f"the code to {to} is logged"
        assert to in log   # that a mail went, and to whom, is logged
    assert "/auth/v1/verify?" not in log and "token=" not in log
    for kind in ("invite", "magiclink", "recovery", "signup", "email_change"):
        assert f"auth mail ({kind}) sent to" in log


def test_mailed_links_use_the_external_url_and_still_verify(mstack):
    email = confirmed_user(mstack)
    client(mstack).auth.reset_password_for_email(email)
    link, _, _ = mail_of(mstack, email, "Redefinição de senha")
    assert link.startswith(EXTERNAL + "/auth/v1/verify?"), link
    # the proxy forwards the external address to the API: the link verifies there
    r = httpx.get(mstack.url + link.removeprefix(EXTERNAL), follow_redirects=False)
    assert r.status_code == 303, r.text
    fragment = parse_qs(urlsplit(r.headers["location"]).fragment)
    assert fragment["type"] == ["recovery"] and fragment["access_token"]
    # an invitation and the admin's generated link too
    invited = new_email()
    client(mstack, mstack.service_role_key).auth.admin.invite_user_by_email(invited)
    link, _, _ = mail_of(mstack, invited, "Você foi convidado")
    assert link.startswith(EXTERNAL + "/auth/v1/verify?")
    r = httpx.get(mstack.url + link.removeprefix(EXTERNAL), follow_redirects=False)
    assert parse_qs(urlsplit(r.headers["location"]).fragment)["type"] == ["invite"]
    generated = client(mstack, mstack.service_role_key).auth.admin.generate_link(
        {"type": "magiclink", "email": email})
    assert generated.properties.action_link.startswith(EXTERNAL + "/auth/v1/verify?")
