"""RPC results counted as PostgREST counts them: `Prefer: count=exact` on POST, GET and HEAD, the
Content-Range of scalar and set-returning functions, 206 for a partial page, Range only on GET."""
from __future__ import annotations

from supabase import create_client

EXACT = {"Prefer": "count=exact"}


def test_post_setof_with_limit_offset_and_count_is_partial(anon):
    r = anon.post("/rpc/posts_by_status", params={"select": "id", "limit": "1", "offset": "1"},
                  json={"s": "published"}, headers=EXACT)
    assert r.status_code == 206 and r.json() == [{"id": 2}]
    assert r.headers["content-range"] == "1-1/3"
    assert r.headers["preference-applied"] == "count=exact"


def test_get_setof_with_count(anon):
    r = anon.get("/rpc/posts_by_status", params={"s": "published", "select": "id", "limit": "2"}, headers=EXACT)
    assert r.status_code == 206 and r.headers["content-range"] == "0-1/3"
    r = anon.get("/rpc/posts_by_status", params={"s": "published", "select": "id"}, headers=EXACT)
    assert r.status_code == 200 and r.headers["content-range"] == "0-2/3"


def test_count_applies_filters_and_inner_embeds_on_the_result(anon):
    r = anon.get("/rpc/posts_by_status", params={"s": "published", "select": "id,comments!inner(id)",
                                                 "comments.likes": "gte.2"}, headers=EXACT)
    assert r.status_code == 200 and sorted(p["id"] for p in r.json()) == [1, 4]
    assert r.headers["content-range"] == "0-1/2"
    r = anon.get("/rpc/posts_by_status", params={"s": "published", "rating": "gt.3"}, headers=EXACT)
    assert r.headers["content-range"] == "0-1/2"


def test_head_has_the_headers_of_get_and_no_body(anon):
    r = anon.head("/rpc/posts_by_status", params={"s": "published", "limit": "1", "offset": "1"}, headers=EXACT)
    assert r.status_code == 206 and r.content == b""
    assert r.headers["content-range"] == "1-1/3"
    assert r.headers["content-type"] == "application/json; charset=utf-8"
    assert "content-length" not in r.headers
    r = anon.head("/rpc/author_stats", headers=EXACT)
    assert r.status_code == 200 and r.headers["content-range"] == "0-2/3" and r.content == b""


def test_without_count_the_total_is_a_star(anon):
    r = anon.get("/rpc/posts_by_status", params={"s": "draft", "limit": "1", "offset": "1"})
    assert r.status_code == 200 and r.headers["content-range"] == "1-1/*"
    r = anon.post("/rpc/posts_by_status", json={"s": "nothing"})
    assert r.status_code == 200 and r.json() == [] and r.headers["content-range"] == "*/*"


def test_empty_result_counted_is_star_slash_zero(anon):
    r = anon.post("/rpc/posts_by_status", json={"s": "nothing"}, headers=EXACT)
    assert r.status_code == 200 and r.json() == [] and r.headers["content-range"] == "*/0"


def test_offset_past_the_total_is_416(anon):
    r = anon.post("/rpc/series", params={"offset": "5"}, json={"n": 3}, headers=EXACT)
    assert r.status_code == 416 and r.json()["code"] == "PGRST103"
    assert r.json()["details"] == "An offset of 5 was requested, but there are only 3 rows."
    assert r.headers["content-range"] == "*/3"


def test_scalar_and_single_composite_count_one(anon):
    r = anon.get("/rpc/add_numbers", params={"a": "3", "b": "4"}, headers=EXACT)
    assert r.status_code == 200 and r.json() == 7 and r.headers["content-range"] == "0-0/1"
    r = anon.post("/rpc/add_numbers", json={"a": 3, "b": 4})
    assert r.headers["content-range"] == "0-0/*"
    r = anon.post("/rpc/get_author", json={"author_id": 1}, headers=EXACT)
    assert r.json()["name"] == "Ana" and r.headers["content-range"] == "0-0/1"


def test_setof_scalar_counts(anon):
    r = anon.post("/rpc/series", params={"limit": "2"}, json={"n": 5}, headers=EXACT)
    assert r.status_code == 206 and r.json() == [1, 2] and r.headers["content-range"] == "0-1/5"


def test_void_is_204_with_a_content_range(anon):
    r = anon.post("/rpc/do_nothing", json={}, headers=EXACT)
    assert r.status_code == 204 and r.content == b"" and "content-type" not in r.headers
    assert r.headers["content-range"] == "0-0/1"


def test_range_header_applies_to_get_only(anon):
    ranged = {"Prefer": "count=exact", "Range": "1-1"}
    r = anon.get("/rpc/posts_by_status", params={"s": "published", "select": "id"}, headers=ranged)
    assert r.status_code == 206 and r.json() == [{"id": 2}] and r.headers["content-range"] == "1-1/3"
    r = anon.post("/rpc/posts_by_status", params={"select": "id"}, json={"s": "published"}, headers=ranged)
    assert r.status_code == 200 and len(r.json()) == 3 and r.headers["content-range"] == "0-2/3"
    r = anon.head("/rpc/posts_by_status", params={"s": "published"}, headers=ranged)
    assert r.status_code == 200 and r.headers["content-range"] == "0-2/3"


def test_supabase_py_rpc_count_and_head(rest_stack):
    client = create_client(rest_stack.url, rest_stack.anon_key)
    res = client.rpc("posts_by_status", {"s": "published"}, count="exact").limit(1).execute()
    assert res.count == 3 and len(res.data) == 1
    res = client.rpc("posts_by_status", {"s": "published"}, count="exact", get=True).execute()
    assert res.count == 3 and len(res.data) == 3
    res = client.rpc("posts_by_status", {"s": "draft"}, count="exact", head=True).execute()
    assert res.count == 2
