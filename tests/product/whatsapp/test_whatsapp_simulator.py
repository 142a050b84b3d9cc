"""The development tool "Simular mensagem recebida" and its Graph stand-in: only administrators simulate, the
event goes through the signed webhook like Meta's, a photo comes through the media endpoint, and a reply sent
through the stand-in gets its delivered and read statuses back."""
from __future__ import annotations

import base64
import time

import httpx
import pytest
from postgrest.exceptions import APIError

from harness import StackProcess, access_token
from supabase import ClientOptions, create_client

ADMIN = "10000000-0000-4000-8000-000000000001"
LEGAL = "10000000-0000-4000-8000-000000000002"
MARIA_USER = "10000000-0000-4000-8000-000000000005"
MARIA = "c0000000-0000-4000-8000-000000000001"
TOKEN = "EAAtoken-do-simulador-123456"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 48


@pytest.fixture(scope="module")
def stack(cluster):
    s = StackProcess(cluster, name="whatsapp-sim", env={"OUTBOX_POLL_SECONDS": "0.1"})
    r = call(s, ADMIN, "POST", "system-settings", json={"key": "whatsapp", "value": {
        "phoneNumberId": "1234567890", "accessToken": TOKEN, "appSecret": "segredo-" + "s" * 20,
        "verifyToken": "verifica-" + "v" * 16, "apiBaseUrl": f"{s.url}/functions/v1/whatsapp-simulator/graph",
        "apiVersion": "v21.0", "templateName": "atualizacao_caso", "languageCode": "pt_BR"}})
    assert r.status_code == 200, r.text
    yield s
    s.stop()


def call(stack, user: str | None, method: str, name: str, **kw) -> httpx.Response:
    bearer = access_token(stack, user) if user else stack.anon_key
    return httpx.request(method, f"{stack.url}/functions/v1/{name}", timeout=60, **kw,
                         headers={"apikey": stack.anon_key, "Authorization": f"Bearer {bearer}"})


def test_only_administrators_simulate(stack):
    body = {"from": "+15085550142", "text": "não deveria chegar"}
    assert call(stack, None, "POST", "whatsapp-simulator", json=body).status_code == 401
    assert call(stack, LEGAL, "POST", "whatsapp-simulator", json=body).status_code == 403
    assert call(stack, MARIA_USER, "POST", "whatsapp-simulator", json=body).status_code == 403
    assert stack.sql("select count(*) from messages where content = 'não deveria chegar'") == [(0,)]
    # the Graph stand-in wants the configured access token
    r = httpx.post(f"{stack.url}/functions/v1/whatsapp-simulator/graph/v21.0/1234567890/messages",
                   json={"to": "15085550142"}, headers={"Authorization": "Bearer outro"}, timeout=30)
    assert r.status_code == 401
    bad = call(stack, ADMIN, "POST", "whatsapp-simulator", json={"from": "abc", "text": "x"})
    assert bad.status_code == 400 and bad.json()["message"].startswith("Telefone inválido")


def test_simulated_text_and_photo_arrive_and_a_reply_is_read(stack):
    assert call(stack, ADMIN, "GET", "whatsapp-simulator").json() == {"available": True, "configured": True}
    r = call(stack, ADMIN, "POST", "whatsapp-simulator", json={"from": "+15085550142", "text": "Olá, sou a Maria"})
    assert r.status_code == 200 and r.json()["webhook"] == {"recorded": 0, "received": {"message": 1}}, r.text
    r = call(stack, ADMIN, "POST", "whatsapp-simulator",
             json={"from": "+15085550142", "text": "Minha certidão", "file": base64.b64encode(PNG).decode(),
                   "mimeType": "image/png"})
    assert r.status_code == 200, r.text
    [(path, request_id)] = stack.sql(
        "select d.file_path, d.document_request_id::text from messages m "
        "join client_documents d on d.id = m.document_id where m.content = 'Minha certidão'")
    assert path.startswith(f"{MARIA}/whatsapp/") and path.endswith(".png") and request_id is not None

    stack.sql("insert into client_channel_consents (client_id, channel, granted, phone, granted_at) "
              "values (%s, 'whatsapp', true, '+15085550142', now()) on conflict (client_id, channel) do update "
              "set granted = true, phone = excluded.phone, granted_at = now()", (MARIA,))
    sb = create_client(stack.url, stack.anon_key, options=ClientOptions(auto_refresh_token=False,
                                                                        persist_session=False))
    sb.auth.sign_in_with_password({"email": "assistente@escritorio.test", "password": "Demo@12345"})
    reply = sb.rpc("send_whatsapp_reply", {"p_client_id": MARIA, "p_content": "Recebemos, obrigado!"}).execute().data
    deadline = time.monotonic() + 30
    while stack.sql("select delivery_status from messages where id = %s", (reply["id"],)) != [("read",)]:
        assert time.monotonic() < deadline, stack.sql("select delivery_status from messages where id = %s",
                                                      (reply["id"],))
        time.sleep(0.2)
    # the client's own session cannot reply as the office
    maria = create_client(stack.url, stack.anon_key, options=ClientOptions(auto_refresh_token=False,
                                                                           persist_session=False))
    maria.auth.sign_in_with_password({"email": "maria.silva@cliente.test", "password": "Demo@12345"})
    with pytest.raises(APIError) as refused:
        maria.rpc("send_whatsapp_reply", {"p_client_id": MARIA, "p_content": "eu mesma"}).execute()
    assert refused.value.code == "42501"
