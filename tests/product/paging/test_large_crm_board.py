"""The CRM board is right past max_rows (1,000): per-stage counts from the database, each column's pages from the
server, and the search applied to both across every lead.

The leads are seeded through SQL; the board is then read through supabase-py with the app's own query shapes
(app/src/features/crm/api/queries.ts: fetchLeadColumnPage and lead_stage_counts).
"""
from __future__ import annotations

import re

import pytest
from postgrest.exceptions import APIError

from harness import StackProcess, signed_in
from supabase import Client, ClientOptions, create_client

PASSWORD = "Demo@12345"
STAGES = ("novo", "contato", "proposta", "fechado", "perdido")
PAGE = 25
COLUMNS = ("id, name, email, phone, source, case_type_interest, stage, owner_id, notes, client_id, stage_changed_at,"
           " created_at")


def seed_leads(stack: StackProcess) -> None:
    stack.sql("""
        -- 1,300 leads: 1,050 'novo', then 120, 60, 40, 30 in the other stages; one a minute back from now, but
        -- every tenth shares its neighbour's time (the id breaks the tie); the oldest 'novo' is 'Iracema Distante'
        insert into public.leads (name, email, phone, source, stage, stage_changed_at, created_at)
        select case when n = 1050 then 'Iracema Distante' when n = 1049 then 'Desconto 50% Volume'
                    else format('Lead Volume %s', lpad(n::text, 4, '0')) end,
               format('volume.%s@lead.test', n), format('+1 617 555 %s', lpad(n::text, 4, '0')), 'site',
               case when n <= 1050 then 'novo' when n <= 1170 then 'contato' when n <= 1230 then 'proposta'
                    when n <= 1270 then 'fechado' else 'perdido' end,
               now() - make_interval(mins => n - (n % 10 = 0)::int), now() - make_interval(days => 1)
          from generate_series(1, 1300) n;
    """)


@pytest.fixture(scope="module")
def office(cluster):
    s = StackProcess(cluster, name="crm-board", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                      "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    seed_leads(s)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def admin(office) -> Client:
    return signed_in(office, "admin@escritorio.test")


def search_filter(search: str) -> str | None:
    """likePattern + ilikeAny (app/src/lib/paging.ts) over the board's columns: name, e-mail, phone."""
    term = search.strip().replace("*", "")
    if not term:
        return None
    pattern = "*" + re.sub(r"([\\%_])", r"\\\1", term) + "*"
    quoted = '"' + re.sub(r'([\\"])', r"\\\1", pattern) + '"'
    return ",".join(f"{c}.ilike.{quoted}" for c in ("name", "email", "phone"))


def column_page(sb: Client, stage: str, search: str = "", page: int = 0):
    """fetchLeadColumnPage: one stage's page, newest move first (id breaks ties)."""
    query = sb.table("leads").select(COLUMNS).eq("stage", stage)
    text = search_filter(search)
    if text:
        query = query.or_(text)
    start = page * PAGE
    return (query.order("stage_changed_at", desc=True).order("id", desc=True)
            .range(start, start + PAGE - 1).execute().data)


def counts(sb: Client, search: str = "") -> dict[str, int]:
    rows = sb.rpc("lead_stage_counts", {"p_search": search or None}).execute().data
    assert [r["stage"] for r in rows] == list(STAGES)
    return {r["stage"]: r["total"] for r in rows}


def truth_counts(stack: StackProcess) -> dict[str, int]:
    found = dict(stack.sql("select stage, count(*) from public.leads group by stage"))
    return {stage: found.get(stage, 0) for stage in STAGES}


def truth_ids(stack: StackProcess, stage: str, offset: int = 0) -> list[str]:
    rows = stack.sql("select id::text from public.leads where stage = %s order by stage_changed_at desc, id desc"
                     " limit %s offset %s", (stage, PAGE, offset))
    return [r[0] for r in rows]


def test_counts_and_first_pages_are_right_in_every_column(office, admin):
    expected = truth_counts(office)
    assert sum(expected.values()) > 1300 and expected["novo"] > 1000
    assert counts(admin) == expected
    for stage in STAGES:
        first = column_page(admin, stage)
        assert [r["id"] for r in first] == truth_ids(office, stage), stage
        assert all(r["stage"] == stage for r in first)
    # the next page of the largest column continues where the first stopped, ties included
    assert [r["id"] for r in column_page(admin, "novo", page=1)] == truth_ids(office, "novo", PAGE)
    last = (expected["novo"] - 1) // PAGE
    tail = column_page(admin, "novo", page=last)
    assert len(tail) == expected["novo"] - last * PAGE
    assert [r["id"] for r in tail] == truth_ids(office, "novo", last * PAGE)
    # the oldest seeded lead lies far beyond the first 1,000 rows, and its page holds it
    position = office.sql("select n from (select name, row_number() over (order by stage_changed_at desc, id desc)"
                          " - 1 as n from public.leads where stage = 'novo') r where name = 'Iracema Distante'")[0][0]
    assert position > 1000
    assert "Iracema Distante" in [r["name"] for r in column_page(admin, "novo", page=position // PAGE)]


def test_search_reaches_every_lead_and_applies_to_counts_and_columns(admin):
    found = counts(admin, "iracema")
    assert found == {"novo": 1, "contato": 0, "proposta": 0, "fechado": 0, "perdido": 0}
    assert [r["name"] for r in column_page(admin, "novo", "iracema")] == ["Iracema Distante"]
    # by e-mail and phone too
    assert counts(admin, "VOLUME.1100@")["contato"] == 1
    assert [r["name"] for r in column_page(admin, "contato", "volume.1100@")] == ["Lead Volume 1100"]
    assert counts(admin, "555 1299") == {"novo": 0, "contato": 0, "proposta": 0, "fechado": 0, "perdido": 1}
    # a term in many leads: the counts are the columns' exact totals
    volume = counts(admin, "lead volume")
    assert volume == {"novo": 1048, "contato": 120, "proposta": 60, "fechado": 40, "perdido": 30}
    total = admin.table("leads").select("id", count="exact").eq("stage", "novo") \
        .or_(search_filter("lead volume")).range(0, 0).execute().count
    assert total == volume["novo"]


def test_crafted_search_terms_match_literally_in_counts_and_columns(admin):
    assert counts(admin, "50%")["novo"] == 1
    assert [r["name"] for r in column_page(admin, "novo", "50%")] == ["Desconto 50% Volume"]
    # wildcards and the filter grammar's own characters match themselves, in the counts as in the columns
    assert counts(admin, "%") == {"novo": 1, "contato": 0, "proposta": 0, "fechado": 0, "perdido": 0}
    for term in ("%", "_", 'a,b)"c', "or(id.neq.0)", "\\", "*", " novo "):
        got = counts(admin, term)
        text = search_filter(term)
        for stage in STAGES:
            query = admin.table("leads").select("id", count="exact").eq("stage", stage)
            if text:
                query = query.or_(text)
            assert got[stage] == query.range(0, 0).execute().count, (term, stage)
    assert counts(admin, "*") == counts(admin)  # '*' alone is no search: every lead
    assert counts(admin, "_") == counts(admin, 'a,b)"c') == dict.fromkeys(STAGES, 0)
    with pytest.raises(APIError) as refused:
        counts(admin, "x" * 201)
    assert refused.value.code == "22023"


def test_read_only_staff_see_the_counts_and_a_client_sees_nothing(office):
    secretary = signed_in(office, "secretaria@escritorio.test")
    assert counts(secretary) == truth_counts(office)
    maria = signed_in(office, "maria.silva@cliente.test")
    with pytest.raises(APIError) as refused:
        maria.rpc("lead_stage_counts", {"p_search": None}).execute()
    assert refused.value.code == "42501"
    assert column_page(maria, "novo") == []
    assert maria.table("leads").select("id", count="exact").execute().count == 0
    anon = create_client(office.url, office.anon_key,
                         options=ClientOptions(auto_refresh_token=False, persist_session=False))
    with pytest.raises(APIError) as no_grant:
        anon.rpc("lead_stage_counts", {"p_search": None}).execute()
    assert no_grant.value.code == "42501"


def test_a_moved_lead_heads_its_new_column_and_the_counts_follow(office):
    commercial = signed_in(office, "comercial@escritorio.test")
    before = counts(commercial)
    oldest = column_page(commercial, "novo", "iracema")[0]
    commercial.table("leads").update({"stage": "contato"}).eq("id", oldest["id"]).execute()
    try:
        after = counts(commercial)
        assert after["novo"] == before["novo"] - 1 and after["contato"] == before["contato"] + 1
        assert column_page(commercial, "contato")[0]["name"] == "Iracema Distante"
    finally:
        office.sql("update public.leads set stage = 'novo' where id = %s", (oldest["id"],))


def test_a_column_page_reads_the_board_index_without_sorting(office):
    office.sql("analyze public.leads")
    plan = "\n".join(r[0] for r in office.sql(
        "explain select * from public.leads where stage = 'novo' order by stage_changed_at desc, id desc"
        " limit 25 offset 25"))
    assert "leads_stage_board_idx" in plan and "Sort" not in plan, plan
