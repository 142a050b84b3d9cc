"""Documents that organise themselves, through supabase-py as the app and the portal use them: a new process of a
case type with a checklist gets its document requests; administrators keep the checklists, other staff only read
them; a client sees only its own process's requests and answers only those; Brazilian certidões move through
solicitado → recebido → apostilado → traduzido → pronto with who and when; staff accept or reject what arrived,
and the client reads the reason; passports and EADs about to expire alert the office once."""

from __future__ import annotations

import uuid

import pytest
from postgrest.exceptions import APIError

ADMIN = "admin@escritorio.test"
ASSISTANT = "assistente@escritorio.test"
COMMERCIAL = "comercial@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
MARIA = "maria.silva@cliente.test"
JOAO = "joao.souza@cliente.test"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
MARIA_USER = "10000000-0000-4000-8000-000000000005"
ADMIN_USER = "10000000-0000-4000-8000-000000000001"
ASSISTANT_USER = "10000000-0000-4000-8000-000000000002"

MARRIAGE_CHECKLIST = [
    "Passaporte", "I-94", "Certidão de nascimento", "Certidão de casamento", "Certidão de antecedentes criminais",
    "Fotos 2x2", "Prova de cidadania ou residência do cônjuge", "Declarações de imposto de renda do cônjuge",
    "Provas do relacionamento", "Exame médico (I-693)",
]


def new_process(sb, case_type: str = "ajuste_casamento", client_id: str = MARIA_CLIENT) -> int:
    made = sb.table("processes").insert({
        "type": "Green Card por casamento", "case_type_id": case_type, "client_id": client_id,
        "client_name": "Maria Silva", "status": "em andamento",
    }).execute()
    return made.data[0]["id"]


def requests_of(sb, process_id: int) -> list[dict]:
    return sb.table("document_requests").select("*").eq("process_id", process_id).order("position").execute().data


def by_name(sb, process_id: int, name: str) -> dict:
    return next(r for r in requests_of(sb, process_id) if r["document_name"] == name)


def upload_against(sb, request_id: str, name: str = "documento.pdf") -> dict:
    return sb.table("client_documents").insert({
        "client_id": MARIA_CLIENT, "name": name, "file_path": f"{MARIA_CLIENT}/{uuid.uuid4().hex}-{name}",
        "uploaded_by": "client", "uploader_id": MARIA_USER, "document_request_id": request_id,
    }).execute().data[0]


def refused(call) -> APIError:
    with pytest.raises(APIError) as error:
        call()
    return error.value


# --- checklists --------------------------------------------------------------------------------------------------

def test_the_shipped_checklists_cover_the_common_cases_in_portuguese(sign_in):
    items = sign_in(ASSISTANT).table("document_checklists").select("*").execute().data
    case_types = {i["case_type_id"] for i in items}
    assert case_types >= {"ajuste_casamento", "processo_consular", "naturalizacao", "eb2_niw", "asilo", "daca",
                          "remocao_condicoes", "autorizacao_trabalho", "documento_viagem"}
    assert all(len(i["explanation"]) > 20 for i in items)
    certidoes = [i for i in items if i["case_type_id"] == "ajuste_casamento" and i["kind"].startswith("certidao")]
    assert certidoes and all(i["needs_apostille"] and i["needs_translation"] for i in certidoes)


def test_a_new_marriage_process_creates_its_checklist_and_one_notice(sign_in, documents_stack):
    process_id = new_process(sign_in(ASSISTANT))
    made = requests_of(sign_in(ADMIN), process_id)
    assert [r["document_name"] for r in made] == MARRIAGE_CHECKLIST
    assert all(r["status"] == "pending" and r["stage"] == "solicitado" and r["checklist_item_id"] for r in made)
    birth = by_name(sign_in(ADMIN), process_id, "Certidão de nascimento")
    assert birth["needs_apostille"] and birth["needs_translation"]
    assert "apostila de Haia" in birth["document_description"]
    # the client reads them (explanation included) through the portal's view
    own = sign_in(MARIA).table("client_document_requests").select("*").eq("process_id", process_id).execute().data
    assert sorted(r["document_name"] for r in own) == sorted(MARRIAGE_CHECKLIST)
    # one notice for the whole checklist, not one per document
    notices = documents_stack.sql(
        "select title, body from public.notifications where user_id = %s and process_id = %s", (MARIA_USER, process_id))
    assert notices == [("Documentos solicitados",
                        "10 documento(s) para o processo Green Card por casamento. Veja a lista e envie pelo portal.")]


def test_a_process_without_a_checklist_gets_no_requests_and_a_type_set_later_adds_them(sign_in):
    sb = sign_in(ADMIN)
    process_id = new_process(sb, case_type="custodia_ice")
    assert requests_of(sb, process_id) == []
    sb.table("processes").update({"case_type_id": "documento_viagem"}).eq("id", process_id).execute()
    assert len(requests_of(sb, process_id)) == 5
    # setting it again adds nothing twice
    sb.table("processes").update({"case_type_id": "documento_viagem", "stage": "Protocolado"}) \
      .eq("id", process_id).execute()
    assert len(requests_of(sb, process_id)) == 5


def test_administrators_keep_the_checklists_and_the_next_process_follows(sign_in):
    admin = sign_in(ADMIN)
    item = admin.table("document_checklists").insert({
        "case_type_id": "autorizacao_trabalho", "position": 60, "document_name": "Carteira de motorista",
        "explanation": "Cópia da frente e do verso da carteira de motorista americana, se tiver.",
        "is_required": False, "kind": "documento_identidade",
    }).execute().data[0]
    try:
        process_id = new_process(admin, case_type="autorizacao_trabalho")
        names = [r["document_name"] for r in requests_of(admin, process_id)]
        assert names[-1] == "Carteira de motorista" and len(names) == 6
    finally:
        admin.table("document_checklists").delete().eq("id", item["id"]).execute()


@pytest.mark.parametrize("email", [SECRETARY, COMMERCIAL, ASSISTANT])
def test_other_staff_read_the_checklists_but_cannot_change_them(sign_in, email):
    sb = sign_in(email)
    items = sb.table("document_checklists").select("id, document_name").eq("case_type_id", "asilo").execute().data
    assert len(items) == 7
    error = refused(lambda: sb.table("document_checklists").insert({
        "case_type_id": "asilo", "document_name": "Documento extra", "explanation": "Qualquer"}).execute())
    assert error.code == "42501"
    changed = sb.table("document_checklists").update({"document_name": "Outro nome"}).eq("id", items[0]["id"]).execute()
    assert changed.data == []
    removed = sb.table("document_checklists").delete().eq("id", items[0]["id"]).execute()
    assert removed.data == []
    assert len(sb.table("document_checklists").select("id").eq("case_type_id", "asilo").execute().data) == 7


def test_clients_read_no_checklist(sign_in):
    assert sign_in(MARIA).table("document_checklists").select("id").execute().data == []


# --- another client's process ------------------------------------------------------------------------------------

def test_another_client_sees_nothing_of_the_process_and_cannot_answer_its_requests(sign_in, documents_stack):
    process_id = new_process(sign_in(ADMIN))
    request = by_name(sign_in(ADMIN), process_id, "Passaporte")
    joao = sign_in(JOAO)
    assert joao.table("client_document_requests").select("id").eq("process_id", process_id).execute().data == []
    assert joao.table("document_requests").select("id").eq("process_id", process_id).execute().data == []
    error = refused(lambda: joao.table("client_documents").insert({
        "client_id": "c0000000-0000-4000-8000-000000000002", "name": "Passaporte",
        "file_path": "c0000000-0000-4000-8000-000000000002/p.pdf", "uploaded_by": "client",
        "uploader_id": "10000000-0000-4000-8000-000000000006", "document_request_id": request["id"],
    }).execute())
    assert error.code == "23503"
    # nor can a client mark, accept or reject anything itself
    for sb in (joao, sign_in(MARIA)):
        assert sb.table("document_requests").update({"stage": "recebido"}).eq("id", request["id"]).execute().data == []
    assert by_name(sign_in(ADMIN), process_id, "Passaporte")["status"] == "pending"


# --- review --------------------------------------------------------------------------------------------------------

def test_a_rejected_document_goes_back_to_the_client_with_the_reason(sign_in, documents_stack):
    process_id = new_process(sign_in(ADMIN))
    request = by_name(sign_in(ADMIN), process_id, "Passaporte")
    secretary = sign_in(SECRETARY)
    # nothing received yet: nothing to accept
    error = refused(lambda: secretary.table("document_requests").update({"review_status": "accepted"})
                    .eq("id", request["id"]).execute())
    assert error.code == "23514" and error.message == "Só um documento recebido pode ser aceito"

    upload_against(sign_in(MARIA), request["id"], "passaporte.pdf")
    assert by_name(secretary, process_id, "Passaporte")["status"] == "fulfilled"
    # a rejection needs a reason
    error = refused(lambda: secretary.table("document_requests").update(
        {"review_status": "rejected", "rejection_reason": "  "}).eq("id", request["id"]).execute())
    assert error.code == "23514"
    reason = "A cópia está cortada: envie todas as páginas do passaporte."
    secretary.table("document_requests").update(
        {"review_status": "rejected", "rejection_reason": reason}).eq("id", request["id"]).execute()

    seen = sign_in(MARIA).table("client_document_requests").select("*").eq("id", request["id"]).execute().data[0]
    assert (seen["status"], seen["stage"], seen["review_status"], seen["rejection_reason"]) == (
        "pending", "solicitado", "rejected", reason)
    notice = documents_stack.sql(
        "select title, body, link from public.notifications where user_id = %s and kind = 'document_rejected'"
        " and process_id = %s", (MARIA_USER, process_id))
    assert notice == [("Documento recusado", f"Passaporte — {reason}", f"/cliente/processos/{process_id}")]

    # a new upload is received again and waits for a new review; then accepted
    upload_against(sign_in(MARIA), request["id"], "passaporte-completo.pdf")
    again = by_name(secretary, process_id, "Passaporte")
    assert (again["status"], again["stage"], again["review_status"]) == ("fulfilled", "recebido", None)
    sign_in(COMMERCIAL).table("document_requests").update({"review_status": "accepted"}) \
        .eq("id", request["id"]).execute()
    accepted = by_name(secretary, process_id, "Passaporte")
    assert accepted["review_status"] == "accepted" and accepted["rejection_reason"] is None
    assert accepted["reviewed_by"] == "10000000-0000-4000-8000-000000000003"
    history = secretary.table("document_request_events").select("kind, reason, actor_name") \
        .eq("request_id", request["id"]).order("id").execute().data
    assert [(h["kind"], h["actor_name"]) for h in history if h["kind"] != "stage"] == [
        ("rejected", "Daniela Secretária"), ("accepted", "Carla Comercial")]
    assert history[[h["kind"] for h in history].index("rejected")]["reason"] == reason


# --- Brazilian documents ------------------------------------------------------------------------------------------

def test_a_certidao_moves_through_apostille_and_translation_with_who_and_when(sign_in):
    process_id = new_process(sign_in(ADMIN))
    assistant = sign_in(ASSISTANT)
    request = by_name(assistant, process_id, "Certidão de nascimento")

    def move(stage: str, sb=assistant) -> dict:
        return sb.table("document_requests").update({"stage": stage}).eq("id", request["id"]).execute().data[0]

    # a step cannot be skipped
    error = refused(lambda: move("apostilado"))
    assert error.code == "23514" and "Etapa inválida" in error.message
    received = move("recebido")
    assert received["status"] == "fulfilled" and received["fulfilled_at"]
    assert received["stage_changed_by"] == ASSISTANT_USER and received["stage_changed_at"]
    move("apostilado")
    move("traduzido", sign_in(SECRETARY))
    error = refused(lambda: move("recebido"))  # only one step back
    assert error.code == "23514"
    done = move("pronto")
    assert done["stage"] == "pronto" and done["stage_changed_by"] == ASSISTANT_USER
    steps = assistant.table("document_request_events").select("to_value, actor_name, created_at") \
        .eq("request_id", request["id"]).eq("kind", "stage").order("id").execute().data
    assert [(s["to_value"], s["actor_name"]) for s in steps] == [
        ("solicitado", "Ana Administradora"), ("recebido", "Bruno Assistente"), ("apostilado", "Bruno Assistente"),
        ("traduzido", "Daniela Secretária"), ("pronto", "Bruno Assistente")]
    assert all(s["created_at"] for s in steps)
    # the client follows the step, not the history
    assert sign_in(MARIA).table("client_document_requests").select("stage").eq("id", request["id"]) \
        .execute().data == [{"stage": "pronto"}]
    assert sign_in(MARIA).table("document_request_events").select("id").execute().data == []


def test_a_document_without_apostille_has_no_apostille_step(sign_in):
    process_id = new_process(sign_in(ADMIN))
    assistant = sign_in(ASSISTANT)
    photos = by_name(assistant, process_id, "Fotos 2x2")
    assistant.table("document_requests").update({"stage": "recebido"}).eq("id", photos["id"]).execute()
    error = refused(lambda: assistant.table("document_requests").update({"stage": "apostilado"})
                    .eq("id", photos["id"]).execute())
    assert error.code == "23514"
    assert assistant.table("document_requests").update({"stage": "pronto"}).eq("id", photos["id"]) \
        .execute().data[0]["stage"] == "pronto"


def test_history_is_written_by_the_database_only(sign_in):
    process_id = new_process(sign_in(ADMIN))
    request = by_name(sign_in(ADMIN), process_id, "Passaporte")
    error = refused(lambda: sign_in(ADMIN).table("document_request_events").insert(
        {"request_id": request["id"], "kind": "stage", "to_value": "pronto"}).execute())
    assert error.code == "42501"


# --- expiry alerts -------------------------------------------------------------------------------------------------

def test_passports_and_eads_about_to_expire_alert_the_office_once(sign_in, documents_stack):
    documents_stack.sql(
        "update public.clients set passport_expires_on = current_date + 30, ead_expires_on = current_date + 200"
        " where id = %s", (MARIA_CLIENT,))
    try:
        assert documents_stack.sql("select public.alert_expiring_documents()") == [(2,)]  # admin + assistant
        assert documents_stack.sql("select public.alert_expiring_documents()") == [(0,)]  # once
        titles = documents_stack.sql(
            "select user_id::text, title from public.notifications where kind = 'document_expiry' order by 1")
        assert {u for u, _ in titles} == {ADMIN_USER, ASSISTANT_USER}
        assert all(t.startswith("Passaporte de Maria Silva vence em ") for _, t in titles)
        # N is the office's setting: at 365 days the EAD is within reach too
        sign_in(ADMIN).table("office_settings").update({"document_expiry_alert_days": 365}).eq("id", True).execute()
        assert documents_stack.sql("select public.alert_expiring_documents()") == [(2,)]
        # staff and clients cannot run the job themselves; the scheduler has it
        for email in (SECRETARY, MARIA):
            assert refused(lambda e=email: sign_in(e).rpc("alert_expiring_documents").execute()).code == "42501"
        assert documents_stack.sql("select schedule, command from cron.job where jobname = 'document-expiry-alerts'") \
            == [("0 8 * * *", "select public.alert_expiring_documents()")]
    finally:
        documents_stack.sql("update public.clients set passport_expires_on = null, ead_expires_on = null"
                            " where id = %s", (MARIA_CLIENT,))
        documents_stack.sql("update public.office_settings set document_expiry_alert_days = 90")
