"""Trust and roles (DESIGN section 9), through supabase-py with real log-ins on a stack of this module's own.

- a user is staff or a client, never both (23514 with a pt-BR message);
- finance follows the spec's role table; revenue and receivables are for administrators only;
- what staff upload or generate is internal until shared; a client reads only shared documents and their files;
- a client's rows that name a process or a storage path name its own;
- with the staff second factor required, a staff session below aal2 reads none of its own notifications or
  commissions either.
"""
from __future__ import annotations

import asyncio
import json
import uuid

import psycopg
import pyotp
import pytest
import websockets
from postgrest.exceptions import APIError
from storage3.exceptions import StorageApiError

from harness import StackProcess
from supabase import Client, ClientOptions, create_client

PASSWORD = "Demo@12345"
ADMIN = "admin@escritorio.test"
ASSISTANT = "assistente@escritorio.test"
COMMERCIAL = "comercial@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
MARIA = "maria.silva@cliente.test"
JOAO = "joao.souza@cliente.test"

MARIA_USER = "10000000-0000-4000-8000-000000000005"
SECRETARY_USER = "10000000-0000-4000-8000-000000000004"
COMMERCIAL_USER = "10000000-0000-4000-8000-000000000003"
ASSISTANT_USER = "10000000-0000-4000-8000-000000000002"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
JOAO_CLIENT = "c0000000-0000-4000-8000-000000000002"
MARIA_PROCESS = 1
JOAO_PROCESS = 2
JOAO_DRAFT_QUOTE = "f3000000-0000-4000-8000-000000000002"
BUCKET = "client_documents"

MONEY_TABLES = ("financial_contracts", "financial_installments", "financial_payments", "financial_quotes",
                "financial_quote_items")
REVENUE_VIEWS = ("financial_monthly_revenue", "financial_revenue_by_case_type", "financial_receivables_aging")


@pytest.fixture(scope="module")
def tstack(cluster):
    s = StackProcess(cluster, name="trust", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                          "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    yield s
    s.stop()


def signed_in(stack: StackProcess, email: str) -> Client:
    sb = create_client(stack.url, stack.anon_key,
                       options=ClientOptions(auto_refresh_token=False, persist_session=False))
    sb.auth.sign_in_with_password({"email": email, "password": PASSWORD})
    return sb


def count(sb: Client, table: str) -> int:
    return len(sb.table(table).select("*").execute().data)


def refused(call) -> APIError:
    with pytest.raises(APIError) as error:
        call()
    return error.value


async def _realtime_seen(stack: StackProcess, token: str, table: str, action, settle: float = 1.5) -> list[dict]:
    """postgres_changes payloads of `table` a socket joined with `token` receives while `action()` runs."""
    url = stack.url.replace("http", "ws", 1) + f"/realtime/v1/websocket?apikey={stack.anon_key}&vsn=1.0.0"
    seen: list[dict] = []
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps({"topic": "realtime:trust", "event": "phx_join", "ref": "1", "payload": {
            "config": {"postgres_changes": [{"event": "*", "schema": "public", "table": table}]},
            "access_token": token}}))
        loop = asyncio.get_running_loop()
        deadline, acted = loop.time() + 10, False
        while loop.time() < deadline:
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 0.2))
            except TimeoutError:
                continue
            if frame.get("event") == "system" and not acted:
                await asyncio.to_thread(action)
                acted, deadline = True, loop.time() + settle
            elif frame.get("event") == "postgres_changes":
                seen.append(frame["payload"]["data"])
        assert acted, "the channel never reported its subscription"
    return seen


def realtime_notifications(stack: StackProcess, sb: Client, user_id: str) -> list[str]:
    """Titles of the notifications for `user_id` that reach `sb`'s session live while one is written."""
    title = f"Ao vivo {uuid.uuid4().hex[:6]}"
    token = sb.auth.get_session().access_token
    seen = asyncio.run(_realtime_seen(stack, token, "notifications", lambda: stack.sql(
        "select public.notify(%s, 'teste', %s, 'A-number A123456789', '/clientes', '{}'::jsonb, %s)",
        (user_id, title, f"trust:{uuid.uuid4()}"))))
    return [p["record"]["title"] for p in seen if p.get("record") and p["record"].get("title") == title]


def pdf(label: str) -> bytes:
    return b"%PDF-1.4\n% " + label.encode() + b"\n%%EOF\n"


# ---------------------------------------------------------------------------------------------------------
# 1. staff or client, never both
# ---------------------------------------------------------------------------------------------------------
def test_a_client_never_becomes_staff_nor_staff_a_client(tstack):
    admin = signed_in(tstack, ADMIN)
    for role in ("secretary", "administrator", "legal_assistant", "commercial"):
        error = refused(lambda role=role: admin.table("user_roles").insert(
            {"user_id": MARIA_USER, "role": role}).execute())
        assert error.code == "23514", error
        assert "cliente não pode receber uma função da equipe" in error.message
    # changing the client's one role row in place is refused the same way
    error = refused(lambda: admin.table("user_roles").update({"role": "secretary"})
                    .eq("user_id", MARIA_USER).eq("role", "client").execute())
    assert error.code == "23514"
    # and staff never become clients
    error = refused(lambda: admin.table("user_roles").insert({"user_id": SECRETARY_USER, "role": "client"}).execute())
    assert error.code == "23514"
    assert "equipe não pode receber a função de cliente" in error.message

    assert tstack.sql("select role from public.user_roles where user_id = %s", (MARIA_USER,)) == [("client",)]
    assert tstack.sql("select role from public.user_roles where user_id = %s", (SECRETARY_USER,)) == [("secretary",)]
    # Maria still reads as a client: her own client row and nothing else
    assert count(signed_in(tstack, MARIA), "clients") == 1

    # nor does a client record get linked to a staff login, whoever writes
    with pytest.raises(psycopg.errors.CheckViolation):
        tstack.sql("insert into public.clients (full_name, email, user_id) values ('Equipe Cliente', "
                   "'equipe.cliente@cliente.test', %s)", (SECRETARY_USER,))


# ---------------------------------------------------------------------------------------------------------
# 2. finance by role
# ---------------------------------------------------------------------------------------------------------
def test_finance_follows_the_role_table(tstack):
    admin, assistant = signed_in(tstack, ADMIN), signed_in(tstack, ASSISTANT)
    commercial, secretary = signed_in(tstack, COMMERCIAL), signed_in(tstack, SECRETARY)

    for table in MONEY_TABLES:
        everything = count(admin, table)
        assert everything > 0, table
        assert count(assistant, table) == everything, table
        assert count(secretary, table) == 0, table
    for table in ("financial_contracts", "financial_installments", "financial_payments"):
        assert count(commercial, table) == 0, table

    # the commercial user reads the quotes it sells, and their lines
    sold = {q["id"] for q in admin.table("financial_quotes").select("id").eq("seller_id", COMMERCIAL_USER)
            .execute().data}
    assert sold and len(sold) < count(admin, "financial_quotes")
    assert {q["id"] for q in commercial.table("financial_quotes").select("id").execute().data} == sold
    assert {i["quote_id"] for i in commercial.table("financial_quote_items").select("quote_id").execute().data} <= sold

    # it creates a quote: it sells it (seller_id defaults to the creator); managers see it too
    mine = commercial.table("financial_quotes").insert(
        {"client_id": MARIA_CLIENT, "title": "Orçamento da Carla", "total_amount": 120}).execute().data[0]
    assert mine["seller_id"] == COMMERCIAL_USER
    assert commercial.table("financial_quote_items").insert(
        {"quote_id": mine["id"], "description": "Consulta", "unit_price": 120}).execute().data
    assert admin.table("financial_quotes").select("id").eq("id", mine["id"]).execute().data
    assert secretary.table("financial_quotes").select("id").eq("id", mine["id"]).execute().data == []

    # it cannot give a quote to another seller, nor touch quotes it does not sell
    error = refused(lambda: commercial.table("financial_quotes").insert(
        {"client_id": MARIA_CLIENT, "title": "Para o Bruno", "total_amount": 10,
         "sales_staff_id": ASSISTANT_USER}).execute())
    assert error.code == "42501"
    error = refused(lambda: commercial.table("financial_quote_items").insert(
        {"quote_id": JOAO_DRAFT_QUOTE, "description": "Intruso", "unit_price": 1}).execute())
    assert error.code == "42501"
    assert commercial.table("financial_quotes").update({"title": "Mudado"}).eq("id", JOAO_DRAFT_QUOTE) \
        .execute().data == []
    assert tstack.sql("select title from public.financial_quotes where id = %s",
                      (JOAO_DRAFT_QUOTE,)) != [("Mudado",)]

    # a quote the administrator creates for Carla is hers: sales_staff_id and seller_id name the same seller
    for_carla = admin.table("financial_quotes").insert(
        {"client_id": JOAO_CLIENT, "title": "Venda da Carla", "total_amount": 80,
         "sales_staff_id": COMMERCIAL_USER}).execute().data[0]
    assert for_carla["seller_id"] == COMMERCIAL_USER
    assert commercial.table("financial_quotes").select("id").eq("id", for_carla["id"]).execute().data

    # nobody but the managers records payments
    for sb in (commercial, secretary):
        error = refused(lambda sb=sb: sb.table("financial_payments").insert(
            {"client_id": MARIA_CLIENT, "amount": 10, "status": "pending"}).execute())
        assert error.code == "42501"

    # revenue and receivables: administrators only
    for view in REVENUE_VIEWS:
        assert count(admin, view) > 0, view
        for sb in (assistant, commercial, secretary, signed_in(tstack, MARIA)):
            assert count(sb, view) == 0, view


# ---------------------------------------------------------------------------------------------------------
# 3. documents shared with the client or internal
# ---------------------------------------------------------------------------------------------------------
def test_staff_documents_are_internal_until_shared(tstack):
    admin, maria, joao = signed_in(tstack, ADMIN), signed_in(tstack, MARIA), signed_in(tstack, JOAO)
    path = f"{MARIA_CLIENT}/rascunho-{uuid.uuid4().hex}.pdf"
    admin.storage.from_(BUCKET).upload(path, pdf("rascunho"), {"content-type": "application/pdf"})
    doc = admin.table("client_documents").insert(
        {"client_id": MARIA_CLIENT, "process_id": MARIA_PROCESS, "name": "I-130 rascunho", "file_path": path,
         "uploaded_by": "office"}).execute().data[0]
    assert doc["shared_with_client"] is False

    # internal: neither the row nor the file reaches the client
    assert maria.table("client_documents").select("id").eq("id", doc["id"]).execute().data == []
    with pytest.raises(StorageApiError):
        maria.storage.from_(BUCKET).download(path)
    assert path.split("/")[1] not in [o["name"] for o in maria.storage.from_(BUCKET).list(MARIA_CLIENT)]

    # shared by staff: both do
    admin.table("client_documents").update({"shared_with_client": True}).eq("id", doc["id"]).execute()
    assert maria.table("client_documents").select("id").eq("id", doc["id"]).execute().data
    assert maria.storage.from_(BUCKET).download(path) == pdf("rascunho")
    # never to another client
    with pytest.raises(StorageApiError):
        joao.storage.from_(BUCKET).download(path)

    # unshared again: gone from the client
    admin.table("client_documents").update({"shared_with_client": False}).eq("id", doc["id"]).execute()
    with pytest.raises(StorageApiError):
        maria.storage.from_(BUCKET).download(path)


def test_what_the_client_uploads_is_shared_and_attachments_stay_readable(tstack):
    admin, maria = signed_in(tstack, ADMIN), signed_in(tstack, MARIA)
    path = f"{MARIA_CLIENT}/meu-{uuid.uuid4().hex}.pdf"
    maria.storage.from_(BUCKET).upload(path, pdf("meu"), {"content-type": "application/pdf"})
    # the client's own upload stays shared even when the flag is sent as false
    row = maria.table("client_documents").insert(
        {"client_id": MARIA_CLIENT, "name": "Comprovante", "file_path": path, "uploaded_by": "client",
         "shared_with_client": False}).execute().data[0]
    assert row["shared_with_client"] is True
    assert maria.storage.from_(BUCKET).download(path) == pdf("meu")
    # staff cannot hide the client's own document from it
    admin.table("client_documents").update({"shared_with_client": False}).eq("id", row["id"]).execute()
    assert tstack.sql("select shared_with_client from public.client_documents where id = %s",
                      (row["id"],)) == [(True,)]

    # an office attachment in the conversation is readable by its client
    attachment = f"attachments/{MARIA_CLIENT}/{uuid.uuid4().hex}-orientacoes.pdf"
    admin.storage.from_(BUCKET).upload(attachment, pdf("anexo"), {"content-type": "application/pdf"})
    admin.table("messages").insert({"client_id": MARIA_CLIENT, "sender_type": "office", "content": "Segue",
                                    "attachment_url": attachment}).execute()
    assert maria.storage.from_(BUCKET).download(attachment) == pdf("anexo")


# ---------------------------------------------------------------------------------------------------------
# 4. a client's rows name its own process and its own folder
# ---------------------------------------------------------------------------------------------------------
def test_a_client_names_only_its_own_processes_and_folders(tstack):
    maria = signed_in(tstack, MARIA)
    joao_alerts = tstack.sql("select count(*) from public.notifications where kind = 'client_upload'")[0][0]

    def document(process_id: int) -> dict:
        return {"client_id": MARIA_CLIENT, "process_id": process_id, "name": "Comprovante de endereço",
                "file_path": f"{MARIA_CLIENT}/{uuid.uuid4().hex}.pdf", "uploaded_by": "client"}

    assert refused(lambda: maria.table("client_documents").insert(document(JOAO_PROCESS)).execute()).code == "42501"
    assert tstack.sql("select count(*) from public.notifications where kind = 'client_upload'")[0][0] == joao_alerts
    assert maria.table("client_documents").insert(document(MARIA_PROCESS)).execute().data

    def appointment(process_id: int) -> dict:
        return {"client_id": MARIA_CLIENT, "process_id": process_id, "starts_at": "2031-03-10T14:00:00Z",
                "status": "solicitado", "title": "Dúvida sobre o caso"}

    assert refused(lambda: maria.table("appointments").insert(appointment(JOAO_PROCESS)).execute()).code == "42501"
    assert maria.table("appointments").insert(appointment(MARIA_PROCESS)).execute().data

    def message(path: str) -> dict:
        return {"client_id": MARIA_CLIENT, "sender_type": "client", "sender_id": MARIA_USER, "content": "Anexo",
                "attachment_url": path}

    for foreign in (f"attachments/{JOAO_CLIENT}/1-doc.pdf", f"{JOAO_CLIENT}/1700000200000.jpg",
                    f"attachments/{MARIA_CLIENT}/../{JOAO_CLIENT}/x.pdf", "outros/arquivo.pdf",
                    f"/attachments/{MARIA_CLIENT}/x.pdf"):
        assert refused(lambda foreign=foreign: maria.table("messages").insert(message(foreign)).execute()).code \
            == "42501", foreign
    assert maria.table("messages").insert(message(f"attachments/{MARIA_CLIENT}/1-doc.pdf")).execute().data


# ---------------------------------------------------------------------------------------------------------
# 5. the staff second factor covers own notifications and commissions (last: it switches the setting)
# ---------------------------------------------------------------------------------------------------------
def test_staff_second_factor_covers_own_notifications_and_commissions(tstack):
    tstack.sql("select public.notify(%s, 'teste', 'Mensagem de Maria Silva', 'A-number A123456789', '/clientes', "
               "'{}'::jsonb, %s)", (COMMERCIAL_USER, f"trust:{uuid.uuid4()}"))
    tstack.sql("select public.notify(%s, 'teste', 'Aviso', 'Seu processo andou', '/cliente', '{}'::jsonb, %s)",
               (MARIA_USER, f"trust:{uuid.uuid4()}"))
    commercial, maria = signed_in(tstack, COMMERCIAL), signed_in(tstack, MARIA)
    own = {t: count(commercial, t) for t in ("notifications", "financial_commissions",
                                             "financial_commission_rules", "financial_commission_statements")}
    assert own["notifications"] > 0 and own["financial_commission_rules"] > 0, own
    maria_notifications = count(maria, "notifications")
    assert maria_notifications > 0

    tstack.sql("update public.office_settings set require_staff_mfa = true")
    try:
        assert {t: count(commercial, t) for t in own} == dict.fromkeys(own, 0)
        # marking read is refused the same way
        assert commercial.table("notifications").update({"read_at": "2031-01-01T00:00:00Z"}) \
            .eq("user_id", COMMERCIAL_USER).execute().data == []
        # nor live, over realtime
        assert realtime_notifications(tstack, commercial, COMMERCIAL_USER) == []
        # clients are never affected
        assert count(maria, "notifications") == maria_notifications
        assert len(realtime_notifications(tstack, maria, MARIA_USER)) == 1
        # from an aal2 session the staff member reads its own again
        factor = commercial.auth.mfa.enroll({"factor_type": "totp", "friendly_name": "Celular"})
        commercial.auth.mfa.challenge_and_verify({"factor_id": factor.id,
                                                  "code": pyotp.TOTP(factor.totp.secret).now()})
        assert {t: count(commercial, t) for t in own} == {**own, "notifications": own["notifications"] + 1}
        assert len(realtime_notifications(tstack, commercial, COMMERCIAL_USER)) == 1
    finally:
        tstack.sql("update public.office_settings set require_staff_mfa = false")
