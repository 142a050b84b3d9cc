"""The G-28's client signature date (Part 4, 3.b) comes from the engagement contract the client signed in the
portal: a secretary filling the form (who reads no contract) gets that day and nothing else of the contract; a
client asking for it gets nothing."""

from __future__ import annotations

import uuid

import pytest
from pdf_builder import fillable_pdf

from conftest import JOAO_CLIENT
from edgekit.uscis_forms.pdf import filled_values
from harness import signed_in

ASSISTANT = "assistente@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
JOAO_PROCESS = 2
HASH = "b" * 64


@pytest.fixture(scope="module")
def g28_dates(api, forms_stack):
    number = f"G-{uuid.uuid4().int % 9000 + 1000}"
    path = f"{number}/2025-01-20-{uuid.uuid4().hex[:8]}.pdf"
    fields = [{"name": "Line3b_Date", "type": "text"}, {"name": "Line3_Date", "type": "text"}]
    assert api[ASSISTANT].upload("uscis_forms", path, fillable_pdf(fields)).status_code == 200
    answer = api[ASSISTANT].function("import-uscis-form", {
        "formNumber": number, "editionDate": "2025-01-20", "storagePath": path,
        "formName": "Representação por advogado (datas)", "category": "Petições Familiares"})
    assert answer.status_code == 200, answer.text
    imported = answer.json()
    saved = api[ASSISTANT].rest("POST", "rpc/save_form_mapping", json={
        "p_edition_id": imported["edition"]["id"], "p_fields": [
            {"field_name": "Line3b_Date", "data_path": "process.client_signed_on", "transform": "date_mdy"},
            {"field_name": "Line3_Date", "data_path": "filing.date", "transform": "date_mdy"}]})
    assert saved.status_code == 200, saved.text
    yield imported["form"]["id"]
    forms_stack.sql("delete from uscis_forms where number = %s", (number,))


def signed_contract(stack, process_id: int | None, signed_at: str, amends: str | None = None) -> str:
    contract_id = str(uuid.uuid4())
    stack.sql("""insert into public.financial_contracts (id, client_id, title, total_amount, currency, process_id,
                   signature_status, document_sha256, sent_at, signed_at, signed_by_name, signature_evidence,
                   client_signed_sha256, amends_contract_id)
                 values (%s, %s, 'Contrato de honorários (datas)', 1000, 'USD', %s, 'client_signed', %s, %s, %s,
                   'João Souza', '{}'::jsonb, %s, %s)""",
              (contract_id, JOAO_CLIENT, process_id, HASH, signed_at, signed_at, HASH, amends))
    return contract_id


def test_the_g28_client_signature_date_is_the_contracts(api, forms_stack, g28_dates):
    # before João signs anything the date is reported missing, not made up
    assert forms_stack.sql("select count(*) from public.financial_contracts where client_id = %s "
                           "and signed_at is not null", (JOAO_CLIENT,)) == [(0,)]
    before = api[SECRETARY].function("fill-uscis-form", {"processId": JOAO_PROCESS, "formId": g28_dates})
    assert before.status_code == 200, before.text
    assert before.json()["emptyFields"] == [{"name": "Line3b_Date", "dataPath": "process.client_signed_on"}]
    signed_contract(forms_stack, None, "2026-02-20T15:00:00Z")
    own = signed_contract(forms_stack, JOAO_PROCESS, "2026-01-15T15:00:00Z")
    # an amendment signed later is not the engagement
    signed_contract(forms_stack, JOAO_PROCESS, "2026-03-10T15:00:00Z", amends=own)
    secretary = signed_in(forms_stack, SECRETARY)
    assert secretary.table("financial_contracts").select("id").eq("id", own).execute().data == []
    assert secretary.rpc("client_signed_engagement_on", {"p_process_id": JOAO_PROCESS}).execute().data \
        == "2026-01-15"
    # the process's own contract first; a process of the same client without one takes the client's newest
    assert secretary.rpc("client_signed_engagement_on", {"p_process_id": 3}).execute().data == "2026-02-20"
    answer = api[SECRETARY].function("fill-uscis-form", {"processId": JOAO_PROCESS, "formId": g28_dates})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["emptyFields"] == []
    values = filled_values(api[SECRETARY].download("client_documents", body["document"]["file_path"]).content)
    assert values["Line3b_Date"] == "01/15/2026"
    # a client learns nothing through it, not even of its own process
    joao = signed_in(forms_stack, "joao.souza@cliente.test")
    assert joao.rpc("client_signed_engagement_on", {"p_process_id": JOAO_PROCESS}).execute().data is None
