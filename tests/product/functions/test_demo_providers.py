"""Demo providers never reach a client: a status a demo provider produced is marked as demo on every row,
tells the staff (labelled), and creates no client notification and no delivery (no e-mail, no WhatsApp).
The administrator sees and sets each provider through system-settings (DESIGN 9)."""
from __future__ import annotations

import httpx
import pytest

MARIA_RECEIPT = "MSC2490123456"          # process 1, Maria Silva (opted into e-mail)
MARIA_USER = "10000000-0000-4000-8000-000000000005"
JOAO_CASE = "A234567890"                 # process 3, João Souza (opted into e-mail and WhatsApp)
JOAO_USER = "10000000-0000-4000-8000-000000000006"


def _client_messages(sql, user: str, kind: str, since) -> tuple[int, int]:
    notes = sql("select count(*) from notifications where user_id = %s and kind = %s and created_at >= %s",
                (user, kind, since))[0][0]
    deliveries = sql("select count(*) from notification_deliveries where user_id = %s and template = %s "
                     "and created_at >= %s", (user, kind, since))[0][0]
    return notes, deliveries


def test_the_daily_uscis_check_with_the_demo_provider_tells_the_client_nothing(functions_stack, call, tokens):
    sql = functions_stack.sql
    since = sql("select now()")[0][0]
    receipt = sql("select id from uscis_receipts where receipt_number = %s", (MARIA_RECEIPT,))[0][0]
    sql("update uscis_receipts set last_status = 'antigo' where id = %s", (receipt,))

    daily = httpx.post(f"{functions_stack.url}/functions/v1/uscis-status-checker",
                       json={"receiptNumbers": [MARIA_RECEIPT]},
                       headers={"apikey": functions_stack.anon_key,
                                "Authorization": f"Bearer {functions_stack.service_role_key}"}, timeout=30)
    assert daily.status_code == 200, daily.text
    (result,) = daily.json()["results"]
    assert result["changed"] is True and result["demo"] is True

    assert sql("select last_status_is_demo from uscis_receipts where id = %s", (receipt,)) == [(True,)]
    assert sql("select is_demo from uscis_status_history where receipt_id = %s order by updated_at desc limit 1",
               (receipt,)) == [(True,)]
    assert _client_messages(sql, MARIA_USER, "uscis_status", since) == (0, 0)
    staff = sql("select title from notifications where kind = 'uscis_status' and created_at >= %s "
                "and user_id <> %s", (since, MARIA_USER))
    assert staff and all(title == "Status USCIS alterado (demonstração)" for (title,) in staff)

    # "Atualizar Todos" by a staff member: the same
    sql("update uscis_receipts set last_status = 'antigo de novo' where id = %s", (receipt,))
    by_hand = call("uscis-status-checker", tokens["assistente@escritorio.test"], {"receiptNumbers": [MARIA_RECEIPT]})
    assert by_hand.status_code == 200 and by_hand.json()["results"][0]["demo"] is True
    assert _client_messages(sql, MARIA_USER, "uscis_status", since) == (0, 0)


def test_an_official_status_still_reaches_the_client(functions_stack, seed_guard):
    sql = functions_stack.sql
    since = sql("select now()")[0][0]
    receipt = sql("select id from uscis_receipts where receipt_number = %s", (MARIA_RECEIPT,))[0][0]
    sql("insert into uscis_status_history (receipt_id, status, details, is_demo) "
        "values (%s, 'Aprovado (Case Was Approved)', 'Lido no portal oficial', false)", (receipt,))
    notes, deliveries = _client_messages(sql, MARIA_USER, "uscis_status", since)
    assert notes == 1 and deliveries == 2          # in-app and the e-mail she opted into


def test_a_demo_eoir_result_tells_the_client_nothing(functions_stack, call, tokens):
    sql = functions_stack.sql
    since = sql("select now()")[0][0]
    sql("update eoir_court_cases set last_status = 'antigo' where a_number = %s", (JOAO_CASE,))
    answer = call("eoir-court-checker", tokens["assistente@escritorio.test"], {"aNumber": JOAO_CASE})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["changed"] is True and body["demo"] is True and body["courtCase"]["last_status_is_demo"] is True
    assert sql("select h.is_demo from eoir_court_history h join eoir_court_cases c on c.id = h.court_case_id "
               "where c.a_number = %s order by h.updated_at desc limit 1", (JOAO_CASE,)) == [(True,)]
    assert _client_messages(sql, JOAO_USER, "eoir_status", since) == (0, 0)


def test_form_editions_say_when_they_came_from_the_demo_list(functions_stack, call, tokens):
    answer = call("uscis-forms-checker", tokens["admin@escritorio.test"], {"forms": ["I-130"]})
    assert answer.status_code == 200, answer.text
    (result,) = answer.json()["results"]
    assert result["source"] == "demo" and result["demo"] is True
    assert functions_stack.sql("select edition_source from uscis_forms where number = 'I-130'") == [("demo",)]


def test_the_administrator_sees_and_sets_each_provider(functions_stack, call, tokens):
    admin = tokens["admin@escritorio.test"]
    shown = call("system-settings", admin, method="GET", params={"key": "providers"})
    assert shown.status_code == 200, shown.text
    assert shown.json()["data"] | {"lastUpdated": None} == {
        "uscis": "demo", "eoir": "demo", "uscisForms": "demo", "exchangeRates": "demo", "lastUpdated": None}
    assert shown.json()["production"] is False

    saved = call("system-settings", admin, {"key": "providers", "value": {"uscis": "uscis", "uscisForms": "demo"}})
    assert saved.status_code == 200, saved.text
    assert call("system-settings", admin, method="GET", params={"key": "providers"}).json()["data"]["uscis"] == "uscis"
    # the checker now asks the official API (not configured here): no invented status any more
    official = call("uscis-status-checker", tokens["assistente@escritorio.test"], {"receiptNumbers": [MARIA_RECEIPT]})
    assert official.status_code == 503 or official.json()["results"][0]["error"], official.text

    bad = call("system-settings", admin, {"key": "providers", "value": {"uscis": "inventado"}})
    assert bad.status_code == 400 and "uscis" in bad.json()["message"]
    for who in ("assistente@escritorio.test", "maria.silva@cliente.test"):
        denied = call("system-settings", tokens[who], {"key": "providers", "value": {"uscis": "demo"}})
        assert denied.status_code == 403
    restored = call("system-settings", admin, {"key": "providers", "value": {"uscis": "demo"}})
    assert restored.status_code == 200


@pytest.mark.parametrize("service", ["uscis-status-checker", "eoir-court-checker", "uscis-forms-checker"])
def test_clients_cannot_run_the_checks(call, tokens, service):
    answer = call(service, tokens["maria.silva@cliente.test"],
                  {"receiptNumbers": [MARIA_RECEIPT], "aNumber": JOAO_CASE})
    assert answer.status_code == 403
