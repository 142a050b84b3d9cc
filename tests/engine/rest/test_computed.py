"""Computed fields (functions taking a table's row and returning a value: selectable, filterable,
orderable, never part of `*`) and computed relationships (functions taking a row and returning rows of
another table: embeddable like a foreign key, with field selection, filters and to-one ordering)."""
from __future__ import annotations

from supabase import create_client


def test_computed_field_is_selected_only_by_name(anon):
    r = anon.get("/authors", params={"select": "id,full_label", "order": "id", "limit": "2"})
    assert r.json() == [{"id": 1, "full_label": "Ana #1"}, {"id": 2, "full_label": "Bia #2"}]
    r = anon.get("/authors", params={"id": "eq.1"})
    assert "full_label" not in r.json()[0]
    r = anon.get("/authors", params={"select": "label:full_label", "id": "eq.3"})
    assert r.json() == [{"label": "Caio #3"}]


def test_computed_field_filters_and_orders(anon):
    r = anon.get("/authors", params={"select": "id", "full_label": "like.*#2"})
    assert r.json() == [{"id": 2}]
    r = anon.get("/authors", params={"select": "name", "order": "full_label.desc"})
    assert [a["name"] for a in r.json()] == ["Caio", "Bia", "Ana"]
    r = anon.get("/posts", params={"select": "id", "title_words": "cs.{card}"})
    assert r.json() == [{"id": 2}]
    r = anon.get("/authors", params={"select": "id", "or": "(full_label.eq.Ana #1,id.eq.3)", "order": "id"})
    assert r.json() == [{"id": 1}, {"id": 3}]


def test_computed_field_in_an_embed_and_on_function_results(anon):
    r = anon.get("/posts", params={"select": "id,authors!author_id(full_label)", "id": "eq.3"})
    assert r.json() == [{"id": 3, "authors": {"full_label": "Bia #2"}}]
    r = anon.post("/rpc/get_author", params={"select": "full_label"}, json={"author_id": 3})
    assert r.json() == {"full_label": "Caio #3"}


def test_unknown_field_is_still_42703(anon):
    r = anon.get("/authors", params={"select": "full_labels"})
    assert r.status_code == 400 and r.json()["code"] == "42703"


def test_computed_relationships_to_one_and_to_many(anon):
    r = anon.get("/authors", params={"select": "name,top_post(title),drafts(id)", "order": "id"})
    assert r.status_code == 200
    assert r.json() == [
        {"name": "Ana", "top_post": {"title": "Visas explained"}, "drafts": []},
        {"name": "Bia", "top_post": {"title": "Court dates"}, "drafts": [{"id": 3}]},
        {"name": "Caio", "top_post": {"title": "Untitled"}, "drafts": [{"id": 5}]},
    ]
    r = anon.get("/posts", params={"select": "id,writer(name)", "id": "eq.4"})
    assert r.json() == [{"id": 4, "writer": {"name": "Bia"}}]


def test_computed_relationship_filters_inner_and_order(anon):
    r = anon.get("/authors", params={"select": "name,drafts!inner(title)", "drafts.title": "like.Travel*"})
    assert r.json() == [{"name": "Bia", "drafts": [{"title": "Travel with documents"}]}]
    r = anon.get("/authors", params={"select": "name,drafts!inner(title)", "drafts.id": "gt.4"})
    assert r.json() == [{"name": "Caio", "drafts": [{"title": "Untitled"}]}]
    r = anon.get("/authors", params={"select": "name,top_post(rating)", "order": "top_post(rating).asc"})
    assert [a["name"] for a in r.json()] == ["Caio", "Bia", "Ana"]
    r = anon.get("/authors", params={"select": "name,top_post(title)", "top_post": "not.is.null", "id": "eq.1"})
    assert r.json() == [{"name": "Ana", "top_post": {"title": "Visas explained"}}]


def test_supabase_py_computed(rest_stack):
    client = create_client(rest_stack.url, rest_stack.anon_key)
    res = client.table("authors").select("full_label,drafts(title)").eq("full_label", "Caio #3").execute()
    assert res.data == [{"full_label": "Caio #3", "drafts": [{"title": "Untitled"}]}]


def test_spread_of_a_computed_relationship(anon):
    r = anon.get("/authors", params={"select": "name,...top_post(top_title:title)", "id": "eq.2"})
    assert r.status_code == 200, r.text
    assert r.json() == [{"name": "Bia", "top_title": "Court dates"}]
