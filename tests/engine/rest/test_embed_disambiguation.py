"""Embedding as PostgREST resolves relationships: self-references (the table name means the children,
a key column the parent), hints by column and by constraint name, ambiguity answered 300 PGRST201 with
PostgREST's details, and empty embeds `rel()` that join without appearing in the body."""
from __future__ import annotations

from supabase import create_client


def test_self_reference_parent_by_column_children_by_table(anon):
    r = anon.get("/categories", params={"select": "name,parent:parent_id(name),categories(name)", "id": "eq.2",
                                        "categories.order": "id"})
    assert r.status_code == 200, r.text
    assert r.json() == [{"name": "law", "parent": {"name": "root"}, "categories": [{"name": "visas"}]}]
    r = anon.get("/categories", params={"select": "name,children:categories(name)", "id": "eq.1",
                                        "children.order": "id"})
    assert r.json() == [{"name": "root", "children": [{"name": "law"}, {"name": "travel"}]}]


def test_two_self_keys_need_a_hint(anon):
    r = anon.get("/staff", params={"select": "name,staff(name)"})
    assert r.status_code == 300 and r.json() == {
        "code": "PGRST201",
        "message": "Could not embed because more than one relationship was found for 'staff' and 'staff'",
        "details": [
            {"cardinality": "one-to-many", "embedding": "staff with staff",
             "relationship": "staff_manager using staff(id) and staff(manager_id)"},
            {"cardinality": "one-to-many", "embedding": "staff with staff",
             "relationship": "staff_mentor using staff(id) and staff(mentor_id)"}],
        "hint": "Try changing 'staff' to one of the following: 'staff!staff_manager', 'staff!staff_mentor'. "
                "Find the desired relationship in the 'details' key."}
    r = anon.get("/staff", params={"select": "name,reports:staff!manager_id(name),mentee:staff!mentor_id(name)",
                                   "id": "eq.1", "reports.order": "id", "mentee.order": "id"})
    assert r.json() == [{"name": "Ana", "reports": [{"name": "Bruno"}, {"name": "Carla"}],
                         "mentee": [{"name": "Bruno"}, {"name": "Dani"}]}]
    r = anon.get("/staff", params={"select": "name,manager:manager_id(name),mentor:mentor_id(name)", "id": "eq.3"})
    assert r.json() == [{"name": "Carla", "manager": {"name": "Ana"}, "mentor": {"name": "Bruno"}}]


def test_ambiguous_many_to_one_details_and_hints(anon):
    r = anon.get("/posts", params={"select": "id,authors(name)"})
    assert r.status_code == 300
    body = r.json()
    assert body["details"] == [
        {"cardinality": "many-to-one", "embedding": "posts with authors",
         "relationship": "posts_author_id_fkey using posts(author_id) and authors(id)"},
        {"cardinality": "many-to-one", "embedding": "posts with authors",
         "relationship": "posts_reviewer_id_fkey using posts(reviewer_id) and authors(id)"}]
    assert body["hint"] == ("Try changing 'authors' to one of the following: 'authors!posts_author_id_fkey', "
                            "'authors!posts_reviewer_id_fkey'. Find the desired relationship in the 'details' key.")
    by_constraint = anon.get("/posts", params={"select": "id,authors!posts_reviewer_id_fkey(name)", "id": "eq.1"})
    by_column = anon.get("/posts", params={"select": "id,authors!reviewer_id(name)", "id": "eq.1"})
    by_fk_name = anon.get("/posts", params={"select": "id,posts_reviewer_id_fkey(name)", "id": "eq.1"})
    for r in (by_constraint, by_column, by_fk_name):
        assert r.status_code == 200, r.text
    assert by_constraint.json() == by_column.json() == [{"id": 1, "authors": {"name": "Bia"}}]
    assert by_fk_name.json() == [{"id": 1, "posts_reviewer_id_fkey": {"name": "Bia"}}]


def test_reverse_hint_by_referencing_column(anon):
    r = anon.get("/authors", params={"select": "name,reviewed:posts!reviewer_id(id)", "id": "eq.1"})
    assert r.json() == [{"name": "Ana", "reviewed": [{"id": 3}]}]


def test_unknown_hint_is_pgrst200_naming_it(anon):
    r = anon.get("/posts", params={"select": "id,authors!nope(name)"})
    assert r.status_code == 400 and r.json()["code"] == "PGRST200"
    assert r.json()["details"] == ("Searched for a foreign key relationship between 'posts' and 'authors' using "
                                   "the hint 'nope' in the schema 'public', but no matches were found.")


def test_empty_embed_filters_without_appearing(anon):
    r = anon.get("/posts", params={"select": "title,comments!inner()", "comments.likes": "gte.3"})
    assert r.json() == [{"title": "Visas explained"}]
    r = anon.get("/authors", params={"select": "name,posts!posts_author_id_fkey!inner()", "posts.status": "eq.draft",
                                     "order": "id"})
    assert r.json() == [{"name": "Bia"}, {"name": "Caio"}]
    r = anon.get("/posts", params={"select": "id,authors!author_id()", "authors.name": "eq.Bia", "order": "id"})
    assert [p for p in r.json()] == [{"id": i} for i in (1, 2, 3, 4, 5)]


def test_supabase_py_self_and_empty_embeds(rest_stack):
    client = create_client(rest_stack.url, rest_stack.anon_key)
    res = client.table("staff").select("name,manager:manager_id(name)").eq("id", 4).execute()
    assert res.data == [{"name": "Dani", "manager": {"name": "Bruno"}}]
    res = client.table("posts").select("id,tags!inner()").eq("tags.name", "news").execute()
    assert res.data == [{"id": 1}]


def test_the_same_embed_name_twice_is_postgresqls_duplicate_alias(anon):
    """Two embeds with one name on one level (told apart by hints only) would overwrite each other's key:
    PostgREST's lateral joins then share the alias <parent>_<name>_<depth>, which PostgreSQL refuses."""
    r = anon.get("/posts", params={"select": "authors!author_id(*),authors!reviewer_id(*)", "limit": "1"})
    assert r.status_code == 400 and r.json() == {
        "code": "42712", "details": None, "hint": None,
        "message": 'table name "posts_authors_1" specified more than once'}
    r = anon.get("/posts", params={"select": "id,writer:authors!author_id(id),reviewer:authors!reviewer_id(id)",
                                   "id": "eq.1"})
    assert r.status_code == 200 and list(r.json()[0]) == ["id", "writer", "reviewer"]


def test_an_unknown_column_of_an_embed_is_named_by_its_alias(anon):
    """PostgreSQL's 42703 names the embedded table as PostgREST's FROM aliases it (`posts_1`)."""
    r = anon.get("/authors", params={"select": "name,posts!author_id(sum)", "limit": "1"})
    assert r.status_code == 400 and r.json() == {
        "code": "42703", "details": None, "hint": None, "message": "column posts_1.sum does not exist"}
    r = anon.get("/authors", params={"select": "nope"})
    assert r.json()["message"] == "column authors.nope does not exist"
