"""Fixtures of the online payments tests: a stack of their own whose Stripe is the local fake (stripe-fake),
configured through system-settings as an administrator would."""
from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest

from harness import StackProcess

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "functions"))

from function_sessions import sign_in  # noqa: E402
from payment_support import SECRET_KEY, WEBHOOK_SECRET, auth  # noqa: E402


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
