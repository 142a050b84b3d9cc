"""What the speed-at-scale changes must not open, through supabase-py with real log-ins on a stack of its own.

- search_workspace runs as its owner (so trigram indexes serve it) and applies the policies' visibility itself:
  staff find every client, process and receipt; a client only its own clients row; a staff session below aal2
  while the office requires the second factor finds nothing; LIKE wildcards in the term match literally;
- process events: a client reads the created / stage / status events of its own processes only
  (`own_process_ids()` in the policy, once per statement);
- quote items: commercial reads and writes items only of the quotes it sells (`sold_quote_ids()`);
- the two helpers, callable as RPCs, answer the caller's own ids and nothing else.
"""
from __future__ import annotations

import json

import psycopg
import pytest
from postgrest.exceptions import APIError

from harness import StackProcess
from supabase import Client, ClientOptions, create_client

PASSWORD = "Demo@12345"
ADMIN = "admin@escritorio.test"
COMMERCIAL = "comercial@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
MARIA = "maria.silva@cliente.test"
JOAO = "joao.souza@cliente.test"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
JOAO_CLIENT = "c0000000-0000-4000-8000-000000000002"
SOLD_QUOTES = {"fa100000-0000-4000-8000-000000000001", "fa100000-0000-4000-8000-000000000002"}
UNSOLD_QUOTE = "f3000000-0000-4000-8000-000000000002"


@pytest.fixture(scope="module")
def sstack(cluster):
    s = StackProcess(cluster, name="scale-sec", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                      "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    yield s
    s.stop()


def signed_in(stack: StackProcess, email: str) -> Client:
    sb = create_client(stack.url, stack.anon_key,
                       options=ClientOptions(auto_refresh_token=False, persist_session=False))
    sb.auth.sign_in_with_password({"email": email, "password": PASSWORD})
    return sb


def search(sb: Client, term: str) -> list[dict]:
    return sb.rpc("search_workspace", {"q": term}).execute().data


def test_search_as_staff_finds_every_client_process_and_receipt(sstack):
    for email in (ADMIN, SECRETARY):
        found = search(signed_in(sstack, email), "Souza")
        assert {(r["kind"], r["client_id"]) for r in found} >= {("client", JOAO_CLIENT), ("process", JOAO_CLIENT)}
    receipts = search(signed_in(sstack, SECRETARY), "msc2490123456")  # folded: case-blind
    assert [r["kind"] for r in receipts if r["kind"] == "receipt"] == ["receipt"]


def test_search_as_a_client_finds_only_its_own_row(sstack):
    maria = signed_in(sstack, MARIA)
    assert search(maria, "Souza") == []                      # another client's name
    assert search(maria, "msc2490123456") == []              # its own receipt: processes are staff-only
    assert search(maria, "IOE0912345678") == []              # another client's receipt
    own = search(maria, "Silva")
    assert [(r["kind"], r["client_id"]) for r in own] == [("client", MARIA_CLIENT)]
    assert search(signed_in(sstack, JOAO), "Maria") == []


def test_search_wildcards_match_literally(sstack):
    admin = signed_in(sstack, ADMIN)
    assert search(admin, "%%") == [] and search(admin, "__") == [] and search(admin, "\\%") == []
    assert search(admin, "x") == []  # shorter than two characters


def test_search_needs_the_second_factor_when_the_office_requires_it(sstack):
    secretary = signed_in(sstack, SECRETARY)  # an aal1 session
    sstack.sql("update public.office_settings set require_staff_mfa = true")
    try:
        assert search(secretary, "Souza") == []
    finally:
        sstack.sql("update public.office_settings set require_staff_mfa = false")
    assert search(secretary, "Souza") != []


def test_process_events_of_own_processes_only(sstack):
    sstack.sql("insert into public.process_events (process_id, kind, from_value, to_value) "
               "values (1, 'responsible_change', null, 'alguém')")
    maria = signed_in(sstack, MARIA)
    own_processes = {r[0] for r in sstack.sql("select id from public.processes where client_id = %s", (MARIA_CLIENT,))}
    rows = maria.table("process_events").select("process_id, kind").execute().data
    assert rows and {r["process_id"] for r in rows} <= own_processes
    assert "responsible_change" not in {r["kind"] for r in rows}
    assert maria.table("process_events").select("id").eq("process_id", 2).execute().data == []
    joao = signed_in(sstack, JOAO)
    assert joao.table("process_events").select("id").eq("process_id", 1).execute().data == []
    staff_sees = len(signed_in(sstack, SECRETARY).table("process_events").select("id").execute().data)
    assert staff_sees == sstack.sql("select count(*) from public.process_events")[0][0]


def test_own_process_ids_answer_the_caller_only(sstack):
    assert sorted(signed_in(sstack, MARIA).rpc("own_process_ids", {}).execute().data) == sorted(
        r[0] for r in sstack.sql("select id from public.processes where client_id = %s", (MARIA_CLIENT,)))
    assert signed_in(sstack, SECRETARY).rpc("own_process_ids", {}).execute().data == []


def test_quote_items_of_sold_quotes_only(sstack):
    commercial = signed_in(sstack, COMMERCIAL)
    items = commercial.table("financial_quote_items").select("quote_id").execute().data
    assert items and {r["quote_id"] for r in items} <= SOLD_QUOTES
    assert set(commercial.rpc("sold_quote_ids", {}).execute().data) == SOLD_QUOTES
    with pytest.raises(APIError) as refused:
        commercial.table("financial_quote_items").insert({
            "quote_id": UNSOLD_QUOTE, "position": 9, "kind": "custom", "description": "Intruso", "quantity": 1,
            "unit_price": 1}).execute()
    assert refused.value.code == "42501"
    assert commercial.table("financial_quote_items").update({"description": "Mudado"}).eq(
        "quote_id", UNSOLD_QUOTE).execute().data == []
    for email in (ADMIN, SECRETARY, MARIA):  # only a commercial user sells
        assert signed_in(sstack, email).rpc("sold_quote_ids", {}).execute().data == []
    assert signed_in(sstack, SECRETARY).table("financial_quote_items").select("id").execute().data == []


def test_search_with_the_service_role_finds_everything(sstack):
    service = create_client(sstack.url, sstack.service_role_key,
                            options=ClientOptions(auto_refresh_token=False, persist_session=False))
    assert {(r["kind"], r["client_id"]) for r in search(service, "Souza")} >= {
        ("client", JOAO_CLIENT), ("process", JOAO_CLIENT)}
    anon = create_client(sstack.url, sstack.anon_key,
                         options=ClientOptions(auto_refresh_token=False, persist_session=False))
    with pytest.raises(APIError):
        search(anon, "Souza")


# search_workspace writes the policies' visibility out by hand (it runs as its owner): whatever it answers, the
# caller must be able to read through the policies themselves, and every client the caller can read that matches
# the term must be found. A policy changed without the search (or the other way round) fails here.
SEARCH_TABLES = {"client": "clients", "process": "processes", "receipt": "uscis_receipts",
                 "a_number": "eoir_court_cases"}
EVERY_ROLE = (ADMIN, "assistente@escritorio.test", COMMERCIAL, SECRETARY, MARIA, JOAO)


@pytest.mark.parametrize("email", EVERY_ROLE)
def test_search_answers_exactly_what_the_policies_let_the_caller_read(sstack, email):
    sb = signed_in(sstack, email)
    for term in ("Silva", "Souza", "cliente.test", "MSC", "IOE", "A2"):
        found = search(sb, term)
        for row in found:
            table = SEARCH_TABLES[row["kind"]]
            readable = sb.table(table).select("id").eq("id", row["id"]).execute().data
            assert readable, f"{email} found {row['kind']} {row['id']} for {term!r} but its policy hides it"
        # every client the policies show that matches the term by name or e-mail is found (fewer than 8 here)
        visible = sb.table("clients").select("id").or_(f"full_name.ilike.*{term}*,email.ilike.*{term}*") \
            .execute().data
        assert {r["id"] for r in visible} <= {r["id"] for r in found if r["kind"] == "client"}, (email, term)


def test_is_staff_answers_as_has_any_role_of_the_staff_roles_for_every_user_session_and_office_rule(sstack):
    """is_staff() asks is_staff_user() for the caller now (migration 20261206100100): for every demo user and a
    caller without roles, aal1 and aal2, with and without the office's second-factor rule, it answers what
    has_any_role() of the four staff roles answers, and the aal1 staff session is refused while the rule holds."""
    users = [r[0] for r in sstack.sql("select id::text from auth.users order by email")]
    users.append("00000000-0000-4000-8000-00000000dead")
    staff_roles = "array['administrator', 'legal_assistant', 'commercial', 'secretary']"
    refused_aal1_staff = 0
    with psycopg.connect(sstack.db_url) as conn:
        for required in (False, True):
            conn.execute("update public.office_settings set require_staff_mfa = %s where id", (required,))
            for sub in users:
                for aal in ("aal1", "aal2"):
                    conn.execute("set local role authenticated")
                    conn.execute("select set_config('request.jwt.claims', %s, true)",
                                 (json.dumps({"sub": sub, "role": "authenticated", "aal": aal}),))
                    new, old, holds = conn.execute(
                        f"select public.is_staff(), public.has_any_role({staff_roles}), "
                        f"exists (select 1 from public.user_roles where user_id = auth.uid() and role <> 'client')"
                    ).fetchone()
                    conn.execute("reset role")
                    assert new == old, (sub, aal, required)
                    if holds and required and aal == "aal1":
                        assert new is False
                        refused_aal1_staff += 1
        conn.rollback()
    assert refused_aal1_staff >= 4   # the demo staff, each refused below aal2 while the office requires it
