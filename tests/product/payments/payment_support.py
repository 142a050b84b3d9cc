"""Constants and helpers of the online payments tests (a module of its own name: every suite has a conftest)."""
from __future__ import annotations

import hashlib
import hmac
import json
import time
import uuid

import httpx

WEBHOOK_SECRET = "whsec_tests_" + "w" * 24
SECRET_KEY = "sk_test_payments_" + "k" * 24
MARIA = "c0000000-0000-4000-8000-000000000001"
JOAO = "c0000000-0000-4000-8000-000000000002"


def auth(stack, token: str | None) -> dict:
    return {"apikey": stack.anon_key, "Authorization": f"Bearer {token or stack.anon_key}"}


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
