"""Arbitrary strings through every query parameter, header and JSON key: never a 500, never a stray write."""
from __future__ import annotations

import httpx
import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))

nasty = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["'; drop table canary; --", '"; delete from canary; --', "eq.1); delete from canary; --",
                     "in.(1,2));drop table canary;--", "x\")) or true--", "id,canary(*)", "*,value::text",
                     "eq.1'||(select value from canary)||'", "(id.eq.1,or(", "not.", "a->>'b'", "%", "\\", "\x00",
                     "cs.{\"a\":\"b\"}", "fts(english'x).y", "public.canary", "../canary"]),
)
param_names = st.one_of(st.sampled_from(["select", "order", "limit", "offset", "or", "and", "id", "title",
                                         "data->>a", "comments.body", "on_conflict", "columns", "not.or"]),
                        st.text(max_size=20))


@pytest.fixture(scope="module")
def snapshot(rest_stack):
    conn = psycopg.connect(rest_stack.db_url, autocommit=True)

    def take():
        return conn.execute("""select (select json_agg(c order by id)::text from canary c),
                                      (select count(*) from documents where id <= 4),
                                      (select count(*) from posts),
                                      (select md5(string_agg(id::text || title || data::text, ',' order by id))
                                         from documents where id <= 4)""").fetchone()
    yield take
    conn.close()


@pytest.fixture(scope="module")
def http(rest_stack):
    with httpx.Client(base_url=f"{rest_stack.url}/rest/v1", timeout=10,
                      headers={"apikey": rest_stack.anon_key}) as client:
        yield client


def _ok(resp: httpx.Response) -> None:
    assert resp.status_code < 500, resp.text
    if resp.status_code >= 400:
        body = resp.json()
        assert set(body) == {"code", "message", "details", "hint"}, body


@SETTINGS
@given(name=param_names, value=nasty)
def test_query_parameters_on_reads(http, snapshot, name, value):
    before = snapshot()
    _ok(http.get("/documents", params={name: value}))
    _ok(http.get("/rpc/posts_by_status", params={"s": "draft", name: value}))
    assert snapshot() == before


@SETTINGS
@given(name=param_names, value=nasty, table=st.sampled_from(["documents", "canary", "posts", "x\"y", "rpc"]))
def test_query_parameters_on_writes(http, snapshot, name, value, table):
    before = snapshot()
    # a filter that can never match keeps real rows safe; the fuzzed parameter rides along
    params = [("id", "eq.-1"), (name, value)]
    _ok(http.patch(f"/{table}", params=params, json={"title": "x"}))
    _ok(http.delete(f"/{table}", params=params))
    assert snapshot() == before


@SETTINGS
@given(header=st.sampled_from(["Prefer", "Accept", "Range", "Accept-Profile", "Content-Profile", "Authorization",
                               "apikey", "Content-Type"]),
       value=st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=60).map(str.strip))
def test_headers(http, snapshot, header, value):
    before = snapshot()
    _ok(http.get("/documents", headers={header: value}))
    _ok(http.post("/canary", json={"id": 99, "value": "x"}, headers={header: value}))
    assert snapshot() == before


@SETTINGS
@given(key=st.text(max_size=30), value=st.one_of(st.none(), st.integers(), st.text(max_size=30),
                                                  st.lists(st.text(max_size=5), max_size=3)))
def test_json_keys_and_values(http, snapshot, key, value):
    before = snapshot()
    _ok(http.post("/canary", json={key: value}))
    _ok(http.post("/documents", json=[{key: value}], params={"id": "eq.-1"}, headers={"Prefer": "tx=rollback"}))
    _ok(http.patch("/documents", json={key: value}, params={"id": "eq.-1"}))
    _ok(http.post("/rpc/add_numbers", json={key: value, "a": 1}))
    _ok(http.post("/rpc/hello", json={"name": value if isinstance(value, str) else "x"}))
    assert snapshot() == before


@SETTINGS
@given(select=st.text(alphabet=st.sampled_from(list("abcdeiltnmorsu_*,:()!.->\"' 0123456789")), max_size=40))
def test_select_grammar(http, snapshot, select):
    before = snapshot()
    _ok(http.get("/posts", params={"select": select}))
    assert snapshot() == before
