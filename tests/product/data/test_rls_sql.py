"""The design's RLS matrix, checked in PostgreSQL itself: each demo log-in and anon, each table,
select / insert / update / delete, with the role and JWT claims PostgREST would set."""
from __future__ import annotations

import psycopg
import pytest
from data_actors import ACTORS, CLIENTS, JOAO, MARIA
from data_matrix import ACTORS_BY_NAME, ADMIN, ALL, DENIED, NONE, OK, OWN, RULES_BY_TABLE, cases
from data_sqlroles import act_as, insert, undone
from psycopg import sql


@pytest.fixture(scope="module")
def conn(data_db_url):
    with psycopg.connect(data_db_url) as c:
        yield c


def _count(conn, table: str, where: str | None = None, param=None) -> int:
    query = sql.SQL("select count(*) from public.{}").format(sql.Identifier(table))
    if where:
        query += sql.SQL(" where ") + sql.SQL(where)
    return conn.execute(query, (param,) if where else None).fetchone()[0]


@pytest.mark.parametrize(("table", "actor_name", "operation"), cases())
def test_matrix(conn, table, actor_name, operation):
    rule = RULES_BY_TABLE[table]
    actor = ACTORS_BY_NAME[actor_name]
    expected = rule.outcome(actor, operation)
    with undone(conn):
        target = None
        if operation in ("update", "delete"):
            target = rule.fixed_target.get(operation) or insert(conn, table, rule.new_row(ADMIN), returning=rule.pk)
        if operation == "insert" and rule.vacate:
            conn.execute(sql.SQL("delete from public.{} where {}").format(sql.Identifier(table), sql.SQL(rule.vacate)))
        total = _count(conn, table)
        own = _count(conn, table, rule.own, rule.own_param(actor)) if rule.own and not actor.is_anon else 0
        conn.execute("savepoint before_act")
        act_as(conn, actor)
        try:
            if operation == "select":
                seen = _count(conn, table)
            elif operation == "insert":
                affected = insert(conn, table, rule.new_row(actor))
            else:
                ident = sql.Identifier(rule.touch_column)
                statement = (sql.SQL("update public.{} set {} = {} where {} = %s").format(
                                 sql.Identifier(table), ident, ident, sql.Identifier(rule.pk))
                             if operation == "update" else
                             sql.SQL("delete from public.{} where {} = %s").format(
                                 sql.Identifier(table), sql.Identifier(rule.pk)))
                affected = conn.execute(statement, (target,)).rowcount
        except psycopg.errors.InsufficientPrivilege:
            assert expected == DENIED, f"{actor} {operation} on {table}: refused, expected {expected}"
            return
        assert expected != DENIED, f"{actor} {operation} on {table}: allowed, expected 42501"
        if operation == "select":
            want = {ALL: total, OWN: own, NONE: 0}[expected]
            assert seen == want, f"{actor} sees {seen} of {total} rows of {table}, expected {expected} ({want})"
            if expected in (ALL, OWN) and table != "system_settings":
                assert seen > 0, f"the seed should give {actor} something to see in {table}"
        else:
            want = {OK: 1, NONE: 0}[expected]
            assert affected == want, f"{actor} {operation} on {table} affected {affected}, expected {expected}"


def test_matrix_covers_every_public_table(conn):
    tables = {r[0] for r in conn.execute(
        "select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace "
        "where n.nspname = 'public' and c.relkind in ('r', 'p')")}
    assert tables == set(RULES_BY_TABLE), "every public table needs a row in the RLS matrix"


def test_every_public_table_has_rls(conn):
    without = [r[0] for r in conn.execute(
        "select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace "
        "where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity")]
    assert without == []


def test_security_definer_functions_pin_search_path(conn):
    loose = [r[0] for r in conn.execute(
        "select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace "
        "where n.nspname = 'public' and p.prosecdef "
        "and not coalesce(p.proconfig, '{}') @> array['search_path=\"\"']")]
    assert loose == []


def test_policy_helpers_are_not_callable_by_anon(conn):
    for fn in ("has_role(text)", "is_staff()", "is_admin()", "current_client_id()",
               "create_client_user(text,text,text,text,text)"):
        assert conn.execute("select has_function_privilege('anon', %s, 'execute')",
                            (f"public.{fn}",)).fetchone()[0] is False, fn
        assert conn.execute("select has_function_privilege('authenticated', %s, 'execute')",
                            (f"public.{fn}",)).fetchone()[0], fn


def test_helpers_answer_per_user(conn):
    expectations = {
        "admin": (True, True, None),
        "assistente": (True, False, None),
        "comercial": (True, False, None),
        "secretaria": (True, False, None),
        "maria": (False, False, MARIA.client_id),
        "joao": (False, False, JOAO.client_id),
    }
    for actor in ACTORS:
        if actor.is_anon:
            continue
        with undone(conn):
            act_as(conn, actor)
            staff, admin, client_id = conn.execute(
                "select public.is_staff(), public.is_admin(), public.current_client_id()::text").fetchone()
            assert (staff, admin, client_id) == expectations[actor.name], actor
            assert conn.execute("select public.has_role(%s)", (actor.role,)).fetchone()[0] is True


def test_api_roles_cannot_truncate(conn):
    for role in ("anon", "authenticated"):
        assert conn.execute("select has_table_privilege(%s, 'public.messages', 'truncate')",
                            (role,)).fetchone()[0] is False


@pytest.mark.parametrize("client", CLIENTS, ids=str)
def test_a_client_sees_nothing_of_the_other(conn, client):
    other = JOAO if client is MARIA else MARIA
    # tables only the functions write, which the seed leaves empty: their isolation is proven by their own suites
    # with rows of two clients (tests/product/payments, tests/product/audit)
    written_by_functions = ("payment_checkouts", "pix_charges", "data_export_jobs", "data_deletion_requests")
    client_tables = [t for t, r in RULES_BY_TABLE.items()
                     if r.own == "client_id = %s" and t not in written_by_functions]
    staff_tables = ("interactions", "uscis_receipts", "eoir_court_cases")
    # "sees nothing" proves isolation only where there is something to hide: the seed fills every table
    to_hide = {t: _count(conn, t, "client_id = %s", other.client_id) for t in client_tables}
    to_hide.update({t: _count(conn, t) for t in staff_tables})
    assert all(to_hide.values()), f"the seed leaves nothing to hide in: {[t for t, n in to_hide.items() if not n]}"
    with undone(conn):
        act_as(conn, client)
        for table in client_tables:
            assert _count(conn, table, "client_id = %s", other.client_id) == 0, table
        assert _count(conn, "clients", "id = %s", other.client_id) == 0
        assert _count(conn, "profiles", "id = %s", other.user_id) == 0
        assert _count(conn, "user_roles", "user_id = %s", other.user_id) == 0
        assert _count(conn, "document_requests", RULES_BY_TABLE["document_requests"].own, other.client_id) == 0
        # nothing of the staff side either (notes, receipts...)
        for table in staff_tables:
            assert _count(conn, table) == 0, table


@pytest.mark.parametrize("client", CLIENTS, ids=str)
def test_a_client_cannot_write_into_the_other(conn, client):
    other = JOAO if client is MARIA else MARIA
    attempts = {
        "messages": {"client_id": other.client_id, "sender_type": "client", "content": "olá"},
        "client_documents": {"client_id": other.client_id, "name": "Doc", "file_path": f"{other.client_id}/x.pdf",
                             "uploaded_by": "client"},
    }
    for table, row in attempts.items():
        with undone(conn):
            act_as(conn, client)
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                insert(conn, table, row)


def test_a_client_writes_only_as_client(conn):
    forged = [
        ("messages", {"client_id": MARIA.client_id, "sender_type": "office", "content": "Sou o escritório"}),
        ("client_documents", {"client_id": MARIA.client_id, "name": "Doc", "file_path": f"{MARIA.client_id}/x.pdf",
                              "uploaded_by": "office"}),
        # own client_id but a path in the other client's folder
        ("client_documents", {"client_id": MARIA.client_id, "name": "Doc", "file_path": f"{JOAO.client_id}/x.pdf",
                              "uploaded_by": "client"}),
    ]
    for table, row in forged:
        with undone(conn):
            act_as(conn, MARIA)
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                insert(conn, table, row)


def test_staff_write_messages_only_as_office(conn):
    with undone(conn):
        act_as(conn, ADMIN)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            insert(conn, "messages", {"client_id": MARIA.client_id, "sender_type": "client", "content": "forjada"})


def test_a_staff_member_updates_own_profile_only(conn):
    secretary = ACTORS_BY_NAME["secretaria"]
    with undone(conn):
        act_as(conn, secretary)
        assert conn.execute("update public.profiles set full_name = 'Daniela S.' where id = %s",
                            (secretary.user_id,)).rowcount == 1
        assert conn.execute("update public.profiles set full_name = 'Outra Pessoa' where id = %s",
                            (ADMIN.user_id,)).rowcount == 0
    with undone(conn):
        act_as(conn, secretary)
        # the e-mail follows auth.users, never the API
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("update public.profiles set email = 'x@y.test' where id = %s", (secretary.user_id,))
