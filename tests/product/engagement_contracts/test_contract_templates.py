"""Contract templates managed by administrators, through supabase-py: add, duplicate (with its clauses), remove
(deleted when unused, deactivated when a contract was generated from it, never the language's default); other
roles are refused, and an inactive template sends nothing."""

from __future__ import annotations

import postgrest
import pytest
from test_contract_signing import call, new_contract, signed_in

from supabase import Client

ADMIN, ASSISTANT, SECRETARY, MARIA = ("admin@escritorio.test", "assistente@escritorio.test",
                                      "secretaria@escritorio.test", "maria.silva@cliente.test")
DEFAULT_PT = "c7000000-0000-4000-8000-000000000001"


@pytest.fixture(scope="module")
def people(stack) -> dict[str, Client]:
    return {who: signed_in(stack, who) for who in (ADMIN, ASSISTANT, SECRETARY, MARIA)}


def test_administrators_add_duplicate_and_remove_templates(stack, people):
    admin = people[ADMIN]
    added = admin.table("contract_templates").insert({
        "name": "Modelo de teste (asilo)", "language": "pt", "body": "# Partes\n{{cliente}}\n"}).execute().data[0]
    assert added["active"] is True and added["is_default"] is False
    copy = admin.rpc("duplicate_contract_template", {"template_id": DEFAULT_PT}).execute().data
    assert copy["name"].startswith("Cópia de ") and copy["is_default"] is False and copy["active"] is True
    original_clauses = admin.table("contract_template_clauses").select("title, body").eq(
        "template_id", DEFAULT_PT).execute().data
    assert admin.table("contract_template_clauses").select("title, body").eq(
        "template_id", copy["id"]).execute().data == original_clauses != []
    # unused: deleted (with its clauses)
    assert admin.rpc("remove_contract_template", {"template_id": added["id"]}).execute().data == "deleted"
    assert admin.table("contract_templates").select("id").eq("id", added["id"]).execute().data == []
    # used by a contract: deactivated, and the contract still names it
    contract_id = new_contract(stack)
    sent = call(stack, admin, {"action": "send", "contractId": contract_id, "templateId": copy["id"]})
    assert sent.status_code == 200, sent.text
    assert admin.rpc("remove_contract_template", {"template_id": copy["id"]}).execute().data == "deactivated"
    assert admin.table("contract_templates").select("active").eq("id", copy["id"]).execute().data == [
        {"active": False}]
    assert stack.sql("select template_id::text from public.financial_contracts where id = %s",
                     (contract_id,)) == [(copy["id"],)]
    # an inactive template sends nothing new
    other = new_contract(stack)
    refused = call(stack, admin, {"action": "send", "contractId": other, "templateId": copy["id"]})
    assert refused.status_code == 404 and refused.json()["error"] == "Modelo de contrato não encontrado"


def test_templates_refuse_other_roles_the_default_and_used_deletes(stack, people):
    admin = people[ADMIN]
    for who in (ASSISTANT, SECRETARY, MARIA):
        for rpc in ("duplicate_contract_template", "remove_contract_template"):
            with pytest.raises(postgrest.APIError) as refused:
                people[who].rpc(rpc, {"template_id": DEFAULT_PT}).execute()
            assert refused.value.code == "42501", (who, rpc)
    with pytest.raises(postgrest.APIError) as refused:
        people[ASSISTANT].table("contract_templates").insert({"name": "x", "language": "pt", "body": "x"}).execute()
    assert refused.value.code == "42501"
    # the language's default is never removed, by the function or a direct delete
    with pytest.raises(postgrest.APIError) as refused:
        admin.rpc("remove_contract_template", {"template_id": DEFAULT_PT}).execute()
    assert refused.value.code == "23514" and "padrão" in refused.value.message
    with pytest.raises(postgrest.APIError) as refused:
        admin.table("contract_templates").delete().eq("id", DEFAULT_PT).execute()
    assert refused.value.code == "23514"
    # a template some contract came from is not deleted directly either (only deactivated)
    copy = admin.rpc("duplicate_contract_template", {"template_id": DEFAULT_PT}).execute().data
    contract_id = new_contract(stack)
    assert call(stack, admin, {"action": "send", "contractId": contract_id, "templateId": copy["id"]}).status_code \
        == 200
    with pytest.raises(postgrest.APIError) as refused:
        admin.table("contract_templates").delete().eq("id", copy["id"]).execute()
    assert refused.value.code == "23514" and "desativado" in refused.value.message
    with pytest.raises(postgrest.APIError) as refused:
        admin.rpc("remove_contract_template", {"template_id": "00000000-0000-4000-8000-000000000000"}).execute()
    assert refused.value.code == "P0002"
