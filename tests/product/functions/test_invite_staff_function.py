"""invite-staff: an administrator invites → the mail in the sink → its link → a password → signed in with the role."""
from __future__ import annotations

import re
import uuid
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from mail_sink import Mailbox


@pytest.fixture
def invitee(functions_stack):
    email = f"convidado.{uuid.uuid4().hex[:8]}@escritorio.test"
    yield email
    functions_stack.sql("delete from auth.users where email = %s", (email,))


def test_administrator_invites_and_invitee_sets_password(functions_stack, tokens, call, invitee):
    box = Mailbox(functions_stack)
    redirect = functions_stack.settings.site_url.rstrip("/") + "/definir-senha"
    answer = call("invite-staff", tokens["admin@escritorio.test"],
                  {"email": invitee.upper(), "full_name": "Paula Paralegal", "role": "legal_assistant",
                   "redirect_to": redirect})
    assert answer.status_code == 200, answer.text
    user_id = answer.json()["user"]["id"]
    assert functions_stack.sql("select role from user_roles where user_id = %s", (user_id,)) == [("legal_assistant",)]
    assert functions_stack.sql("select full_name from profiles where id = %s", (user_id,)) == [("Paula Paralegal",)]

    mail = box.wait_for(invitee, subject="convidado")
    link = re.search(r"https?://\S+/auth/v1/verify\?\S+", mail["body"]["text"]).group(0)
    followed = httpx.get(link, follow_redirects=False)
    assert followed.status_code in (302, 303)
    landing = followed.headers["location"]
    assert landing.startswith(redirect + "#")
    session = parse_qs(urlsplit(landing).fragment)
    assert session["type"] == ["invite"]
    token = session["access_token"][0]

    headers = {"apikey": functions_stack.anon_key, "Authorization": f"Bearer {token}"}
    assert httpx.put(f"{functions_stack.url}/auth/v1/user", json={"password": "NovaSenha123"},
                     headers=headers).status_code == 200
    signed_in = httpx.post(f"{functions_stack.url}/auth/v1/token?grant_type=password",
                           json={"email": invitee, "password": "NovaSenha123"},
                           headers={"apikey": functions_stack.anon_key})
    assert signed_in.status_code == 200
    roles = httpx.get(f"{functions_stack.url}/rest/v1/user_roles?select=role&user_id=eq.{user_id}",
                      headers={"apikey": functions_stack.anon_key,
                               "Authorization": f"Bearer {signed_in.json()['access_token']}"}).json()
    assert roles == [{"role": "legal_assistant"}]


def test_only_administrators_invite(functions_stack, tokens, call, invitee):
    body = {"email": invitee, "full_name": "Alguém Novo", "role": "administrator"}
    for who in ("secretaria@escritorio.test", "assistente@escritorio.test", "maria.silva@cliente.test"):
        refused = call("invite-staff", tokens[who], body)
        assert refused.status_code == 403
        assert refused.json()["error"] == "Apenas administradores podem convidar usuários"
    assert call("invite-staff", None, body).status_code == 401
    assert functions_stack.sql("select 1 from auth.users where email = %s", (invitee,)) == []


def test_clear_errors(functions_stack, tokens, call):
    admin = tokens["admin@escritorio.test"]
    taken = call("invite-staff", admin,
                 {"email": "maria.silva@cliente.test", "full_name": "Maria", "role": "secretary"})
    assert taken.status_code == 409 and taken.json()["error"] == "Este e-mail já está cadastrado"
    bad = call("invite-staff", admin, {"email": "sem-arroba", "full_name": "Fulano", "role": "secretary"})
    assert bad.status_code == 400 and bad.json()["error"] == "E-mail inválido"
    role = call("invite-staff", admin, {"email": "x@escritorio.test", "full_name": "Fulano", "role": "client"})
    assert role.status_code == 400 and "perfil" in role.json()["error"]
    assert functions_stack.sql("select 1 from auth.users where email = 'x@escritorio.test'") == []
