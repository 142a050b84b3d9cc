"""The large office's query plans: each screen's main queries, as the roles that use them, under RLS, read no large
table from end to end.

A database of its own gets the migrations, the demo seed and scripts/seed_large.sql at a quarter scale (1,250
clients, 5,000 processes, 75,000 messages, 125,000 notifications, ...): large enough that the planner would scan a
table whole where no index serves the query. Every statement's plan, nested ones included (RPCs, policy helpers),
is taken with auto_explain and any Seq Scan of a table holding more than LARGE rows fails the test.
"""
from __future__ import annotations

import json
import sys

import psycopg
import pytest

from supastack.core.config import REPO_ROOT
from supastack.db.migrate import migrate

sys.path.insert(0, str(REPO_ROOT / "scripts"))
from seed_large import seed_large  # noqa: E402

SCALE = 0.25
LARGE = 4000  # rows: smaller tables may be read whole, it costs less than an index
ADMIN = "10000000-0000-4000-8000-000000000001"
SECRETARY = "10000000-0000-4000-8000-000000000004"
MARIA = "10000000-0000-4000-8000-000000000005"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"

# (screen, user, SQL): the app's query shapes (first page of 25 rows, newest first, exact counts) as REST runs them
STAFF = [
    ("Clientes", "select id, full_name, email, phone, created_at from public.clients "
                 "order by created_at desc limit 25"),
    ("Clientes: total", "select count(*) from public.clients"),
    ("Clientes: não lidas", "select * from public.unread_message_counts()"),
    ("Processos", "select p.*, c.full_name from public.processes p left join public.clients c on c.id = p.client_id "
                  "order by p.last_update desc, p.id desc limit 25"),
    ("Tarefas", "select * from public.tasks where status in ('pendente', 'em_andamento') order by due_date limit 25"),
    ("Agenda", "select * from public.appointments where starts_at >= now() order by starts_at limit 50"),
    ("Conversa", f"select * from public.messages where client_id = '{MARIA_CLIENT}' order by created_at desc limit 50"),
    ("Envios", "select * from public.notification_deliveries where channel <> 'in_app' "
               "order by created_at desc limit 25"),
    ("Envios: falhas", "select * from public.notification_deliveries where channel <> 'in_app' and status = 'failed' "
                       "order by created_at desc limit 25"),
    ("Parcelas em aberto", "select * from public.financial_installments where status in ('pending', 'partial') "
                           "order by due_date limit 25"),
    ("Documentos recentes", "select * from public.client_documents order by created_at desc limit 5"),
    ("Sino", "select * from public.notifications order by created_at desc limit 20"),
    ("Cliente: linha do tempo", "select * from public.workspace_timeline("
                                "(select id from public.clients where email = 'cliente0@escritorio-grande.test'), "
                                "null, false)"),
    ("Cliente: documentos", "select * from public.client_documents where client_id = "
                            "(select id from public.clients where email = 'cliente0@escritorio-grande.test') "
                            "order by created_at desc limit 25"),
    ("Processo: linha do tempo", "select * from public.workspace_timeline("
                                 "null, (select max(id) from public.processes), false)"),
    ("Processo: documentos", "select * from public.client_documents where process_id = "
                             "(select max(id) from public.processes) order by created_at desc limit 25"),
    ("Atendimento: conversas", "select * from public.conversation_list('all', null, 25, 0)"),
    ("Atendimento: não lidas", "select * from public.conversation_list('unread', null, 25, 25)"),
    ("Atendimento: busca", "select * from public.conversation_list('all', 'Iracema', 25, 0)"),
    ("Atendimento: totais", "select * from public.conversation_counts(null)"),
    ("Busca: nome", "select * from public.search_workspace('Iracema')"),
    ("Busca: recibo", "select * from public.search_workspace('IOE900000001')"),
    ("Busca: e-mail", "select * from public.search_workspace('cliente12@')"),
]
PORTAL = [
    ("Portal: mensagens", f"select * from public.messages where client_id = '{MARIA_CLIENT}' "
                          "order by created_at desc limit 50"),
    ("Portal: documentos", f"select * from public.client_documents where client_id = '{MARIA_CLIENT}' "
                           "order by created_at desc limit 25"),
    ("Portal: parcelas", f"select * from public.financial_installments where client_id = '{MARIA_CLIENT}' "
                         "order by due_date"),
    ("Portal: agenda", f"select * from public.appointments where client_id = '{MARIA_CLIENT}' "
                       "order by starts_at desc limit 25"),
    ("Portal: sino", "select * from public.notifications order by created_at desc limit 20"),
    ("Portal: eventos do processo", "select * from public.process_events where process_id = 1 "
                                    "order by created_at desc"),
    ("Portal: linha do tempo", "select * from public.portal_process_timeline(1)"),
    ("Portal: não lidas", "select * from public.unread_message_counts()"),
]
CASES = [(name, ADMIN, q) for name, q in STAFF] + [(name, MARIA, q) for name, q in PORTAL] + [
    ("Envios (secretária, sem acesso)", SECRETARY, "select * from public.notification_deliveries "
                                                   "order by created_at desc limit 25"),
]


@pytest.fixture(scope="module")
def large_db(cluster) -> str:
    url = cluster.create_database("large")
    migrate(url, REPO_ROOT / "migrations", REPO_ROOT / "seed.sql", log=lambda *_: None)
    seed_large(url, SCALE)
    return url


@pytest.fixture(scope="module")
def large_tables(large_db) -> set[str]:
    with psycopg.connect(large_db) as conn:
        return {name for (name,) in conn.execute(
            "select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace "
            "where n.nspname = 'public' and c.relkind = 'r' and c.reltuples > %s", (LARGE,))}


def plans(db_url: str, user: str, query: str) -> list[dict]:
    """Every plan PostgreSQL ran for the query as `user` under RLS (auto_explain, nested statements too)."""
    found: list[dict] = []
    with psycopg.connect(db_url) as conn:
        conn.add_notice_handler(lambda d: found.append(json.loads(d.message_primary.split("\n", 1)[1]))
                                if d.message_primary and d.message_primary.startswith("duration") else None)
        conn.execute("load 'auto_explain'")
        for setting, value in (("auto_explain.log_min_duration", "0"), ("auto_explain.log_nested_statements", "on"),
                               ("auto_explain.log_format", "json"), ("auto_explain.log_level", "notice"),
                               ("client_min_messages", "notice")):
            conn.execute("select set_config(%s, %s, true)", (setting, value))
        conn.execute("select set_config('request.jwt.claims', %s, true)",
                     (json.dumps({"sub": user, "role": "authenticated", "aal": "aal1"}),))
        conn.execute("set local role authenticated")
        conn.execute(query).fetchall()  # type: ignore[arg-type]  # constant SQL of this test
        conn.rollback()
    return found


def seq_scans(node: dict) -> list[str]:
    here = [node["Relation Name"]] if node.get("Node Type") == "Seq Scan" else []
    return here + [name for child in node.get("Plans", []) for name in seq_scans(child)]


def test_the_large_office_is_large(large_tables):
    assert {"messages", "notifications", "notification_deliveries", "client_documents", "processes",
            "uscis_status_history", "financial_installments"} <= large_tables


@pytest.mark.parametrize(("screen", "user", "query"), CASES, ids=[c[0] for c in CASES])
def test_no_sequential_scan_of_a_large_table(large_db, large_tables, screen, user, query):
    found = plans(large_db, user, query)
    assert found, "auto_explain reported no plan"
    scanned = sorted({name for p in found for name in seq_scans(p["Plan"]) if name in large_tables})
    assert not scanned, f"{screen}: sequential scan of {scanned}"


HELPERS = ("is_staff", "is_admin", "has_role", "has_any_role", "current_client_id", "is_own_process", "sells_quote",
           "own_process_ids", "sold_quote_ids", "own_rows_allowed", "search_fold")
ONCE = [
    ("unread counts as staff", ADMIN, "select * from public.unread_message_counts()"),
    ("unread counts as a client", MARIA, "select * from public.unread_message_counts()"),
    ("process events as a client", MARIA, "select * from public.process_events limit 25"),
    ("quote items as commercial", "10000000-0000-4000-8000-000000000003",
     "select * from public.financial_quote_items limit 25"),
    ("messages as a client", MARIA, "select * from public.messages order by created_at desc limit 25"),
    ("documents as a client", MARIA, "select * from public.client_documents order by created_at desc limit 25"),
    ("search as staff", ADMIN, "select * from public.search_workspace('Iracema')"),
    ("conversations as staff", ADMIN, "select * from public.conversation_list('all', null, 25, 0)"),
    ("conversation totals as staff", ADMIN, "select * from public.conversation_counts(null)"),
]


def helper_calls(db_url: str, user: str, query: str) -> dict[str, int]:
    """How many times each policy helper ran for the query as `user` (PostgreSQL's function statistics)."""
    with psycopg.connect(db_url, autocommit=True) as conn:
        conn.execute("set track_functions = 'all'")
        conn.execute("begin")
        conn.execute("select set_config('request.jwt.claims', %s, true)",
                     (json.dumps({"sub": user, "role": "authenticated", "aal": "aal1"}),))
        conn.execute("set local role authenticated")
        conn.execute(query).fetchall()  # type: ignore[arg-type]  # constant SQL of this test
        conn.execute("reset role")
        calls = dict(conn.execute(
            "select funcname, calls from pg_stat_xact_user_functions where schemaname = 'public' "
            "and funcname = any(%s)", (list(HELPERS),)).fetchall())
        conn.execute("rollback")
    return calls


@pytest.mark.parametrize(("what", "user", "query"), ONCE, ids=[c[0] for c in ONCE])
def test_policy_helpers_run_once_per_statement_not_per_row(large_db, what, user, query):
    calls = helper_calls(large_db, user, query)
    per_row = {name: n for name, n in calls.items() if n > 20 and name != "search_fold"}
    assert not per_row, f"{what}: helpers called per row: {per_row}"
    # search folds only the rows its trigram indexes found, not every client and process
    assert calls.get("search_fold", 0) < 5000, calls  # every row folded would be about 30,000 here


def analyzed(db_url: str, user: str, query: str) -> tuple[int, dict]:
    """(rows returned, the plan's top node as EXPLAIN ANALYZE saw it) for the query as `user` under RLS."""
    with psycopg.connect(db_url) as conn:
        conn.execute("select set_config('request.jwt.claims', %s, true)",
                     (json.dumps({"sub": user, "role": "authenticated", "aal": "aal1"}),))
        conn.execute("set local role authenticated")
        returned = len(conn.execute(query).fetchall())  # type: ignore[arg-type]  # constant SQL of this test
        (plan,) = conn.execute(f"explain (analyze, buffers, format json) {query}").fetchone()  # type: ignore[misc]
        conn.rollback()
    return returned, plan[0]["Plan"]


def rows_read(node: dict) -> int:
    """Rows each scan of the plan produced or threw away (a filter's rejects count: they were read)."""
    own = node.get("Actual Rows", 0) + node.get("Rows Removed by Filter", 0) if "Scan" in node["Node Type"] else 0
    return own + sum(rows_read(child) for child in node.get("Plans", []))


DELIVERY_PAGES = ["select * from public.notification_deliveries limit 25",
                  "select * from public.notification_deliveries order by created_at desc limit 25",
                  "select * from public.notification_deliveries where status = 'failed' order by created_at desc "
                  "limit 25"]


@pytest.mark.parametrize("query", DELIVERY_PAGES)
def test_only_administrators_read_deliveries_and_the_others_read_no_row_to_learn_it(large_db, query):
    # the policy is a period of created_at that the index answers: a secretary's or a client's page reads nothing
    # (it read every one of the 150,000 deliveries before, 64-70 ms at full scale)
    for user in (SECRETARY, MARIA):
        returned, plan = analyzed(large_db, user, query)
        assert returned == 0 and rows_read(plan) == 0, json.dumps(plan)[:2000]
    returned, plan = analyzed(large_db, ADMIN, query)
    assert returned == 25 and rows_read(plan) < 1000
