"""Receivables aging and the outbox are right past max_rows (1,000): more open installments and deliveries than the
API returns at once.

The rows are seeded through SQL; each screen is then read through supabase-py with the app's own query shapes
(app/src/features/financeiro/api/money.ts, app/src/features/notificacoes/api/deliveries.ts).
"""
from __future__ import annotations

import pytest

from harness import StackProcess, signed_in
from supabase import Client, ClientOptions, create_client

PASSWORD = "Demo@12345"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
JOAO_CLIENT = "c0000000-0000-4000-8000-000000000002"


def seed(stack: StackProcess) -> None:
    stack.sql("""
        -- two contracts of Maria (one per currency) with 1,300 open installments spread over every aging bucket
        with c as (
          insert into public.financial_contracts (client_id, title, status, total_amount, currency)
          values (%(maria)s, 'Contrato volume USD', 'active', 100000, 'USD'),
                 (%(maria)s, 'Contrato volume BRL', 'active', 100000, 'BRL')
          returning id, currency)
        insert into public.financial_installments (contract_id, client_id, number, due_date, amount, paid_amount,
                                                   currency, status)
        select c.id, %(maria)s, n, current_date - (n %% 120) + 15, 10.25 + (n %% 7),
               case when n %% 4 = 0 then 3.10 else 0 end, c.currency,
               case when n %% 4 = 0 then 'partial' else 'pending' end
          from c, generate_series(1, 650) n
    """, {"maria": MARIA_CLIENT})
    stack.sql("""
        -- 1,250 e-mail deliveries (50 dead, one of them the oldest) and 200 in-app ones the screen never lists
        insert into public.notification_deliveries (channel, recipient, template, payload, status, attempts,
                                                    idempotency_key, created_at)
        select case when n <= 1250 then 'email' else 'in_app' end,
               case when n = 1 then 'mais.antigo@cliente.test' else format('envio.%s@cliente.test', n) end,
               'volume', jsonb_build_object('title', format('Envio volume %s', n)),
               case when n % 25 = 1 and n <= 1250 then 'dead' else 'sent' end, 1,
               format('volume-%s', n), now() - make_interval(days => 30) + make_interval(mins => n)
          from generate_series(1, 1450) n
    """)
    stack.sql("""
        -- 1,100 draft quotes and 1,100 contracts of Maria, one a minute back from now; the oldest of each named apart
        insert into public.financial_quotes (client_id, title, total_amount, currency, created_at)
        select 'c0000000-0000-4000-8000-000000000001',
               case when n = 1100 then 'Orçamento Distante' else format('Orçamento volume %s', n) end, 0, 'USD',
               now() - make_interval(mins => n)
          from generate_series(1, 1100) n;
        insert into public.financial_contracts (client_id, title, status, total_amount, currency, created_at)
        select 'c0000000-0000-4000-8000-000000000001',
               case when n = 1100 then 'Contrato Distante' else format('Contrato volume %s', n) end, 'active', 100,
               'USD', now() - make_interval(mins => n)
          from generate_series(1, 1100) n
    """)
    stack.sql("""
        -- 1,100 processes of Maria; the first (the oldest number) is the only 'Asilo Distante'
        insert into public.processes (type, client_id, receipt_number)
        select case when n = 1 then 'Asilo Distante' else format('Volume processo %s', n) end,
               'c0000000-0000-4000-8000-000000000001', case when n = 1 then 'ZLA9990000001' end
          from generate_series(1, 1100) n
    """)
    stack.sql("""
        -- 1,100 sign-ins (profiles made by the auth trigger), one of them 'Usuária Distante'
        insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
        select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
               format('pessoa.volume.%s@escritorio.test', n),
               jsonb_build_object('full_name',
                                  case when n = 1100 then 'Usuária Distante' else format('Pessoa volume %s', n) end),
               now() + make_interval(secs => n), now()
          from generate_series(1, 1100) n
    """)


@pytest.fixture(scope="module")
def office(cluster):
    s = StackProcess(cluster, name="paging_money", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                         "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    seed(s)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def admin(office) -> Client:
    return signed_in(office, "admin@escritorio.test")


def one(stack: StackProcess, query: str, params=None):
    return stack.sql(query, params)[0][0]


DIRECT_AGING = """
    select case when i.due_date >= current_date then 'a_vencer'
                when current_date - i.due_date <= 30 then '1_30'
                when current_date - i.due_date <= 60 then '31_60'
                else 'over_60' end, i.currency, count(*), sum(i.amount - i.paid_amount)
      from public.financial_installments i
     where i.status in ('pending', 'partial')
     group by 1, 2"""


def test_aging_totals_equal_a_direct_sum_past_max_rows(office, admin):
    """useAgingTotals: the Inadimplência chart from receivables_aging_totals()."""
    expected = {(b, c): (n, float(total)) for b, c, n, total in office.sql(DIRECT_AGING)}
    assert sum(n for n, _ in expected.values()) > 1300
    assert {b for b, _ in expected} == {"a_vencer", "1_30", "31_60", "over_60"}
    rows = admin.rpc("receivables_aging_totals").execute().data
    got = {(r["bucket"], r["currency"]): (r["installments"], float(r["open_total"])) for r in rows}
    assert got == expected


def aging_page(sb: Client, page: int = 1, size: int = 25):
    """fetchAgingPage: the table under the chart, oldest due date first, with the exact count."""
    start = (page - 1) * size
    return (sb.table("financial_receivables_aging").select("*", count="exact")
            .order("due_date").order("installment_id").range(start, start + size - 1).execute())


def test_aging_table_pages_every_open_installment(office, admin):
    total = one(office, "select count(*) from public.financial_installments where status in ('pending', 'partial')")
    first = aging_page(admin)
    assert first.count == total > 1300 and len(first.data) == 25
    seen: set[str] = set()
    last_page = (total + 99) // 100
    for n in range(1, last_page + 1):
        seen.update(r["installment_id"] for r in aging_page(admin, n, 100).data)
    assert len(seen) == total


@pytest.mark.parametrize("who", ["assistente@escritorio.test", "comercial@escritorio.test",
                                 "secretaria@escritorio.test", "maria.silva@cliente.test"])
def test_aging_totals_are_for_administrators_only(office, who):
    sb = signed_in(office, who)
    assert sb.rpc("receivables_aging_totals").execute().data == []
    assert aging_page(sb).count == 0


def test_aging_totals_refuse_anonymous_callers(office):
    anon = create_client(office.url, office.anon_key,
                         options=ClientOptions(auto_refresh_token=False, persist_session=False))
    with pytest.raises(Exception) as refused:
        anon.rpc("receivables_aging_totals").execute()
    assert "permission denied" in str(refused.value).lower() or "42501" in str(refused.value)


DELIVERY_COLUMNS = ("id, channel, recipient, template, status, attempts, next_attempt_at, provider_status, "
                    "last_error, created_at, sent_at, payload")


def deliveries_page(sb: Client, status: str = "all", page: int = 1, size: int = 25):
    """fetchDeliveriesPage (Envios): e-mail and WhatsApp only, newest first, exact count."""
    query = sb.table("notification_deliveries").select(DELIVERY_COLUMNS, count="exact").neq("channel", "in_app")
    if status != "all":
        query = query.eq("status", status)
    start = (page - 1) * size
    return query.order("created_at", desc=True).order("id", desc=True).range(start, start + size - 1).execute()


def test_envios_counts_and_pages_every_delivery(office, admin):
    total = one(office, "select count(*) from public.notification_deliveries where channel <> 'in_app'")
    first = deliveries_page(admin)
    assert first.count == total >= 1250 and len(first.data) == 25
    last_page = (total + 24) // 25
    last = deliveries_page(admin, page=last_page)
    assert len(last.data) == total - (last_page - 1) * 25
    assert last.data[-1]["recipient"] == "mais.antigo@cliente.test"  # the oldest, past the first 1,000
    dead = deliveries_page(admin, "dead", size=100)
    assert dead.count == one(office, "select count(*) from public.notification_deliveries"
                                     " where channel <> 'in_app' and status = 'dead'") == 50
    assert dead.data[-1]["recipient"] == "mais.antigo@cliente.test"


@pytest.mark.parametrize("who", ["assistente@escritorio.test", "secretaria@escritorio.test",
                                 "maria.silva@cliente.test"])
def test_envios_are_for_administrators_only(office, who):
    assert deliveries_page(signed_in(office, who)).count == 0


def money_page(sb: Client, table: str, number: str, search: str = "", page: int = 1, size: int = 25):
    """fetchQuotesPage / fetchContractsPage (Orçamentos, Contratos): newest first, number or title searched."""
    embed = ", contract:financial_contracts(id, contract_number)" if table == "financial_quotes" else ""
    query = sb.table(table).select(f"*, client:clients(full_name){embed}", count="exact")
    if search:
        query = query.or_(f'{number}.ilike."*{search}*",title.ilike."*{search}*"')
    start = (page - 1) * size
    return query.order("created_at", desc=True).order("id", desc=True).range(start, start + size - 1).execute()


@pytest.mark.parametrize(("table", "number", "oldest"), [
    ("financial_quotes", "quote_number", "Orçamento Distante"),
    ("financial_contracts", "contract_number", "Contrato Distante"),
])
def test_quotes_and_contracts_page_past_max_rows(office, admin, table, number, oldest):
    total = one(office, f"select count(*) from public.{table}")
    first = money_page(admin, table, number)
    assert first.count == total > 1100 and len(first.data) == 25
    # the search reaches a row beyond the first 1,000, by title and by its number
    found = money_page(admin, table, number, "distante")
    assert found.count == 1 and found.data[0]["title"] == oldest
    assert money_page(admin, table, number, found.data[0][number]).data[0]["title"] == oldest
    # the last page holds the oldest rows
    last_page = (total + 24) // 25
    assert len(money_page(admin, table, number, page=last_page).data) == total - (last_page - 1) * 25


def test_quotes_and_contracts_pages_follow_the_role_table(office):
    """Commercial pages only the quotes it sells (none of these) and no contract; secretary and clients neither."""
    for who in ("comercial@escritorio.test", "secretaria@escritorio.test", "joao.souza@cliente.test"):
        sb = signed_in(office, who)
        assert money_page(sb, "financial_quotes", "quote_number", "distante").count == 0, who
        assert money_page(sb, "financial_contracts", "contract_number", "distante").count == 0, who


def users_page(sb: Client, search: str = "", page: int = 1, size: int = 25):
    """fetchUsersPage (Usuários): profiles oldest first with the exact count, then the page's roles."""
    query = sb.table("profiles").select("id, email, full_name, created_at", count="exact")
    if search:
        query = query.or_(f'full_name.ilike."*{search}*",email.ilike."*{search}*"')
    start = (page - 1) * size
    answer = query.order("created_at").order("id").range(start, start + size - 1).execute()
    ids = [r["id"] for r in answer.data]
    roles = sb.table("user_roles").select("user_id, role").in_("user_id", ids).execute().data if ids else []
    return answer, roles


def test_usuarios_pages_every_profile_past_max_rows(office, admin):
    total = one(office, "select count(*) from public.profiles")
    first, roles = users_page(admin)
    assert first.count == total > 1100 and len(first.data) == 25
    assert {"administrator"} <= {r["role"] for r in roles}  # the demo staff come first, with their roles
    last_page = (total + 24) // 25
    last, _ = users_page(admin, page=last_page)
    newest = one(office, "select id from public.profiles order by created_at desc, id desc limit 1")
    assert last.data[-1]["id"] == str(newest)
    found, _ = users_page(admin, "distante")
    assert found.count == 1


def test_usuarios_roles_are_read_by_administrators_only(office):
    """Other staff read profiles (names) but never another user's roles; a client reads only its own profile."""
    assistant = signed_in(office, "assistente@escritorio.test")
    page, roles = users_page(assistant)
    assert page.count > 1100
    assert {r["user_id"] for r in roles} <= {assistant.auth.get_user().user.id}
    maria = signed_in(office, "maria.silva@cliente.test")
    assert users_page(maria)[0].count == 1


def process_options(sb: Client, client_id: str = "", term: str = ""):
    """searchProcessOptions (app/src/lib/process-search.ts): the newest 50 (+1 to tell there are more)."""
    query = sb.table("processes").select("id, type, client_id, receipt_number")
    if client_id:
        query = query.eq("client_id", client_id)
    if term:
        ors = f'type.ilike."*{term}*",receipt_number.ilike."*{term}*"'
        if term.lstrip("#").isdigit():
            ors += f",id.eq.{int(term.lstrip('#'))}"
        query = query.or_(ors)
    return query.order("id", desc=True).limit(51).execute().data


def test_process_picker_reaches_every_process(office, admin):
    assert one(office, "select count(*) from public.processes where client_id = %s", (MARIA_CLIENT,)) > 1100
    assert len(process_options(admin, MARIA_CLIENT)) == 51  # more than the picker lists: typing narrows
    by_type = process_options(admin, MARIA_CLIENT, "distante")
    assert [r["type"] for r in by_type] == ["Asilo Distante"]
    assert [r["type"] for r in process_options(admin, "", "zla999")] == ["Asilo Distante"]
    assert [r["type"] for r in process_options(admin, MARIA_CLIENT, f"#{by_type[0]['id']}")] == ["Asilo Distante"]
    # another client's processes never show for the chosen client
    assert process_options(admin, JOAO_CLIENT, "distante") == []


def test_process_picker_is_staff_only(office):
    maria = signed_in(office, "maria.silva@cliente.test")
    assert process_options(maria, MARIA_CLIENT) == []
    assert process_options(signed_in(office, "secretaria@escritorio.test"), MARIA_CLIENT, "distante") != []
