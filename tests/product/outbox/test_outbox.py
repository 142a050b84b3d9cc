"""Notifications through the outbox on one stack: the trigger's rows, e-mail into the stack's own mail sink,
WhatsApp to a fake Graph API and its signed status webhooks, consent, and who may see and re-send."""
from __future__ import annotations

import hashlib
import hmac
import json
import uuid

import httpx
import pytest
from mail_sink import Mailbox
from outbox_helpers import (
    ADMIN,
    LEGAL,
    MARIA,
    MARIA_EMAIL,
    MARIA_USER,
    change_stage,
    consent,
    new_stack,
    rest,
    wait_rows,
)

from harness import access_token

APP_SECRET = "segredo-do-app-" + "x" * 16
VERIFY = "verifica-" + "y" * 16


@pytest.fixture(scope="module")
def graph():
    from fakes import FakeGraph
    g = FakeGraph()
    yield g
    g.stop()


def save_whatsapp_settings(stack, graph, access: str) -> None:
    """Integrações > WhatsApp as the administrator saves it, pointed at the fake Graph API."""
    token = access_token(stack, ADMIN)
    r = httpx.post(f"{stack.url}/functions/v1/system-settings", timeout=30,
                   headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}"},
                   json={"key": "whatsapp", "value": {
                       "phoneNumberId": "1234567890", "accessToken": access,
                       "appSecret": APP_SECRET, "verifyToken": VERIFY, "apiBaseUrl": graph.url,
                       "apiVersion": "v21.0", "templateName": "atualizacao_caso", "languageCode": "pt_BR"}})
    assert r.status_code == 200, r.text


@pytest.fixture(scope="module")
def stack(cluster, graph):
    s = new_stack(cluster, "outbox")
    save_whatsapp_settings(s, graph, "EAAtoken-de-teste-123456")
    # the token is stored encrypted
    [(stored,)] = s.sql("select value->>'accessToken' from public.system_settings where key = 'whatsapp'")
    assert stored.startswith("enc:v1:")
    yield s
    s.stop()


def test_without_consent_only_the_in_app_notification_is_made(stack):
    stack.sql("delete from public.client_channel_consents")
    result = change_stage(stack)
    assert result == {"client_notified": True, "channels": []}
    rows = stack.sql("select channel from public.notification_deliveries d join public.notifications n "
                     "on n.id = d.notification_id where n.user_id = %s and n.kind = 'stage_change'", (MARIA_USER,))
    assert rows and {r[0] for r in rows} == {"in_app"}


def test_stage_change_mails_the_client_through_the_sink(stack):
    consent(stack, "email")
    box = Mailbox(stack)
    before = box.count(MARIA_EMAIL)
    result = change_stage(stack, message="Sua entrevista foi marcada, veja os detalhes no portal.")
    assert result == {"client_notified": True, "channels": ["email"]}
    mail = box.wait_for(MARIA_EMAIL, subject="Seu processo mudou de etapa", after=before)
    assert "Sua entrevista foi marcada" in mail["body"]["text"] and "Olá, Maria Silva" in mail["body"]["text"]
    assert "<html" in mail["body"]["html"] and "Abrir no portal" in mail["body"]["html"]
    assert mail["body"]["html"].count("/cliente/processos") == 1
    [(status, attempts, pmid)] = stack.sql(
        "select status, attempts, provider_message_id from public.notification_deliveries "
        "where channel = 'email' and payload->>'message' like 'Sua entrevista%%'")
    assert (status, attempts) == ("sent", 1) and pmid == mail["message_id"]


def test_html_of_the_notification_is_escaped(stack):
    consent(stack, "email")
    box = Mailbox(stack)
    before = box.count(MARIA_EMAIL)
    r = rest(stack, ADMIN, "POST", "messages",
             json={"client_id": MARIA, "sender_type": "office", "content": "<script>alert(1)</script> olá"})
    assert r.status_code == 201, r.text
    mail = box.wait_for(MARIA_EMAIL, subject="Nova mensagem do escritório", after=before)
    assert "<script>" not in mail["body"]["html"] and "&lt;script&gt;" in mail["body"]["html"]


def test_whatsapp_goes_as_an_approved_template_and_webhooks_update_the_row(stack, graph):
    consent(stack, "whatsapp", "+1 (508) 555-0142")
    [(phone,)] = stack.sql("select phone from public.client_channel_consents where channel = 'whatsapp'")
    assert phone == "+15085550142"
    sent_before = len(graph.requests)
    result = change_stage(stack)
    assert set(result["channels"]) == {"email", "whatsapp"}
    [(row_id, status, _, wamid, _, _)] = wait_rows(
        stack, "channel = 'whatsapp' and status = 'sent' and created_at > now() - interval '1 minute'")
    request = graph.requests[sent_before]
    assert request["phone_id"] == "1234567890" and request["authorization"] == "Bearer EAAtoken-de-teste-123456"
    body = request["body"]
    assert body["to"] == "15085550142" and body["type"] == "template"
    assert body["template"]["name"] == "atualizacao_caso" and body["template"]["language"] == {"code": "pt_BR"}
    assert body["template"]["components"][0]["parameters"][0]["text"] == "Seu processo mudou de etapa"
    [(key,)] = stack.sql("select idempotency_key from public.notification_deliveries where id = %s", (row_id,))
    assert body["biz_opaque_callback_data"] == key and wamid.startswith("wamid.")

    webhook = f"{stack.url}/functions/v1/whatsapp-webhook"
    event = {"object": "whatsapp_business_account", "entry": [{"changes": [{"field": "messages", "value": {
        "statuses": [{"id": wamid, "status": "delivered", "timestamp": "1764000000",
                      "recipient_id": "15085550142"}]}}]}]}
    raw = json.dumps(event).encode()
    good = "sha256=" + hmac.new(APP_SECRET.encode(), raw, hashlib.sha256).hexdigest()
    bad = "sha256=" + hmac.new(b"outro-segredo", raw, hashlib.sha256).hexdigest()
    for signature in (bad, None):
        headers = {"Content-Type": "application/json", **({"X-Hub-Signature-256": signature} if signature else {})}
        assert httpx.post(webhook, content=raw, headers=headers).status_code == 401
    assert stack.sql("select provider_status from public.notification_deliveries where id = %s",
                     (row_id,)) == [(None,)]
    r = httpx.post(webhook, content=raw, headers={"Content-Type": "application/json", "X-Hub-Signature-256": good})
    assert r.status_code == 200 and r.json() == {"recorded": 1}
    assert stack.sql("select provider_status, status from public.notification_deliveries where id = %s",
                     (row_id,)) == [("delivered", "sent")]
    # the subscription handshake answers the challenge only to the configured verify token
    q = {"hub.mode": "subscribe", "hub.challenge": "4242"}
    assert httpx.get(webhook, params={**q, "hub.verify_token": VERIFY}).text == "4242"
    assert httpx.get(webhook, params={**q, "hub.verify_token": "errado"}).status_code == 403


def test_graph_errors_are_retried_and_a_refusal_is_dead(stack, graph):
    consent(stack, "whatsapp", "+15085550142")
    graph.script = [500]
    change_stage(stack)
    [(_, _, attempts, _, _, _)] = wait_rows(
        stack, "channel = 'whatsapp' and status = 'sent' and attempts = 2 and created_at > now() - interval '1 minute'")
    graph.script = [400]
    change_stage(stack)
    [(row_id, _, attempts, _, error, _)] = wait_rows(
        stack, "channel = 'whatsapp' and status = 'dead' and created_at > now() - interval '1 minute'")
    assert attempts == 1 and "400" in error
    row_id = str(row_id)

    # an administrator re-sends a dead delivery; other staff cannot, nor see deliveries at all
    r = rest(stack, LEGAL, "POST", "rpc/resend_delivery", json={"p_id": row_id})
    assert r.status_code == 403
    assert rest(stack, LEGAL, "GET", "notification_deliveries?select=id").json() == []
    assert rest(stack, MARIA_USER, "GET", "notification_deliveries?select=id").json() == []
    seen = rest(stack, ADMIN, "GET", f"notification_deliveries?select=id,status&id=eq.{row_id}").json()
    assert seen == [{"id": row_id, "status": "dead"}]
    r = rest(stack, ADMIN, "POST", "rpc/resend_delivery", json={"p_id": row_id})
    assert r.status_code == 200 and r.json()["attempts"] == 0 and r.json()["status"] == "queued"
    wait_rows(stack, "id = %s and status = 'sent'", (row_id,))
    assert rest(stack, ADMIN, "POST", "rpc/resend_delivery", json={"p_id": row_id}).status_code >= 400



def test_resending_a_whatsapp_notice_whose_delivery_failed_sends_a_new_message(stack, graph):
    consent(stack, "whatsapp", "+15085550142")
    change_stage(stack)
    [(row_id, _, _, first_id, _, _)] = wait_rows(
        stack, "channel = 'whatsapp' and status = 'sent' and provider_message_id is not null "
               "and created_at > now() - interval '10 seconds' order by created_at desc limit 1")
    # Meta reports the message undeliverable: the row is dead, the failed message's id stays on it
    stack.sql("select public.record_whatsapp_status(%s, 'failed', null, 'Número sem WhatsApp')", (first_id,))
    assert stack.sql("select status from public.notification_deliveries where id = %s", (row_id,)) == [("dead",)]
    sent_before = len(graph.requests)
    r = rest(stack, ADMIN, "POST", "rpc/resend_delivery", json={"p_id": str(row_id)})
    assert r.status_code == 200 and r.json()["provider_message_id"] is None
    [(_, _, _, second_id, _, _)] = wait_rows(stack, "id = %s and status = 'sent'", (row_id,))
    assert len(graph.requests) == sent_before + 1          # really sent again, not just marked sent
    assert second_id and second_id != first_id
    # a late status of the failed message no longer touches the row
    stack.sql("select public.record_whatsapp_status(%s, 'failed')", (first_id,))
    assert stack.sql("select status from public.notification_deliveries where id = %s", (row_id,)) == [("sent",)]

def test_notifications_are_private_and_notify_is_not_an_api(stack):
    mine = rest(stack, MARIA_USER, "GET", "notifications?select=user_id").json()
    assert mine and {n["user_id"] for n in mine} == {MARIA_USER}
    r = rest(stack, MARIA_USER, "POST", "rpc/notify", json={"p_user_id": ADMIN, "p_kind": "x", "p_title": "oi"})
    assert r.status_code in (401, 403, 404)
    # a user marks its own notification read, and nothing else of it
    [(nid,)] = stack.sql("select id from public.notifications where user_id = %s limit 1", (MARIA_USER,))
    r = rest(stack, MARIA_USER, "PATCH", f"notifications?id=eq.{nid}", json={"read_at": "2025-11-25T12:00:00Z"})
    assert r.status_code in (200, 204)
    r = rest(stack, MARIA_USER, "PATCH", f"notifications?id=eq.{nid}", json={"title": "outro"})
    assert r.status_code in (401, 403)
    # consent is the client's own: staff cannot set it, and an invalid phone is refused
    assert rest(stack, ADMIN, "POST", "rpc/set_channel_consent",
                json={"p_channel": "email", "p_granted": True}).status_code == 403
    r = rest(stack, MARIA_USER, "POST", "rpc/set_channel_consent",
             json={"p_channel": "whatsapp", "p_granted": True, "p_phone": "123"})
    assert r.status_code == 400 and "Telefone inválido" in r.json()["message"]


def test_client_message_tells_the_staff_in_app(stack):
    text = f"mensagem {uuid.uuid4().hex[:6]}"
    r = rest(stack, MARIA_USER, "POST", "messages",
             json={"client_id": MARIA, "sender_type": "client", "sender_id": MARIA_USER, "content": text})
    assert r.status_code == 201, r.text
    rows = stack.sql("select n.user_id::text, d.channel from public.notifications n join "
                     "public.notification_deliveries d on d.notification_id = n.id where n.body = %s", (text,))
    assert {r[0] for r in rows} == {ADMIN, LEGAL} and {r[1] for r in rows} == {"in_app"}


def test_a_token_replaced_in_integracoes_is_used_for_the_next_message(stack, graph):
    # the worker reads the settings for every send: with the old token kept for 30 s, the next messages went out
    # with it, were refused (401) and waited for their retry
    consent(stack, "whatsapp", "+15085550142")
    [(first,)] = stack.sql("select now()")
    change_stage(stack)
    wait_rows(stack, "channel = 'whatsapp' and status = 'sent' and created_at >= %s", (first,))
    save_whatsapp_settings(stack, graph, "EAAtoken-novo-7654321")
    sent_before = len(graph.requests)
    [(second,)] = stack.sql("select now()")
    change_stage(stack)
    [(_, _, attempts, _, _, _)] = wait_rows(
        stack, "channel = 'whatsapp' and status = 'sent' and created_at >= %s", (second,))
    assert attempts == 1
    assert [r["authorization"] for r in graph.requests[sent_before:]] == ["Bearer EAAtoken-novo-7654321"]
