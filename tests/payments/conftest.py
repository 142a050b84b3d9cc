"""Fixtures of the online payments tests: a stack of their own whose Stripe is the local fake (stripe-fake),
configured through system-settings as an administrator would, and helpers to sign events as Stripe does."""
from __future__ import annotations

import hashlib
import hmac
import json
import sys
import time
import uuid
from pathlib import Path

import httpx
import pytest

from harness import StackProcess

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "functions"))

from function_sessions import sign_in  # noqa: E402

WEBHOOK_SECRET = "whsec_tests_" + "w" * 24
SECRET_KEY = "sk_test_payments_" + "k" * 24
MARIA = "c0000000-0000-4000-8000-000000000001"
JOAO = "c0000000-0000-4000-8000-000000000002"


@pytest.fixture(scope="session")
def pay_stack(cluster):
    s = StackProcess(cluster, name="payments")
    admin = sign_in(s, "admin@escritorio.test")
    for key, value in (("stripe", {"secretKey": SECRET_KEY, "webhookSecret": WEBHOOK_SECRET,
                                   "apiBaseUrl": f"{s.url}/functions/v1/stripe-fake"}),
                       ("pix", {"key": "pagamentos@escritorio.test", "merchantName": "Escritório de Imigração",
                                "merchantCity": "São Paulo"}),
                       ("payment_fees", {"cardSurchargePercent": "0", "pixFeePercent": "0"})):
        answer = httpx.post(f"{s.url}/functions/v1/system-settings", json={"key": key, "value": value},
                            headers=auth(s, admin), timeout=30)
        assert answer.status_code == 200, answer.text
    yield s
    s.stop()


def auth(stack, token: str | None) -> dict:
    return {"apikey": stack.anon_key, "Authorization": f"Bearer {token or stack.anon_key}"}


@pytest.fixture(scope="session")
def tokens(pay_stack):
    emails = ("admin@escritorio.test", "assistente@escritorio.test", "secretaria@escritorio.test",
              "maria.silva@cliente.test")
    out = {email: sign_in(pay_stack, email) for email in emails}
    answer = httpx.post(f"{pay_stack.url}/auth/v1/token?grant_type=password", timeout=10,
                        json={"email": "joao.souza@cliente.test", "password": "Demo@12345"},
                        headers={"apikey": pay_stack.anon_key})
    assert answer.status_code == 200, answer.text
    out["joao.souza@cliente.test"] = answer.json()["access_token"]
    return out


@pytest.fixture
def call(pay_stack):
    def invoke(name: str, token: str | None, body=None, method: str = "POST", path: str = "", **kw):
        return httpx.request(method, f"{pay_stack.url}/functions/v1/{name}{path}", json=body,
                             headers=auth(pay_stack, token), timeout=60, **kw)
    return invoke


def new_installment(stack, client_id: str, amount: str = "500.00", currency: str = "USD") -> str:
    """A fresh active contract with one open installment of the client (so each test starts clean)."""
    contract = str(uuid.uuid4())
    stack.sql("insert into public.financial_contracts (id, client_id, title, status, total_amount, currency) "
              "values (%s, %s, 'Contrato de teste (pagamentos)', 'active', %s, %s)",
              (contract, client_id, amount, currency))
    [(installment,)] = stack.sql(
        "insert into public.financial_installments (contract_id, client_id, number, due_date, amount, currency) "
        "values (%s, %s, 1, current_date + 10, %s, %s) returning id", (contract, client_id, amount, currency))
    return str(installment)


def signed_post(stack, event: dict, secret: str = WEBHOOK_SECRET, at: int | None = None,
                header: str | None = None) -> httpx.Response:
    payload = json.dumps(event, separators=(",", ":"))
    at = int(time.time()) if at is None else at
    mac = hmac.new(secret.encode(), f"{at}.{payload}".encode(), hashlib.sha256).hexdigest()
    return httpx.post(f"{stack.url}/functions/v1/payments-webhook", content=payload, timeout=60,
                      headers={"content-type": "application/json",
                               "stripe-signature": header if header is not None else f"t={at},v1={mac}"})


def event_of(kind: str, obj: dict, created: int | None = None) -> dict:
    return {"id": f"evt_test_{uuid.uuid4().hex}", "object": "event", "type": kind, "api_version": "2025-06-30.basil",
            "created": created or int(time.time()), "livemode": False, "data": {"object": obj}}
