"""Spread embeds `...rel(cols)` as PostgREST 13 serves them: a to-one spread's columns join the parent's
object (nested spreads too); a to-many spread gives each column as an array (13's behaviour: PostgREST 12
refused it with PGRST119); aggregates inside a to-one spread are hoisted to the parent and grouped by the
parent's other columns; inside a to-many spread they are not implemented (PGRST127); a spread has no alias.

Fixture data: posts 1, 2 are Ana's (published), 3 Bia's (draft), 4 Bia's (published), 5 Caio's (draft);
comments 1 and 2 are on post 1; Caio reviews nothing."""
from __future__ import annotations


def test_to_one_spread_and_nested_spreads(anon):
    r = anon.get("/posts", params={"select": "id,...authors!author_id(author:name)", "id": "eq.1"})
    assert r.json() == [{"id": 1, "author": "Ana"}]
    r = anon.get("/comments", params={"select": "id,...posts(title,...authors!author_id(name))", "order": "id",
                                      "limit": "1"})
    assert r.json() == [{"id": 1, "title": "Visas explained", "name": "Ana"}]


def test_to_one_spread_with_no_related_row_gives_nulls(anon):
    r = anon.get("/posts", params={"select": "id,...authors!reviewer_id(reviewer:name)", "id": "eq.2"})
    assert r.json() == [{"id": 2, "reviewer": None}]


def test_to_many_spread_gives_arrays(anon):
    r = anon.get("/authors", params={"select": "name,...posts!author_id(id,title)", "id": "eq.2",
                                     "posts.order": "id"})
    assert r.json() == [{"name": "Bia", "id": [3, 4], "title": ["Travel with documents", "Court dates"]}]
    r = anon.get("/authors", params={"select": "name,...posts!reviewer_id(id)", "id": "eq.3"})
    assert r.json() == [{"name": "Caio", "id": []}]
    r = anon.get("/tags", params={"select": "name,...posts(id)", "id": "eq.3"})   # many-to-many
    assert r.json() == [{"name": "news", "id": [1]}]


def test_aggregates_in_a_to_one_spread_are_the_parents(anon):
    r = anon.get("/posts", params={"select": "status,...authors!author_id(name.max(),n:id.count())",
                                   "order": "status"})
    assert r.status_code == 200, r.text
    assert r.json() == [{"status": "draft", "max": "Caio", "n": 2}, {"status": "published", "max": "Bia", "n": 3}]
    r = anon.get("/posts", params={"select": "status,...authors!author_id(count())", "order": "status"})
    assert r.json() == [{"status": "draft", "count": 2}, {"status": "published", "count": 3}]
    # through two to-one spreads, up to the root (no other column: one group), with a cast of the result
    r = anon.get("/comments", params={"select": "...posts(...authors!author_id(name.min(),id.sum()::text))"})
    assert r.json() == [{"min": "Ana", "sum": "5"}]   # comments on posts of Ana (1, 1, 1) and Bia (2)


def test_grouped_by_a_spread_column(anon):
    r = anon.get("/posts", params={"select": "rating.sum(),...authors!author_id(name)"})
    assert sorted(r.json(), key=lambda row: row["name"]) == [
        {"sum": 9, "name": "Ana"}, {"sum": 3, "name": "Bia"}, {"sum": 1, "name": "Caio"}]


def test_aggregates_in_a_to_many_spread_are_not_implemented(anon):
    r = anon.get("/authors", params={"select": "name,...posts!author_id(rating.sum())"})
    assert r.status_code == 400
    assert r.json() == {"code": "PGRST127", "details": "Aggregates are not implemented for one-to-many or "
                        "many-to-many spreads.", "hint": None, "message": "Feature not implemented"}


def test_a_spread_has_no_alias(anon):
    r = anon.get("/posts", params={"select": "id,a:...authors!author_id(name)"})
    assert r.status_code == 400 and r.json()["code"] == "PGRST100"
    assert r.json()["message"] == "failed to parse select parameter (id,a:...authors!author_id(name))"


def test_spread_of_an_unrelated_table(anon):
    r = anon.get("/posts", params={"select": "id,...documents(title)"})
    assert r.status_code == 400 and r.json()["code"] == "PGRST200"


def test_supabase_py_spread(rest_stack):
    from supabase import create_client
    client = create_client(rest_stack.url, rest_stack.anon_key)
    res = client.table("posts").select("id, ...authors!author_id(author:name)").eq("id", 4).execute()
    assert res.data == [{"id": 4, "author": "Bia"}]

