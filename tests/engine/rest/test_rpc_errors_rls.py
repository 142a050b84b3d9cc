"""RPC, error mapping, JWT handling and row-level security."""
from __future__ import annotations

import time

from conftest import ANA, BIA, Rest
from supastack.core import jwt


# ----------------------------------------------------------------------------------------------- rpc
def test_scalar_post_and_get(anon):
    r = anon.post("/rpc/add_numbers", json={"a": 2, "b": 3})
    assert r.status_code == 200 and r.json() == 5
    r = anon.get("/rpc/add_numbers", params={"a": "4", "b": "5"})
    assert r.status_code == 200 and r.json() == 9


def test_default_argument(anon):
    assert anon.post("/rpc/hello", json={}).json() == "hello world"
    assert anon.get("/rpc/hello", params={"name": "ana"}).json() == "hello ana"


def test_row_returning_function_is_an_object(anon):
    r = anon.post("/rpc/get_author", json={"author_id": 2})
    assert r.json() == {"id": 2, "name": "Bia", "user_id": BIA}


def test_setof_with_select_filter_order_limit_and_embed(anon):
    r = anon.post("/rpc/posts_by_status", params={"select": "id,title,authors!author_id(name)",
                                                  "rating": "gte.4", "order": "id.desc", "limit": "5"},
                  json={"s": "published"})
    assert r.status_code == 200
    assert r.json() == [{"id": 2, "title": "Green card steps", "authors": {"name": "Ana"}},
                        {"id": 1, "title": "Visas explained", "authors": {"name": "Ana"}}]
    got = anon.get("/rpc/posts_by_status", params={"s": "draft", "select": "id", "id": "gt.3"})
    assert got.json() == [{"id": 5}]


def test_returns_table_and_count(anon):
    r = anon.post("/rpc/author_stats", json={}, headers={"Prefer": "count=exact"})
    assert r.json() == [{"author_id": 1, "post_count": 2}, {"author_id": 2, "post_count": 2},
                        {"author_id": 3, "post_count": 1}]
    assert r.headers["content-range"] == "0-2/3"


def test_setof_scalar(anon):
    assert anon.post("/rpc/series", json={"n": 3}).json() == [1, 2, 3]


def test_single_unnamed_json_param_and_single_object(anon):
    assert anon.post("/rpc/echo_json", json={"any": ["thing"]}).json() == {"any": ["thing"]}
    r = anon.post("/rpc/sum_payload", json={"x": 1, "y": 2.5}, headers={"Prefer": "params=single-object"})
    assert r.status_code == 200 and r.json() == 3.5


def test_void_is_204(anon):
    r = anon.post("/rpc/do_nothing", json={})
    assert r.status_code == 204 and r.content == b""


def test_volatile_via_get_is_405(service):
    r = service.get("/rpc/bump_counter", params={"counter": "get"})
    assert r.status_code == 405 and r.json()["code"] == "25006"
    assert service.post("/rpc/bump_counter", json={"counter": "post"}).json() >= 1


def test_rpc_errors(anon):
    r = anon.post("/rpc/nope", json={"x": 1})
    assert r.status_code == 404 and r.json()["code"] == "PGRST202"
    r = anon.post("/rpc/add_numbers", json={"a": 1, "z": 2})
    assert r.status_code == 404 and r.json()["code"] == "PGRST202"
    r = anon.post("/rpc/fail_with", json={"message": "nope"})
    assert r.status_code == 400 and r.json() == {"code": "P0001", "message": "nope", "details": None,
                                                 "hint": "raised on purpose"}
    r = anon.post("/rpc/payment_required", json={})
    assert r.status_code == 402
    r = anon.post("/rpc/add_numbers", json={"a": "x", "b": 1})
    assert r.status_code == 400 and r.json()["code"] == "22P02"


def test_request_gucs_visible_to_sql(ana):
    r = ana.post("/rpc/whoami", json={})
    assert r.json() == {"uid": ANA, "role": "authenticated", "method": "POST", "path": "/rpc/whoami"}


def test_rpc_max_affected(service):
    r = service.post("/rpc/posts_by_status", json={"s": "published"},
                     headers={"Prefer": "handling=strict, max-affected=1"})
    assert r.status_code == 400 and r.json()["code"] == "PGRST124"


# ------------------------------------------------------------------------------------------------ jwt
def test_no_key_runs_as_anon(nobody):
    r = nobody.post("/rpc/whoami", json={})
    assert r.status_code == 200 and r.json()["role"] == "anon"


def test_expired_jwt_is_401_pgrst303(rest_stack):
    token = jwt.sign({"sub": ANA, "role": "authenticated", "exp": int(time.time()) - 10},
                     rest_stack.settings.jwt_secret)
    r = Rest(rest_stack, token).get("/tags")
    assert r.status_code == 401 and r.json()["code"] == "PGRST303" and r.json()["message"] == "JWT expired"
    assert r.headers["www-authenticate"].startswith('Bearer error="invalid_token"')


def test_bad_jwt_is_401_pgrst301(rest_stack):
    forged = jwt.sign({"sub": ANA, "role": "service_role"}, "not-the-secret-but-long-enough-to-sign-with")
    for token in (forged, "garbage", "a.b.c"):
        r = Rest(rest_stack, token).get("/tags")
        assert r.status_code == 401 and r.json()["code"] == "PGRST301", r.text
        assert set(r.json()) == {"code", "message", "details", "hint"}


def test_new_format_keys_are_mapped(rest_stack):
    secret = Rest(rest_stack, rest_stack.settings.secret_key, rest_stack.settings.secret_key)
    assert secret.post("/rpc/whoami", json={}).json()["role"] == "service_role"
    publishable = Rest(rest_stack, rest_stack.settings.publishable_key, rest_stack.settings.publishable_key)
    assert publishable.post("/rpc/whoami", json={}).json()["role"] == "anon"


# ------------------------------------------------------------------------------------------------ rls
def bodies(resp):
    assert resp.status_code == 200, resp.text
    return sorted(row["body"] for row in resp.json())


def test_rls_same_request_different_rows(anon, ana, bia, service):
    params = {"select": "body", "body": "not.like.new*"}
    assert bodies(anon.get("/notes", params=params)) == ["ana public"]
    assert bodies(ana.get("/notes", params=params)) == ["ana private", "ana public"]
    assert bodies(bia.get("/notes", params=params)) == ["ana public", "bia private"]
    assert bodies(service.get("/notes", params=params)) == ["ana private", "ana public", "bia private"]
    # a function running as the caller sees the same
    assert sorted(r["body"] for r in bia.post("/rpc/my_notes", json={}).json()
                  if not r["body"].startswith("new")) == ["ana public", "bia private"]


def test_rls_write_denied_is_401_for_anon_403_for_user(anon, ana, rest_stack):
    r = anon.post("/notes", json={"body": "new anon"})
    assert r.status_code == 401 and r.json()["code"] == "42501"
    r = ana.post("/notes", json={"body": "new spoof", "owner_id": BIA})
    assert r.status_code == 403 and r.json()["code"] == "42501"
    assert rest_stack.sql("select count(*) from notes where body like 'new %%'") == [(0,)]


def test_rls_owner_insert_update_delete(ana, bia, rest_stack):
    r = ana.post("/notes", params={"select": "body,owner_id"}, json={"body": "new ana"},
                 headers={"Prefer": "return=representation"})
    assert r.status_code == 201 and r.json() == [{"body": "new ana", "owner_id": ANA}]
    # bia cannot see or change ana's private note: 0 rows affected
    r = bia.patch("/notes", params={"body": "eq.new ana"}, json={"body": "hijacked"},
                  headers={"Prefer": "return=representation"})
    assert r.status_code == 200 and r.json() == []
    r = ana.delete("/notes", params={"body": "eq.new ana"}, headers={"Prefer": "count=exact"})
    assert r.status_code == 204 and r.headers["content-range"].endswith("/1")
    assert rest_stack.sql("select count(*) from notes where body in ('new ana', 'hijacked')") == [(0,)]


def test_canary_invisible_without_service_role(anon, ana, service):
    assert anon.get("/canary").json() == []
    assert ana.get("/canary").json() == []
    assert len(service.get("/canary").json()) == 2
