"""The rule "run as the JWT's role with its claims" lives in one place, core/db.py: REST, storage and realtime
call it (Database.scope, as_caller, caller_gucs) instead of writing their own set_config of role and claims."""
from __future__ import annotations

import re
from pathlib import Path

import supastack
from supastack.core.db import caller_gucs, request_gucs, set_config_sql

ENGINE = Path(supastack.__file__).parent
ROLE_SWITCH = re.compile(r"set_config\(\s*'(role|request\.jwt\.claims)'|\"request\.jwt\.claims\"|b\"role\"")


def _python_text(path: Path) -> str:
    """A module's text without the SQL it installs in the database: realtime's `visible_rows` switches role per
    subscriber inside PostgreSQL (as Supabase Realtime's apply_rls does), given roles computed by core's role_of."""
    text = path.read_text()
    if path == ENGINE / "realtime" / "capture.py":
        text = re.sub(r'SETUP_SQL = f?""".*?"""', "", text, count=1, flags=re.S)
    return text


def test_no_module_but_core_db_sets_role_or_claims():
    offenders = [str(path.relative_to(ENGINE)) for path in ENGINE.rglob("*.py")
                 if path != ENGINE / "core" / "db.py" and ROLE_SWITCH.search(_python_text(path))]
    assert offenders == []


def test_the_roles_realtime_checks_in_the_database_come_from_core():
    authorize = (ENGINE / "realtime" / "authorize.py").read_text()
    assert "from supastack.core.db import" in authorize and "role_of(groups[k])" in authorize


def test_realtime_uses_core_jwt_not_the_library():
    realtime = [p for p in (ENGINE / "realtime").rglob("*.py")
                if re.search(r"^\s*(from|import) jose", p.read_text(), re.M)]
    assert realtime == []


def test_caller_settings():
    assert caller_gucs({"role": "authenticated", "sub": "u1"}, {"x.y": "1"}) == {
        "role": "authenticated", "request.jwt.claims": '{"role": "authenticated", "sub": "u1"}', "x.y": "1"}
    assert caller_gucs({"role": "postgres"})["role"] == "anon"          # only the API roles
    assert caller_gucs({"role": "postgres", "sub": "u"})["role"] == "authenticated"
    assert request_gucs("GET", "notes/", "{}") == {"request.method": "GET", "request.path": "/notes",
                                                   "request.headers": "{}"}
    assert set_config_sql(2) == "select set_config(%s, %s, true), set_config(%s, %s, true)"
    assert set_config_sql(1, numbered=True) == "select set_config($1, $2, true)"
