"""Array, JSON and range literals inside logic trees (`or=`, `and=`, `not.or=`, nested): the commas of
`{a,b}` and of `[1,5)` belong to the value, not to the list of terms."""
from __future__ import annotations

import pytest

from supabase import create_client


def ids(response) -> list[int]:
    assert response.status_code == 200, response.text
    return sorted(row["id"] for row in response.json())


@pytest.mark.parametrize(("param", "tree", "expected"), [
    ("or", "(id.in.(1,2),labels.cs.{red,green})", [1, 2]),
    ("or", '(labels.cs.{blue},labels.ov.{green,"x,y"})', [1, 2]),
    ("or", '(data.cs.{"n":2},id.eq.1)', [1, 2]),
    ("or", '(data.cs.{"a":{"b":"x"}},id.eq.2)', [1, 2, 3]),
    ("and", "(span.ov.[1,6),id.gt.1)", [4]),
    ("or", "(span.sl.(20,25],id.eq.3)", [1, 3, 4]),
    ("or", "(span.not.adj.[10,20),id.eq.3)", [3, 4]),
    ("not.or", "(labels.cs.{red,green},id.gt.2)", [2]),
    ("or", "(and(labels.ov.{red,blue},nums.cs.{2}),id.eq.3)", [1, 3, 4]),
    ("or", "(labels.eq.{},id.eq.2)", [2, 3]),
])
def test_literals_in_logic_trees(anon, param, tree, expected):
    assert ids(anon.get("/documents", params={"select": "id", param: tree})) == expected


def test_literals_in_an_embedded_logic_tree(anon):
    r = anon.get("/authors", params={"select": "id,posts!posts_author_id_fkey!inner(id)", "order": "id",
                                     "posts.or": "(id.in.(1,3),title.like.*{x,y}*)"})
    assert r.json() == [{"id": 1, "posts": [{"id": 1}]}, {"id": 2, "posts": [{"id": 3}]}]


def test_unterminated_literals_are_pgrst100(anon):
    for tree in ("(labels.cs.{red,id.eq.1)", "(span.ov.[1,6,id.eq.1", '(title.eq."open,id.eq.1)'):
        r = anon.get("/documents", params={"or": tree})
        assert r.status_code == 400 and r.json()["code"] == "PGRST100", tree


def test_supabase_py_or_with_array_literal(rest_stack):
    client = create_client(rest_stack.url, rest_stack.anon_key)
    res = client.table("documents").select("id").or_("labels.cs.{red,green},id.eq.2").order("id").execute()
    assert [r["id"] for r in res.data] == [1, 2]
