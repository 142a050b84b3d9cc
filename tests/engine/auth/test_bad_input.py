"""Every bad input answers with GoTrue's status and error body, never a 500, and writes nothing."""
from __future__ import annotations

import base64
import json
import time
import uuid

import httpx
import pytest
from auth_helpers import PASSWORD

from harness import session_claims
from supastack.core import jwt

INVALID = {"code": "invalid_credentials", "message": "Invalid login credentials"}


def sign_in_raw(api, body, **kw):
    return api.post("/token?grant_type=password", **kw, **({"content": body} if isinstance(body, (str, bytes))
                                                          else {"json": body}))


def test_wrong_password_and_unknown_email_look_the_same(api, user):
    before = api.counts()
    wrong = sign_in_raw(api, {"email": user["email"], "password": "errada-123"})
    unknown = sign_in_raw(api, {"email": "ninguem@example.test", "password": "errada-123"})
    for r in (wrong, unknown):
        assert r.status_code == 400 and r.json() == INVALID
        assert r.headers["x-supabase-api-version"] == "2024-01-01"
        assert r.headers["x-sb-error-code"] == "invalid_credentials"
    assert api.counts() == before


def test_legacy_error_shape_without_version_header(api, user):
    r = api.post("/token?grant_type=password", headers=api.headers(version=False),
                 json={"email": user["email"], "password": "errada-123"})
    assert r.status_code == 400
    assert r.json() == {"code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials"}
    assert "x-supabase-api-version" not in r.headers


@pytest.mark.parametrize("body, status, code", [
    ({"email": "", "password": "x"}, 400, "validation_failed"),
    ({"password": "x"}, 400, "validation_failed"),
    ({"email": "a@b.co"}, 400, "validation_failed"),
    ({"email": "a@b.co", "password": ""}, 400, "validation_failed"),
    ({"email": "a@b.co", "phone": "+5511999999999", "password": "x"}, 400, "validation_failed"),
    ({"email": 12, "password": "x"}, 400, "bad_json"),
    ({"email": "a@b.co", "password": ["x"]}, 400, "bad_json"),
    ("{not json", 400, "bad_json"),
    ("", 400, "bad_json"),
    ("[1, 2]", 400, "bad_json"),
    ("\xff\xfe", 400, "bad_json"),
    ({"email": "a@b.co", "password": "x" * 100}, 400, "invalid_credentials"),
])
def test_sign_in_bad_bodies(api, body, status, code):
    before = api.counts()
    r = sign_in_raw(api, body)
    assert r.status_code == status and r.json()["code"] == code, r.text
    assert isinstance(r.json()["message"], str) and r.json()["message"]
    assert api.counts() == before


def test_unsupported_grant_type(api):
    r = api.post("/token?grant_type=magic", json={})
    assert r.status_code == 400 and r.json() == {"code": "invalid_credentials", "message": "unsupported_grant_type"}


def test_unconfirmed_email_cannot_sign_in(api):
    u = api.create_user(email_confirm=False)
    r = sign_in_raw(api, {"email": u["email"], "password": PASSWORD})
    assert r.status_code == 400 and r.json() == {"code": "email_not_confirmed", "message": "Email not confirmed"}
    r = sign_in_raw(api, {"email": u["email"], "password": "errada-123"})
    assert r.json()["code"] == "invalid_credentials"  # a wrong password reveals nothing more


def _token(api, **claims) -> str:
    now = int(time.time())
    base = {"sub": str(uuid.uuid4()), "aud": "authenticated", "role": "authenticated", "iat": now, "exp": now + 60}
    return jwt.sign({**base, **claims}, api.stack.settings.jwt_secret)


def _b64(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


def test_user_endpoint_token_errors(api, user):
    session = api.sign_in(user["email"])
    good = session_claims(api.stack, session["access_token"])
    expired = jwt.sign({**good, "exp": int(time.time()) - 10}, api.stack.settings.jwt_secret)
    other_secret = jwt.sign(good, "another-secret-of-at-least-thirty-two-chars")
    alg_none = f"{_b64({'alg': 'none', 'typ': 'JWT'})}.{_b64(good)}."
    cases = [
        (None, 401, "no_authorization"),
        (expired, 403, "bad_jwt"),
        (other_secret, 403, "bad_jwt"),
        (alg_none, 403, "bad_jwt"),
        ("garbage", 403, "bad_jwt"),
        (api.stack.anon_key, 403, "bad_jwt"),
        (_token(api), 403, "user_not_found"),
        (_token(api, sub=user["id"], session_id=str(uuid.uuid4())), 403, "session_not_found"),
        (_token(api, sub="not-a-uuid"), 400, "bad_jwt"),
    ]
    before = api.counts()
    for token, status, code in cases:
        headers = {"X-Supabase-Api-Version": "2024-01-01"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for method in ("GET", "PUT"):
            r = httpx.request(method, api.base + "/user", headers=headers, json={"data": {"x": 1}})
            assert (r.status_code, r.json()["code"]) == (status, code), (token, method, r.text)
        r = api.post("/logout", headers=headers)
        assert (r.status_code, r.json()["code"]) == (status, code)
    assert api.counts() == before
    assert "token is expired" in httpx.get(api.base + "/user", headers={"Authorization": f"Bearer {expired}",
                                                                        **api.headers()}).json()["message"]


def test_update_user_bad_input_writes_nothing(api, user):
    token = api.sign_in(user["email"])["access_token"]
    before = api.counts()
    r = api.put("/user", token, json={"password": "abc"})
    assert r.status_code == 422
    assert r.json() == {"code": "weak_password", "message": "Password should be at least 6 characters.",
                        "weak_password": {"reasons": ["length"]}}
    r = api.put("/user", token, json={"password": "é" * 40})  # 80 bytes
    assert r.status_code == 400 and r.json() == {"code": "validation_failed",
                                                 "message": "Password cannot be longer than 72 characters"}
    r = api.put("/user", token, json={"password": PASSWORD})
    assert r.status_code == 422 and r.json()["code"] == "same_password"
    r = api.put("/user", token, json={"email": "not-an-email"})
    assert r.status_code == 400 and r.json()["code"] == "validation_failed"
    other = api.create_user()
    before = api.counts()
    r = api.put("/user", token, json={"email": other["email"]})
    assert r.status_code == 422 and r.json()["code"] == "email_exists"
    r = api.put("/user", token, json={"app_metadata": {"role": "admin"}})
    assert r.status_code == 403 and r.json()["code"] == "not_admin"
    r = api.put("/user", token, content=b"{oops")
    assert r.status_code == 400 and r.json()["code"] == "bad_json"
    r = api.put("/user", token, json={"data": "not-an-object"})
    assert r.status_code == 400 and r.json()["code"] == "bad_json"
    assert api.counts() == before


def test_user_metadata_merge_and_delete(api, user):
    token = api.sign_in(user["email"])["access_token"]
    assert api.put("/user", token, json={"data": {"a": 1, "b": 2}}).json()["user_metadata"] == {"a": 1, "b": 2}
    assert api.put("/user", token, json={"data": {"b": None, "c": 3}}).json()["user_metadata"] == {"a": 1, "c": 3}


def test_logout_invalid_scope(api, user):
    token = api.sign_in(user["email"])["access_token"]
    r = api.post("/logout?scope=everyone", token)
    assert r.status_code == 400 and r.json()["code"] == "validation_failed"
    assert api.get("/user", token).status_code == 200


def test_signup_disabled(api):
    before = api.counts()
    r = api.post("/signup", json={"email": "novo@example.test", "password": PASSWORD})
    assert r.status_code == 422
    assert r.json() == {"code": "signup_disabled", "message": "Signups not allowed for this instance"}
    assert api.counts() == before


def test_admin_requires_service_role(api, user):
    token = api.sign_in(user["email"])["access_token"]
    before = api.counts()
    for headers, status, code in [
        ({}, 401, "no_authorization"),
        (api.headers(api.stack.anon_key), 403, "not_admin"),
        (api.headers(token), 403, "not_admin"),
        (api.headers("forged.token.value"), 403, "bad_jwt"),
    ]:
        headers = {**headers, "X-Supabase-Api-Version": "2024-01-01"}
        for method, path in [("GET", "/admin/users"), ("POST", "/admin/users"), ("GET", f"/admin/users/{user['id']}"),
                             ("PUT", f"/admin/users/{user['id']}"), ("DELETE", f"/admin/users/{user['id']}")]:
            r = httpx.request(method, api.base + path, headers=headers,
                              json={"email": "x@example.test", "password": PASSWORD})
            assert (r.status_code, r.json()["code"]) == (status, code), (method, path, r.text)
    assert api.counts() == before


def test_admin_bad_input(api, user):
    before = api.counts()
    h = api.admin_headers
    cases = [
        ("POST", "/admin/users", {"email": user["email"].upper(), "password": PASSWORD}, 422, "email_exists"),
        ("POST", "/admin/users", {"password": PASSWORD}, 400, "validation_failed"),
        ("POST", "/admin/users", {"email": "bad@", "password": PASSWORD}, 400, "validation_failed"),
        ("POST", "/admin/users", {"email": "ok@example.test", "password": "x" * 73}, 400, "validation_failed"),
        ("POST", "/admin/users", {"email": "ok@example.test", "email_confirm": "yes"}, 400, "bad_json"),
        ("POST", "/admin/users", {"email": "ok@example.test", "id": "nope"}, 400, "validation_failed"),
        ("GET", f"/admin/users/{uuid.uuid4()}", None, 404, "user_not_found"),
        ("GET", "/admin/users/not-a-uuid", None, 404, "validation_failed"),
        ("PUT", f"/admin/users/{uuid.uuid4()}", {"user_metadata": {}}, 404, "user_not_found"),
        ("PUT", f"/admin/users/{user['id']}", {"password": "abc"}, 422, "weak_password"),
        ("DELETE", f"/admin/users/{uuid.uuid4()}", None, 404, "user_not_found"),
        ("GET", "/admin/users?page=0", None, 400, "validation_failed"),
        ("GET", "/admin/users?per_page=abc", None, 400, "validation_failed"),
    ]
    for method, path, body, status, code in cases:
        r = httpx.request(method, api.base + path, headers=h, json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), (method, path, body, r.text)
    assert api.counts() == before


def test_fuzzed_bodies_never_500(api):
    bodies = [b"null", b"true", b"1e999", b'{"email": {"$ne": null}, "password": "x"}', b'{"email":"\\u0000@x.co"}',
              b'{"email":"\\u0000@x.co","password":"x","refresh_token":"\\u0000"}',
              b'{"refresh_token": 5}', b'{"email": "' + b"a" * 5000 + b'@x.co", "password": "y"}', b"\x00\x01"]
    paths = ["/token?grant_type=password", "/token?grant_type=refresh_token", "/recover", "/verify", "/signup",
             "/admin/users"]
    for path in paths:
        for body in bodies:
            headers = api.admin_headers if path == "/admin/users" else api.headers()
            r = httpx.post(api.base + path, headers=headers, content=body)
            assert 400 <= r.status_code < 500, (path, body, r.status_code, r.text)
            assert r.json().get("code") or r.json().get("error")


def test_unknown_email_costs_a_bcrypt_run(api, user):
    """No timing shortcut for unknown accounts: both failures spend one bcrypt verification."""
    import statistics

    import bcrypt
    hashed = bcrypt.hashpw(b"x", bcrypt.gensalt(10))
    local = []
    for _ in range(3):
        t = time.perf_counter()
        bcrypt.checkpw(b"y", hashed)
        local.append(time.perf_counter() - t)
    server = []
    for i in range(3):
        t = time.perf_counter()
        sign_in_raw(api, {"email": f"nobody{i}@example.test", "password": "errada-123"})
        server.append(time.perf_counter() - t)
    assert statistics.median(server) > 0.3 * statistics.median(local)
