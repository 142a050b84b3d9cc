"""Importing the Visa Bulletin (function visa-bulletin -> public.import_visa_bulletin) through supabase-py, as the
app does: administrators only, every month kept, a process that becomes current or retrogresses told to the staff
and to its client (in the portal always; by e-mail/WhatsApp only through the channels the client opted into);
bulletin rows are public facts every signed-in user reads, a process's standing only its staff and its own client."""
from __future__ import annotations

from pathlib import Path

import pytest
from postgrest.exceptions import APIError
from supabase_functions.errors import FunctionsHttpError

from harness import signed_in
from supabase import Client, create_client

FIXTURES = Path(__file__).parent / "fixtures"
MARIA_PROCESS = 1           # seed: Maria Silva's Green Card
JOAO_PROCESS = 2            # seed: João Souza's naturalisation
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"


def page(month: str) -> str:
    return (FIXTURES / f"visa-bulletin-{month}.html").read_text(encoding="utf-8")


def invoke(client: Client, body: dict):
    return client.functions.invoke("visa-bulletin", invoke_options={"body": body, "responseType": "json"})


def refused(client: Client, body: dict) -> tuple[int, str]:
    with pytest.raises(FunctionsHttpError) as caught:
        invoke(client, body)
    return caught.value.status, str(caught.value.message)


@pytest.fixture(scope="module")
def users(stack):
    clients = {who: signed_in(stack, f"{who}@{'cliente' if '.' in who else 'escritorio'}.test")
               for who in ("admin", "assistente", "secretaria", "maria.silva", "joao.souza")}
    # the seed's bulletin month is set aside, so that these tests choose which month is the newest
    months = stack.sql("select month, uscis_chart_family, uscis_chart_employment, source "
                       "from public.visa_bulletin_months")
    cutoffs = stack.sql("select month, chart, category, chargeability, cutoff, cutoff_date from public.visa_bulletins")
    stack.sql("delete from public.visa_bulletin_months")
    yield clients
    stack.sql("delete from public.notification_deliveries where template like 'visa_bulletin_%%'")
    stack.sql("delete from public.notifications where kind like 'visa_bulletin_%%'")
    stack.sql("delete from public.visa_bulletin_months")
    for month in months:
        stack.sql("insert into public.visa_bulletin_months (month, uscis_chart_family, uscis_chart_employment, source) "
                  "values (%s, %s, %s, %s)", month)
    for cutoff in cutoffs:
        stack.sql("insert into public.visa_bulletins (month, chart, category, chargeability, cutoff, cutoff_date) "
                  "values (%s, %s, %s, %s, %s, %s)", cutoff)
    stack.sql("delete from public.uscis_processing_times where office = 'Texas Service Center'")
    stack.sql("update public.processes set priority_date = null, visa_category = null, chargeability = 'ALL' "
              "where id = %s", (MARIA_PROCESS,))
    stack.sql("update public.client_channel_consents set granted = true, revoked_at = null, "
              "granted_at = coalesce(granted_at, now()) where client_id = %s and channel = 'email'", (MARIA_CLIENT,))


def kinds_for(stack, email: str) -> list[tuple[str, str]]:
    return stack.sql("select n.kind, n.title from public.notifications n join auth.users u on u.id = n.user_id "
                     "where u.email = %s and n.kind like 'visa_bulletin_%%' order by n.created_at", (email,))


def test_bulletin_months_import_and_a_process_turns_current_then_retrogresses(stack, users):
    admin, staff, maria = users["admin"], users["assistente"], users["maria.silva"]

    first = invoke(admin, {"html": page("2020-07"), "uscisChartFamily": "dates_for_filing",
                           "uscisChartEmployment": "final_action"})
    assert first["month"] == "2020-07-01" and first["rows"] == 2 * 5 * 5 + 7 * 8 + 6 * 8 and first["newest"]
    stored = admin.table("visa_bulletins").select("cutoff, cutoff_date").eq("month", "2020-07-01") \
        .eq("chart", "final_action").eq("category", "F2B").eq("chargeability", "ALL").execute().data
    assert stored == [{"cutoff": "01MAY15", "cutoff_date": "2015-05-01"}]

    # staff record where Maria's case stands: F2B, priority date 01/01/2016, Brazil (All Chargeability Areas)
    staff.table("processes").update({"priority_date": "2016-01-01", "visa_category": "F2B", "chargeability": "ALL"}) \
        .eq("id", MARIA_PROCESS).execute()
    standing = maria.rpc("case_standing", {"p_process_id": MARIA_PROCESS}).execute().data
    assert standing["bulletin"]["final_action"] == {"cutoff": "01MAY15", "cutoff_date": "2015-05-01", "current": False}
    assert standing["bulletin"]["uscis_chart"] == "dates_for_filing"

    # October 2025: F2B final action 22NOV16 passes the priority date -> current; staff and Maria are told
    second = invoke(admin, {"html": page("2025-10")})
    assert second["became_current"] == 1 and second["retrogressed"] == 0
    assert kinds_for(stack, "maria.silva@cliente.test") == [
        ("visa_bulletin_current", "Sua data de prioridade está em dia")]
    assert ("visa_bulletin_current", f"Data de prioridade em dia: processo #{MARIA_PROCESS}") in \
        kinds_for(stack, "assistente@escritorio.test")
    channels = stack.sql("select d.channel from public.notification_deliveries d join auth.users u on u.id = d.user_id "
                         "where u.email = 'maria.silva@cliente.test' and d.template = 'visa_bulletin_current' "
                         "order by d.channel")
    assert channels == [("email",), ("in_app",)]      # Maria opted into e-mail only
    mine = maria.table("notifications").select("kind, body, link").eq("kind", "visa_bulletin_current").execute().data
    assert len(mine) == 1 and "F2B" in mine[0]["body"] and "01/01/2016" in mine[0]["body"]
    assert mine[0]["link"] == f"/cliente/processos/{MARIA_PROCESS}"
    standing = maria.rpc("case_standing", {"p_process_id": MARIA_PROCESS}).execute().data
    assert standing["bulletin"]["month"] == "2025-10-01"
    assert standing["bulletin"]["final_action"]["current"] is True
    assert [h["month"] for h in standing["bulletin"]["history"]] == ["2025-10-01"]   # 2020 is outside 12 months

    # the same month again changes nothing and tells no one twice; an older month is kept but announces nothing
    assert invoke(admin, {"html": page("2025-10")})["became_current"] == 0
    older = invoke(admin, {"html": page("2016-03")})
    assert older["newest"] is False and older["became_current"] == 0 and older["retrogressed"] == 0
    months = [m["month"] for m in admin.table("visa_bulletin_months").select("month").order("month").execute().data]
    assert months == ["2016-03-01", "2020-07-01", "2025-10-01"]
    assert len(kinds_for(stack, "maria.silva@cliente.test")) == 1

    # Maria withdraws her e-mail consent; a later bulletin retrogresses F2B: told in the portal only
    maria.rpc("set_channel_consent", {"p_channel": "email", "p_granted": False}).execute()
    retro = page("2025-10").replace("October 2025", "November 2025").replace(
        "<td>F2B</td>\n<td>22NOV16</td>", "<td>F2B</td>\n<td>01JAN15</td>", 1)
    third = invoke(admin, {"html": retro})
    assert third["month"] == "2025-11-01" and third["retrogressed"] == 1
    assert kinds_for(stack, "maria.silva@cliente.test")[-1][0] == "visa_bulletin_retrogressed"
    channels = stack.sql("select d.channel from public.notification_deliveries d join auth.users u on u.id = d.user_id "
                         "where u.email = 'maria.silva@cliente.test' and d.template = 'visa_bulletin_retrogressed'")
    assert channels == [("in_app",)]
    # João's processes have no priority date: he hears nothing
    assert kinds_for(stack, "joao.souza@cliente.test") == []


def test_only_administrators_import(stack, users):
    body = {"html": page("2016-03")}
    for who in ("assistente", "secretaria", "maria.silva"):
        assert refused(users[who], body) == (403, "Apenas administradores importam o Boletim de Vistos")
    # the database refuses the same to anyone calling the RPC directly, and the tables take no direct writes
    row = {"month": "2016-03-01", "chart": "final_action", "category": "F1", "chargeability": "ALL",
           "cutoff": "C", "cutoff_date": None}
    for who in ("assistente", "maria.silva"):
        with pytest.raises(APIError) as caught:
            users[who].rpc("import_visa_bulletin", {"p_month": "2030-01-01", "p_rows": [row]}).execute()
        assert caught.value.code == "42501"
        with pytest.raises(APIError) as caught:
            users[who].table("visa_bulletins").insert(row).execute()
        assert caught.value.code == "42501"
    assert stack.sql("select count(*) from public.visa_bulletin_months where month = '2030-01-01'") == [(0,)]


def test_crafted_input_is_refused(stack, users):
    admin = users["admin"]
    status, message = refused(admin, {"html": "<html><title>Boletim falso</title><body><table><tr><td>x</td></tr>"
                                               "</table></body></html>"})
    assert status == 400 and "Boletim de Vistos" in message
    status, message = refused(admin, {"url": "http://127.0.0.1:5432/content/travel/en/legal/visa-law0/visa-bulletin/x.html"})
    assert status == 400 and "Endereço do boletim inválido" in message
    status, message = refused(admin, {"url": "https://travel.state.gov.evil.test/content/travel/en/legal/visa-law0/visa-bulletin/x.html"})
    assert status == 400
    status, message = refused(admin, {"html": page("2016-03"), "uscisChartFamily": "qualquer"})
    assert status == 400 and "Tabela aceita pelo USCIS" in message
    status, message = refused(admin, {})
    assert status == 400


def test_bulletins_are_public_facts_and_standing_is_own_only(stack, users):
    invoke(users["admin"], {"html": page("2016-03")})
    for who in ("maria.silva", "joao.souza", "secretaria"):
        rows = users[who].table("visa_bulletins").select("cutoff").eq("month", "2016-03-01") \
            .eq("chart", "final_action").eq("category", "F1").eq("chargeability", "MEXICO").execute().data
        assert rows == [{"cutoff": "08JAN95"}]
    maria = users["maria.silva"]
    assert maria.rpc("case_standing", {"p_process_id": JOAO_PROCESS}).execute().data is None
    assert maria.rpc("case_standing", {"p_process_id": MARIA_PROCESS}).execute().data["process_id"] == MARIA_PROCESS
    assert maria.table("processes").select("id, priority_date").execute().data == []
    assert users["secretaria"].rpc("case_standing", {"p_process_id": JOAO_PROCESS}).execute().data["process_id"] \
        == JOAO_PROCESS
    anon = create_client(stack.url, stack.anon_key)
    with pytest.raises(APIError):
        anon.table("visa_bulletins").select("id").limit(1).execute()


def test_a_new_office_shows_no_processing_time_until_staff_types_one(stack, users):
    # the seed carries no invented USCIS figure: a client's card says nothing rather than a made-up range
    stack.sql("update public.processes set uscis_form = 'I-485', uscis_office = 'National Benefits Center', "
              "receipt_date = '2025-01-15' where id = %s", (MARIA_PROCESS,))
    try:
        standing = users["maria.silva"].rpc("case_standing", {"p_process_id": MARIA_PROCESS}).execute().data
        assert standing["receipt_date"] == "2025-01-15"
        assert standing["processing_time"] is None
    finally:
        stack.sql("update public.processes set uscis_form = null, uscis_office = null, receipt_date = null "
                  "where id = %s", (MARIA_PROCESS,))


def test_processing_times_written_by_case_managers_only(stack, users):
    row = {"form": "I-485", "office": "Texas Service Center", "min_months": 7, "max_months": 14.5}
    users["assistente"].table("uscis_processing_times").insert(row).execute()
    for who in ("secretaria", "maria.silva"):
        with pytest.raises(APIError) as caught:
            users[who].table("uscis_processing_times").insert({**row, "office": "Outro"}).execute()
        assert caught.value.code == "42501"
    assert users["maria.silva"].table("uscis_processing_times").select("id").execute().data == []
    with pytest.raises(APIError) as caught:
        users["assistente"].table("uscis_processing_times").insert({**row, "office": "X2", "min_months": 30}).execute()
    assert caught.value.code == "23514"
    users["assistente"].table("processes").update({"uscis_form": "I-485", "uscis_office": "Texas Service Center",
                                                   "receipt_date": "2025-01-15"}).eq("id", MARIA_PROCESS).execute()
    standing = users["maria.silva"].rpc("case_standing", {"p_process_id": MARIA_PROCESS}).execute().data
    assert standing["processing_time"]["max_months"] == 14.5 and standing["receipt_date"] == "2025-01-15"
    stack.sql("update public.processes set uscis_form = null, uscis_office = null, receipt_date = null where id = %s",
              (MARIA_PROCESS,))
