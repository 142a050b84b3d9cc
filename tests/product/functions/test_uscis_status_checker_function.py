"""uscis-status-checker through the stack, with supabase-py and plain HTTP (demo provider)."""
import json

import httpx
import pytest
from supabase_functions.errors import FunctionsHttpError

from supabase import create_client

APPROVED_RECEIPT = "EAC9999103403"     # seeded, tracked
DEMO_PASSWORD = "Demo@12345"


def test_staff_check_updates_the_receipt_and_appends_history_once(functions_stack, call, tokens):
    sql = functions_stack.sql
    receipt_id = sql("select id from uscis_receipts where receipt_number = %s", (APPROVED_RECEIPT,))[0][0]
    history_before = sql("select count(*) from uscis_status_history where receipt_id = %s", (receipt_id,))[0][0]
    sql("update uscis_receipts set last_status = 'antigo', last_updated_at = now() - interval '9 days' "
        "where id = %s", (receipt_id,))

    answer = call("uscis-status-checker", tokens["assistente@escritorio.test"],
                  {"receiptNumbers": [" eac9999103403 ", "EAC123", "LIN9999106498"]})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["checked"] == 2 and body["failed"] == 1
    results = {r["receiptNumber"]: r for r in body["results"]}
    tracked = results[APPROVED_RECEIPT]
    assert tracked["changed"] is True and tracked["error"] is None and tracked["details"].startswith("Demonstração:")
    assert results["LIN9999106498"]["tracked"] is False and results["LIN9999106498"]["status"]
    assert "inválido" in results["EAC123"]["error"]

    status, checked, updated, next_action = sql(
        "select last_status, last_checked_at, last_updated_at, next_action_date from uscis_receipts where id = %s",
        (receipt_id,))[0]
    assert status == tracked["status"] and checked is not None
    assert abs((updated - checked).total_seconds()) < 1          # status changed: last_updated_at moved
    history = sql("select status, details from uscis_status_history where receipt_id = %s order by updated_at",
                  (receipt_id,))
    assert len(history) == history_before + 1 and history[-1] == (tracked["status"], tracked["details"])

    again = call("uscis-status-checker", tokens["secretaria@escritorio.test"], {"receiptNumbers": [APPROVED_RECEIPT]})
    assert again.status_code == 200 and again.json()["results"][0]["changed"] is False
    assert sql("select count(*) from uscis_status_history where receipt_id = %s", (receipt_id,))[0][0] == \
        history_before + 1
    assert sql("select last_updated_at from uscis_receipts where id = %s", (receipt_id,))[0][0] == updated


def test_supabase_py_invoke_as_signed_in_staff(functions_stack, seed_guard):
    client = create_client(functions_stack.url, functions_stack.anon_key)
    session = client.auth.sign_in_with_password({"email": "admin@escritorio.test", "password": DEMO_PASSWORD})
    assert session.session is not None
    data = client.functions.invoke("uscis-status-checker",
                                   invoke_options={"body": {"receiptNumbers": ["MSC2490123456"]}})
    body = json.loads(data)
    assert body["checked"] == 1 and body["results"][0]["receiptNumber"] == "MSC2490123456"


def test_supabase_py_invoke_signed_out_reads_the_error(functions_stack):
    client = create_client(functions_stack.url, functions_stack.anon_key)
    with pytest.raises(FunctionsHttpError) as failure:
        client.functions.invoke("uscis-status-checker", invoke_options={"body": {"receiptNumbers": [APPROVED_RECEIPT]}})
    assert failure.value.status == 401 and failure.value.message == "Authentication required"


def test_clients_are_refused_and_input_is_checked(call, tokens):
    refused = call("uscis-status-checker", tokens["maria.silva@cliente.test"], {"receiptNumbers": [APPROVED_RECEIPT]})
    assert refused.status_code == 403 and refused.json()["error"]
    for body in ({}, {"receiptNumbers": []}, {"receiptNumbers": "EAC9999103403"}):
        bad = call("uscis-status-checker", tokens["assistente@escritorio.test"], body)
        assert bad.status_code == 400 and "receiptNumbers" in bad.json()["error"]
    no_json = call("uscis-status-checker", tokens["assistente@escritorio.test"], None)
    assert no_json.status_code == 400


def test_without_a_valid_jwt_the_gateway_answers(stack):
    url = f"{stack.url}/functions/v1/uscis-status-checker"
    missing = httpx.post(url, json={"receiptNumbers": [APPROVED_RECEIPT]})
    assert missing.status_code == 401 and missing.json()["message"] == "Missing authorization header"
    bad = httpx.post(url, json={}, headers={"Authorization": "Bearer nonsense"})
    assert bad.status_code == 401 and bad.json()["message"] == "Invalid JWT"
    preflight = httpx.options(url, headers={"Origin": "http://127.0.0.1:3000", "Access-Control-Request-Method": "POST",
                                            "Access-Control-Request-Headers":
                                                "authorization, x-client-info, apikey, content-type"})
    assert preflight.status_code == 200
    assert "x-client-info" in preflight.headers["access-control-allow-headers"].lower()
