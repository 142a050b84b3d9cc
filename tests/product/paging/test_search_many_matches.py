"""Global search past max_rows (1,000): 1,200 clients match one term, and search_workspace still answers the first
8 by name, finds the one past the 1,000th by its own name, shows a client none of them, and reads the trigram
indexes with nothing pending (fastupdate off: a new row is in the index at once, so no search reads an unsorted
pending list).

The clients are seeded through SQL; the search is called through supabase-py with real log-ins.
"""
from __future__ import annotations

import json

import pytest

from harness import StackProcess, signed_in
from supabase import Client

MATCHES = 1200
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"


@pytest.fixture(scope="module")
def office(cluster):
    s = StackProcess(cluster, name="search-many", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                        "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    s.sql("insert into public.clients (full_name, email, phone) "
          "select format('Zenóbia Volume %%s', lpad(n::text, 4, '0')), format('zenobia.%%s@cliente.test', n), "
          "format('+1 617 555 %%s', lpad(n::text, 4, '0')) from generate_series(1, %s) n", (MATCHES,))
    s.sql("analyze public.clients")
    yield s
    s.stop()


def search(sb: Client, term: str) -> list[dict]:
    return sb.rpc("search_workspace", {"q": term}).execute().data


def test_more_than_a_thousand_matches_answer_the_first_eight_by_name(office):
    assert office.sql("select count(*) from public.clients where public.search_fold(full_name) like '%zenobia%'"
                      ) == [(MATCHES,)]
    rows = search(signed_in(office, "admin@escritorio.test"), "zenobia volume")  # accents do not matter
    assert [(r["kind"], r["title"]) for r in rows] == [
        ("client", f"Zenóbia Volume {n:04d}") for n in range(1, 9)]
    assert all(r["client_id"] == r["id"] for r in rows)


def test_a_row_past_the_thousandth_is_found_by_its_own_name(office):
    rows = search(signed_in(office, "secretaria@escritorio.test"), "Zenóbia Volume 1150")
    assert [(r["kind"], r["title"], r["subtitle"]) for r in rows] == [
        ("client", "Zenóbia Volume 1150", "zenobia.1150@cliente.test")]


def test_a_client_sees_none_of_the_matches(office):
    maria = signed_in(office, "maria.silva@cliente.test")
    assert search(maria, "zenobia") == []
    # her own row matches the e-mail domain every seeded client shares; nothing else does
    assert [r["client_id"] for r in search(maria, "cliente.test")] == [MARIA_CLIENT]


def test_the_search_indexes_keep_nothing_pending(office):
    indexes = office.sql("""
        select c.relname, coalesce(c.reloptions, '{}')
          from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
         where a.amname = 'gin' and pg_get_indexdef(i.indexrelid) like '%%search_fold%%'""")
    assert len(indexes) == 9
    assert all("fastupdate=off" in options for _, options in indexes), indexes
    # a row written now is in the index at once: the pending list stays empty
    office.sql("insert into public.clients (full_name, email) values ('Zenóbia Recente', 'zenobia.nova@cliente.test')")
    for name, _ in indexes:
        assert office.sql("select pg_catalog.gin_clean_pending_list(%s::regclass)", (f"public.{name}",)) == [(0,)]


def test_the_name_search_reads_the_trigram_index_not_the_table(office):
    plan = office.sql("explain (format json) select id from public.clients "
                      "where public.search_fold(full_name) like '%zenobia volume 1150%'")[0][0]
    text = json.dumps(plan)
    assert "clients_full_name_fold_trgm" in text and '"Seq Scan"' not in text, text
