"""Smaller findings of the security review: a '%' in a select alias, CORS origins."""
from __future__ import annotations

import httpx
import pytest


@pytest.mark.parametrize("select", ["id,a%b:full_name", "nome%s:full_name", "x%:processes(id)"])
def test_a_percent_sign_in_an_alias_is_a_parse_error_not_a_500(attacker, select):
    r = attacker.get("/rest/v1/clients", "admin", params={"select": select})
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "PGRST100"


def test_only_configured_origins_may_read_api_answers(sec_stack):
    allowed = sec_stack.settings.site_url
    for path in ("/rest/v1/clients?select=id", "/auth/v1/health"):
        ok = httpx.get(f"{sec_stack.url}{path}", headers={"apikey": sec_stack.anon_key, "Origin": allowed})
        assert ok.headers.get("access-control-allow-origin") == allowed
        evil = httpx.get(f"{sec_stack.url}{path}",
                         headers={"apikey": sec_stack.anon_key, "Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in evil.headers
    preflight = httpx.options(f"{sec_stack.url}/rest/v1/clients",
                              headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "GET"})
    assert preflight.status_code == 400 and "access-control-allow-origin" not in preflight.headers
