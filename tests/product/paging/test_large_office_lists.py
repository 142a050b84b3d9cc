"""Every list and figure is right past max_rows (1,000): an office with more rows than the API returns at once.

The rows are seeded through SQL; each screen is then read through supabase-py with the app's own query shapes
(server-side page + exact count + filters in the query) or the RPCs that compute figures in the database.
"""
from __future__ import annotations

import re
from datetime import date

import pytest

from harness import StackProcess, signed_in
from supabase import Client

PASSWORD = "Demo@12345"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
JOAO_CLIENT = "c0000000-0000-4000-8000-000000000002"
CLOSED = ("concluido", "completed", "arquivado", "archived", "cancelado", "canceled", "cancelled")
PAID = ("paid", "pago", "completed", "concluido")


def seed_large_office(stack: StackProcess) -> None:
    stack.sql("""
        -- 1,200 clients, one a minute back from now; the oldest is the only 'Iracema Distante'
        insert into public.clients (full_name, email, phone, created_at)
        select case when n = 1200 then 'Iracema Distante' else format('Cliente Volume %s', lpad(n::text, 4, '0')) end,
               format('volume.%s@cliente.test', n), format('+1 555 %s', lpad(n::text, 4, '0')),
               now() - make_interval(mins => n)
          from generate_series(1, 1200) n;
        -- 1,100 processes of Maria: 1,050 open, 50 concluded (one spelled with capitals and accents)
        insert into public.processes (type, client_id, status, stage)
        select 'Volume ' || (n % 3), 'c0000000-0000-4000-8000-000000000001',
               case when n <= 1050 then 'em andamento' when n = 1051 then ' Concluído ' else 'concluído' end,
               case when n % 2 = 0 then 'Protocolado' else null end
          from generate_series(1, 1100) n;
        -- 1,100 tasks: 300 open due this week, the rest done long ago
        insert into public.tasks (title, due_date, status, priority, created_at)
        select format('Tarefa volume %s', n), current_date + (n % 5),
               case when n <= 300 then 'pendente' else 'concluida' end, 'media', now() - make_interval(days => 2000 - n)
          from generate_series(1, 1100) n;
        -- 1,100 messages in Maria's thread, one a second, the newest last; the office's are unread
        insert into public.messages (client_id, sender_type, content, created_at)
        select 'c0000000-0000-4000-8000-000000000001', case when n % 2 = 0 then 'office' else 'client' end,
               case when n = 1100 then 'Mensagem mais recente do volume' else format('Mensagem volume %s', n) end,
               now() - interval '1 hour' + make_interval(secs => n)
          from generate_series(1, 1100) n;
        -- 1,100 paid payments this month in dollars and 100 pending ones
        insert into public.financial_payments (client_id, amount, currency, payment_date, status)
        select 'c0000000-0000-4000-8000-000000000001', 10.00, 'USD', date_trunc('month', current_date)::date,
               case when n <= 1100 then 'paid' else 'pending' end
          from generate_series(1, 1200) n;
    """)


@pytest.fixture(scope="module")
def office(cluster):
    s = StackProcess(cluster, name="paging", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                   "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    seed_large_office(s)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def admin(office) -> Client:
    return signed_in(office, "admin@escritorio.test")


def one(stack: StackProcess, query: str, params=None):
    return stack.sql(query, params)[0][0]


def clients_page(sb: Client, search: str = "", page: int = 1, size: int = 25):
    """fetchClientsPage (app/src/features/clientes/api/queries.ts)."""
    query = sb.table("clients").select("id, full_name, email, phone, created_at", count="exact")
    if search.strip().replace("*", ""):
        # likePattern + ilikeAny (app/src/lib/paging.ts): LIKE's wildcards escaped, then the value double-quoted
        pattern = "*" + re.sub(r"([\\%_])", r"\\\1", search.strip().replace("*", "")) + "*"
        quoted = '"' + re.sub(r'([\\"])', r"\\\1", pattern) + '"'
        query = query.or_(",".join(f"{c}.ilike.{quoted}" for c in ("full_name", "email", "phone")))
    start = (page - 1) * size
    return (query.order("created_at", desc=True).order("id", desc=True)
            .range(start, start + size - 1).execute())


def test_clientes_counts_every_client_and_pages_past_max_rows(office, admin):
    total = one(office, "select count(*) from public.clients")
    assert total > 1200
    first = clients_page(admin)
    assert first.count == total
    assert len(first.data) == 25
    assert first.data[0]["full_name"] == "Cliente Volume 0001"  # the newest
    # the last page, beyond the first 1,000 rows, holds the oldest clients
    last_page = (total + 24) // 25
    last = clients_page(admin, page=last_page)
    assert len(last.data) == total - (last_page - 1) * 25
    oldest = office.sql("select full_name from public.clients order by created_at, id limit 1")[0][0]
    assert last.data[-1]["full_name"] == oldest


def test_clientes_search_reaches_a_client_beyond_the_first_thousand(office, admin):
    found = clients_page(admin, "iracema")
    assert found.count == 1 and found.data[0]["full_name"] == "Iracema Distante"
    # by e-mail and phone too, and a term in 1,199 names counts them all
    assert clients_page(admin, "volume.1200@").data[0]["full_name"] == "Iracema Distante"
    assert clients_page(admin, "555 1200").count == 1
    assert clients_page(admin, "cliente volume").count == 1199


def test_clientes_search_is_literal_for_crafted_terms(admin):
    # wildcards and the filter grammar's own characters match themselves: no error, nothing found
    for term in ("%", "_", 'a,b)"c', "or(id.neq.0)", "\\"):
        answer = clients_page(admin, term)
        assert answer.count == 0, term


def test_client_picker_reaches_every_client(admin):
    """ClientCombobox: the first 20 matches of the typed text, by name."""
    answer = (admin.table("clients").select("id, full_name")
              .or_('full_name.ilike."*distante*",email.ilike."*distante*"').order("full_name").limit(20).execute())
    assert [r["full_name"] for r in answer.data] == ["Iracema Distante"]


def test_unread_badges_are_counted_by_the_database_per_page(office, admin):
    page = clients_page(admin, "maria silva")
    ids = [r["id"] for r in page.data]
    counts = admin.rpc("unread_message_counts").in_("client_id", ids).execute().data
    expected = one(office, "select count(*) from public.messages where client_id = %s and sender_type = 'client'"
                           " and read_at is null", (MARIA_CLIENT,))
    assert expected > 500
    assert {r["client_id"]: r["unread"] for r in counts} == {MARIA_CLIENT: expected}


def test_dashboard_active_processes_and_revenue(office, admin):
    active = admin.rpc("active_process_count").execute().data
    expected = one(office, "select count(*) from public.processes where public.status_fold(status) <> all(%s)",
                   (list(CLOSED),))
    assert expected > 1000 and active == expected
    first = date.today().replace(day=1)
    revenue = admin.rpc("paid_revenue_by_month", {"p_from": "2000-01-01", "p_to": "2100-01-01"}).execute().data
    this_month = {r["currency"]: float(r["total"]) for r in revenue if r["month"] == first.isoformat()}
    expected_usd = one(office, "select sum(amount) from public.financial_payments where currency = 'USD'"
                               " and date_trunc('month', payment_date) = date_trunc('month', current_date)"
                               " and public.status_fold(status) = any(%s)", (list(PAID),))
    assert this_month["USD"] == float(expected_usd) >= 11000


def test_figures_follow_the_callers_rls(office):
    # a portal client counts only the processes RLS lets them read (none of Maria's 1,100)
    joao = signed_in(office, "joao.souza@cliente.test")
    readable = joao.table("processes").select("id, status, type", count="exact").execute()
    own_active = [r for r in readable.data if r["status"].strip().lower() not in ("concluído", *CLOSED)]
    assert joao.rpc("active_process_count").execute().data == len(own_active) < 100
    assert sum(r["total"] for r in joao.rpc("report_processes_by_type_stage").execute().data) == readable.count < 100
    assert sum(r["total"] for r in joao.rpc("report_clients_by_source").execute().data) == len(
        joao.table("clients").select("id").execute().data) == 1
    secretary = signed_in(office, "secretaria@escritorio.test")
    assert secretary.rpc("paid_revenue_by_month", {"p_from": "2000-01-01", "p_to": "2100-01-01"}).execute().data == []


def test_relatorios_count_every_process(office, admin):
    rows = admin.rpc("report_processes_by_type_stage").execute().data
    assert sum(r["total"] for r in rows) == one(office, "select count(*) from public.processes") > 1100
    volume = {(r["type"], r["stage"]): r["total"] for r in rows if r["type"].startswith("Volume ")}
    assert sum(volume.values()) == 1100
    by_source = admin.rpc("report_clients_by_source").execute().data
    assert sum(r["total"] for r in by_source) == one(office, "select count(*) from public.clients")
    stages = admin.rpc("report_days_per_stage").execute().data
    assert all(r["average_days"] is not None and r["total"] > 0 for r in stages)


def test_tarefas_open_this_week_are_all_reachable(office, admin):
    """fetchTasksPage: open tasks, due date first, exact count."""
    answer = (admin.table("tasks").select("id, title, due_date, status", count="exact")
              .in_("status", ["pendente", "em_andamento"]).order("due_date", nullsfirst=False)
              .order("created_at").order("id").range(0, 24).execute())
    open_total = one(office, "select count(*) from public.tasks where status in ('pendente', 'em_andamento')")
    assert answer.count == open_total >= 300
    assert len(answer.data) == 25
    assert answer.data[0]["due_date"] == one(
        office, "select min(due_date) from public.tasks where status in ('pendente', 'em_andamento')").isoformat()
    searched = (admin.table("tasks").select("id", count="exact").or_('title.ilike."*volume 1100*"')
                .range(0, 24).execute())
    assert searched.count == 1


def thread_page(sb: Client, client_id: str, before: dict | None = None, size: int = 50):
    """fetchMessages / fetchOlderMessages (app/src/features/mensagens/api/queries.ts): newest first."""
    query = sb.table("messages").select("id, client_id, sender_type, content, attachment_url, created_at") \
        .eq("client_id", client_id)
    if before:
        query = query.or_(f'created_at.lt."{before["created_at"]}",'
                          f'and(created_at.eq."{before["created_at"]}",id.lt.{before["id"]})')
    return query.order("created_at", desc=True).order("id", desc=True).limit(size).execute().data


@pytest.mark.parametrize("who", ["admin@escritorio.test", "maria.silva@cliente.test"])
def test_conversation_shows_the_newest_messages_and_loads_older_ones(office, who):
    sb = signed_in(office, who)
    newest = thread_page(sb, MARIA_CLIENT)
    assert newest[0]["content"] == "Mensagem mais recente do volume"
    # 'Carregar anteriores' walks back through the whole thread without gaps or repeats
    seen = [m["id"] for m in newest]
    page = newest
    while len(page) == 50:
        page = thread_page(sb, MARIA_CLIENT, before=page[-1])
        seen.extend(m["id"] for m in page)
    total = one(office, "select count(*) from public.messages where client_id = %s", (MARIA_CLIENT,))
    assert total > 1100 and len(seen) == len(set(seen)) == total


def test_a_client_cannot_page_another_clients_thread(office):
    joao = signed_in(office, "joao.souza@cliente.test")
    assert thread_page(joao, MARIA_CLIENT) == []
    assert joao.rpc("unread_message_counts").in_("client_id", [MARIA_CLIENT]).execute().data == []


def test_days_per_stage_runs_from_each_change_to_the_next_or_now(office, admin):
    first, second = (r[0] for r in office.sql(
        "insert into public.processes (type, client_id) values ('Tempo A', %s), ('Tempo B', %s) returning id",
        (MARIA_CLIENT, MARIA_CLIENT)))
    office.sql("""
        insert into public.process_events (process_id, kind, to_value, created_at) values
          (%(a)s, 'stage_change', 'Etapa Medida Um', now() - interval '30 days'),
          (%(a)s, 'stage_change', 'Etapa Medida Dois', now() - interval '20 days'),
          (%(b)s, 'stage_change', 'Etapa Medida Um', now() - interval '10 days'),
          (%(b)s, 'status_change', 'concluído', now() - interval '5 days')""", {"a": first, "b": second})
    stages = {r["stage"]: r for r in admin.rpc("report_days_per_stage").execute().data}
    # Um: 10 days (until Dois) and 10 days (until now); Dois: 20 days until now; a status change ends nothing
    assert float(stages["Etapa Medida Um"]["average_days"]) == 10.0 and stages["Etapa Medida Um"]["total"] == 2
    assert float(stages["Etapa Medida Dois"]["average_days"]) == 20.0 and stages["Etapa Medida Dois"]["total"] == 1


def test_processos_pages_every_process_with_its_exact_count(office, admin):
    """fetchProcessesPage (app/src/features/processos/api/queries.ts): ten per page, most recently updated first."""
    def page(n: int, **filters):
        query = admin.table("processes").select("*, client:clients(id, full_name, email, phone)", count="exact")
        for column, value in filters.items():
            query = query.eq(column, value)
        return (query.order("last_update", desc=True).order("id", desc=True)
                .range((n - 1) * 10, n * 10 - 1).execute())
    total = one(office, "select count(*) from public.processes")
    first = page(1)
    assert first.count == total > 1100 and len(first.data) == 10
    assert page((total + 9) // 10).data  # the last page, past max_rows
    assert page(1, status="em andamento").count == one(
        office, "select count(*) from public.processes where status = 'em andamento'") >= 1050
