"""PostgREST behaviours beyond the basics: planned and estimated counts, upsert status codes, embedding
through views, percent-encoded Location headers and repeated variadic RPC arguments."""
from __future__ import annotations

import json

import psycopg

from conftest import ANA


def planner_rows(stack, query: str, role: str = "anon", claims: dict | None = None) -> int:
    """The planner's estimate for `query`, planned as `role` (so row-level security shapes it too)."""
    with psycopg.connect(stack.db_url) as conn:
        conn.execute("select set_config('role', %s, true), set_config('request.jwt.claims', %s, true)",
                     (role, json.dumps(claims or {"role": role})))
        plan = conn.execute("explain (format json) " + query).fetchone()[0]
        conn.rollback()
    plan = json.loads(plan) if isinstance(plan, str) else plan
    return int(plan[0]["Plan"]["Plan Rows"])


def total(response) -> int:
    return int(response.headers["content-range"].split("/")[1])


# ------------------------------------------------------------------------------------------ counts
CORRELATED = {"select": "id", "a": "eq.0", "b": "eq.0", "limit": "1"}


def test_exact_count_of_correlated_filter(anon):
    r = anon.get("/readings", params=CORRELATED, headers={"Prefer": "count=exact"})
    assert r.status_code == 206 and total(r) == 1500


def test_planned_count_is_the_planner_estimate(anon, rest_stack):
    r = anon.get("/readings", params=CORRELATED, headers={"Prefer": "count=planned"})
    estimate = planner_rows(rest_stack, "select 1 from public.readings where a = 0 and b = 0")
    assert r.status_code == 206 and total(r) == estimate
    assert estimate != 1500   # the planner assumes a and b independent: it is not the exact count
    assert r.headers["preference-applied"] == "count=planned"
    assert len(r.json()) == 1


def test_planned_count_is_planned_under_row_level_security(ana, rest_stack):
    r = ana.get("/notes", params={"select": "id"}, headers={"Prefer": "count=planned"})
    claims = {"sub": ANA, "role": "authenticated"}
    estimate = planner_rows(rest_stack, "select 1 from public.notes", "authenticated", claims)
    assert r.status_code in (200, 206) and total(r) == estimate


def test_estimated_count_is_exact_below_max_rows(anon):
    r = anon.get("/readings", params={"select": "id", "id": "lte.42", "limit": "2"},
                 headers={"Prefer": "count=estimated"})
    assert r.status_code == 206 and total(r) == 42


def test_estimated_count_past_max_rows_uses_the_planner(anon, rest_stack):
    # max_rows is 1000: the count stops at 1001 rows, and the planner's 750 is lower, so 1001
    r = anon.get("/readings", params=CORRELATED, headers={"Prefer": "count=estimated"})
    assert planner_rows(rest_stack, "select 1 from public.readings where a = 0 and b = 0") < 1001
    assert total(r) == 1001
    # without filters the planner knows the table's 3000 rows (analysed), more than the capped count
    r = anon.get("/readings", params={"select": "id", "limit": "1"}, headers={"Prefer": "count=estimated"})
    assert total(r) == planner_rows(rest_stack, "select 1 from public.readings") == 3000


def test_planned_count_through_supabase_py(rest_stack):
    from supabase import create_client
    client = create_client(rest_stack.url, rest_stack.anon_key)
    res = client.table("readings").select("id", count="planned").eq("a", 0).eq("b", 0).limit(1).execute()
    assert res.count == planner_rows(rest_stack, "select 1 from public.readings where a = 0 and b = 0")
    res = client.table("readings").select("id", count="estimated").lte("id", 7).execute()
    assert res.count == 7 and len(res.data) == 7


# ----------------------------------------------------------------------------------- upsert status
MERGE = {"Prefer": "resolution=merge-duplicates"}
MERGE_BACK = {"Prefer": "resolution=merge-duplicates,return=representation"}


def test_merge_duplicates_is_201_when_a_row_is_inserted_and_200_when_all_merge(service, rest_stack):
    rows = [{"name": "merge-a", "value": 1}, {"name": "merge-b", "value": 1}]
    assert service.post("/counters", json=rows, headers=MERGE).status_code == 201
    rows = [{"name": "merge-a", "value": 2}, {"name": "merge-b", "value": 2}]
    r = service.post("/counters", json=rows, headers=MERGE)
    assert r.status_code == 200 and r.content == b""
    rows = [{"name": "merge-a", "value": 3}, {"name": "merge-c", "value": 3}]   # one new row is enough
    r = service.post("/counters", params={"select": "name,value", "order": "name"}, json=rows, headers=MERGE_BACK)
    assert r.status_code == 201 and r.json() == [{"name": "merge-a", "value": 3}, {"name": "merge-c", "value": 3}]
    assert rest_stack.sql("select name, value from counters where name like 'merge-%%' order by name") == \
        [("merge-a", 3), ("merge-b", 2), ("merge-c", 3)]


def test_ignore_duplicates_stays_201(service):
    service.post("/counters", json={"name": "ignore-a", "value": 1})
    r = service.post("/counters", json={"name": "ignore-a", "value": 9},
                     headers={"Prefer": "resolution=ignore-duplicates,return=representation"})
    assert r.status_code == 201 and r.json() == []


def test_merge_duplicates_status_under_row_level_security(ana):
    r = ana.post("/notes", params={"select": "id,body"}, json={"body": "upsert me"},
                 headers={"Prefer": "return=representation"})
    note = r.json()[0]
    r = ana.post("/notes", params={"select": "body"}, json={"id": note["id"], "body": "upserted", "owner_id": ANA},
                 headers=MERGE_BACK)
    assert r.status_code == 200 and r.json() == [{"body": "upserted"}]
    assert ana.delete("/notes", params={"id": f"eq.{note['id']}"}).status_code == 204   # other tests count notes


def test_upsert_status_through_supabase_py(rest_stack):
    from supabase import create_client
    client = create_client(rest_stack.url, rest_stack.service_role_key)
    first = client.table("counters").upsert({"name": "py-upsert", "value": 1}).execute()
    again = client.table("counters").upsert({"name": "py-upsert", "value": 2}).execute()
    assert first.data == [{"name": "py-upsert", "value": 1}] and again.data == [{"name": "py-upsert", "value": 2}]


# ---------------------------------------------------------------------------------------- Location
HEADERS_ONLY = {"Prefer": "return=headers-only"}


def test_location_is_percent_encoded_and_leads_back_to_the_row(service):
    name = "a b/ç&=x+y"
    r = service.post("/counters", json={"name": name, "value": 7}, headers=HEADERS_ONLY)
    assert r.status_code == 201 and r.content == b""
    assert r.headers["location"] == "/counters?name=eq.a%20b%2F%C3%A7%26%3Dx%2By"
    back = service.get(r.headers["location"] + "&select=name,value")
    assert back.json() == [{"name": name, "value": 7}]


def test_location_of_a_composite_key_and_of_several_rows(service):
    r = service.post("/post_tags", json={"post_id": 2, "tag_id": 2}, headers=HEADERS_ONLY)
    assert r.status_code == 201 and r.headers["location"] == "/post_tags?post_id=eq.2&tag_id=eq.2"
    assert service.delete(r.headers["location"]).status_code == 204
    r = service.post("/counters", json=[{"name": "loc-1"}, {"name": "loc-2"}], headers=HEADERS_ONLY)
    assert r.status_code == 201 and "location" not in r.headers   # only a single inserted row has one


# ------------------------------------------------------------------------------ embedding via views
def test_view_embeds_the_table_its_key_column_references(anon):
    # published_posts.author_id is posts.author_id, which references authors
    r = anon.get("/published_posts", params={"select": "id,authors(name)", "order": "id"})
    assert r.status_code == 200, r.text
    assert r.json() == [{"id": 1, "authors": {"name": "Ana"}}, {"id": 2, "authors": {"name": "Ana"}},
                        {"id": 4, "authors": {"name": "Bia"}}]


def test_table_embeds_a_view_as_to_many(anon):
    r = anon.get("/authors", params={"select": "name,published_posts(title)", "id": "eq.1",
                                     "published_posts.order": "id"})
    assert r.json() == [{"name": "Ana", "published_posts": [{"title": "Visas explained"},
                                                            {"title": "Green card steps"}]}]


def test_renamed_view_columns_join_on_their_own_names(anon):
    # posts.author_id -> author_names.author_key (a view of authors renaming id)
    r = anon.get("/posts", params={"select": "id,writer:author_names(label)"})
    assert r.status_code == 300 and r.json()["code"] == "PGRST201"   # author_id and reviewer_id both lead there
    r = anon.get("/posts", params={"select": "id,writer:author_names!author_id(label)", "id": "in.(3,5)",
                                   "order": "id"})
    assert r.json() == [{"id": 3, "writer": {"label": "Bia"}}, {"id": 5, "writer": {"label": "Caio"}}]
    # a view on both ends, and comments -> a view of posts
    r = anon.get("/commented_posts", params={"select": "post_key,author_names(label),comments(body)",
                                             "order": "post_key", "comments.order": "body"})
    assert r.json() == [
        {"post_key": 1, "author_names": {"label": "Ana"}, "comments": [{"body": "great"}, {"body": "thanks"}]},
        {"post_key": 2, "author_names": {"label": "Ana"}, "comments": [{"body": "useful"}]},
        {"post_key": 4, "author_names": {"label": "Bia"}, "comments": [{"body": "when?"}]}]
    r = anon.get("/comments", params={"select": "body,commented_posts(title)", "body": "eq.useful"})
    assert r.json() == [{"body": "useful", "commented_posts": {"title": "Green card steps"}}]


def test_view_many_to_many_through_the_table_junction(anon):
    r = anon.get("/commented_posts", params={"select": "post_key,tags(name)", "post_key": "eq.4",
                                             "tags.order": "name"})
    assert r.json() == [{"post_key": 4, "tags": [{"name": "law"}, {"name": "travel"}]}]


def test_expression_columns_carry_no_relationship(anon):
    r = anon.get("/post_ids_plus", params={"select": "id,comments(body)"})
    assert r.status_code == 400 and r.json()["code"] == "PGRST200"


def test_table_embeds_by_key_name_stay_unambiguous(anon):
    # the key is shared with views now; embedding by its column or constraint name targets tables only
    r = anon.get("/posts", params={"select": "id,author_id(name)", "id": "eq.1"})
    assert r.json() == [{"id": 1, "author_id": {"name": "Ana"}}]
    r = anon.get("/posts", params={"select": "id,posts_author_id_fkey(name)", "id": "eq.1"})
    assert r.json() == [{"id": 1, "posts_author_id_fkey": {"name": "Ana"}}]


def test_view_embedding_through_supabase_py(rest_stack):
    from supabase import create_client
    client = create_client(rest_stack.url, rest_stack.anon_key)
    res = client.table("published_posts").select("title, author:authors(name)").eq("id", 4).single().execute()
    assert res.data == {"title": "Court dates", "author": {"name": "Bia"}}


def test_view_definitions_with_brackets_and_subqueries(anon):
    r = anon.get("/tricky_posts", params={"select": "odd,n,authors(name)", "id": "eq.1"})
    assert r.json() == [{"odd": "({\\)", "n": 2, "authors": {"name": "Ana"}}]


# ---------------------------------------------------------------------------- variadic GET arguments
def test_repeated_query_arguments_fill_a_variadic_parameter(anon):
    assert anon.get("/rpc/sum_all?nums=1&nums=2&nums=39").json() == 42
    assert anon.get("/rpc/sum_all", params={"nums": "5"}).json() == 5
    assert anon.get("/rpc/sum_all", params={"nums": "{1,2}"}).json() == 3   # an array literal stays one
    assert anon.get("/rpc/first_label?prefix=p-&labels=a&labels=b&labels=c").json() == "p-a/3"
    r = anon.get("/rpc/sum_all?nums=1&nums=x")
    assert r.status_code == 400 and r.json()["code"] == "22P02"


def test_repeated_names_of_a_plain_parameter_keep_the_last_and_filters_all_apply(anon):
    assert anon.get("/rpc/hello?name=a&name=b").json() == "hello b"
    r = anon.get("/rpc/posts_by_status?s=published&id=gt.1&id=lt.4&select=id")
    assert r.json() == [{"id": 2}]


def test_variadic_get_through_supabase_py(rest_stack):
    from supabase import create_client
    client = create_client(rest_stack.url, rest_stack.anon_key)
    assert client.rpc("sum_all", {"nums": [4, 5, 6]}, get=True).execute().data == 15
