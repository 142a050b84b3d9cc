"""PostgREST behaviours beyond the basics: planned and estimated counts, upsert status codes, embedding
through views, percent-encoded Location headers and repeated variadic RPC arguments."""
from __future__ import annotations

import json

import psycopg
import pytest

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
