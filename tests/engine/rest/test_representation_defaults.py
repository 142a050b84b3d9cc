"""`Accept: application/vnd.pgrst.array+json;nulls=stripped` (and the object form) drop null-valued keys
at any depth; `Prefer: missing=default` with `columns=` gives keys missing from an object their column's
(or domain's) default on bulk insert and upsert, where without it they are null."""
from __future__ import annotations

from supabase import create_client

ARRAY_STRIPPED = "application/vnd.pgrst.array+json;nulls=stripped"
OBJECT_STRIPPED = "application/vnd.pgrst.object+json;nulls=stripped"
BACK = {"Prefer": "return=representation, tx=rollback"}


def test_array_nulls_stripped(anon):
    r = anon.get("/posts", params={"select": "id,reviewer_id,rating", "id": "in.(2,5)", "order": "id"},
                 headers={"Accept": ARRAY_STRIPPED})
    assert r.status_code == 200 and r.json() == [{"id": 2, "rating": 4}, {"id": 5, "rating": 1}]
    assert r.headers["content-type"] == "application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8"
    r = anon.get("/posts", params={"select": "id,reviewer_id", "id": "eq.2"},
                 headers={"Accept": "application/vnd.pgrst.array;nulls=stripped"})
    assert r.json() == [{"id": 2}]


def test_stripping_reaches_embeds_but_not_array_elements(anon):
    r = anon.get("/tags", params={"select": "name,color,posts(id,reviewer_id)", "id": "eq.3"},
                 headers={"Accept": ARRAY_STRIPPED})
    assert r.json() == [{"name": "news", "posts": [{"id": 1, "reviewer_id": 2}]}]
    r = anon.post("/rpc/series", json={"n": 2}, headers={"Accept": ARRAY_STRIPPED})
    assert r.json() == [1, 2]


def test_plain_array_media_type_keeps_nulls(anon):
    r = anon.get("/posts", params={"select": "id,reviewer_id", "id": "eq.2"},
                 headers={"Accept": "application/vnd.pgrst.array+json"})
    assert r.json() == [{"id": 2, "reviewer_id": None}]
    assert r.headers["content-type"] == "application/json; charset=utf-8"


def test_object_nulls_stripped_and_singular_check(anon):
    r = anon.get("/posts", params={"select": "id,reviewer_id", "id": "eq.5"}, headers={"Accept": OBJECT_STRIPPED})
    assert r.status_code == 200 and r.json() == {"id": 5}
    assert r.headers["content-type"] == "application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8"
    r = anon.get("/posts", params={"select": "id"}, headers={"Accept": OBJECT_STRIPPED})
    assert r.status_code == 406 and r.json()["code"] == "PGRST116"


def test_writes_return_stripped_representations(service):
    r = service.post("/posts", params={"select": "title,reviewer_id,rating"},
                     json={"author_id": 1, "title": "stripped", "rating": None},
                     headers={**BACK, "Accept": ARRAY_STRIPPED})
    assert r.status_code == 201 and r.json() == [{"title": "stripped"}]
    r = service.patch("/posts", params={"id": "eq.2", "select": "id,reviewer_id"}, json={"rating": 1},
                      headers={**BACK, "Accept": ARRAY_STRIPPED})
    assert r.json() == [{"id": 2}]


def test_missing_default_on_bulk_insert(service):
    rows = [{"email": "a@x.test"}, {"email": "b@x.test", "score": None, "role": "admin"}]
    r = service.post("/members", params={"columns": "email,nick,role,score", "select": "email,nick,role,score"},
                     json=rows, headers={"Prefer": "return=representation, missing=default, tx=rollback"})
    assert r.status_code == 201, r.text
    assert r.json() == [{"email": "a@x.test", "nick": "anonymous", "role": "member", "score": 10},
                        {"email": "b@x.test", "nick": "anonymous", "role": "admin", "score": None}]
    assert r.headers["preference-applied"] == "missing=default, return=representation, tx=rollback"
    # without the preference a missing key is null: here a NOT NULL column refuses it
    r = service.post("/members", params={"columns": "email,role"}, json=rows, headers=BACK)
    assert r.status_code == 400 and r.json()["code"] == "23502"


def test_missing_default_on_upsert(service, rest_stack):
    rest_stack.sql("insert into members (email, role, score) values ('up@x.test', 'admin', 1) "
                   "on conflict (email) do nothing")
    r = service.post("/members", params={"columns": "email,role,score", "on_conflict": "email",
                                         "select": "email,role,score", "order": "email"},
                     json=[{"email": "up@x.test", "score": 5}, {"email": "new@x.test"}],
                     headers={"Prefer": "resolution=merge-duplicates, missing=default, return=representation, "
                                        "tx=rollback"})
    assert r.status_code == 201, r.text
    assert r.json() == [{"email": "new@x.test", "role": "member", "score": 10},
                        {"email": "up@x.test", "role": "member", "score": 5}]
    assert r.headers["preference-applied"] == \
        "resolution=merge-duplicates, missing=default, return=representation, tx=rollback"


def test_supabase_py_default_to_null_false(rest_stack):
    client = create_client(rest_stack.url, rest_stack.service_role_key)
    res = client.table("members").insert([{"email": "py1@x.test"}, {"email": "py2@x.test", "score": 3}],
                                         default_to_null=False).execute()
    assert [(m["email"], m["role"], m["score"], m["nick"]) for m in res.data] == [
        ("py1@x.test", "member", 10, "anonymous"), ("py2@x.test", "member", 3, "anonymous")]
    client.table("members").delete().like("email", "py%").execute()
