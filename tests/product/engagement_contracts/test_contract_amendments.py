"""Amendments (aditivos) of a contract in force, through supabase-py and the signing function: a new contract
of the same client referring to the original, signed the same way, while the original's terms, hashes and PDF
stay exactly as signed; roles without the right, contracts not in force and crafted values are refused."""

from __future__ import annotations

import datetime as dt

import postgrest
import pytest
from test_contract_signing import (
    JOAO_CLIENT,
    MARIA_CLIENT,
    call,
    latest_code,
    new_contract,
    sent,
    sign_body,
    signed,
    signed_in,
)

from supabase import Client

ADMIN, ASSISTANT, SECRETARY, SALES = ("admin@escritorio.test", "assistente@escritorio.test",
                                      "secretaria@escritorio.test", "comercial@escritorio.test")
MARIA, JOAO = "maria.silva@cliente.test", "joao.souza@cliente.test"
TERMS = ("client_id, title, total_amount, currency, payment_terms, down_payment, installment_count, document_text, "
         "document_sha256, signed_at, signature_evidence, client_signed_sha256, countersigned_at, final_sha256, "
         "signature_status")


@pytest.fixture(scope="module")
def people(stack) -> dict[str, Client]:
    return {who: signed_in(stack, who) for who in (ADMIN, ASSISTANT, SECRETARY, SALES, MARIA, JOAO)}


@pytest.fixture(scope="module")
def consent_text(stack, people) -> str:
    return call(stack, people[MARIA], {"action": "consent-text"}).json()["consentText"]


def in_force(stack, people, consent_text) -> str:
    contract_id, _ = signed(stack, people, consent_text)
    answer = call(stack, people[ADMIN], {"action": "countersign", "contractId": contract_id})
    assert answer.status_code == 200, answer.text
    return contract_id


def amend(sb: Client, contract_id: str, **changes) -> dict:
    first = (dt.date.today() + dt.timedelta(days=30)).isoformat()
    args = {"contract_id": contract_id, "title": "Aditivo: resposta a RFE",
            "scope": "Resposta ao pedido de evidências (RFE) do I-485.", "total_amount": 800, "down_payment": 200,
            "installments": 2, "first_due_date": first, **changes}
    return sb.rpc("create_contract_amendment", args).execute().data


def test_an_amendment_is_a_new_contract_signed_the_same_way(stack, people, consent_text):
    original = in_force(stack, people, consent_text)
    admin, maria = people[ADMIN], people[MARIA]
    before = admin.table("financial_contracts").select(TERMS).eq("id", original).execute().data
    pdf_before = call(stack, admin, {"action": "document", "contractId": original}).content
    amendment = amend(people[ASSISTANT], original)
    assert amendment["amends_contract_id"] == original and amendment["client_id"] == MARIA_CLIENT
    assert amendment["signature_status"] == "draft" and amendment["id"] != original
    installments = admin.table("financial_installments").select("number, amount").eq(
        "contract_id", amendment["id"]).order("number").execute().data
    assert [(i["number"], float(i["amount"])) for i in installments] == [(0, 200.0), (1, 300.0), (2, 300.0)]

    digest = sent(stack, people, amendment["id"])["documentSha256"]
    text = admin.table("financial_contracts").select("document_text").eq("id", amendment["id"]).execute().data[0]
    number = admin.table("financial_contracts").select("contract_number").eq(
        "id", original).execute().data[0]["contract_number"]
    assert f"aditivo ao contrato {number}" in text["document_text"]
    assert before[0]["final_sha256"] in text["document_text"]
    assert "Resposta ao pedido de evidências" in text["document_text"]
    # the client sees and signs it in the portal like any contract; the office countersigns
    assert maria.table("financial_contracts").select("id, amends_contract_id").eq(
        "id", amendment["id"]).execute().data == [{"id": amendment["id"], "amends_contract_id": original}]
    assert call(stack, maria, {"action": "request-code", "contractId": amendment["id"]}).status_code == 200
    answer = call(stack, maria, sign_body(amendment["id"], latest_code(stack, amendment["id"]), digest, consent_text))
    assert answer.status_code == 200, answer.text
    assert call(stack, admin, {"action": "countersign", "contractId": amendment["id"]}).status_code == 200
    # the original: same terms, same hashes, same PDF
    assert admin.table("financial_contracts").select(TERMS).eq("id", original).execute().data == before
    assert call(stack, admin, {"action": "document", "contractId": original}).content == pdf_before


def test_amendments_are_refused_to_other_roles_contracts_not_in_force_and_crafted_values(
        stack, people, consent_text):
    original = in_force(stack, people, consent_text)
    for who in (SECRETARY, SALES, MARIA, JOAO):
        with pytest.raises(postgrest.APIError) as refused:
            amend(people[who], original)
        assert refused.value.code == "42501", who
    draft = new_contract(stack)
    waiting = new_contract(stack, JOAO_CLIENT)
    sent(stack, people, waiting)
    for not_in_force in (draft, waiting):
        with pytest.raises(postgrest.APIError) as refused:
            amend(people[ADMIN], not_in_force)
        assert refused.value.code == "23514" and "vigente" in refused.value.message
    for crafted in ({"total_amount": -1}, {"total_amount": 800, "down_payment": 900}, {"installments": 0},
                    {"title": "  "}, {"scope": ""}, {"installments": 500}, {"total_amount": 10.005}):
        with pytest.raises(postgrest.APIError) as refused:
            amend(people[ADMIN], original, **crafted)
        assert refused.value.code == "23514", crafted
    with pytest.raises(postgrest.APIError) as refused:
        amend(people[ADMIN], "00000000-0000-4000-8000-000000000000")
    assert refused.value.code == "P0002"
    assert stack.sql("select count(*) from public.financial_contracts where amends_contract_id = %s",
                     (original,)) == [(0,)]
