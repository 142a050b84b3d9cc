"""The Stripe API host in production mode (a stack reachable beyond this machine): only https://api.stripe.com is
accepted by system-settings, a local address stored before the switch to production is not used (the office's
secret key never goes there; the webhook answers 503), and the local fake is not served."""
from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest
from production_stack import production_stack, staff_token
from psycopg.types.json import Jsonb

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "payments"))

from payment_support import event_of, signed_post  # noqa: E402

from edgekit.sealed_settings import SettingsCipher, seal  # noqa: E402
from edgekit.setting_schemas import SETTINGS  # noqa: E402

SECRET_KEY = "sk_live_" + "p" * 24
WEBHOOK_SECRET = "whsec_" + "q" * 32
SETTING = {"secretKey": SECRET_KEY, "webhookSecret": WEBHOOK_SECRET}
REFUSED = "Em produção, a API do Stripe é somente https://api.stripe.com"
ENCRYPTION_KEY = "Qm3vT8rL1pZ6wX0cN4bH7yK2sD9fG5jA8eU1oI3tR6q"     # production_stack's SETTINGS_ENCRYPTION_KEY


@pytest.fixture(scope="module")
def prod(cluster):
    s = production_stack(cluster)
    yield s
    s.stop()


def _save(stack, token: str, value: dict) -> httpx.Response:
    return httpx.post(f"{stack.url}/functions/v1/system-settings", json={"key": "stripe", "value": value},
                      headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}"}, timeout=30)


def test_production_accepts_only_stripes_own_api_host(prod):
    admin = staff_token(prod)
    for url in ("http://127.0.0.1:9/functions/v1/stripe-fake", "https://api.stripe.com.evil.example",
                "https://evil.example", "http://api.stripe.com"):
        refused = _save(prod, admin, {**SETTING, "apiBaseUrl": url})
        assert refused.status_code == 400, (url, refused.text)
        assert refused.json()["message"] == REFUSED
        assert prod.sql("select count(*) from system_settings where key = 'stripe'") == [(0,)]
    for value in ({**SETTING, "apiBaseUrl": "https://api.stripe.com/"}, {**SETTING, "apiBaseUrl": ""}, SETTING):
        assert _save(prod, admin, value).status_code == 200
    prod.sql("delete from system_settings where key = 'stripe'")


def test_production_never_uses_a_stored_local_host_nor_the_fake(prod):
    # the fake is not served by a production stack
    assert httpx.get(f"{prod.url}/functions/v1/stripe-fake/pay/cs_test_x", timeout=30).status_code == 404
    assert httpx.post(f"{prod.url}/functions/v1/stripe-fake/v1/checkout/sessions", data={"mode": "payment"},
                      timeout=30).status_code == 404
    # without a setting there is no Stripe at all (no fallback to the fake)
    event = event_of("customer.created", {"id": "cus_test_1", "object": "customer"})
    assert signed_post(prod, event, secret=WEBHOOK_SECRET).status_code == 503
    # a local address stored while the stack was still in development is not used once it is in production
    sealed = seal({**SETTING, "apiBaseUrl": "http://127.0.0.1:9/functions/v1/stripe-fake"}, SETTINGS["stripe"],
                  SettingsCipher(ENCRYPTION_KEY))
    prod.sql("insert into system_settings (key, value) values ('stripe', %s)", (Jsonb(sealed),))
    try:
        answer = signed_post(prod, event, secret=WEBHOOK_SECRET)
        assert answer.status_code == 503 and answer.json()["error"] == "Stripe não configurado"
        assert prod.sql("select count(*) from payment_events") == [(0,)]
        # the same account on Stripe's own host is used
        prod.sql("delete from system_settings where key = 'stripe'")
        assert _save(prod, staff_token(prod), {**SETTING, "apiBaseUrl": "https://api.stripe.com"}).status_code == 200
        answer = signed_post(prod, event, secret=WEBHOOK_SECRET)
        assert answer.status_code == 200, answer.text
        assert prod.sql("select count(*) from payment_events where id = %s", (event["id"],)) == [(1,)]
    finally:
        prod.sql("delete from system_settings where key = 'stripe'")
