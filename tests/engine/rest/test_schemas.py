"""`[api] schemas`: every listed schema is exposed; Accept-Profile (GET, HEAD) and Content-Profile (POST,
PATCH, PUT, DELETE) choose one, functions included; answers name it in Content-Profile; an unlisted schema
is 406 PGRST106."""
from __future__ import annotations

from supabase import create_client

API = {"Accept-Profile": "api"}
API_WRITE = {"Content-Profile": "api"}


def test_read_from_a_second_schema(anon):
    r = anon.get("/items", params={"select": "id,name", "order": "id"}, headers=API)
    assert r.status_code == 200 and r.json() == [{"id": 1, "name": "pen"}, {"id": 2, "name": "ink"}]
    assert r.headers["content-profile"] == "api"
    r = anon.get("/tags", params={"select": "label"}, headers=API)
    assert r.json() == [{"label": "api-only"}]


def test_default_schema_is_the_first_and_is_named(anon):
    r = anon.get("/tags", params={"select": "name", "id": "eq.1"})
    assert r.json() == [{"name": "law"}] and r.headers["content-profile"] == "public"
    r = anon.get("/items")
    assert r.status_code == 404 and r.json() == {
        "code": "PGRST205", "details": None, "hint": None,
        "message": "Could not find the table 'public.items' in the schema cache"}


def test_table_hint_names_the_request_schema(anon):
    r = anon.get("/itemz", headers=API)
    assert r.status_code == 404 and r.json()["message"] == "Could not find the table 'api.itemz' in the schema cache"
    assert r.json()["hint"] == "Perhaps you meant the table 'api.items'"


def test_embeds_inside_the_schema(anon):
    r = anon.get("/items", params={"select": "name,item_notes(note)", "id": "eq.1",
                                   "item_notes.order": "note"}, headers=API)
    assert r.json() == [{"name": "pen", "item_notes": [{"note": "blue"}, {"note": "cheap"}]}]


def test_writes_with_content_profile(service):
    r = service.post("/items", json={"name": "paper"}, params={"select": "name"},
                     headers={**API_WRITE, "Prefer": "return=representation"})
    assert r.status_code == 201 and r.json() == [{"name": "paper"}] and r.headers["content-profile"] == "api"
    r = service.patch("/items", params={"name": "eq.paper"}, json={"name": "card"},
                      headers={**API_WRITE, "Prefer": "return=representation"})
    assert r.status_code == 200 and r.json()[0]["name"] == "card"
    r = service.delete("/items", params={"name": "eq.card"}, headers=API_WRITE)
    assert r.status_code == 204
    # Accept-Profile does not choose the schema of a write
    r = service.post("/items", json={"name": "x"}, headers=API)
    assert r.status_code == 404 and r.json()["code"] == "PGRST205"


def test_functions_of_the_schema(anon):
    r = anon.post("/rpc/item_names", json={}, headers=API_WRITE)
    assert r.status_code == 200 and r.json() == ["pen", "ink"]
    r = anon.get("/rpc/items_like", params={"pattern": "p%", "select": "name"}, headers=API)
    assert r.json() == [{"name": "pen"}]
    r = anon.post("/rpc/item_names", json={})
    assert r.status_code == 404 and r.json()["message"] == (
        "Could not find the function public.item_names without parameters in the schema cache")


def test_unexposed_schema_is_406_pgrst106(anon):
    for headers in ({"Accept-Profile": "private"}, {"Accept-Profile": "auth"}):
        r = anon.get("/items", headers=headers)
        assert r.status_code == 406 and r.json() == {
            "code": "PGRST106", "details": None,
            "hint": "Only the following schemas are exposed: public, graphql_public, api",
            "message": f"Invalid schema: {headers['Accept-Profile']}"}
    r = anon.post("/rpc/item_names", json={}, headers={"Content-Profile": "private"})
    assert r.status_code == 406 and r.json()["code"] == "PGRST106"


def test_supabase_py_schema(rest_stack):
    client = create_client(rest_stack.url, rest_stack.anon_key)
    assert client.schema("api").table("items").select("name").eq("id", 2).execute().data == [{"name": "ink"}]
    assert client.schema("api").rpc("item_names", {}).execute().data == ["pen", "ink"]
    assert client.table("tags").select("name").eq("id", 2).execute().data == [{"name": "travel"}]


def test_root_describes_the_profile_schema(anon):
    r = anon.get("/", headers=API)
    assert r.status_code == 200 and "/items" in r.json()["paths"] and "/rpc/item_names" in r.json()["paths"]
    assert "/posts" not in r.json()["paths"]
    assert "/posts" in anon.get("/").json()["paths"]
    r = anon.get("/", headers={"Accept-Profile": "private"})
    assert r.status_code == 406 and r.json()["code"] == "PGRST106"
