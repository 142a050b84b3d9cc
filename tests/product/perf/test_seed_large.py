"""scripts/seed_large.py: the same scale gives the same office, counts follow the scale, a second run is refused."""
from __future__ import annotations

import sys

import psycopg
import pytest

from supastack.core.config import REPO_ROOT
from supastack.db.migrate import migrate

sys.path.insert(0, str(REPO_ROOT / "scripts"))
from seed_large import seed_large  # noqa: E402

SCALE = 0.01
# what the rows are, without the dates (relative to the moment it runs)
FINGERPRINT = """
with large as (select id from public.clients where email like '%@escritorio-grande.test')
select md5(string_agg(x, '|' order by x)) from (
  select id::text || full_name || email || coalesce(a_number, '') from public.clients where id in (select id from large)
  union all select id::text || type || client_id::text || status from public.processes
   where client_id in (select id from large)
  union all select id::text || client_id::text || sender_type || coalesce(content, '') from public.messages
   where client_id in (select id from large)
  union all select id::text || client_id::text || name from public.client_documents
   where client_id in (select id from large)
  union all select id::text || contract_id::text || number || amount from public.financial_installments
   where client_id in (select id from large)
  union all select id::text || user_id::text || title from public.notifications
   where body = 'Veja os detalhes no sistema.'
) t(x)
"""


def fresh(cluster) -> str:
    url = cluster.create_database("seedlarge")
    migrate(url, REPO_ROOT / "migrations", REPO_ROOT / "seed.sql", log=lambda *_: None)
    return url


@pytest.fixture(scope="module")
def two_offices(cluster):
    urls = [fresh(cluster), fresh(cluster)]
    base = [seed_counts(u) for u in urls]
    counts = [seed_large(u, SCALE) for u in urls]
    return urls, base, counts


def seed_counts(url: str) -> dict[str, int]:
    with psycopg.connect(url) as conn:
        return {t: conn.execute(f"select count(*) from public.{t}").fetchone()[0]  # type: ignore[index]
                for t in ("clients", "processes", "messages", "notifications", "notification_deliveries",
                          "financial_quotes", "leads")}


def test_the_same_scale_gives_the_same_office(two_offices):
    urls, _, counts = two_offices
    assert counts[0] == counts[1]
    prints = []
    for url in urls:
        with psycopg.connect(url) as conn:
            prints.append(conn.execute(FINGERPRINT).fetchone()[0])  # type: ignore[index]
    assert prints[0] == prints[1]


def test_counts_follow_the_scale(two_offices):
    _, base, counts = two_offices
    added = {t: counts[0][t] - base[0][t] for t in base[0]}
    assert added == {"clients": 50, "processes": 200, "messages": 3000, "notifications": 5000,
                     "notification_deliveries": 6000, "financial_quotes": 50, "leads": 30}


def test_a_second_run_is_refused(two_offices):
    urls, _, counts = two_offices
    with pytest.raises(psycopg.errors.RaiseException, match="already"):
        seed_large(urls[0], SCALE)
    assert seed_counts(urls[0])["clients"] == counts[0]["clients"]


def test_the_unread_counters_match_the_loaded_messages(two_offices):
    urls, _, _ = two_offices
    with psycopg.connect(urls[0]) as conn:
        differ = conn.execute(
            "select count(*) from (select m.client_id, count(*) as n from public.messages m"
            " where m.read_at is null and m.sender_type = 'client' group by m.client_id) d"
            " full join (select * from public.conversation_unread where n > 0) u on u.client_id = d.client_id"
            " where u.n is distinct from d.n").fetchone()[0]  # type: ignore[index]
        [total] = conn.execute("select sum(n) from public.conversation_unread").fetchone()  # type: ignore[misc]
    assert differ == 0 and total > 0
