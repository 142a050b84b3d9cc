"""The functions with the real providers configured: USCIS Case Status API and the office's EOIR service
(both local fakes speaking the documented JSON)."""
import httpx
from function_sessions import sign_in


def call(stack, name, body):
    token = sign_in(stack, "assistente@escritorio.test")
    return httpx.post(f"{stack.url}/functions/v1/{name}", json=body, timeout=30,
                      headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}"})


def test_uscis_api_provider_through_the_function(configured_stack):
    answer = call(configured_stack, "uscis-status-checker",
                  {"receiptNumbers": ["EAC9999103403", "MSC2490123456", "LIN1111111111"]})
    assert answer.status_code == 200, answer.text
    results = {r["receiptNumber"]: r for r in answer.json()["results"]}
    assert answer.json()["checked"] == 2 and answer.json()["failed"] == 1
    rfe = results["EAC9999103403"]
    assert rfe["status"] == "Pedido de evidências (RFE) (Request for Additional Evidence Was Sent)"
    assert not rfe["details"].startswith("Demonstração") and rfe["changed"] is True
    assert results["LIN1111111111"]["error"] == "Número de recibo não reconhecido pelo USCIS"
    status, next_action = configured_stack.sql(
        "select last_status, next_action_date from uscis_receipts where receipt_number = 'EAC9999103403'")[0]
    assert status == rfe["status"] and next_action is not None
    assert configured_stack.uscis.token_requests == 1


def test_eoir_http_provider_through_the_function(configured_stack):
    answer = call(configured_stack, "eoir-court-checker", {"aNumber": "A-234-567-890", "processId": 3})
    assert answer.status_code == 200, answer.text
    case = answer.json()["courtCase"]
    assert answer.json()["source"] == "http" and case["judge_name"] == "Hon. Service Judge"
    assert configured_stack.eoir.requests == 1
    unknown = call(configured_stack, "eoir-court-checker", {"aNumber": "A111111111", "processId": 3})
    assert unknown.status_code == 404 and unknown.json()["error"] == "Nenhum caso encontrado para este Número A"
