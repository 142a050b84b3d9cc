"""CORS on the gateway's fast path (/rest/v1, served outside FastAPI) matches the CORS middleware that
every other service gets, for preflights and for actual responses, with and without an Origin."""
from __future__ import annotations

import httpx
import pytest

ORIGIN = "http://localhost:5173"


def cors_headers(response: httpx.Response) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k.startswith("access-control-") or k == "vary"}


@pytest.mark.parametrize("request_headers", [
    {"Access-Control-Request-Method": "GET"},
    {"Access-Control-Request-Method": "PATCH", "Access-Control-Request-Headers": "apikey, authorization, prefer"},
    {"Access-Control-Request-Method": "TRACE"},
    {"Access-Control-Request-Method": "GET", "Access-Control-Request-Private-Network": "true"},
])
def test_preflight_matches_other_services(stack, request_headers):
    headers = {"Origin": ORIGIN, **request_headers}
    rest = httpx.options(f"{stack.url}/rest/v1/clients", headers=headers)
    auth = httpx.options(f"{stack.url}/auth/v1/health", headers=headers)
    assert (rest.status_code, rest.text) == (auth.status_code, auth.text)
    assert cors_headers(rest) == cors_headers(auth)
    if request_headers["Access-Control-Request-Method"] == "PATCH":
        assert rest.status_code == 200
        assert rest.headers["access-control-allow-origin"] == ORIGIN
        assert rest.headers["access-control-allow-headers"] == "apikey, authorization, prefer"
        assert "PATCH" in rest.headers["access-control-allow-methods"]


@pytest.mark.parametrize("origin", [ORIGIN, None])
def test_actual_response_headers_match_other_services(stack, origin):
    headers = {"apikey": stack.anon_key, **({"Origin": origin} if origin else {})}
    rest = httpx.get(f"{stack.url}/rest/v1/clients?select=id&limit=1", headers=headers)
    auth = httpx.get(f"{stack.url}/auth/v1/health", headers=headers)
    assert rest.status_code in (200, 206)
    assert cors_headers(rest) == cors_headers(auth)
    if origin:
        assert rest.headers["access-control-allow-origin"] == origin
        assert rest.headers["access-control-allow-credentials"] == "true"
        assert "Content-Range" in rest.headers["access-control-expose-headers"]
    else:
        assert "access-control-allow-origin" not in rest.headers
    assert rest.headers["vary"] == "Origin"


def test_rest_errors_carry_cors_headers(stack):
    rest = httpx.get(f"{stack.url}/rest/v1/no_such_table", headers={"apikey": stack.anon_key, "Origin": ORIGIN})
    assert rest.status_code == 404
    assert rest.headers["access-control-allow-origin"] == ORIGIN
    assert rest.json()["code"] == "PGRST205"


def test_rest_root_and_unknown_method(stack):
    root = httpx.get(f"{stack.url}/rest/v1/", headers={"apikey": stack.anon_key})
    assert root.status_code == 200 and root.json()["swagger"] == "2.0"
    bare = httpx.get(f"{stack.url}/rest/v1", headers={"apikey": stack.anon_key})
    assert bare.status_code == 200
    odd = httpx.request("TRACE", f"{stack.url}/rest/v1/clients", headers={"apikey": stack.anon_key})
    assert odd.status_code == 405
