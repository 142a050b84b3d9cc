"""Reads over raw HTTP: select grammar, embeds, every filter operator, order, ranges, counts, representations."""
from __future__ import annotations

import pytest


def ids(resp):
    assert resp.status_code in (200, 206), resp.text
    return [row["id"] for row in resp.json()]


# ------------------------------------------------------------------------------------------ select
def test_root_is_the_health_check(anon):
    assert anon.get("/").status_code == 200


def test_select_columns_aliases_casts(anon):
    r = anon.get("/posts", params={"select": "id,headline:title,rating::text", "id": "eq.1"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/json; charset=utf-8"
    assert r.json() == [{"id": 1, "headline": "Visas explained", "rating": "5"}]


def test_star_and_whitespace_ignored(anon):
    r = anon.get("/tags", params={"select": " id , name ", "order": "id"})
    assert r.json()[0] == {"id": 1, "name": "law"}


def test_json_paths(anon):
    r = anon.get("/documents", params={"select": "id,data->a->>b,n:data->n,first:data->tags->0", "id": "eq.1"})
    assert r.json() == [{"id": 1, "b": "x", "n": 1, "first": "k1"}]


def test_unknown_cast_type_is_rejected(anon):
    r = anon.get("/posts", params={"select": "id::nosuchtype"})
    assert r.status_code == 400
    assert set(r.json()) == {"code", "message", "details", "hint"}


# ------------------------------------------------------------------------------------------ embeds
def test_embed_to_one_to_many_many_to_many(anon):
    r = anon.get("/posts", params={
        "select": "id,author:authors!author_id(name),comments(body),tags(name)", "id": "eq.1",
        "comments.order": "body.asc", "tags.order": "name"})
    assert r.json() == [{"id": 1, "author": {"name": "Ana"}, "comments": [{"body": "great"}, {"body": "thanks"}],
                         "tags": [{"name": "law"}, {"name": "news"}]}]


def test_embed_hint_by_constraint_name_and_null_to_one(anon):
    r = anon.get("/posts", params={"select": "id,reviewer:authors!posts_reviewer_id_fkey(name)", "order": "id",
                                   "id": "in.(1,2)"})
    assert r.json() == [{"id": 1, "reviewer": {"name": "Bia"}}, {"id": 2, "reviewer": None}]


def test_ambiguous_embed_is_300(anon):
    r = anon.get("/posts", params={"select": "*,authors(*)"})
    assert r.status_code == 300
    assert r.json()["code"] == "PGRST201"


def test_unknown_relationship_is_400(anon):
    r = anon.get("/posts", params={"select": "*,nothing(*)"})
    assert r.status_code == 400 and r.json()["code"] == "PGRST200"


def test_one_to_one_and_reverse_to_many(anon):
    r = anon.get("/authors", params={"select": "name,author_profiles(bio),posts!author_id(id)", "id": "eq.1",
                                     "posts.order": "id"})
    assert r.json() == [{"name": "Ana", "author_profiles": {"bio": "writes about law"},
                         "posts": [{"id": 1}, {"id": 2}]}]


def test_inner_join_drops_parents_without_match(anon):
    r = anon.get("/posts", params={"select": "id,comments!inner(id)", "comments.likes": "gt.1", "order": "id"})
    assert ids(r) == [1, 4]
    left = anon.get("/posts", params={"select": "id,comments!left(id)", "comments.likes": "gt.1", "order": "id"})
    assert ids(left) == [1, 2, 3, 4, 5]


def test_embed_null_filter(anon):
    r = anon.get("/posts", params={"select": "id,reviewer:authors!reviewer_id(id)", "reviewer": "not.is.null",
                                   "order": "id"})
    assert ids(r) == [1, 3]


def test_spread_to_one(anon):
    r = anon.get("/posts", params={"select": "id,...authors!author_id(author_name:name)", "id": "eq.3"})
    assert r.json() == [{"id": 3, "author_name": "Bia"}]


def test_embed_limit_offset_order(anon):
    r = anon.get("/authors", params={"select": "id,posts!author_id(id)", "id": "eq.1",
                                     "posts.order": "id.desc", "posts.limit": "1"})
    assert r.json() == [{"id": 1, "posts": [{"id": 2}]}]


def test_embed_or_filter(anon):
    r = anon.get("/posts", params={"select": "id,comments(body)", "id": "eq.1",
                                   "comments.or": "(body.eq.great,likes.gt.100)"})
    assert r.json() == [{"id": 1, "comments": [{"body": "great"}]}]


def test_embedded_count(anon):
    r = anon.get("/posts", params={"select": "id,comments(count)", "order": "id", "limit": "2"})
    assert r.json() == [{"id": 1, "comments": [{"count": 2}]}, {"id": 2, "comments": [{"count": 1}]}]


def test_top_level_aggregates(anon):
    r = anon.get("/comments", params={"select": "count(),likes.sum(),likes.max()"})
    assert r.json() == [{"count": 4, "sum": 6, "max": 3}]
    grouped = anon.get("/comments", params={"select": "post_id,count()", "order": "post_id"})
    assert grouped.json() == [{"post_id": 1, "count": 2}, {"post_id": 2, "count": 1}, {"post_id": 4, "count": 1}]


def test_order_by_to_one_embed(anon):
    r = anon.get("/posts", params={"select": "id,authors!author_id(name)", "order": "authors(name).desc,id.asc"})
    assert ids(r) == [5, 3, 4, 1, 2]


def test_filter_on_embed_not_selected_is_pgrst108(anon):
    r = anon.get("/posts", params={"select": "id", "comments.likes": "gt.1"})
    assert r.status_code == 400 and r.json()["code"] == "PGRST108"


# ------------------------------------------------------------------------------------------ filters
@pytest.mark.parametrize("column,condition,expected", [
    ("id", "eq.2", [2]),
    ("id", "neq.2", [1, 3, 4]),
    ("id", "gt.2", [3, 4]),
    ("id", "gte.2", [2, 3, 4]),
    ("id", "lt.2", [1]),
    ("id", "lte.2", [1, 2]),
    ("title", "like.*lph*", [1]),
    ("title", "ilike.%ELTA%", [4]),
    ("title", "match.^(a|b)", [1, 2]),
    ("title", "imatch.^DEL", [4]),
    ("body", "is.null", [3]),
    ("body", "not.is.null", [1, 2, 4]),
    ("score", "isdistinct.2.5", [1, 3, 4]),
    ("id", "in.(1,3)", [1, 3]),
    ("id", "not.in.(1,3)", [2, 4]),
    ("title", 'in.("Delta, \\"quoted\\"",beta)', [2, 4]),
    ("labels", "cs.{red}", [1, 4]),
    ("labels", "cd.{red,green,blue}", [1, 2, 3, 4]),
    ("labels", "ov.{blue,green}", [1, 2]),
    ("nums", "ov.(4,9)", [2]),
    ("data", 'cs.{"a":{"b":"x"}}', [1, 3]),
    ("span", "sl.[11,12]", [1]),
    ("span", "sr.[11,12]", [2]),
    ("span", "nxl.[5,6]", [2, 4]),
    ("span", "nxr.[1,10]", [1]),
    ("span", "adj.[10,20)", [1, 2]),
    ("span", "ov.[8,9]", [1, 4]),
    ("search", "fts.fat", [1, 4]),
    ("search", "fts(english).fat&cat", [1, 4]),
    ("search", "plfts.fat cats", [1, 4]),
    ("search", "phfts(english).fat cat", [1]),
    ("search", "wfts.fat -rats", [1]),
    ("body", "fts(english).quick", [2]),
    ("data->>n", "eq.2", [2]),
    ("data->a->>b", "eq.x", [1, 3]),
    ("title", "like(any).{a*,b*}", [1, 2]),
    ("title", "like(all).{*a*,*t*}", [2, 4]),
    ("id", "eq(any).{1,4}", [1, 4]),
    ("id", "not.eq.1", [2, 3, 4]),
])
def test_filter_operators(anon, column, condition, expected):
    r = anon.get("/documents", params={"select": "id", column: condition, "order": "id"})
    assert sorted(ids(r)) == sorted(expected), r.text


def test_is_booleans(anon):
    r = anon.get("/notes", params={"select": "id", "is_public": "is.true"})
    assert len(r.json()) == 1


def test_or_and_not_nested(anon):
    r = anon.get("/documents", params={"select": "id", "order": "id",
                                       "or": "(id.eq.1,and(score.gt.2,title.not.eq.beta))"})
    assert ids(r) == [1, 4]
    r = anon.get("/documents", params={"select": "id", "order": "id", "not.or": "(id.eq.1,id.eq.2)"})
    assert ids(r) == [3, 4]
    r = anon.get("/documents", params={"select": "id", "and": "(id.gte.2,id.lte.3)"})
    assert sorted(ids(r)) == [2, 3]
    r = anon.get("/documents", params={"select": "id", "or": '(title.eq."Delta, \\"quoted\\"",id.eq.1)'})
    assert sorted(ids(r)) == [1, 4]


def test_multiple_filters_on_one_column(anon):
    assert ids(anon.get("/documents", params=[("select", "id"), ("id", "gt.1"), ("id", "lt.4"),
                                              ("order", "id")])) == [2, 3]


def test_bad_operator_is_pgrst100(anon):
    for cond in ("nope.1", "eq", "is.maybe", "in.1,2"):
        r = anon.get("/documents", params={"id": cond})
        assert r.status_code == 400 and r.json()["code"] == "PGRST100", (cond, r.text)


def test_bad_literal_is_22p02(anon):
    r = anon.get("/documents", params={"id": "eq.abc"})
    assert r.status_code == 400 and r.json()["code"] == "22P02"


def test_unknown_column_is_42703(anon):
    r = anon.get("/documents", params={"select": "nope"})
    assert r.status_code == 400 and r.json()["code"] == "42703"
    r = anon.get("/documents", params={"nope": "eq.1"})
    assert r.status_code == 400 and r.json()["code"] == "42703"


def test_unknown_table_is_404(anon):
    r = anon.get("/nopes")
    assert r.status_code == 404 and r.json()["code"] == "PGRST205"


# ------------------------------------------------------------------------------------------ order/range/count
def test_order_nulls(anon):
    assert ids(anon.get("/documents", params={"select": "id", "order": "score.desc.nullslast"})) == [4, 2, 1, 3]
    assert ids(anon.get("/documents", params={"select": "id", "order": "score.asc.nullsfirst"})) == [3, 1, 2, 4]
    assert ids(anon.get("/documents", params={"select": "id", "order": "data->>n.desc.nullslast"})) == [3, 2, 1, 4]


def test_limit_offset_and_content_range(anon):
    r = anon.get("/documents", params={"select": "id", "order": "id", "limit": "2", "offset": "1"})
    assert ids(r) == [2, 3] and r.status_code == 200
    assert r.headers["content-range"] == "1-2/*"


def test_count_exact_gives_206_when_partial(anon):
    r = anon.get("/documents", params={"select": "id", "order": "id", "limit": "2"}, headers={"Prefer": "count=exact"})
    assert r.status_code == 206 and r.headers["content-range"] == "0-1/4"
    full = anon.get("/documents", params={"select": "id"}, headers={"Prefer": "count=exact"})
    assert full.status_code == 200 and full.headers["content-range"] == "0-3/4"
    none = anon.get("/documents", params={"id": "gt.100"}, headers={"Prefer": "count=exact"})
    assert none.status_code == 200 and none.headers["content-range"] == "*/0" and none.json() == []


def test_offset_beyond_total_is_416(anon):
    r = anon.get("/documents", params={"offset": "10"}, headers={"Prefer": "count=exact"})
    assert r.status_code == 416 and r.json()["code"] == "PGRST103"
    assert r.headers["content-range"] == "*/4"


def test_range_header(anon):
    r = anon.get("/documents", params={"select": "id", "order": "id"}, headers={"Range": "1-2"})
    assert ids(r) == [2, 3] and r.headers["content-range"] == "1-2/*"


def test_head_has_headers_no_body(anon):
    r = anon.head("/documents", headers={"Prefer": "count=exact"})
    assert r.status_code == 200 and r.content == b"" and r.headers["content-range"] == "0-3/4"


# ------------------------------------------------------------------------------------------ representations
def test_single_object(anon):
    r = anon.get("/documents", params={"select": "id,title", "id": "eq.2"},
                 headers={"Accept": "application/vnd.pgrst.object+json"})
    assert r.status_code == 200 and r.json() == {"id": 2, "title": "beta"}
    assert r.headers["content-type"].startswith("application/vnd.pgrst.object+json")
    many = anon.get("/documents", headers={"Accept": "application/vnd.pgrst.object+json"})
    assert many.status_code == 406
    assert many.json() == {"code": "PGRST116", "details": "The result contains 4 rows", "hint": None,
                           "message": "Cannot coerce the result to a single JSON object"}
    zero = anon.get("/documents", params={"id": "eq.99"}, headers={"Accept": "application/vnd.pgrst.object+json"})
    assert zero.status_code == 406 and zero.json()["details"] == "The result contains 0 rows"


def test_csv(anon):
    r = anon.get("/tags", params={"select": "id,name,color", "order": "id"}, headers={"Accept": "text/csv"})
    assert r.status_code == 200 and r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.text == "id,name,color\n1,law,blue\n2,travel,green\n3,news,"


def test_unsupported_accept_is_406(anon):
    r = anon.get("/tags", headers={"Accept": "application/xml"})
    assert r.status_code == 406 and r.json()["code"] == "PGRST107"


def test_view_is_readable(anon):
    r = anon.get("/published_posts", params={"select": "id,title", "order": "id"})
    assert ids(r) == [1, 2, 4]


def test_wrong_profile_is_406(anon):
    r = anon.get("/tags", headers={"Accept-Profile": "private"})
    assert r.status_code == 406 and r.json()["code"] == "PGRST106"
