"""Per-IP sign-in limits behind a reverse proxy: X-Forwarded-For counts only when the proxy is trusted
(FORWARDED_ALLOW_IPS); otherwise a caller cannot pick the address its failures are counted under."""
from __future__ import annotations

import httpx
import pytest

from harness import StackProcess

LIMITS = {"SIGN_IN_FAILURES_PER_IP": "3", "SIGN_IN_FAILURES_PER_EMAIL": "1000"}


def _fail(stack, forwarded_for: str) -> int:
    r = httpx.post(f"{stack.url}/auth/v1/token?grant_type=password",
                   json={"email": "ninguem@exemplo.test", "password": "errada-123"},
                   headers={"apikey": stack.anon_key, "X-Forwarded-For": forwarded_for})
    return r.status_code


@pytest.fixture(scope="module")
def proxied(cluster):
    s = StackProcess(cluster, name="proxied", seed=False, env={**LIMITS, "FORWARDED_ALLOW_IPS": "127.0.0.1"})
    yield s
    s.stop()


@pytest.fixture(scope="module")
def direct(cluster):
    s = StackProcess(cluster, name="direct", seed=False, env=LIMITS)
    yield s
    s.stop()


def test_behind_a_trusted_proxy_each_client_address_has_its_own_limit(proxied):
    assert [_fail(proxied, "203.0.113.7") for _ in range(4)] == [400, 400, 400, 429]
    assert _fail(proxied, "203.0.113.8") == 400


def test_without_a_trusted_proxy_the_header_is_ignored(direct):
    assert [_fail(direct, f"203.0.113.{i}") for i in range(4)] == [400, 400, 400, 429]
