"""Every relation in schema public is under row-level security, or is a listed exception with its reason.

Tables (and partitioned tables) have RLS enabled. A view either runs as the caller (security_invoker), so
the RLS of the tables it reads applies, or is listed below with the reason it may run as its owner. Anything
new in public fails here until it is protected or explained.
"""
from __future__ import annotations

import psycopg
import pytest

# relation -> why it may run with its owner's rights (or without RLS)
EXCEPTIONS: dict[str, str] = {
    "client_processes": "the portal's view of a client's own processes: a security_barrier view whose WHERE "
                        "clause is current_client_id() (a client reads processes through it only; staff read "
                        "processes directly)",
    "client_document_requests": "the portal's view of a client's own document requests: a security_barrier "
                                "view filtered by current_client_id(), without staff-only columns",
    "audit_log": "the audit trail (schema audit, which no API role may read): a security_barrier view whose WHERE "
                 "clause is is_admin(), so administrators read it and every other caller reads no row",
}


@pytest.fixture(scope="module")
def conn(data_db_url):
    with psycopg.connect(data_db_url, autocommit=True) as c:
        yield c


def _relations(conn, kinds: tuple[str, ...]) -> list[tuple[str, str, bool, list[str]]]:
    return conn.execute(
        "select c.relname, c.relkind::text, c.relrowsecurity, coalesce(c.reloptions, '{}') "
        "from pg_class c join pg_namespace n on n.oid = c.relnamespace "
        "where n.nspname = 'public' and c.relkind::text = any(%s) order by 1", (list(kinds),)).fetchall()


def test_every_public_table_has_rls_or_a_listed_reason(conn):
    tables = _relations(conn, ("r", "p", "f"))
    assert tables, "no tables found: wrong database?"
    unprotected = [name for name, _kind, rls, _opts in tables if not rls and name not in EXCEPTIONS]
    assert unprotected == [], f"tables without row-level security: {unprotected}"


def test_every_public_view_runs_as_the_caller_or_is_listed(conn):
    views = _relations(conn, ("v", "m"))
    assert views, "no views found: wrong database?"
    as_owner = [name for name, kind, _rls, opts in views
                if name not in EXCEPTIONS and (kind == "m" or "security_invoker=true" not in opts)]
    assert as_owner == [], f"views that run with their owner's rights and are not listed: {as_owner}"


def test_listed_exceptions_exist_and_say_why(conn):
    present = {name for name, *_ in _relations(conn, ("r", "p", "f", "v", "m"))}
    for name, reason in EXCEPTIONS.items():
        assert name in present, f"{name} is listed but no longer exists: drop it from the list"
        assert len(reason) > 40, name
    # the listed owner-rights views filter by the caller themselves (security_barrier keeps the filter first)
    for name, kind, _rls, opts in _relations(conn, ("v",)):
        if name in EXCEPTIONS:
            assert kind == "v" and "security_barrier=true" in opts, name
            definition = conn.execute("select pg_get_viewdef(%s::regclass)", (f"public.{name}",)).fetchone()[0]
            assert "current_client_id()" in definition or "is_admin()" in definition, name


def test_materialized_views_and_anon_grants_on_views(conn):
    # a materialized view has no RLS at all: none in public (the list above would have to explain one)
    assert [n for n, kind, *_ in _relations(conn, ("m",)) if n not in EXCEPTIONS] == []
    # the report views are not for anon
    for view in ("financial_monthly_revenue", "financial_revenue_by_case_type", "financial_receivables_aging"):
        assert conn.execute("select has_table_privilege('anon', %s, 'select')",
                            (f"public.{view}",)).fetchone()[0] is False, view
