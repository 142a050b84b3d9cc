"""Atendimento > Mensagens: one conversation per client across channels, newest activity first, paged by the
database with exact counts, unread counts, the filters (Não lidas, Minhas, Sem responsável, Resolvidas) and the
client-name search; staff only. Through the real supabase-py client."""
from __future__ import annotations

import time
import uuid

import pytest
from graph_fake import inbound_event, post_event
from postgrest.exceptions import APIError

from harness import StackProcess, signed_in
from supabase import Client, ClientOptions, create_client

ADMIN = "10000000-0000-4000-8000-000000000001"
ASSISTANT = "10000000-0000-4000-8000-000000000002"
MARIA = "c0000000-0000-4000-8000-000000000001"
JOAO = "c0000000-0000-4000-8000-000000000002"
APP_SECRET = "segredo-do-app-" + "c" * 16
PAGE = 10
TAG = "Conversa Lista"


@pytest.fixture(scope="module")
def stack(cluster):
    s = StackProcess(cluster, name="inbox")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def many(stack) -> list[str]:
    """27 clients of their own, client i active ten minutes after client i - 1: two read portal messages of the
    client, the office's reply, then i % 3 unread e-mails of the client; ids returned newest activity first."""
    ids = []
    for i in range(27):
        [(client_id,)] = stack.sql(
            "insert into clients (full_name, email, phone) values (%s, %s, null) returning id::text",
            (f"{TAG} {i:02d} Ávila", f"lista{i}-{uuid.uuid4().hex[:6]}@cliente.test"))
        at = f"now() - interval '2 days' + interval '{i * 10} minutes'"  # i is this loop's number, not input
        stack.sql("insert into messages (client_id, sender_type, content, channel, created_at, read_at) "
                  f"select %s, 'client', 'lida ' || g, 'portal', {at} - interval '5 minutes', now() "
                  "from generate_series(1, 2) g", (client_id,))
        stack.sql("insert into messages (client_id, sender_type, sender_id, content, created_at) "
                  f"values (%s, 'office', %s, 'resposta', {at} - interval '4 minutes')", (client_id, ADMIN))
        stack.sql("insert into messages (client_id, sender_type, content, channel, created_at) "
                  f"select %s, 'client', 'nova ' || g, 'email', {at} - interval '3 minutes' + g * interval '1 second' "
                  "from generate_series(1, %s) g", (client_id, i % 3))
        ids.append(client_id)
    return list(reversed(ids))


def listing(sb: Client, *, filter_: str = "all", search: str | None = None, limit: int = PAGE,
            offset: int = 0) -> list[dict]:
    return sb.rpc("conversation_list", {"p_filter": filter_, "p_search": search, "p_limit": limit,
                                        "p_offset": offset}).execute().data


def counts(sb: Client, search: str | None = None) -> dict:
    [row] = sb.rpc("conversation_counts", {"p_search": search}).execute().data
    return row


def test_pages_hold_every_conversation_once_newest_first_with_exact_counts(stack, many):
    admin = signed_in(stack, "admin@escritorio.test")
    pages = [listing(admin, search=TAG, offset=offset) for offset in (0, PAGE, 2 * PAGE)]
    assert [len(p) for p in pages] == [10, 10, 7]
    assert {row["total"] for page in pages for row in page} == {27}
    assert [row["client_id"] for page in pages for row in page] == many
    first = pages[0][0]
    # the newest (client 26): two unread e-mails, the office's portal reply before them
    assert first["client_name"] == f"{TAG} 26 Ávila"
    assert (first["unread"], first["last_channel"], first["last_sender"]) == (2, "email", "client")
    assert first["channels"] == ["portal", "email"]
    unread = {row["client_name"]: row["unread"] for page in pages for row in page}
    assert all(unread[f"{TAG} {i:02d} Ávila"] == i % 3 for i in range(27))
    # a client without new messages ends with the office's reply
    quiet = next(row for row in pages[0] if row["unread"] == 0)
    assert (quiet["last_message"], quiet["last_sender"]) == ("resposta", "office")
    # the tabs' numbers are the database's (18 of 27 have unread messages), the same as the list's totals
    assert counts(admin, TAG) == {"all_count": 27, "unread_count": 18, "mine_count": 0, "unassigned_count": 27,
                                  "resolved_count": 0}
    unread_pages = [listing(admin, filter_="unread", search=TAG, offset=o) for o in (0, PAGE)]
    assert [len(p) for p in unread_pages] == [10, 8] and unread_pages[1][0]["total"] == 18
    # the seed's clients are in the list too (all of them: the search is empty)
    everyone = listing(admin, limit=100)
    assert {MARIA, JOAO} <= {row["client_id"] for row in everyone}
    assert everyone[0]["total"] == counts(admin)["all_count"] == len(everyone)


def test_filters_follow_assignment_and_resolution(stack, many):
    admin = signed_in(stack, "admin@escritorio.test")
    assistant = signed_in(stack, "assistente@escritorio.test")
    mine, theirs, done = many[3], many[4], many[5]
    admin.table("conversations").update({"assigned_to": ADMIN}).eq("client_id", mine).execute()
    admin.table("conversations").update({"assigned_to": ASSISTANT}).eq("client_id", theirs).execute()
    assistant.table("conversations").update({"resolved_at": "2026-11-28T10:00:00Z"}).eq("client_id", done).execute()
    assert [r["client_id"] for r in listing(admin, filter_="mine", search=TAG)] == [mine]
    assert [r["client_id"] for r in listing(assistant, filter_="mine", search=TAG)] == [theirs]
    assert [r["assigned_name"] for r in listing(assistant, filter_="mine", search=TAG)] == ["Bruno Assistente"]
    assert [r["client_id"] for r in listing(admin, filter_="resolved", search=TAG)] == [done]
    unassigned = [r["client_id"] for r in listing(admin, filter_="unassigned", search=TAG, limit=100)]
    assert len(unassigned) == 24 and not {mine, theirs, done} & set(unassigned)
    assert counts(admin, TAG) == {"all_count": 27, "unread_count": 18, "mine_count": 1, "unassigned_count": 24,
                                  "resolved_count": 1}
    # reading a thread clears its unread count
    admin.rpc("mark_messages_read", {"p_client_id": many[0]}).execute()
    assert listing(admin, search=TAG, limit=1)[0]["unread"] == 0
    assert counts(admin, TAG)["unread_count"] == 17


def test_search_folds_accents_and_takes_wildcards_literally(stack, many):
    admin = signed_in(stack, "admin@escritorio.test")
    assert listing(admin, search="lista 07 avila")[0]["client_name"] == f"{TAG} 07 Ávila"
    assert listing(admin, search=f"{TAG} 1")[0]["total"] == 10
    for crafted in ("%", "_", "lista%avila", "') or true --", "*"):
        assert listing(admin, search=crafted) == [], crafted
        assert counts(admin, crafted)["all_count"] == 0


def test_an_office_reply_moves_activity_and_a_new_message_reopens(stack, many):
    admin = signed_in(stack, "admin@escritorio.test")
    oldest = many[-1]
    admin.table("conversations").update({"resolved_at": "2026-11-28T10:00:00Z"}).eq("client_id", oldest).execute()
    admin.table("messages").insert({"client_id": oldest, "sender_type": "office", "sender_id": ADMIN,
                                    "content": "Seguimos com o seu caso"}).execute()
    [top] = listing(admin, search=TAG, limit=1)
    assert (top["client_id"], top["last_sender"], top["last_message"]) == (oldest, "office", "Seguimos com o seu caso")
    assert top["resolved_at"] is not None   # the office's own reply leaves it resolved
    # the API cannot move a conversation's activity
    admin.table("conversations").update({"last_message_at": "2999-01-01T00:00:00Z"}).eq("client_id", many[9]) \
        .execute()
    assert listing(admin, search=TAG, limit=1)[0]["client_id"] == oldest


def test_an_inbound_whatsapp_message_reopens_a_resolved_conversation_at_the_top(stack):
    admin = signed_in(stack, "admin@escritorio.test")
    r = admin.functions.invoke("system-settings", invoke_options={"body": {"key": "whatsapp", "value": {
        "phoneNumberId": "1234567890", "accessToken": "EAAtoken-de-teste-lista", "appSecret": APP_SECRET,
        "verifyToken": "verifica-" + "l" * 16, "apiBaseUrl": "http://127.0.0.1:9", "apiVersion": "v21.0",
        "templateName": "atualizacao_caso", "languageCode": "pt_BR"}}})
    assert r
    admin.table("conversations").update({"resolved_at": "2026-11-28T10:00:00Z", "assigned_to": ADMIN}) \
        .eq("client_id", MARIA).execute()
    assert MARIA in {row["client_id"] for row in listing(admin, filter_="resolved", limit=100)}
    time.sleep(1.1)   # WhatsApp stamps messages in whole seconds: this one comes after the earlier tests' rows
    event = inbound_event("15085550142", {"type": "text", "text": {"body": "Voltei a escrever"}})
    assert post_event(f"{stack.url}/functions/v1/whatsapp-webhook", APP_SECRET, event).status_code == 200
    [top] = listing(admin, limit=1)
    assert (top["client_id"], top["last_message"], top["last_channel"]) == (MARIA, "Voltei a escrever", "whatsapp")
    assert top["resolved_at"] is None and top["unread"] >= 1 and top["assigned_to"] == ADMIN
    assert "whatsapp" in top["channels"]
    assert MARIA in {row["client_id"] for row in listing(admin, filter_="mine", limit=100)}


def test_a_client_cannot_read_the_list_or_another_clients_state(stack, many):
    maria = signed_in(stack, "maria.silva@cliente.test")
    for call in (lambda: listing(maria), lambda: counts(maria),
                 lambda: maria.rpc("conversation_rows", {"p_filter": "all", "p_search": ""}).execute()):
        with pytest.raises(APIError) as refused:
            call()
        assert refused.value.code == "42501"
    assert maria.table("conversations").select("client_id, assigned_to").eq("client_id", JOAO).execute().data == []
    assert maria.table("conversations").select("client_id").execute().data == []
    # nor change one
    maria.table("conversations").update({"resolved_at": "2026-11-28T10:00:00Z"}).eq("client_id", JOAO).execute()
    maria.table("conversations").update({"assigned_to": None}).eq("client_id", MARIA).execute()
    assert stack.sql("select resolved_at from conversations where client_id = %s", (JOAO,)) == [(None,)]


def test_a_user_without_a_staff_role_and_anon_are_refused(stack):
    service = create_client(stack.url, stack.service_role_key,
                            options=ClientOptions(auto_refresh_token=False, persist_session=False))
    email = f"sem-papel-{uuid.uuid4().hex[:8]}@escritorio.test"
    service.auth.admin.create_user({"email": email, "password": "Senha@12345", "email_confirm": True})
    nobody = signed_in(stack, email, "Senha@12345")
    with pytest.raises(APIError) as refused:
        listing(nobody)
    assert refused.value.code == "42501"
    anon = create_client(stack.url, stack.anon_key,
                         options=ClientOptions(auto_refresh_token=False, persist_session=False))
    with pytest.raises(APIError) as anon_refused:
        listing(anon)
    assert anon_refused.value.code in ("42501", "PGRST202")


def test_bad_filters_and_pages_are_refused(stack):
    admin = signed_in(stack, "admin@escritorio.test")
    for kwargs in ({"filter_": "todas"}, {"limit": 0}, {"limit": 101}, {"offset": -1}, {"search": "x" * 201}):
        with pytest.raises(APIError) as refused:
            listing(admin, **kwargs)  # type: ignore[arg-type]
        assert refused.value.code == "22023", kwargs
