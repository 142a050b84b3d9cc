"""Engagement contracts signed in the portal, through the stack and the real clients: who reaches a contract,
the one-time code (hash only, expiry, replay), the sealed PDF (pyHanko's validator), the database's refusal of
changed terms, and the public verification."""

from __future__ import annotations

import sys
import time
import uuid
from pathlib import Path

import httpx
import postgrest
import pytest
from mail_sink import Mailbox

from supabase import Client, ClientOptions, create_client

sys.path.insert(0, str(Path(__file__).parent))

from signed_pdf import report  # noqa: E402

PASSWORD = "Demo@12345"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
JOAO_CLIENT = "c0000000-0000-4000-8000-000000000002"
# a 1x1 PNG: the drawn signature
SIGNATURE = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kg"
             "AAAABJ"
             "RU5ErkJggg==")


def signed_in(stack, email: str) -> Client:
    options = ClientOptions(auto_refresh_token=False, persist_session=False)
    sb = create_client(stack.url, stack.anon_key, options=options)
    sb.auth.sign_in_with_password({"email": email, "password": PASSWORD})
    return sb


@pytest.fixture(scope="module")
def people(stack) -> dict[str, Client]:
    return {who: signed_in(stack, f"{who}") for who in (
        "admin@escritorio.test", "assistente@escritorio.test", "secretaria@escritorio.test",
        "comercial@escritorio.test", "maria.silva@cliente.test", "joao.souza@cliente.test")}


@pytest.fixture(scope="module")
def consent_text(stack, people) -> str:
    return call(stack, people["maria.silva@cliente.test"], {"action": "consent-text"}).json()["consentText"]


def call(stack, sb: Client, body: dict) -> httpx.Response:
    token = sb.auth.get_session().access_token
    return httpx.post(f"{stack.url}/functions/v1/contract-signing", json=body, timeout=120,
                      headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}"})


def new_contract(stack, client_id: str = MARIA_CLIENT, total: str = "3000.00") -> str:
    contract_id = str(uuid.uuid4())
    stack.sql("""insert into public.financial_contracts (id, client_id, title, status, total_amount, currency,
                   payment_terms, down_payment, installment_count, start_date, end_date)
                 values (%s, %s, 'Green card por casamento (I-130 + I-485)', 'active', %s, 'USD',
                   'Entrada de US$ 1.000,00 e 2 parcelas de US$ 1.000,00', 1000, 2, current_date, current_date + 60)""",
              (contract_id, client_id, total))
    stack.sql("""insert into public.financial_installments (contract_id, client_id, number, due_date, amount, currency)
                 select %s, %s, n, current_date + 30 * n, 1000, 'USD' from generate_series(0, 2) n""",
              (contract_id, client_id))
    return contract_id


def latest_code(stack, contract_id: str) -> str:
    """The newest code as the client reads it: in the e-mail the outbox sent (the row itself never holds it)."""
    rows = stack.sql("""select d.idempotency_key, d.recipient from public.notification_deliveries d
                         where d.idempotency_key like 'contract-code:%%:email' and d.payload ->> 'contract_id' = %s
                         order by d.created_at desc limit 1""", (contract_id,))
    key, address = rows[0]
    box = Mailbox(stack)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for summary in reversed(box.list(address)):
            mail = box.get(address, summary["id"])
            if mail["header"].get("X-Idempotency-Key") == key:
                return mail["body"]["text"].split("código de assinatura: ")[1][:6]
        time.sleep(0.2)
    raise AssertionError(f"no e-mail for the delivery {key}")


def sent(stack, people, contract_id: str) -> dict:
    answer = call(stack, people["admin@escritorio.test"], {"action": "send", "contractId": contract_id})
    assert answer.status_code == 200, answer.text
    return answer.json()


def sign_body(contract_id: str, code: str, digest: str, consent_text: str, name: str = "Maria Silva") -> dict:
    return {"action": "sign", "contractId": contract_id, "code": code, "typedName": name, "signature": SIGNATURE,
            "consent": True, "consentText": consent_text, "documentSha256": digest}


def signed(stack, people, consent_text: str) -> tuple[str, dict]:
    contract_id = new_contract(stack)
    digest = sent(stack, people, contract_id)["documentSha256"]
    maria = people["maria.silva@cliente.test"]
    assert call(stack, maria, {"action": "request-code", "contractId": contract_id}).status_code == 200
    answer = call(stack, maria, sign_body(contract_id, latest_code(stack, contract_id), digest, consent_text))
    assert answer.status_code == 200, answer.text
    return contract_id, answer.json()


def verify(stack, pdf: bytes) -> dict:
    answer = httpx.post(f"{stack.url}/functions/v1/contract-verification", content=pdf, timeout=60,
                        headers={"apikey": stack.anon_key, "Content-Type": "application/pdf"})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_sign_countersign_and_the_sealed_pdf_validates(stack, people, consent_text):
    admin, maria = people["admin@escritorio.test"], people["maria.silva@cliente.test"]
    contract_id = new_contract(stack)
    digest = sent(stack, people, contract_id)["documentSha256"]
    row = maria.table("financial_contracts").select("signature_status, document_sha256, document_text").eq(
        "id", contract_id).execute().data[0]
    assert row["signature_status"] == "sent" and row["document_sha256"] == digest
    for section in ("Escopo", "Honorários", "Parcelas", "Obrigações", "Rescisão", "Foro", "US$ 3.000,00"):
        assert section in row["document_text"], section
    document = call(stack, maria, {"action": "document", "contractId": contract_id})
    assert document.status_code == 200 and document.headers["x-document-sha256"] == digest

    assert call(stack, maria, {"action": "request-code", "contractId": contract_id}).status_code == 200
    code = latest_code(stack, contract_id)
    stored = stack.sql("select code_hash from public.contract_signing_codes where contract_id = %s", (contract_id,))
    assert stored and all(code not in r[0] for r in stored)          # only a hash of the code is kept
    answer = call(stack, maria, sign_body(contract_id, code, digest, consent_text))
    assert answer.status_code == 200, answer.text
    evidence = maria.table("financial_contracts").select("signed_at, signed_by_name, signature_evidence").eq(
        "id", contract_id).execute().data[0]
    assert evidence["signed_by_name"] == "Maria Silva" and evidence["signed_at"]
    trail = evidence["signature_evidence"]
    assert trail["document_sha256"] == digest and trail["ip"] == "127.0.0.1" and "python-httpx" in trail["user_agent"]
    assert trail["consent_text"] == consent_text and trail["typed_name"] == "Maria Silva"
    # the code no longer sits in the outbox once spent
    assert code not in str(stack.sql("select payload from public.notification_deliveries where idempotency_key "
                                     "like 'contract-code:%%' and status = 'sent'"))

    office = call(stack, admin, {"action": "certificate"}).json()["certificate"]
    client_copy = call(stack, maria, {"action": "document", "contractId": contract_id}).content
    checked = report(client_copy, office["fingerprintSha256"])
    assert [s["field"] for s in checked["signatures"]] == ["AssinaturaCliente"]
    assert all(s["intact"] and s["valid"] and s["trusted"] for s in checked["signatures"])
    assert "ETSI.CAdES.detached" in checked["signatures"][0]["subfilter"]
    assert "Página de assinaturas e trilha de evidências" in checked["text"] and digest in checked["text"]

    assert call(stack, maria, {"action": "countersign", "contractId": contract_id}).status_code == 403
    countersigned = call(stack, people["assistente@escritorio.test"], {"action": "countersign",
                                                                        "contractId": contract_id})
    assert countersigned.status_code == 200, countersigned.text
    final = call(stack, admin, {"action": "document", "contractId": contract_id}).content
    checked = report(final, office["fingerprintSha256"])
    assert [s["field"] for s in checked["signatures"]] == ["AssinaturaCliente", "ContraAssinaturaEscritorio"]
    assert all(s["intact"] and s["valid"] and s["trusted"] for s in checked["signatures"])
    status = maria.table("financial_contracts").select("signature_status, countersigned_by_name").eq(
        "id", contract_id).execute().data[0]
    assert status == {"signature_status": "countersigned", "countersigned_by_name": "Bruno Assistente"}

    # a certificate other than the office's is not trusted
    assert not report(final, "00" * 32)["signatures"][0]["trusted"]

    assert verify(stack, final)["match"] is True and verify(stack, final)["version"] == "countersigned"
    assert verify(stack, client_copy)["version"] == "client_signed"
    tampered = final.replace(b"Maria Silva", b"Maria Silvo", 1)
    assert tampered != final and verify(stack, tampered)["match"] is False
    assert not report(tampered)["signatures"][0]["intact"] or tampered.count(b"Maria Silvo") == 0


def test_another_client_or_a_staff_role_without_finance_cannot_reach_it(stack, people, consent_text):
    contract_id = new_contract(stack)
    joao, maria = people["joao.souza@cliente.test"], people["maria.silva@cliente.test"]
    for who in ("secretaria@escritorio.test", "comercial@escritorio.test", "maria.silva@cliente.test"):
        refused = call(stack, people[who], {"action": "send", "contractId": contract_id})
        assert refused.status_code == 403, (who, refused.text)
    digest = sent(stack, people, contract_id)["documentSha256"]
    assert joao.table("financial_contracts").select("id").eq("id", contract_id).execute().data == []
    for body in ({"action": "document", "contractId": contract_id},
                 {"action": "request-code", "contractId": contract_id},
                 sign_body(contract_id, "123456", digest, consent_text, "João Souza")):
        refused = call(stack, joao, body)
        assert refused.status_code == 404 and refused.json() == {"error": "Contrato não encontrado"}, body
    # staff do not sign for the client; nobody reads the codes through the API
    assert call(stack, people["admin@escritorio.test"], sign_body(contract_id, "123456", digest,
                                                                    consent_text)).status_code == 403
    assert call(stack, maria, {"action": "request-code", "contractId": contract_id}).status_code == 200
    for who in (maria, people["admin@escritorio.test"]):
        with pytest.raises(postgrest.APIError):
            who.table("contract_signing_codes").select("*").execute()
    # nobody writes the signature itself through REST: a client has no update right, staff meet the trigger
    assert maria.table("financial_contracts").update({"signed_at": "2026-01-01T00:00:00Z"}).eq(
        "id", contract_id).execute().data == []
    with pytest.raises(postgrest.APIError) as forged:
        people["admin@escritorio.test"].table("financial_contracts").update({
            "signature_status": "client_signed", "signed_at": "2026-01-01T00:00:00Z", "signed_by_name": "Maria Silva",
            "signature_evidence": {}, "client_signed_sha256": "0" * 64}).eq("id", contract_id).execute()
    assert forged.value.code == "23514" and "fluxo de assinatura" in forged.value.message
    # the typed name must be the client's own, consent must be given
    code = latest_code(stack, contract_id)
    wrong_name = call(stack, maria, sign_body(contract_id, code, digest, consent_text, "Outra Pessoa"))
    assert wrong_name.status_code == 400 and "nome completo" in wrong_name.json()["error"]
    no_consent = call(stack, maria, {**sign_body(contract_id, code, digest, consent_text), "consent": False})
    assert no_consent.status_code == 400
    stale = call(stack, maria, sign_body(contract_id, code, "0" * 64, consent_text))
    assert stale.status_code == 409


def test_replayed_superseded_expired_and_guessed_codes_are_refused(stack, people, consent_text):
    maria = people["maria.silva@cliente.test"]
    contract_id = new_contract(stack)
    digest = sent(stack, people, contract_id)["documentSha256"]
    call(stack, maria, {"action": "request-code", "contractId": contract_id})
    first = latest_code(stack, contract_id)
    call(stack, maria, {"action": "request-code", "contractId": contract_id})
    second = latest_code(stack, contract_id)
    if first != second:   # the older code stops working once a new one is sent
        refused = call(stack, maria, sign_body(contract_id, first, digest, consent_text))
        assert refused.status_code == 400 and refused.json()["error"] == "Código inválido"
    stack.sql("update public.contract_signing_codes set expires_at = now() - interval '1 second' "
              "where contract_id = %s", (contract_id,))
    expired = call(stack, maria, sign_body(contract_id, second, digest, consent_text))
    assert expired.status_code == 400 and expired.json()["error"] == "Código expirado. Peça um novo código."

    call(stack, maria, {"action": "request-code", "contractId": contract_id})
    code = latest_code(stack, contract_id)
    guess = f"{(int(code) + 1) % 1_000_000:06d}"
    for _ in range(5):
        assert call(stack, maria, sign_body(contract_id, guess, digest, consent_text)).status_code == 400
    tired = call(stack, maria, sign_body(contract_id, code, digest, consent_text))
    assert tired.json()["error"] == "Tentativas esgotadas. Peça um novo código."

    call(stack, maria, {"action": "request-code", "contractId": contract_id})
    code = latest_code(stack, contract_id)
    assert call(stack, maria, sign_body(contract_id, code, digest, consent_text)).status_code == 200
    stack.sql("update public.contract_signing_codes set used_at = null where contract_id = %s and used_at = "
              "(select max(used_at) from public.contract_signing_codes where contract_id = %s)",
              (contract_id, contract_id))
    replayed = call(stack, maria, sign_body(contract_id, code, digest, consent_text))
    assert replayed.status_code == 409      # the contract is signed: the same request again changes nothing
    (signatures,) = stack.sql("select count(*) from public.financial_contracts where id = %s and "
                              "signature_status = 'client_signed'", (contract_id,))[0]
    assert signatures == 1


def test_a_spent_code_is_refused(stack, people, consent_text):
    """The code itself is single-use, whatever the contract's state: a spent code never signs."""
    maria = people["maria.silva@cliente.test"]
    contract_id = new_contract(stack)
    digest = sent(stack, people, contract_id)["documentSha256"]
    call(stack, maria, {"action": "request-code", "contractId": contract_id})
    code = latest_code(stack, contract_id)
    stack.sql("update public.contract_signing_codes set used_at = now() where contract_id = %s", (contract_id,))
    replay = call(stack, maria, sign_body(contract_id, code, digest, consent_text))
    assert replay.status_code == 400 and replay.json()["error"] == "Código já utilizado. Peça um novo código."


def test_signed_terms_cannot_change_and_amendments_are_new_rows(stack, people, consent_text):
    admin = people["admin@escritorio.test"]
    contract_id, _ = signed(stack, people, consent_text)
    for change in ({"total_amount": 1}, {"payment_terms": "outra"}, {"title": "Outro"},
                   {"signature_evidence": {"ip": "1.2.3.4"}}, {"signed_by_name": "Outra"}):
        with pytest.raises(postgrest.APIError) as refused:
            admin.table("financial_contracts").update(change).eq("id", contract_id).execute()
        assert refused.value.code == "23514", change
    with pytest.raises(postgrest.APIError) as refused:
        admin.table("financial_contracts").update({"total_amount": 1}).eq("id", contract_id).execute()
    assert "Contrato assinado" in refused.value.message
    with pytest.raises(postgrest.APIError) as refused:
        admin.table("financial_installments").update({"amount": 1}).eq("contract_id", contract_id).execute()
    assert refused.value.code == "23514"
    with pytest.raises(postgrest.APIError):
        admin.table("financial_contracts").delete().eq("id", contract_id).execute()
    # notes are not terms; an amendment is a new contract of the same client referring to the original
    admin.table("financial_contracts").update({"notes": "cliente pediu cópia"}).eq("id", contract_id).execute()
    amendment = admin.table("financial_contracts").insert({
        "client_id": MARIA_CLIENT, "title": "Aditivo: resposta a RFE", "total_amount": 500, "currency": "USD",
        "amends_contract_id": contract_id}).execute().data[0]
    assert amendment["amends_contract_id"] == contract_id and amendment["signature_status"] == "draft"
    with pytest.raises(postgrest.APIError) as refused:
        admin.table("financial_contracts").insert({
            "client_id": JOAO_CLIENT, "title": "Aditivo de outro cliente", "total_amount": 500, "currency": "USD",
            "amends_contract_id": contract_id}).execute()
    assert refused.value.code == "23503"


def test_terms_changed_after_sending_void_the_sent_document(stack, people, consent_text):
    admin, maria = people["admin@escritorio.test"], people["maria.silva@cliente.test"]
    contract_id = new_contract(stack)
    digest = sent(stack, people, contract_id)["documentSha256"]
    admin.table("financial_contracts").update({"total_amount": 3500}).eq("id", contract_id).execute()
    row = admin.table("financial_contracts").select("signature_status, document_sha256").eq(
        "id", contract_id).execute().data[0]
    assert row == {"signature_status": "draft", "document_sha256": None}
    refused = call(stack, maria, {"action": "request-code", "contractId": contract_id})
    assert refused.status_code == 409
    assert call(stack, maria, sign_body(contract_id, "123456", digest, consent_text)).status_code == 409


def test_templates_admin_writes_staff_reads_clients_never(stack, people):
    admin, assistant = people["admin@escritorio.test"], people["assistente@escritorio.test"]
    templates = assistant.table("contract_templates").select("name, language").execute().data
    assert {t["language"] for t in templates} >= {"pt", "en"}
    assert people["maria.silva@cliente.test"].table("contract_templates").select("id").execute().data == []
    with pytest.raises(postgrest.APIError):
        assistant.table("contract_templates").insert({"name": "x", "body": "y"}).execute()
    created = admin.table("contract_templates").insert({
        "name": "Modelo asilo", "language": "pt", "body": "# Escopo\nAsilo de {{cliente}}.\n# Cláusulas\n{{clausulas}}"
    }).execute().data[0]
    admin.table("contract_template_clauses").insert([
        {"template_id": created["id"], "case_type_id": "asilo", "title": "Audiências", "body": "Inclui audiências."},
        {"template_id": created["id"], "case_type_id": "outro", "title": "Outra", "body": "Não entra."}]).execute()
    (process_id,) = stack.sql("""insert into public.processes (type, client_id, client_name, case_type_id)
                                 values ('Asilo', %s, 'Maria Silva', 'asilo') returning id""", (MARIA_CLIENT,))[0]
    contract_id = new_contract(stack)
    stack.sql("update public.financial_contracts set process_id = %s where id = %s", (process_id, contract_id))
    answer = call(stack, admin, {"action": "send", "contractId": contract_id, "templateId": created["id"]})
    assert answer.status_code == 200, answer.text
    text = admin.table("financial_contracts").select("document_text").eq("id", contract_id).execute().data[0]
    assert "Asilo de Maria Silva." in text["document_text"] and "Inclui audiências." in text["document_text"]
    assert "Não entra." not in text["document_text"]


def test_certificate_upload_is_for_administrators_and_checked(stack, people):
    assert call(stack, people["assistente@escritorio.test"], {"action": "certificate"}).status_code == 403
    bad = call(stack, people["admin@escritorio.test"], {"action": "upload-certificate", "p12": "bm90IGEgcDEy",
                                                         "password": "x"})
    assert bad.status_code == 400 and "PKCS#12" in bad.json()["error"]
    info = call(stack, people["admin@escritorio.test"], {"action": "certificate"}).json()["certificate"]
    assert info["source"] in ("generated", "uploaded") and len(info["fingerprintSha256"]) == 64
    stored = stack.sql("select value::text from public.system_settings where key = 'office_signing_certificate'")
    assert "enc:v1:" in stored[0][0] and "BEGIN" not in stored[0][0]


def test_verification_needs_a_pdf(stack):
    answer = httpx.post(f"{stack.url}/functions/v1/contract-verification", content=b"hello", timeout=30,
                        headers={"apikey": stack.anon_key, "Content-Type": "application/pdf"})
    assert answer.status_code == 400
    assert verify(stack, b"%PDF-1.7\nnot signed")["match"] is False


def wait_status(stack, key_like: str, status: str, timeout: float = 60) -> list[tuple]:
    deadline = time.monotonic() + timeout
    while True:
        rows = stack.sql("select status, payload::text from public.notification_deliveries where idempotency_key "
                         "like %s", (key_like,))
        if rows and all(r[0] == status for r in rows):
            return rows
        assert time.monotonic() < deadline, rows
        time.sleep(0.2)


def test_no_role_reads_the_signing_code_in_the_outbox(stack, people, consent_text):
    """The code travels sealed in its delivery (administrators read Envios): no staff role ever reads it there,
    the sealed value itself is gone once the e-mail is sent, and the client still signs with it."""
    maria = people["maria.silva@cliente.test"]
    contract_id = new_contract(stack)
    digest = sent(stack, people, contract_id)["documentSha256"]
    assert call(stack, maria, {"action": "request-code", "contractId": contract_id}).status_code == 200
    [(code_id,)] = stack.sql("select id from public.contract_signing_codes where contract_id = %s", (contract_id,))
    # even before the worker sends it, the row holds only a mask and a sealed value
    [(queued,)] = stack.sql("select payload::text from public.notification_deliveries where idempotency_key = %s",
                            (f"contract-code:{code_id}:email",))
    code = latest_code(stack, contract_id)
    assert code not in queued and "••••••" in queued
    [(status, payload)] = wait_status(stack, f"contract-code:{code_id}:%", "sent")
    assert code not in payload and "sealed_code" not in payload
    for who in ("admin@escritorio.test", "assistente@escritorio.test", "secretaria@escritorio.test",
                "comercial@escritorio.test"):
        seen = people[who].table("notification_deliveries").select("*").like(
            "idempotency_key", f"contract-code:{code_id}%").execute().data
        assert code not in str(seen), who
        assert all("sealed_code" not in row["payload"] for row in seen), who
    assert people["admin@escritorio.test"].table("notification_deliveries").select("id").like(
        "idempotency_key", f"contract-code:{code_id}%").execute().data    # the administrator does see the row
    answer = call(stack, maria, sign_body(contract_id, code, digest, consent_text))
    assert answer.status_code == 200, answer.text


def test_an_expired_or_superseded_code_is_never_sent_and_leaves_nothing(stack, people):
    """A code whose delivery waited past its expiry is not sent (dead, no sealed value); the deliveries of a
    code spent or replaced before they went out are dead too."""
    maria_user = stack.sql("select user_id from public.clients where id = %s", (MARIA_CLIENT,))[0][0]
    contract_id = new_contract(stack)
    sent(stack, people, contract_id)
    expired_id, superseded_id = str(uuid.uuid4()), str(uuid.uuid4())
    for code_id, minutes, due in ((expired_id, -1, "now()"), (superseded_id, 10, "now() + interval '1 hour'")):
        stack.sql("""insert into public.contract_signing_codes (id, contract_id, client_id, code_hash, expires_at)
                     values (%s, %s, %s, repeat('0', 64), now() + make_interval(mins => %s))""",
                  (code_id, contract_id, MARIA_CLIENT, minutes))
        stack.sql(f"""insert into public.notification_deliveries
                        (user_id, channel, recipient, template, payload, idempotency_key, status, next_attempt_at)
                      values (%s, 'email', 'maria.silva@cliente.test', 'contract_signing_code',
                              jsonb_build_object('title', 'Código', 'body', 'Seu código de assinatura: ••••••.',
                                                 'contract_id', %s::text, 'code_id', %s::text,
                                                 'sealed_code', 'enc:v1:AAAA',
                                                 'code_expires_at', now() + make_interval(mins => %s)),
                              %s, 'failed', {due})""",
                  (maria_user, contract_id, code_id, minutes, f"contract-code:{code_id}:email"))
    [(_, payload)] = wait_status(stack, f"contract-code:{expired_id}:%", "dead")
    assert "sealed_code" not in payload and "não enviado" in payload
    stack.sql("update public.contract_signing_codes set used_at = now() where id = %s", (superseded_id,))
    [(_, payload)] = wait_status(stack, f"contract-code:{superseded_id}:%", "dead", timeout=5)
    assert "sealed_code" not in payload
    [(error,)] = stack.sql("select last_error from public.notification_deliveries where idempotency_key = %s",
                           (f"contract-code:{expired_id}:email",))
    assert "expirado" in error
