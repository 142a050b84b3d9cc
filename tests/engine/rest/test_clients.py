"""The real clients against the fixture stack: supabase-py (postgrest) in-process, supabase-js via node."""
from __future__ import annotations

import json
import os
import subprocess
import uuid
from pathlib import Path

import pytest
from postgrest.exceptions import APIError

from conftest import ANA, user_token
from supabase import create_client

REPO = Path(__file__).resolve().parents[3]
JS_SCRIPT = Path(__file__).parent / "js" / "postgrest_client.mjs"


@pytest.fixture(scope="module")
def py(rest_stack):
    return create_client(rest_stack.url, rest_stack.anon_key)


@pytest.fixture(scope="module")
def py_service(rest_stack):
    return create_client(rest_stack.url, rest_stack.service_role_key)


def test_py_select_filters_order_range(py):
    res = (py.table("documents").select("id,title", count="exact").gte("id", 2).order("id", desc=True)
           .range(0, 1).execute())
    assert [r["id"] for r in res.data] == [4, 3]
    assert res.count == 3


def test_py_embeds_and_json_path(py):
    res = py.table("posts").select("id,author:authors!author_id(name),tags(name)").eq("id", 4).execute()
    assert res.data == [{"id": 4, "author": {"name": "Bia"}, "tags": [{"name": "law"}, {"name": "travel"}]}] or \
        res.data == [{"id": 4, "author": {"name": "Bia"}, "tags": [{"name": "travel"}, {"name": "law"}]}]
    res = py.table("documents").select("id,data->a->>b").eq("data->a->>b", "y").execute()
    assert res.data == [{"id": 2, "b": "y"}]


def test_py_operators(py):
    t = lambda: py.table("documents").select("id")  # noqa: E731
    ids = lambda res: sorted(r["id"] for r in res.data)  # noqa: E731
    assert ids(t().in_("id", [1, 2]).execute()) == [1, 2]
    assert ids(t().contains("labels", ["red"]).execute()) == [1, 4]
    assert ids(t().contained_by("labels", ["red", "green", "blue"]).execute()) == [1, 2, 3, 4]
    assert ids(t().overlaps("labels", ["blue", "green"]).execute()) == [1, 2]
    assert ids(t().range_lt("span", (10, 13)).execute()) == [1]
    assert ids(t().range_gt("span", (10, 13)).execute()) == [2]
    assert ids(t().range_adjacent("span", (10, 20)).execute()) == [2]
    assert ids(t().text_search("search", "fat & cat", options={"config": "english"}).execute()) == [1, 4]
    assert ids(t().text_search("search", "fat cat", options={"type": "phrase"}).execute()) == [1]
    assert ids(t().ilike("title", "%ELTA%").execute()) == [4]
    assert ids(t().is_("body", "null").execute()) == [3]
    assert ids(t().not_.is_("body", "null").execute()) == [1, 2, 4]
    assert ids(t().or_("id.eq.1,and(score.gt.2,title.not.eq.beta)").execute()) == [1, 4]
    assert ids(t().match({"title": "alpha", "id": 1}).execute()) == [1]
    assert ids(t().filter("nums", "cs", "{2}").execute()) == [1, 4]


def test_py_single_maybe_single(py):
    assert py.table("tags").select("name").eq("id", 1).single().execute().data == {"name": "law"}
    with pytest.raises(APIError) as err:
        py.table("tags").select("name").single().execute()
    assert err.value.code == "PGRST116"
    assert py.table("tags").select("name").eq("id", -1).maybe_single().execute() is None


def test_py_writes(py_service):
    name = f"py-{uuid.uuid4().hex[:8]}"
    ins = py_service.table("tags").insert({"name": name, "color": "c"}).execute()
    assert ins.data[0]["name"] == name
    up = py_service.table("tags").upsert({"name": name, "color": "d"}, on_conflict="name").execute()
    assert up.data[0]["color"] == "d"
    upd = py_service.table("tags").update({"color": "e"}).eq("name", name).execute()
    assert upd.data[0]["color"] == "e"
    dele = py_service.table("tags").delete().eq("name", name).execute()
    assert len(dele.data) == 1
    assert py_service.table("tags").select("id").eq("name", name).execute().data == []


def test_py_errors_are_parsed(py_service, py):
    with pytest.raises(APIError) as err:
        py_service.table("tags").insert({"name": "law"}).execute()
    assert err.value.code == "23505"
    with pytest.raises(APIError) as err:
        py.table("posts").select("*,authors(*)").execute()
    assert err.value.code == "PGRST201"
    with pytest.raises(APIError) as err:
        py.table("nope").select("*").execute()
    assert err.value.code == "PGRST205"


def test_py_rpc(py):
    assert py.rpc("add_numbers", {"a": 1, "b": 2}).execute().data == 3
    res = py.rpc("posts_by_status", {"s": "published"}).select("id").gt("id", 1).order("id").execute()
    assert res.data == [{"id": 2}, {"id": 4}]
    assert py.rpc("hello", {"name": "py"}, get=True).execute().data == "hello py"


def test_py_user_session_rls(rest_stack):
    client = create_client(rest_stack.url, rest_stack.anon_key)
    client.postgrest.auth(user_token(rest_stack, ANA))
    rows = client.table("notes").select("body").like("body", "ana*").order("body").execute().data
    assert rows == [{"body": "ana private"}, {"body": "ana public"}]


def test_supabase_js(rest_stack):
    env = {**os.environ, "SUPABASE_URL": rest_stack.url, "SUPABASE_ANON_KEY": rest_stack.anon_key,
           "SUPABASE_SERVICE_ROLE_KEY": rest_stack.service_role_key, "USER_TOKEN": user_token(rest_stack, ANA),
           "NODE_PATH": str(REPO / "node_modules")}
    out = subprocess.run(["node", str(JS_SCRIPT)], env=env, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    results = json.loads(out.stdout)
    failures = {name: r for name, r in results.items() if not r["ok"]}
    assert not failures, json.dumps(failures, indent=1)
    assert len(results) >= 15


def test_py_repeated_writes_and_calls_of_one_shape_each_keep_their_own_values(rest_stack):
    """The engine reuses the statement of a write or call shaped like an earlier one and swaps in the body:
    through supabase-py, each insert stores its own values, each call answers its own arguments, and another
    user's row of the same shape is still refused by RLS."""
    ana = create_client(rest_stack.url, rest_stack.anon_key)
    ana.postgrest.auth(user_token(rest_stack, ANA))
    tag = f"same-shape-{uuid.uuid4().hex[:8]}"
    texts = [f"{tag} {i} {'é' * i}" for i in range(6)]
    try:
        for text in texts:
            res = ana.table("notes").insert({"owner_id": ANA, "body": text}).execute()
            assert [(r["owner_id"], r["body"]) for r in res.data] == [(ANA, text)]
        with pytest.raises(APIError) as refused:
            ana.table("notes").insert({"owner_id": "22222222-2222-2222-2222-222222222222", "body": tag}).execute()
        assert refused.value.code == "42501"
        rows = rest_stack.sql("select body from notes where body like %s order by id", (tag + "%",))
        assert [r[0] for r in rows] == texts
        assert [ana.rpc("add_numbers", {"a": a, "b": 10}).execute().data for a in range(5)] == [10, 11, 12, 13, 14]
    finally:
        rest_stack.sql("delete from notes where body like %s", (tag + "%",))
