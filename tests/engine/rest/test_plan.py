"""`Accept: application/vnd.pgrst.plan[+json|+text]; for="..."; options=...`: the EXPLAIN of the statement a
request would run, as the caller (row-level security applies), when plan output is enabled (PostgREST's
db-plan-enabled; the fixture project's config.toml has `[api] plan_enabled = true`; on by default in local
development), else 406 PGRST107.
ANALYZE runs the statement: a write explained is always rolled back."""
from __future__ import annotations

import json
import os
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from conftest import ANA, user_token
from supastack.rest.headers import parse_accept
from supastack.rest.options import as_bool, switches

REPO = Path(__file__).resolve().parents[3]
JS_SCRIPT = Path(__file__).parent / "js" / "postgrest_aggregates_plan.mjs"
PLAN_JSON = "application/vnd.pgrst.plan+json"


def _nodes(plan: dict):
    yield plan
    for child in plan.get("Plans", []):
        yield from _nodes(child)


def _scan(body: list, relation: str) -> dict:
    return next(n for n in _nodes(body[0]["Plan"]) if n.get("Relation Name") == relation)


def test_json_plan_of_a_read(anon):
    r = anon.get("/posts", params={"select": "id,title", "id": "eq.1"}, headers={"Accept": PLAN_JSON})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == 'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8'
    body = r.json()
    assert body[0]["Plan"]["Node Type"] == "Aggregate"      # the json_agg of the response body
    assert _scan(body, "posts")
    assert "Actual Rows" not in body[0]["Plan"]              # not executed without analyze
    assert r.text.endswith("\n")


def test_text_plan_is_the_default_format(anon):
    r = anon.get("/posts", params={"select": "id"}, headers={"Accept": "application/vnd.pgrst.plan"})
    assert r.status_code == 200
    assert r.headers["content-type"] == 'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8'
    assert r.text.startswith("Aggregate") and "Seq Scan on posts" in r.text


def test_options_analyze_and_verbose(anon):
    accept = f'{PLAN_JSON}; for="application/json"; options=analyze|verbose'
    r = anon.get("/comments", params={"select": "likes", "post_id": "eq.1"}, headers={"Accept": accept})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == \
        'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose; charset=utf-8'
    scan = _scan(r.json(), "comments")
    assert scan["Actual Rows"] == 2 and "Output" in scan


def test_row_level_security_applies(rest_stack, anon):
    accept = f"{PLAN_JSON}; options=analyze"
    as_anon = anon.get("/notes", params={"select": "body"}, headers={"Accept": accept})
    as_ana = anon.get("/notes", params={"select": "body"},
                      headers={"Accept": accept, "Authorization": f"Bearer {user_token(rest_stack, ANA)}"})
    # anon sees Ana's public note only; Ana sees both of hers
    assert _scan(as_anon.json(), "notes")["Actual Rows"] == 1
    assert _scan(as_ana.json(), "notes")["Actual Rows"] == 2


def test_for_other_media_types(anon):
    for media in ("application/vnd.pgrst.object+json", "text/csv"):
        r = anon.get("/tags", params={"select": "name", "id": "eq.1"},
                     headers={"Accept": f'{PLAN_JSON}; for="{media}"'})
        assert r.status_code == 200, r.text
        assert r.headers["content-type"] == f'application/vnd.pgrst.plan+json; for="{media}"; charset=utf-8'
    r = anon.get("/tags", headers={"Accept": f'{PLAN_JSON}; for="text/xml"'})
    assert r.status_code == 406
    assert r.json() == {"code": "PGRST107", "details": None, "hint": None, "message":
                        'None of these media types are available: application/vnd.pgrst.plan+json; for="text/xml"'}


def test_analyze_of_a_write_is_rolled_back(service):
    name = f"plan-{uuid.uuid4().hex[:8]}"
    r = service.post("/tags", json={"name": name}, headers={"Accept": f"{PLAN_JSON}; options=analyze",
                                                            "Prefer": "return=representation"})
    assert r.status_code == 200, r.text
    insert = next(n for n in _nodes(r.json()[0]["Plan"]) if n.get("Operation") == "Insert")
    assert insert["Actual Rows"] == 1                        # it ran...
    assert service.get("/tags", params={"name": f"eq.{name}"}).json() == []   # ...and was undone
    r = service.patch("/counters", params={"name": "eq.nothing"}, json={"value": 1},
                      headers={"Accept": PLAN_JSON})
    assert r.status_code == 200 and any(n.get("Operation") == "Update" for n in _nodes(r.json()[0]["Plan"]))


def test_plan_of_a_function_call(anon):
    r = anon.get("/rpc/posts_by_status", params={"s": "draft"}, headers={"Accept": PLAN_JSON})
    assert r.status_code == 200
    # a SQL function is inlined: the plan reads posts, filtered by the argument
    assert _scan(r.json(), "posts")["Filter"] == "(status = pgrst_args.s)"


def test_supabase_py_explain(rest_stack):
    from supabase import create_client
    client = create_client(rest_stack.url, rest_stack.anon_key)
    text = client.table("posts").select("id").eq("id", 1).explain().execute()
    assert text.startswith("Aggregate")
    analyzed = client.table("posts").select("id").explain(analyze=True).execute()
    assert "actual time=" in analyzed


def test_supabase_js_aggregates_spreads_and_explain(rest_stack):
    env = {**os.environ, "SUPABASE_URL": rest_stack.url, "SUPABASE_ANON_KEY": rest_stack.anon_key,
           "SUPABASE_SERVICE_ROLE_KEY": rest_stack.service_role_key, "NODE_PATH": str(REPO / "node_modules")}
    out = subprocess.run(["node", str(JS_SCRIPT)], env=env, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    results = json.loads(out.stdout)
    failures = {name: r for name, r in results.items() if not r["ok"]}
    assert not failures, json.dumps(failures, indent=1)
    assert len(results) == 6


@pytest.fixture
def plan_disabled_in_database(rest_stack, anon):
    """The database's setting wins over config.toml: turned off there, then taken out again."""
    db = rest_stack.sql("select current_database()")[0][0]

    def apply(clause: str, want: int) -> None:
        rest_stack.sql(f'alter role authenticator in database "{db}" {clause}')
        rest_stack.sql("notify pgrst, 'reload config'")
        deadline = time.monotonic() + 10
        while anon.get("/tags", headers={"Accept": PLAN_JSON}).status_code != want:
            assert time.monotonic() < deadline, "the setting did not take effect"
            time.sleep(0.05)

    apply("set pgrst.db_plan_enabled = 'false'", 406)
    yield
    apply("reset pgrst.db_plan_enabled", 200)


def test_disabled_answers_406(plan_disabled_in_database, anon):
    r = anon.get("/tags", headers={"Accept": PLAN_JSON})
    assert r.status_code == 406
    assert r.json() == {"code": "PGRST107", "details": None, "hint": None, "message":
                        'None of these media types are available: application/vnd.pgrst.plan+json; '
                        'for="application/json"'}
    # supabase-js's explain() header
    r = anon.get("/tags", headers={"Accept": 'application/vnd.pgrst.plan+text; for="application/json"; '
                                             'options=analyze|verbose;'})
    assert r.json()["message"] == 'None of these media types are available: application/vnd.pgrst.plan+text; ' \
                                  'for="application/json"; options=analyze|verbose'
    assert anon.get("/tags", params={"id": "eq.1"}).status_code == 200   # other media types still served


# ------------------------------------------------------------------------------------ units
def test_switch_precedence_and_defaults():
    assert switches({}, {}, {}) == switches({}, {}, {}) and not switches({}, {}, {}).plan_enabled
    assert not switches({}, {}, {}).aggregates_enabled
    assert switches({"plan_enabled": True}, {}, {}).plan_enabled
    assert not switches({"plan_enabled": True}, {"PGRST_DB_PLAN_ENABLED": "false"}, {}).plan_enabled
    assert switches({}, {"PGRST_DB_PLAN_ENABLED": "false"}, {"pgrst.db_plan_enabled": "TRUE"}).plan_enabled
    assert switches({}, {"PGRST_DB_AGGREGATES_ENABLED": "1"}, {}).aggregates_enabled
    assert [as_bool(v) for v in ("true", "False", '"true"', "2", "0", "on")] == [True, False, True, True, False, None]


def test_plan_output_defaults_on_in_local_development_only():
    """As the Supabase clients' test setups run PostgREST (db-plan-enabled); production mode keeps it off
    unless config.toml, the environment or the database turn it on, and they can turn it off locally."""
    assert switches({}, {}, {}, local=True).plan_enabled
    assert not switches({}, {}, {}, local=True).aggregates_enabled
    assert not switches({}, {}, {}, local=False).plan_enabled
    assert not switches({"plan_enabled": False}, {}, {}, local=True).plan_enabled
    assert not switches({}, {"PGRST_DB_PLAN_ENABLED": "false"}, {}, local=True).plan_enabled
    assert not switches({}, {}, {"pgrst.db_plan_enabled": "false"}, local=True).plan_enabled
    assert switches({"plan_enabled": True}, {}, {}, local=False).plan_enabled


def test_accept_parsing():
    assert parse_accept("application/vnd.pgrst.plan", True)[2].mime == \
        'application/vnd.pgrst.plan+text; for="application/json"'
    kind, stripped, plan = parse_accept(
        'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json;nulls=stripped"; '
        'options=wal|analyze', True)
    assert (kind, stripped, plan.format, plan.options) == ("object", True, "json", ("analyze", "wal"))
    assert parse_accept("application/vnd.pgrst.plan+text; options=", True)[2].options == ()   # supabase-py's
    assert parse_accept("text/xml, application/vnd.pgrst.plan, text/csv", False) == ("csv", False, None)
