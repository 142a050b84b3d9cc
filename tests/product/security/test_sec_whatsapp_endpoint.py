"""WhatsApp's apiBaseUrl cannot send the office's messages (and its access token) anywhere: in production mode
only the official Graph host is accepted, by system-settings and again by the outbox; and what the provider
answers is never stored or shown as it came (status, Graph's numeric code and a well-formed id only)."""
from __future__ import annotations

import asyncio

import httpx
import pytest
from production_stack import production_stack, staff_token
from psycopg.types.json import Jsonb

from office_outbox import whatsapp

SETTING = {"phoneNumberId": "1234567890", "accessToken": "EAA-token-secreto", "appSecret": "segredo-do-app",
           "verifyToken": "verifica", "templateName": "atualizacao_caso"}


@pytest.fixture(scope="module")
def prod(cluster):
    s = production_stack(cluster)
    yield s
    s.stop()


def _save(stack, token: str, value: dict) -> httpx.Response:
    return httpx.post(f"{stack.url}/functions/v1/system-settings", json={"key": "whatsapp", "value": value},
                      headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}"}, timeout=30)


def test_production_accepts_only_the_official_graph_host(prod):
    admin = staff_token(prod)
    for url in ("http://127.0.0.1:9/fake", "https://graph.facebook.com.evil.example", "https://evil.example"):
        refused = _save(prod, admin, {**SETTING, "apiBaseUrl": url})
        assert refused.status_code == 400, url
        assert refused.json()["message"] == "Em produção, a API do WhatsApp é somente https://graph.facebook.com"
        assert prod.sql("select count(*) from system_settings where key = 'whatsapp'") == [(0,)]
    for value in ({**SETTING, "apiBaseUrl": "https://graph.facebook.com/"}, SETTING):
        assert _save(prod, admin, value).status_code == 200


def test_development_accepts_a_local_fake_but_not_other_schemes(attacker, sec_stack):
    stored = sec_stack.sql("select value from system_settings where key = 'whatsapp'")
    for url in ("file:///etc/passwd", "http://user:pw@127.0.0.1:9", "gopher://127.0.0.1:70"):
        answer = attacker.post("/functions/v1/system-settings", "admin",
                               json={"key": "whatsapp", "value": {**SETTING, "apiBaseUrl": url}})
        assert answer.status_code == 400 and "inválido" in answer.json()["message"], url
    assert sec_stack.sql("select value from system_settings where key = 'whatsapp'") == stored
    local = attacker.post("/functions/v1/system-settings", "admin",
                          json={"key": "whatsapp", "value": {**SETTING, "apiBaseUrl": "http://127.0.0.1:9"}})
    assert local.status_code == 200, local.text
    sec_stack.sql("delete from system_settings where key = 'whatsapp'")
    if stored:
        sec_stack.sql("insert into system_settings (key, value) values ('whatsapp', %s)", (Jsonb(stored[0][0]),))


def _config(url: str) -> whatsapp.WhatsAppConfig:
    return whatsapp.WhatsAppConfig(phone_number_id="1234567890", access_token="EAA-token-secreto",
                                   api_base_url=url, template_name="atualizacao_caso")


def _send(handler, url: str = "https://graph.facebook.com",
          production: bool = False) -> tuple[str | None, str | None, list[httpx.Request]]:
    seen: list[httpx.Request] = []

    def record(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return handler(request)

    async def go():
        async with httpx.AsyncClient(transport=httpx.MockTransport(record)) as client:
            try:
                return await whatsapp.send(client, _config(url), "+5511912345678", "uscis_status",
                                           {"title": "t", "body": "b"}, "key-1", production=production), None
            except whatsapp.SendError as exc:
                return None, str(exc)
    sent, error = asyncio.run(go())
    return sent, error, seen


def test_the_outbox_never_calls_another_host_in_production():
    sent, error, seen = _send(lambda r: httpx.Response(200, json={"messages": [{"id": "wamid.x"}]}),
                              url="http://127.0.0.1:9", production=True)
    assert seen == [] and sent is None and "somente https://graph.facebook.com" in error
    sent, error, seen = _send(lambda r: httpx.Response(200, json={"messages": [{"id": "wamid.HBgL"}]}),
                              production=True)
    assert sent == "wamid.HBgL" and [str(r.url.host) for r in seen] == ["graph.facebook.com"]


def test_provider_answers_are_not_stored_verbatim():
    leak = "<script>alert(1)</script> token=EAA-token-secreto " + "x" * 500
    _, error, _ = _send(lambda r: httpx.Response(400, json={"error": {"message": leak, "code": 131026}}))
    assert error == "WhatsApp 400 (código 131026)"
    _, error, _ = _send(lambda r: httpx.Response(502, text=leak))
    assert error == "WhatsApp 502"
    _, error, _ = _send(lambda r: httpx.Response(200, json={"messages": [{"id": leak}]}))
    assert error == "WhatsApp: resposta inesperada (HTTP 200)"
    _, error, _ = _send(lambda r: httpx.Response(200, text=leak))
    assert error == "WhatsApp: resposta inesperada (HTTP 200)"
