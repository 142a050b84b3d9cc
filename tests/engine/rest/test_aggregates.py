"""Aggregate functions in `select` as PostgREST 12/13 serves them: count(), sum(), avg(), min(), max(), with and
without a column, casts of the column and of the result, aliases, grouping by the other selected columns
(embeds included), inside embeds; allowed only when the database enables them (the fixture project sets
pgrst.db_aggregates_enabled on the authenticator role for its database), else PGRST123.

Data (fixture seed): comments' likes are 3 and 1 (post 1), 0 (post 2), 2 (post 4); posts' ratings 5, 4
(Ana's, published), null (Bia's, draft), 3 (Bia's, published), 1 (Caio's, draft)."""
from __future__ import annotations

import time

import pytest

NOT_ALLOWED = {"code": "PGRST123", "details": None, "hint": None,
               "message": "Use of aggregate functions is not allowed"}


def test_every_function_over_the_whole_table(anon):
    r = anon.get("/comments", params={"select": "count(),likes.sum(),likes.avg(),likes.min(),likes.max()"})
    assert r.status_code == 200, r.text
    assert r.json() == [{"count": 4, "sum": 6, "avg": 1.5, "min": 0, "max": 3}]


def test_count_of_a_column_skips_nulls_and_aliases_name_the_keys(anon):
    r = anon.get("/posts", params={"select": "rated:rating.count(),count(),best:rating.max()"})
    assert r.json() == [{"rated": 4, "count": 5, "best": 5}]


def test_casts_of_the_column_and_of_the_result(anon):
    r = anon.get("/comments", params={"select": "likes::text.max(),likes.avg()::int,total:likes.sum()::text"})
    # text's max is the greatest string; avg 1.5 rounds to 2; the sum as text
    assert r.json() == [{"max": "3", "avg": 2, "total": "6"}]
    r = anon.get("/documents", params={"select": "data->>n::int.sum()"})   # a JSON path, cast, then summed
    assert r.json() == [{"sum": 6}]


def test_grouped_by_the_other_columns_with_filters_and_order(anon):
    r = anon.get("/comments", params={"select": "post_id,likes.sum(),count()", "order": "post_id.desc"})
    assert r.json() == [{"post_id": 4, "sum": 2, "count": 1}, {"post_id": 2, "sum": 0, "count": 1},
                        {"post_id": 1, "sum": 4, "count": 2}]
    r = anon.get("/posts", params={"select": "status,rating.avg()::int", "status": "eq.published"})
    assert r.json() == [{"status": "published", "avg": 4}]


def test_aggregates_inside_a_to_many_embed(anon):
    r = anon.get("/authors", params={"select": "name,posts!author_id(count())", "order": "id"})
    assert r.json() == [{"name": "Ana", "posts": [{"count": 2}]}, {"name": "Bia", "posts": [{"count": 2}]},
                        {"name": "Caio", "posts": [{"count": 1}]}]
    r = anon.get("/authors", params={"select": "name,posts!author_id(status,rating.sum())", "id": "eq.2",
                                     "posts.order": "status"})
    assert r.json() == [{"name": "Bia", "posts": [{"status": "draft", "sum": None},
                                                  {"status": "published", "sum": 3}]}]


def test_aggregate_inside_a_to_one_embed_is_an_object(anon):
    r = anon.get("/posts", params={"select": "id,author:authors!author_id(count(),name.max())", "id": "eq.1"})
    assert r.json() == [{"id": 1, "author": {"count": 1, "max": "Ana"}}]


def test_grouped_by_an_embedded_resource(anon):
    r = anon.get("/posts", params={"select": "rating.sum(),authors!author_id(name)"})
    assert r.status_code == 200, r.text
    assert sorted(r.json(), key=lambda row: row["authors"]["name"]) == [
        {"sum": 9, "authors": {"name": "Ana"}}, {"sum": 3, "authors": {"name": "Bia"}},
        {"sum": 1, "authors": {"name": "Caio"}}]


def test_aggregates_over_a_functions_rows_and_a_write_representation(anon, service):
    r = anon.get("/rpc/posts_by_status", params={"s": "published", "select": "count(),rating.sum()"})
    assert r.json() == [{"count": 3, "sum": 12}]
    r = service.patch("/comments", params={"post_id": "eq.1", "select": "likes.sum()"}, json={"body": "great"},
                      headers={"Prefer": "return=representation,tx=rollback"})
    assert r.status_code == 200 and r.json() == [{"sum": 4}]


def test_legacy_count_without_parentheses_is_not_an_aggregate(anon):
    r = anon.get("/posts", params={"select": "id,comments(count)", "id": "eq.1"})
    assert r.json() == [{"id": 1, "comments": [{"count": 2}]}]


def test_unknown_column_and_type(anon):
    r = anon.get("/comments", params={"select": "nope.sum()"})
    assert r.status_code == 400 and r.json()["code"] == "42703"
    r = anon.get("/comments", params={"select": "likes.sum()::nosuchtype"})
    assert r.status_code == 400 and r.json()["code"] == "42704"


def test_supabase_py_aggregates(rest_stack):
    from supabase import create_client
    client = create_client(rest_stack.url, rest_stack.anon_key)
    res = client.table("comments").select("post_id, total:likes.sum()").order("post_id").execute()
    assert res.data == [{"post_id": 1, "total": 4}, {"post_id": 2, "total": 0}, {"post_id": 4, "total": 2}]


def _set_aggregates(rest_stack, anon, value: str | None) -> None:
    """Change the database's setting, tell the API to reload its configuration, wait until it shows."""
    db = rest_stack.sql("select current_database()")[0][0]
    if value is None:
        rest_stack.sql(f'alter role authenticator in database "{db}" reset pgrst.db_aggregates_enabled')
    else:
        rest_stack.sql(f"alter role authenticator in database \"{db}\" set pgrst.db_aggregates_enabled = '{value}'")
    rest_stack.sql("notify pgrst, 'reload config'")
    want = 200 if value == "true" else 400
    deadline = time.monotonic() + 10
    while anon.get("/comments", params={"select": "likes.sum()"}).status_code != want:
        assert time.monotonic() < deadline, "the setting did not take effect"
        time.sleep(0.05)


@pytest.fixture
def aggregates_disabled(rest_stack, anon):
    _set_aggregates(rest_stack, anon, None)   # PostgREST's default: off
    yield
    _set_aggregates(rest_stack, anon, "true")


def test_disabled_answers_pgrst123_everywhere(aggregates_disabled, anon, service):
    for params in ({"select": "count()"}, {"select": "likes.sum()"}, {"select": "post_id,likes.max()::text"}):
        r = anon.get("/comments", params=params)
        assert (r.status_code, r.json()) == (400, NOT_ALLOWED), params
    r = anon.get("/authors", params={"select": "name,posts!author_id(count())"})          # inside an embed
    assert (r.status_code, r.json()) == (400, NOT_ALLOWED)
    r = anon.get("/posts", params={"select": "id,...authors!author_id(name.max())"})      # inside a spread
    assert (r.status_code, r.json()) == (400, NOT_ALLOWED)
    r = service.get("/rpc/posts_by_status", params={"s": "draft", "select": "count()"})  # on a function's rows
    assert (r.status_code, r.json()) == (400, NOT_ALLOWED)
    # what is not an aggregate keeps working: plain reads, the legacy `count`, a column named like a function
    assert anon.get("/posts", params={"select": "id,comments(count)", "id": "eq.1"}).json() == \
        [{"id": 1, "comments": [{"count": 2}]}]
    assert anon.get("/comments", params={"select": "likes", "id": "eq.1"}).json() == [{"likes": 3}]
