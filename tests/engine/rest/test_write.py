"""Writes over raw HTTP: insert, bulk insert, upsert, update, delete, Prefer options."""
from __future__ import annotations

import uuid

RETURN = {"Prefer": "return=representation"}
ROLLBACK = {"Prefer": "return=representation,tx=rollback"}  # keeps shared tables as seeded


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def test_insert_minimal_is_201_empty(service, rest_stack):
    name = unique("t")
    r = service.post("/tags", json={"name": name})
    assert r.status_code == 201 and r.content == b""
    assert r.headers["content-range"] == "*/*"
    assert rest_stack.sql("select count(*) from tags where name = %s", (name,)) == [(1,)]


def test_insert_representation_with_select(service):
    name = unique("t")
    r = service.post("/tags", params={"select": "name,color"}, json={"name": name, "color": "red"}, headers=RETURN)
    assert r.status_code == 201 and r.json() == [{"name": name, "color": "red"}]
    assert "return=representation" in r.headers["preference-applied"]


def test_insert_representation_with_embed(service):
    r = service.post("/comments", params={"select": "body,posts(title)"}, json={"post_id": 2, "body": "embedded"},
                     headers=RETURN)
    assert r.status_code == 201 and r.json() == [{"body": "embedded", "posts": {"title": "Green card steps"}}]


def test_bulk_insert_with_columns_and_count(service, rest_stack):
    a, b = unique("a"), unique("b")
    r = service.post("/tags", params={"columns": '"name","color"', "select": "name,color"},
                     json=[{"name": a, "color": "x", "ignored": 1}, {"name": b}],
                     headers={"Prefer": "return=representation,count=exact"})
    assert r.status_code == 201, r.text
    assert r.json() == [{"name": a, "color": "x"}, {"name": b, "color": None}]
    assert r.headers["content-range"] == "*/2"


def test_missing_default(service):
    r = service.post("/documents", params={"columns": "title,labels", "select": "title,labels,data"},
                     json=[{"title": "md"}], headers={"Prefer": "return=representation, missing=default, tx=rollback"})
    assert r.status_code == 201, r.text
    assert r.json() == [{"title": "md", "labels": [], "data": {}}]
    assert "missing=default" in r.headers["preference-applied"]
    nulls = service.post("/documents", params={"columns": "title,score", "select": "score"},
                         json=[{"title": "md2"}], headers=ROLLBACK)
    assert nulls.json() == [{"score": None}]


def test_missing_default_draws_every_rows_default(service, rest_stack):
    """As PostgREST's missing=default: each row of a bulk insert evaluates the column defaults, so a row that
    gives its id still advances the identity's sequence (postgrest-js's defaultToNull: false)."""
    headers = {"Prefer": "return=representation, missing=default, tx=rollback"}
    params = {"columns": "id,slug", "select": "id,slug"}
    first = service.post("/numbered", params=params, json=[{"slug": "a"}], headers=headers).json()[0]["id"]
    r = service.post("/numbered", params=params, json=[{"id": 100000}, {"slug": "b"}], headers=headers)
    assert r.status_code == 201, r.text
    assert r.json() == [{"id": 100000, "slug": None}, {"id": first + 2, "slug": "b"}]
    r = service.post("/numbered", params={**params, "on_conflict": "id"}, json=[{"id": 1}, {"slug": "c"}],
                     headers={"Prefer": "return=representation, missing=default, tx=rollback, "
                                        "resolution=merge-duplicates"})
    assert r.status_code == 201 and r.json() == [{"id": 1, "slug": None}, {"id": first + 4, "slug": "c"}]


def test_insert_typed_values_from_json(service):
    r = service.post("/documents", params={"select": "title,data,labels,nums,span,score"},
                     json={"title": "typed", "data": {"k": [1, 2]}, "labels": ["a", "b"], "nums": [7],
                           "span": "[3,4)", "score": 9.25}, headers=ROLLBACK)
    assert r.json() == [{"title": "typed", "data": {"k": [1, 2]}, "labels": ["a", "b"], "nums": [7],
                         "span": "[3,4)", "score": 9.25}]


def test_headers_only_location(service):
    r = service.post("/tags", json={"name": unique("loc")}, headers={"Prefer": "return=headers-only"})
    assert r.status_code == 201 and r.content == b""
    assert r.headers["location"].startswith("/tags?id=eq.")


def test_unknown_column_on_insert_is_pgrst204(service):
    r = service.post("/tags", json={"nope": 1})
    assert r.status_code == 400 and r.json()["code"] == "PGRST204"
    assert r.json()["message"] == "Could not find the 'nope' column of 'tags' in the schema cache"


def test_mismatched_keys_in_bulk_is_pgrst102(service):
    r = service.post("/tags", json=[{"name": "x1"}, {"color": "y"}])
    assert r.status_code == 400 and r.json()["code"] == "PGRST102"


def test_invalid_json_is_pgrst102(service):
    r = service.post("/tags", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "PGRST102"


def test_upsert_merge_and_ignore(service, rest_stack):
    name = unique("u")
    service.post("/tags", json={"name": name, "color": "one"})
    r = service.post("/tags", params={"on_conflict": "name", "select": "name,color"},
                     json={"name": name, "color": "two"},
                     headers={"Prefer": "resolution=merge-duplicates,return=representation"})
    # every row merged into an existing one: nothing inserted, so 200 (PostgREST 12+)
    assert r.status_code == 200 and r.json() == [{"name": name, "color": "two"}]
    assert "resolution=merge-duplicates" in r.headers["preference-applied"]
    r = service.post("/tags", params={"on_conflict": "name", "select": "name"},
                     json=[{"name": name, "color": "three"}, {"name": name + "-new", "color": "n"}],
                     headers={"Prefer": "resolution=ignore-duplicates,return=representation"})
    assert r.json() == [{"name": name + "-new"}]
    assert rest_stack.sql("select color from tags where name = %s", (name,)) == [("two",)]


def test_upsert_on_primary_key(service):
    r = service.post("/counters", json={"name": "pk-upsert", "value": 1},
                     headers={"Prefer": "resolution=merge-duplicates"})
    assert r.status_code == 201
    r = service.post("/counters", params={"select": "value"}, json={"name": "pk-upsert", "value": 5},
                     headers={"Prefer": "resolution=merge-duplicates,return=representation"})
    assert r.json() == [{"value": 5}]


def test_put_single_row(service):
    r = service.put("/counters", params={"name": "eq.put-row", "select": "name,value"},
                    json={"name": "put-row", "value": 3}, headers=RETURN)
    assert r.status_code == 201 and r.json() == [{"name": "put-row", "value": 3}]   # inserted
    r = service.put("/counters", params={"name": "eq.put-row", "select": "name,value"},
                    json={"name": "put-row", "value": 4}, headers=RETURN)
    assert r.status_code == 200 and r.json() == [{"name": "put-row", "value": 4}]   # replaced
    r = service.put("/counters", params={"name": "eq.put-row"}, json={"name": "put-row", "value": 5})
    assert r.status_code == 204 and r.content == b"" and "content-range" not in r.headers
    bad = service.put("/counters", params={"name": "eq.other"}, json={"name": "put-row", "value": 3})
    assert bad.status_code == 400


def test_update_and_delete(service, rest_stack):
    name = unique("ud")
    service.post("/tags", json={"name": name})
    r = service.patch("/tags", params={"name": f"eq.{name}"}, json={"color": "gold"})
    assert r.status_code == 204 and r.content == b""
    r = service.patch("/tags", params={"name": f"eq.{name}", "select": "color"}, json={"color": "silver"},
                      headers=RETURN)
    assert r.status_code == 200 and r.json() == [{"color": "silver"}]
    r = service.delete("/tags", params={"name": f"eq.{name}", "select": "name"}, headers=RETURN)
    assert r.status_code == 200 and r.json() == [{"name": name}]
    assert rest_stack.sql("select count(*) from tags where name = %s", (name,)) == [(0,)]
    r = service.delete("/tags", params={"name": f"eq.{name}"})
    assert r.status_code == 204


def test_update_delete_without_filter_are_refused(service, rest_stack):
    before = rest_stack.sql("select count(*) from comments")
    r = service.delete("/comments")
    assert r.status_code == 400 and r.json()["code"] == "21000"
    r = service.patch("/comments", json={"likes": 0})
    assert r.status_code == 400 and r.json()["code"] == "21000"
    assert rest_stack.sql("select count(*) from comments") == before


def test_tx_rollback(service, rest_stack):
    name = unique("rb")
    r = service.post("/tags", params={"select": "name"}, json={"name": name},
                     headers={"Prefer": "tx=rollback,return=representation"})
    assert r.status_code == 201 and r.json() == [{"name": name}]
    assert "tx=rollback" in r.headers["preference-applied"]
    assert rest_stack.sql("select count(*) from tags where name = %s", (name,)) == [(0,)]


def test_max_affected_strict(service, rest_stack):
    prefix = unique("ma")
    service.post("/tags", json=[{"name": prefix + "1"}, {"name": prefix + "2"}])
    r = service.patch("/tags", params={"name": f"like.{prefix}*"}, json={"color": "c"},
                      headers={"Prefer": "handling=strict, max-affected=1"})
    assert r.status_code == 400 and r.json()["code"] == "PGRST124"
    assert rest_stack.sql("select count(*) from tags where name like %s and color = 'c'", (prefix + "%",)) == [(0,)]
    ok = service.patch("/tags", params={"name": f"like.{prefix}*"}, json={"color": "c"},
                       headers={"Prefer": "handling=strict, max-affected=2"})
    assert ok.status_code == 204
    assert "max-affected=2" in ok.headers["preference-applied"]
    lenient = service.delete("/tags", params={"name": f"like.{prefix}*"}, headers={"Prefer": "max-affected=1"})
    assert lenient.status_code == 204


def test_single_on_write_rolls_back_when_not_one_row(service, rest_stack):
    prefix = unique("sg")
    r = service.post("/tags", json=[{"name": prefix + "1"}, {"name": prefix + "2"}],
                     headers={"Prefer": "return=representation", "Accept": "application/vnd.pgrst.object+json"})
    assert r.status_code == 406 and r.json()["code"] == "PGRST116"
    assert rest_stack.sql("select count(*) from tags where name like %s", (prefix + "%",)) == [(0,)]
    one = service.post("/tags", params={"select": "name"}, json={"name": prefix},
                       headers={"Prefer": "return=representation", "Accept": "application/vnd.pgrst.object+json"})
    assert one.status_code == 201 and one.json() == {"name": prefix}


def test_constraint_errors(service):
    dup = service.post("/tags", json={"name": "law"})
    assert dup.status_code == 409 and dup.json()["code"] == "23505"
    assert dup.json()["details"] == "Key (name)=(law) already exists."
    fk = service.post("/posts", json={"author_id": 999, "title": "x"})
    assert fk.status_code == 409 and fk.json()["code"] == "23503"
    check = service.post("/posts", json={"author_id": 1, "title": "x", "status": "weird"})
    assert check.status_code == 400 and check.json()["code"] == "23514"
    notnull = service.post("/posts", json={"author_id": 1, "title": None})
    assert notnull.status_code == 400 and notnull.json()["code"] == "23502"
    bad = service.post("/posts", json={"author_id": "abc", "title": "x"})
    assert bad.status_code == 400 and bad.json()["code"] == "22P02"
    for r in (dup, fk, check, notnull, bad):
        assert set(r.json()) == {"code", "message", "details", "hint"}


def test_csv_insert(service):
    name = unique("csv")
    r = service.post("/tags", params={"select": "name,color"}, content=f"name,color\n{name},teal\n".encode(),
                     headers={"Content-Type": "text/csv", "Prefer": "return=representation"})
    assert r.status_code == 201 and r.json() == [{"name": name, "color": "teal"}]


def test_repeated_shapes_use_each_body(service, anon, rest_stack):
    """The statement cache keys writes by body shape: values must still come from each request."""
    names = [unique("shape") for _ in range(3)]
    for name in names:
        r = service.post("/tags", params={"select": "name"}, json={"name": name}, headers=RETURN)
        assert r.json() == [{"name": name}]
    assert rest_stack.sql("select count(*) from tags where name = any(%s)", (names,)) == [(3,)]
    assert [anon.post("/rpc/add_numbers", json={"a": i, "b": 1}).json() for i in range(3)] == [1, 2, 3]
    for i, name in enumerate(names):
        r = service.patch("/tags", params={"name": f"eq.{name}", "select": "color"}, json={"color": f"c{i}"},
                          headers=RETURN)
        assert r.json() == [{"color": f"c{i}"}]
