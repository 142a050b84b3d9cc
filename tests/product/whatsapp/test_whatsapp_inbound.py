"""Clients answer on WhatsApp: signed inbound events land in the client's conversation once, unknown numbers
become leads, PARAR/STOP turns WhatsApp off, media comes through the Graph media endpoint within limits, and
staff replies follow the 24-hour window, enforced by the database, through the real supabase-py client."""
from __future__ import annotations

import json
import time

import httpx
import pytest
from graph_fake import FakeGraph, inbound_event, post_event, signature, status_event
from postgrest.exceptions import APIError
from storage3.exceptions import StorageApiError

from harness import StackProcess, access_token, signed_in

ADMIN = "10000000-0000-4000-8000-000000000001"
MARIA_USER = "10000000-0000-4000-8000-000000000005"
MARIA = "c0000000-0000-4000-8000-000000000001"
JOAO = "c0000000-0000-4000-8000-000000000002"
MARIA_WA = "15085550142"            # clients.phone '+1 (508) 555-0142'
JOAO_WA = "551112345678"             # '+55 (11) 91234-5678' as WhatsApp sends it: without the ninth digit
MARIA_REQUEST = "d6000000-0000-4000-8000-000000000002"
JOAO_REQUEST = "d6000000-0000-4000-8000-000000000003"
APP_SECRET = "segredo-do-app-" + "w" * 16
TOKEN = "EAAtoken-de-teste-whatsapp-1"
JPEG = b"\xff\xd8\xff\xe0" + b"\x00\x10JFIF" + b"\x00" * 64 + b"\xff\xd9"
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
FAST = {"OUTBOX_POLL_SECONDS": "0.1", "OUTBOX_BACKOFF_SECONDS": "0.2", "OUTBOX_BACKOFF_MAX_SECONDS": "1",
        "OUTBOX_LEASE_SECONDS": "3", "OUTBOX_MAX_ATTEMPTS": "3"}


@pytest.fixture(scope="module")
def graph():
    g = FakeGraph(access_token=TOKEN)
    yield g
    g.stop()


@pytest.fixture(scope="module")
def stack(cluster, graph):
    s = StackProcess(cluster, name="whatsapp", env=FAST)
    r = httpx.post(f"{s.url}/functions/v1/system-settings", timeout=30,
                   headers={"apikey": s.anon_key, "Authorization": f"Bearer {access_token(s, ADMIN)}"},
                   json={"key": "whatsapp", "value": {
                       "phoneNumberId": "1234567890", "accessToken": TOKEN, "appSecret": APP_SECRET,
                       "verifyToken": "verifica-" + "v" * 16, "apiBaseUrl": graph.url, "apiVersion": "v21.0",
                       "templateName": "atualizacao_caso", "languageCode": "pt_BR"}})
    assert r.status_code == 200, r.text
    yield s
    s.stop()


def webhook(stack) -> str:
    return f"{stack.url}/functions/v1/whatsapp-webhook"


def send(stack, wa_from: str, message: dict, **kw) -> httpx.Response:
    r = post_event(webhook(stack), APP_SECRET, inbound_event(wa_from, message, **kw))
    assert r.status_code == 200, r.text
    return r


def grant_whatsapp(stack, client_id: str, phone: str) -> None:
    stack.sql("insert into client_channel_consents (client_id, channel, granted, phone, granted_at) "
              "values (%s, 'whatsapp', true, %s, now()) on conflict (client_id, channel) do update "
              "set granted = true, phone = excluded.phone, granted_at = now(), revoked_at = null",
              (client_id, phone))


def wait_for(stack, query: str, params=(), timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while True:
        rows = stack.sql(query, params)
        if rows and all(v is not None for v in rows[0]):
            return rows
        if time.monotonic() > deadline:
            raise AssertionError(f"{query}: {rows}")
        time.sleep(0.1)


def test_a_bad_signature_is_refused_and_stores_nothing(stack):
    event = inbound_event(MARIA_WA, {"type": "text", "text": {"body": "mensagem forjada"}})
    raw = json.dumps(event).encode()
    for header in (signature("outro-segredo", raw), None, "sha1=abc"):
        headers = {"Content-Type": "application/json", **({"X-Hub-Signature-256": header} if header else {})}
        assert httpx.post(webhook(stack), content=raw, headers=headers, timeout=30).status_code == 401
    assert stack.sql("select count(*) from messages where content = 'mensagem forjada'") == [(0,)]


def test_a_text_lands_once_in_the_clients_conversation(stack):
    event = inbound_event(MARIA_WA, {"type": "text", "text": {"body": "Bom dia, enviei o formulário"}},
                          name="Maria")
    for _ in range(3):   # Meta delivers again when it does not hear back in time
        assert post_event(webhook(stack), APP_SECRET, event).status_code == 200
    rows = stack.sql("select client_id::text, sender_type, channel, read_at from messages "
                     "where content = 'Bom dia, enviei o formulário'")
    assert rows == [(MARIA, "client", "whatsapp", None)]
    [(window,)] = stack.sql("select whatsapp_window_open(%s)", (MARIA,))
    assert window is True
    # staff see it (unread) through the API; the client's own portal shows it too
    admin = signed_in(stack, "admin@escritorio.test")
    seen = admin.table("messages").select("content, channel").eq("client_id", MARIA).eq("channel", "whatsapp") \
        .execute().data
    assert {"content": "Bom dia, enviei o formulário", "channel": "whatsapp"} in seen


def test_brazilian_number_without_the_ninth_digit_finds_the_client(stack):
    send(stack, JOAO_WA, {"type": "location", "location": {"latitude": -23.55, "longitude": -46.63,
                                                            "name": "Escritório"}})
    [(client_id, content)] = stack.sql("select client_id::text, content from messages where channel = 'whatsapp' "
                                       "and content like 'Localização:%%'")
    assert client_id == JOAO and "Escritório" in content


def test_interactive_and_contacts_are_kept_as_text(stack):
    send(stack, MARIA_WA, {"type": "interactive", "interactive": {
        "type": "button_reply", "button_reply": {"id": "sim", "title": "Sim, confirmo a consulta"}}})
    send(stack, MARIA_WA, {"type": "contacts", "contacts": [
        {"name": {"formatted_name": "Pedro Silva"}, "phones": [{"phone": "+1 508 555 0199"}]}]})
    contents = {r[0] for r in stack.sql("select content from messages where client_id = %s and channel = 'whatsapp'",
                                        (MARIA,))}
    assert "Sim, confirmo a consulta" in contents and "Contato: Pedro Silva +1 508 555 0199" in contents


def test_an_unknown_number_becomes_a_lead_with_the_message(stack):
    event = inbound_event("5521987650000", {"type": "text", "text": {"body": "Quero saber sobre green card"}},
                          name="Paulo Lima")
    for _ in range(2):
        assert post_event(webhook(stack), APP_SECRET, event).status_code == 200
    rows = stack.sql("select name, phone, source, notes from leads where phone = '+5521987650000'")
    assert rows == [("Paulo Lima", "+5521987650000", "whatsapp", "WhatsApp: Quero saber sobre green card")]
    assert stack.sql("select count(*) from messages where content = 'Quero saber sobre green card'") == [(0,)]


def test_a_photo_is_downloaded_into_the_clients_folder_and_answers_the_only_open_request(stack, graph):
    [(open_requests,)] = stack.sql("select count(*) from document_requests r join processes p on p.id = r.process_id "
                                   "where p.client_id = %s and r.status = 'pending'", (MARIA,))
    assert open_requests == 1
    media_id = graph.add_media(JPEG, "image/jpeg")
    send(stack, MARIA_WA, {"type": "image", "image": {"id": media_id, "mime_type": "image/jpeg",
                                                      "caption": "Certidão"}})
    [(path, doc_request, shared, uploaded_by)] = stack.sql(
        "select d.file_path, d.document_request_id::text, d.shared_with_client, d.uploaded_by "
        "from messages m join client_documents d on d.id = m.document_id where m.content = 'Certidão'")
    assert path.startswith(f"{MARIA}/whatsapp/") and path.endswith(".jpg")
    assert (doc_request, shared, uploaded_by) == (MARIA_REQUEST, True, "client")
    assert stack.sql("select status from document_requests where id = %s", (MARIA_REQUEST,)) == [("fulfilled",)]
    assert {r["authorization"] for r in graph.media_requests} == {f"Bearer {TOKEN}"}
    [(size, mime)] = stack.sql("select (metadata->>'size')::int, metadata->>'mimetype' from storage.objects "
                               "where bucket_id = 'client_documents' and name = %s", (path,))
    assert (size, mime) == (len(JPEG), "image/jpeg")
    # the file is the client's: João cannot read it
    joao = signed_in(stack, "joao.souza@cliente.test")
    with pytest.raises(StorageApiError):
        joao.storage.from_("client_documents").download(path)


def test_media_limits_keep_the_message_but_not_the_file(stack, graph):
    too_big = graph.add_media(JPEG, "image/jpeg", declared_size=40 * 1024 * 1024)
    disguised = graph.add_media(b"<html><script>alert(1)</script></html>", "image/jpeg")
    audio = graph.add_media(b"OggS" + b"\x00" * 32, "audio/ogg")
    send(stack, MARIA_WA, {"type": "image", "image": {"id": too_big, "mime_type": "image/jpeg", "caption": "grande"}})
    send(stack, MARIA_WA, {"type": "document", "document": {"id": disguised, "mime_type": "image/jpeg",
                                                            "caption": "disfarçado"}})
    send(stack, MARIA_WA, {"type": "audio", "audio": {"id": audio, "mime_type": "audio/ogg"}})
    rows = dict(stack.sql("select split_part(content, ' (', 1), content from messages "
                          "where client_id = %s and channel = 'whatsapp' and document_id is null "
                          "and content like '%%arquivo não guardado%%'", (MARIA,)))
    assert "arquivo grande demais" in rows["grande"]
    assert "não corresponde ao tipo declarado" in rows["disfarçado"]
    assert "tipo de arquivo não aceito (audio/ogg)" in rows["Arquivo recebido pelo WhatsApp"]
    assert stack.sql("select count(*) from storage.objects where name like %s and "
                     "(metadata->>'mimetype') not in ('image/jpeg', 'application/pdf')", (f"{MARIA}/whatsapp/%",)) \
        == [(0,)]


def test_another_clients_request_cannot_be_answered_with_a_file(stack, graph):
    media_id = graph.add_media(PDF, "application/pdf")
    send(stack, MARIA_WA, {"type": "document", "document": {"id": media_id, "mime_type": "application/pdf",
                                                            "filename": "extrato.pdf"}})
    [(message_id,)] = stack.sql("select id::text from messages where content = 'Documento: extrato.pdf'")
    admin = signed_in(stack, "admin@escritorio.test")
    with pytest.raises(APIError) as refused:
        admin.rpc("attach_message_to_request", {"p_message_id": message_id, "p_request_id": JOAO_REQUEST}).execute()
    assert refused.value.code == "23503"
    assert stack.sql("select status from document_requests where id = %s", (JOAO_REQUEST,)) == [("pending",)]
    # the client cannot attach anything (staff only)
    maria = signed_in(stack, "maria.silva@cliente.test")
    with pytest.raises(APIError) as client_refused:
        maria.rpc("attach_message_to_request", {"p_message_id": message_id, "p_request_id": MARIA_REQUEST}).execute()
    assert client_refused.value.code == "42501"


def test_whatsapp_rows_cannot_be_forged_through_the_api(stack):
    admin = signed_in(stack, "admin@escritorio.test")
    with pytest.raises(APIError) as refused:
        admin.table("messages").insert({"client_id": MARIA, "sender_type": "office", "sender_id": ADMIN,
                                        "content": "finjo que foi pelo WhatsApp", "channel": "whatsapp"}).execute()
    assert refused.value.code == "42501"
    maria = signed_in(stack, "maria.silva@cliente.test")
    with pytest.raises(APIError):
        maria.table("messages").insert({"client_id": MARIA, "sender_type": "client", "sender_id": MARIA_USER,
                                        "content": "x", "channel": "whatsapp",
                                        "whatsapp_message_id": "wamid.FORJADO"}).execute()
    with pytest.raises(APIError):
        maria.rpc("send_whatsapp_reply", {"p_client_id": MARIA, "p_content": "oi"}).execute()


def test_reply_inside_the_window_goes_out_and_statuses_come_back(stack, graph):
    grant_whatsapp(stack, MARIA, "+15085550142")
    send(stack, MARIA_WA, {"type": "text", "text": {"body": "Pode me responder por aqui?"}})
    before = len(graph.requests)
    secretary = signed_in(stack, "secretaria@escritorio.test")
    reply = secretary.rpc("send_whatsapp_reply", {"p_client_id": MARIA, "p_content": "Claro, Maria!"}).execute().data
    assert reply["channel"] == "whatsapp" and reply["delivery_status"] == "queued"
    [(wamid,)] = wait_for(stack, "select d.provider_message_id from messages m join notification_deliveries d "
                                 "on d.id = m.delivery_id where m.id = %s and d.status = 'sent'", (reply["id"],))
    sent = [r["body"] for r in graph.requests[before:]]
    assert sent[0]["type"] == "text"
    assert sent[0]["text"]["body"] == "Claro, Maria!" and sent[0]["to"] == MARIA_WA
    assert stack.sql("select delivery_status from messages where id = %s", (reply["id"],)) == [("sent",)]
    for status in ("delivered", "read"):
        assert post_event(webhook(stack), APP_SECRET, status_event(wamid, status, MARIA_WA)).status_code == 200
    assert stack.sql("select delivery_status from messages where id = %s", (reply["id"],)) == [("read",)]
    # a WhatsApp reply is not notified again as a WhatsApp template
    assert stack.sql("select count(*) from notification_deliveries where payload->>'message_id' = %s "
                     "and template = 'office_message'", (reply["id"],)) == [(0,)]


def test_outside_the_window_only_approved_templates_are_accepted(stack, graph):
    grant_whatsapp(stack, JOAO, "+5511912345678")
    stack.sql("update conversations set whatsapp_last_inbound_at = now() - interval '25 hours' "
              "where client_id = %s", (JOAO,))
    admin = signed_in(stack, "admin@escritorio.test")
    with pytest.raises(APIError) as refused:
        admin.rpc("send_whatsapp_reply", {"p_client_id": JOAO, "p_content": "Olá João"}).execute()
    assert refused.value.code == "23514" and "Fora da janela de 24 horas" in refused.value.message
    with pytest.raises(APIError) as unapproved:
        admin.rpc("send_whatsapp_reply", {"p_client_id": JOAO, "p_content": "Olá", "p_template": "promocao"}).execute()
    assert unapproved.value.code == "23514"
    before = len(graph.requests)
    made = admin.rpc("send_whatsapp_reply", {"p_client_id": JOAO, "p_content": "Temos novidades no seu caso",
                                             "p_template": "office_message"}).execute().data
    wait_for(stack, "select d.provider_message_id from notification_deliveries d join messages m "
                    "on m.delivery_id = d.id where m.id = %s", (made["id"],))
    body = graph.requests[before]["body"]
    assert body["type"] == "template" and body["to"] == "5511912345678"
    assert body["template"]["components"][0]["parameters"][1]["text"] == "Temos novidades no seu caso"


def test_stop_turns_whatsapp_off_confirms_and_nothing_more_is_sent(stack, graph):
    grant_whatsapp(stack, MARIA, "+15085550142")
    before = len(graph.requests)
    send(stack, MARIA_WA, {"type": "text", "text": {"body": "PARAR"}})
    [(granted, revoked)] = stack.sql("select granted, revoked_at is not null from client_channel_consents "
                                     "where client_id = %s and channel = 'whatsapp'", (MARIA,))
    assert (granted, revoked) == (False, True)
    wait_for(stack, "select d.provider_message_id from notification_deliveries d where d.recipient = '+15085550142' "
                    "and d.payload->>'text' like 'Pronto: você não receberá%%'")
    confirmations = [r["body"] for r in graph.requests[before:]]
    assert len(confirmations) == 1 and confirmations[0]["text"]["body"].startswith("Pronto: você não receberá")
    admin = signed_in(stack, "admin@escritorio.test")
    with pytest.raises(APIError) as refused:
        admin.rpc("send_whatsapp_reply", {"p_client_id": MARIA, "p_content": "Ainda está aí?"}).execute()
    assert refused.value.message == "O cliente não autorizou mensagens pelo WhatsApp"
    # notifications of the case no longer go to WhatsApp either
    stack.sql("select notify(%s, 'stage_change', 'Seu processo mudou de etapa', 'x', null, '{}'::jsonb, null)",
              (MARIA_USER,))
    time.sleep(1.5)
    assert len(graph.requests) == before + 1


def test_staff_cannot_move_the_window_and_assign_only_staff(stack):
    send(stack, JOAO_WA, {"type": "text", "text": {"body": "Olá, escritório"}})
    stack.sql("update conversations set whatsapp_last_inbound_at = now() - interval '3 days' where client_id = %s",
              (JOAO,))
    admin = signed_in(stack, "admin@escritorio.test")
    admin.table("conversations").update({"whatsapp_last_inbound_at": "2999-01-01T00:00:00Z",
                                         "resolved_at": "2026-11-28T10:00:00Z"}).eq("client_id", JOAO).execute()
    [(window, resolved_by)] = stack.sql("select whatsapp_window_open(client_id), resolved_by::text from conversations "
                                        "where client_id = %s", (JOAO,))
    assert (window, resolved_by) == (False, ADMIN)
    with pytest.raises(APIError) as refused:
        admin.table("conversations").update({"assigned_to": MARIA_USER}).eq("client_id", JOAO).execute()
    assert refused.value.code == "23514"
    maria = signed_in(stack, "maria.silva@cliente.test")
    assert maria.table("conversations").select("client_id").execute().data == []
    # a new message from the client reopens the conversation
    send(stack, JOAO_WA, {"type": "text", "text": {"body": "Ainda preciso de ajuda"}})
    assert stack.sql("select resolved_at from conversations where client_id = %s", (JOAO,)) == [(None,)]


def test_a_message_sorts_after_an_office_reply_of_the_same_second_and_a_late_one_keeps_its_time(stack):
    """WhatsApp's timestamps are whole seconds: an answer sent right after the office's reply must not sort
    before it; a delivery Meta retried an hour later keeps the hour it was sent."""
    stack.sql("insert into messages (client_id, sender_type, content, created_at) "
              "values (%s, 'office', 'resposta do escritório neste segundo', now())", (MARIA,))
    send(stack, MARIA_WA, {"type": "text", "text": {"body": "resposta da cliente no mesmo segundo"},
                           "timestamp": str(int(time.time()))})
    [(office, client)] = stack.sql(
        "select (select created_at from messages where content = 'resposta do escritório neste segundo'), "
        "(select created_at from messages where content = 'resposta da cliente no mesmo segundo')")
    assert client > office
    hour_ago = int(time.time()) - 3600
    send(stack, MARIA_WA, {"type": "text", "text": {"body": "entregue com atraso"}, "timestamp": str(hour_ago)})
    [(late,)] = stack.sql("select extract(epoch from created_at)::float8 from messages "
                          "where content = 'entregue com atraso'")
    assert hour_ago <= late < hour_ago + 1
