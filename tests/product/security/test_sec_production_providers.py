"""Production mode (reachable beyond loopback) refuses demo providers: the daily checks answer a clear pt-BR
error instead of inventing a status, and the administrator cannot choose a demo provider in Integrações."""
from __future__ import annotations

import httpx
import pytest
from production_stack import production_stack, staff_token


@pytest.fixture(scope="module")
def prod(cluster):
    s = production_stack(cluster)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def admin_token(prod):
    return staff_token(prod)


def _call(stack, name: str, bearer: str, body=None, method: str = "POST", params=None) -> httpx.Response:
    return httpx.request(method, f"{stack.url}/functions/v1/{name}", json=body, params=params, timeout=30,
                         headers={"apikey": stack.anon_key, "Authorization": f"Bearer {bearer}"})


@pytest.mark.parametrize(("name", "body"), [
    ("uscis-status-checker", {"receiptNumbers": ["MSC2490123456"]}),
    ("eoir-court-checker", {"aNumber": "A234567890", "processId": 1}),
    ("uscis-forms-checker", {}),
    ("exchange-rates", {"days": 1}),
])
def test_the_scheduled_checks_refuse_a_demo_provider(prod, name, body):
    answer = _call(prod, name, prod.service_role_key, body)
    assert answer.status_code == 503, answer.text
    assert "Provedor de demonstração não é permitido em produção" in answer.text
    assert prod.sql("select count(*) from uscis_status_history")[0][0] == 0
    assert prod.sql("select count(*) from exchange_rates where source = 'demo'")[0][0] == 0


def test_the_administrator_cannot_choose_a_demo_provider(prod, admin_token):
    shown = _call(prod, "system-settings", admin_token, method="GET", params={"key": "providers"})
    assert shown.status_code == 200 and shown.json()["production"] is True
    refused = _call(prod, "system-settings", admin_token, {"key": "providers", "value": {"uscis": "demo"}})
    assert refused.status_code == 400 and "demonstração" in refused.json()["message"]
    chosen = _call(prod, "system-settings", admin_token,
                   {"key": "providers", "value": {"uscis": "uscis", "exchangeRates": "ptax"}})
    assert chosen.status_code == 200, chosen.text
    # the official USCIS API is chosen but not configured: a clear error, never an invented status
    answer = _call(prod, "uscis-status-checker", admin_token, {"receiptNumbers": ["MSC2490123456"]})
    assert "demonstração" not in answer.text
    assert prod.sql("select count(*) from uscis_status_history")[0][0] == 0


@pytest.mark.parametrize(("name", "method", "path", "body"), [
    ("whatsapp-simulator", "GET", "", None),
    ("whatsapp-simulator", "POST", "", {"phone": "+5511999990000", "type": "text", "text": "Oi"}),
    ("whatsapp-simulator", "POST", "/graph/v21.0/123/messages", {"to": "+5511999990000"}),
    ("stripe-fake", "POST", "/v1/checkout/sessions", {}),
    ("stripe-fake", "GET", "/pay/cs_test_1", None),
])
def test_the_development_stand_ins_are_not_there_in_production(prod, admin_token, name, method, path, body):
    """The WhatsApp simulator and the Stripe fake would let anyone forge inbound messages or payments."""
    answer = httpx.request(method, f"{prod.url}/functions/v1/{name}{path}", json=body, timeout=30,
                           headers={"apikey": prod.anon_key, "Authorization": f"Bearer {admin_token}"})
    assert answer.status_code == 404, answer.text
    assert prod.sql("select count(*) from messages where channel = 'whatsapp'")[0][0] == 0
