"""`Accept: text/csv` as PostgREST writes it: a header of column names, each row's PostgreSQL record text
(quoted where PostgreSQL quotes, NULL as an empty field), Content-Type `text/csv; charset=utf-8`."""
from __future__ import annotations

CSV = {"Accept": "text/csv"}


def test_header_rows_and_null_as_empty(anon):
    r = anon.get("/tags", params={"select": "id,name,color", "order": "id"}, headers=CSV)
    assert r.status_code == 200 and r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.text == "id,name,color\n1,law,blue\n2,travel,green\n3,news,"


def test_arrays_json_and_ranges_are_their_text_quoted(anon):
    r = anon.get("/documents", params={"select": "id,title,labels,nums,span,data", "id": "in.(1,3)",
                                       "order": "id"}, headers=CSV)
    assert r.status_code == 200
    assert r.text.split("\n") == [
        "id,title,labels,nums,span,data",
        '1,alpha,"{red,green}","{1,2,3}","[1,10)","{""a"": {""b"": ""x""}, ""n"": 1, ""tags"": [""k1""]}"',
        '3,gamma,{},{},,"{""a"": {""b"": ""x""}, ""n"": 3}"']


def test_text_with_spaces_and_quotes(service):
    name = 'csv "quoted", tag'
    created = service.post("/tags", json={"name": name}, headers={"Prefer": "return=representation"})
    assert created.status_code == 201
    tag_id = created.json()[0]["id"]
    try:
        r = service.get("/tags", params={"select": "name,color", "id": f"eq.{tag_id}"}, headers=CSV)
        assert r.text == 'name,color\n"csv ""quoted"", tag",'
    finally:
        service.delete("/tags", params={"id": f"eq.{tag_id}"})


def test_empty_result_is_one_newline(anon):
    r = anon.get("/tags", params={"id": "eq.-1"}, headers=CSV)
    assert r.status_code == 200 and r.text == "\n"


def test_count_exact_sets_content_range(anon):
    r = anon.get("/tags", params={"select": "name", "order": "id", "limit": "2"},
                 headers={**CSV, "Prefer": "count=exact"})
    assert r.status_code == 206
    assert r.headers["content-range"] == "0-1/3"
    assert r.text == "name\nlaw\ntravel"


def test_rpc_returning_rows(anon):
    r = anon.get("/rpc/authors_named", params={"n": "nobody-such", "select": "id,name"}, headers=CSV)
    assert r.status_code == 200 and r.text == "\n"
    r = anon.get("/rpc/posts_by_status", params={"s": "published", "select": "id", "order": "id"}, headers=CSV)
    assert r.status_code == 200 and r.text == "id\n1\n2\n4"


def test_rpc_returning_scalars(anon):
    r = anon.get("/rpc/series", params={"n": "3"}, headers=CSV)
    assert r.status_code == 200 and r.text == "series\n1\n2\n3"


def test_insert_returns_csv_representation(service):
    r = service.post("/tags", json={"name": "csv-insert", "color": None},
                     headers={**CSV, "Prefer": "return=representation"}, params={"select": "name,color"})
    try:
        assert r.status_code == 201 and r.headers["content-type"] == "text/csv; charset=utf-8"
        assert r.text == "name,color\ncsv-insert,"
    finally:
        service.delete("/tags", params={"name": "eq.csv-insert"})


def test_supabase_py_csv(rest_stack):
    from supabase import create_client

    client = create_client(rest_stack.url, rest_stack.anon_key)
    res = client.table("tags").select("id,name").order("id").limit(1).csv().execute()
    assert res.data == "id,name\n1,law"
