"""Overloaded functions as PostgREST resolves them: by argument names (POST body keys or GET query
parameters), defaults, the single unnamed json/jsonb/text parameter as a fallback; 300 PGRST203 when two
fit, 404 PGRST202 with PostgREST's details and hint when none does."""
from __future__ import annotations

import json

import pytest
from postgrest.exceptions import APIError

from supabase import create_client


@pytest.mark.parametrize(("args", "expected"), [
    ({}, "none"), ({"a": 1}, "a=1"), ({"a": 1, "b": 2}, "a+b=3"), ({"x": "s"}, "x=s,y=dflt"),
    ({"x": "s", "y": "t"}, "x=s,y=t"),
])
def test_overload_by_argument_names_post_and_get(anon, args, expected):
    r = anon.post("/rpc/pick", json=args)
    assert r.status_code == 200 and r.json() == expected
    r = anon.get("/rpc/pick", params=args)
    assert r.status_code == 200 and r.json() == expected


def test_overloads_returning_rows_keep_filters_and_select(anon):
    r = anon.get("/rpc/authors_named", params={"first_id": "1", "last_id": "3", "select": "name", "id": "gt.1"})
    assert r.status_code == 200 and r.json() == [{"name": "Bia"}, {"name": "Caio"}]
    r = anon.post("/rpc/authors_named", params={"select": "id"}, json={"n": "Caio"})
    assert r.json() == [{"id": 3}]


def test_named_overload_first_then_the_whole_body(anon):
    assert anon.post("/rpc/take", json={"name": "ana"}).json() == {"named": "ana"}
    assert anon.post("/rpc/take", json={"other": [1, 2]}).json() == {"body": {"other": [1, 2]}}
    assert anon.post("/rpc/take", json=[1, 2]).json() == {"body": [1, 2]}


def test_single_unnamed_text_parameter_takes_a_text_body(anon):
    r = anon.post("/rpc/shout", content=b"hello there", headers={"Content-Type": "text/plain"})
    assert r.status_code == 200 and r.json() == "HELLO THERE"


def test_form_urlencoded_arguments(anon):
    r = anon.post("/rpc/pick", content=b"a=4&b=5", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 200 and r.json() == "a+b=9"


def test_ambiguous_overload_is_300_pgrst203(anon):
    r = anon.post("/rpc/twice", json={"a": 1})
    assert r.status_code == 300
    assert r.json() == {
        "code": "PGRST203",
        "message": "Could not choose the best candidate function between: public.twice(a => integer), "
                   "public.twice(a => integer, b => integer)",
        "details": None,
        "hint": "Try renaming the parameters or the function itself in the database so function overloading "
                "can be resolved"}
    assert anon.post("/rpc/twice", json={"a": 1, "b": 1}).json() == 3


def test_unknown_arguments_are_404_pgrst202_with_hint(anon):
    r = anon.post("/rpc/pick", json={"a": 1, "c": 2})
    assert r.status_code == 404
    assert r.json() == {
        "code": "PGRST202",
        "message": "Could not find the function public.pick(a, c) in the schema cache",
        "details": "Searched for the function public.pick with parameters a, c or with a single unnamed "
                   "json/jsonb parameter, but no matches were found in the schema cache.",
        "hint": "Perhaps you meant to call the function public.pick(a, b)"}
    r = anon.get("/rpc/pick", params={"z": "1"})
    assert r.status_code == 404
    assert r.json()["message"] == "Could not find the function public.pick(z) in the schema cache"
    assert r.json()["details"] == ("Searched for the function public.pick with parameter z, "
                                   "but no matches were found in the schema cache.")


def test_unknown_function_hint_and_no_parameters_wording(anon):
    r = anon.post("/rpc/pickk", json={})
    assert r.status_code == 404 and r.json() == {
        "code": "PGRST202",
        "message": "Could not find the function public.pickk without parameters in the schema cache",
        "details": "Searched for the function public.pickk without parameters or with a single unnamed "
                   "json/jsonb parameter, but no matches were found in the schema cache.",
        "hint": "Perhaps you meant to call the function public.pick"}


def test_text_body_without_a_text_function(anon):
    r = anon.post("/rpc/pick", content=b"x", headers={"Content-Type": "text/plain"})
    assert r.status_code == 404 and r.json() == {
        "code": "PGRST202", "message": "Could not find the function public.pick in the schema cache",
        "details": "Searched for the function public.pick with a single unnamed text parameter, "
                   "but no matches were found in the schema cache.",
        "hint": None}


def test_functions_with_several_unnamed_parameters_are_not_exposed(anon):
    r = anon.post("/rpc/two_unnamed", json={})
    assert r.status_code == 404 and r.json()["code"] == "PGRST202"


def test_supabase_py_overloads(rest_stack):
    client = create_client(rest_stack.url, rest_stack.anon_key)
    assert client.rpc("pick", {"x": "py"}).execute().data == "x=py,y=dflt"
    assert client.rpc("pick", {"a": 7}, get=True).execute().data == "a=7"
    with pytest.raises(APIError) as caught:
        client.rpc("twice", {"a": 2}).execute()
    assert caught.value.code == "PGRST203"


def test_overloads_with_unnamed_parameters_as_postgrest_keeps_them(anon):
    """Only the single unnamed text overload of either_way is callable, and it gets the whole body."""
    for body in ({"": "x"}, {"": True}):
        r = anon.post("/rpc/either_way", json=body)
        assert r.status_code == 200, r.text
        assert r.json().startswith("text: ") and json.loads(r.json()[len("text: "):]) == body
    # maybe_unnamed(int default 42) is not callable: the two others are the candidates, fewest parameters first
    r = anon.post("/rpc/maybe_unnamed", json={})
    assert r.status_code == 300 and r.json()["message"] == (
        "Could not choose the best candidate function between: public.maybe_unnamed(), "
        "public.maybe_unnamed( => text)")



def test_ambiguous_candidates_fewest_parameters_first_then_by_their_lists(anon):
    """text_or_int(a text) was made before text_or_int(a int): PostgREST lists integer first all the same."""
    r = anon.post("/rpc/text_or_int", json={"a": "1"})
    assert r.status_code == 300 and r.json()["message"] == (
        "Could not choose the best candidate function between: public.text_or_int(a => integer), "
        "public.text_or_int(a => text)")
