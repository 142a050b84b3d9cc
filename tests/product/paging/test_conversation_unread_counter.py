"""Atendimento > Mensagens reads each conversation's unread count from a counter the database keeps
(conversation_unread, triggers on messages) instead of counting every message on each call: the counter stays
exact through the real clients' inserts and reads, deletes, concurrent inserts and a client's deletion; clients
and anonymous callers neither read nor write it; the list's answers equal a direct count past max_rows."""
from __future__ import annotations

import threading
import uuid

import psycopg
import pytest
from postgrest.exceptions import APIError

from harness import StackProcess, signed_in
from supabase import ClientOptions, create_client

MARIA = "c0000000-0000-4000-8000-000000000001"
JOAO = "c0000000-0000-4000-8000-000000000002"
TAG = "Contador Naolidas"


@pytest.fixture(scope="module")
def stack(cluster):
    s = StackProcess(cluster, name="unread")
    yield s
    s.stop()


def direct(stack: StackProcess, client_id: str) -> int:
    [(n,)] = stack.sql("select count(*)::int from messages where client_id = %s and read_at is null "
                       "and sender_type = 'client'", (client_id,))
    return n


def counter(stack: StackProcess, client_id: str) -> int:
    [(n,)] = stack.sql("select coalesce((select n from conversation_unread where client_id = %s), 0)", (client_id,))
    return n


def new_client(stack: StackProcess, name: str) -> str:
    [(client_id,)] = stack.sql("insert into clients (full_name, email) values (%s, %s) returning id::text",
                               (name, f"contador-{uuid.uuid4().hex[:8]}@cliente.test"))
    return client_id


def listed_unread(sb, name: str) -> int:
    [row] = sb.rpc("conversation_list", {"p_filter": "all", "p_search": name, "p_limit": 5,
                                         "p_offset": 0}).execute().data
    return row["unread"]


def test_counts_stay_exact_through_client_and_staff_messages_reads_and_deletes(stack):
    maria = signed_in(stack, "maria.silva@cliente.test")
    admin = signed_in(stack, "admin@escritorio.test")
    [(maria_user,)] = stack.sql("select user_id::text from clients where id = %s", (MARIA,))
    before = direct(stack, MARIA)
    assert counter(stack, MARIA) == before

    for text in ("primeira", "segunda", "terceira"):
        maria.table("messages").insert({"client_id": MARIA, "sender_type": "client", "sender_id": maria_user,
                                        "content": text}).execute()
    assert counter(stack, MARIA) == direct(stack, MARIA) == before + 3
    # the office's reply is not unread for the office
    [(admin_id,)] = stack.sql("select id::text from auth.users where email = 'admin@escritorio.test'")
    admin.table("messages").insert({"client_id": MARIA, "sender_type": "office", "sender_id": admin_id,
                                    "content": "resposta"}).execute()
    assert counter(stack, MARIA) == before + 3
    assert listed_unread(admin, "Maria") == before + 3

    # the client reading the office's messages leaves the office's count alone; staff reading clears it
    maria.rpc("mark_messages_read", {"p_client_id": MARIA}).execute()
    assert counter(stack, MARIA) == before + 3
    admin.rpc("mark_messages_read", {"p_client_id": MARIA}).execute()
    assert counter(stack, MARIA) == direct(stack, MARIA) == 0
    assert listed_unread(admin, "Maria") == 0

    # a message back to unread, one deleted unread, one moved to another client
    maria.table("messages").insert({"client_id": MARIA, "sender_type": "client", "sender_id": maria_user,
                                    "content": "quarta"}).execute()
    stack.sql("update messages set read_at = null where client_id = %s and content = 'primeira'", (MARIA,))
    assert counter(stack, MARIA) == direct(stack, MARIA) == 2
    joao = direct(stack, JOAO)
    stack.sql("delete from messages where client_id = %s and content = 'quarta'", (MARIA,))
    assert counter(stack, MARIA) == direct(stack, MARIA) == 1
    stack.sql("update messages set client_id = %s where client_id = %s and content = 'primeira'", (JOAO, MARIA))
    assert (counter(stack, MARIA), counter(stack, JOAO)) == (0, joao + 1) == (direct(stack, MARIA),
                                                                             direct(stack, JOAO))
    stack.sql("update messages set read_at = now() where client_id = %s and content = 'primeira'", (JOAO,))
    assert counter(stack, JOAO) == direct(stack, JOAO) == joao


def test_concurrent_inserts_for_one_client_lose_no_count(stack):
    client_id = new_client(stack, f"{TAG} Concorrente")
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            with psycopg.connect(stack.db_url, autocommit=True) as conn:
                for i in range(25):
                    if i % 5 == 4:  # now and then several rows in one statement
                        conn.execute("insert into messages (client_id, sender_type, content) "
                                     "select %s, 'client', 'lote ' || g from generate_series(1, 3) g", (client_id,))
                    else:
                        conn.execute("insert into messages (client_id, sender_type, content) values (%s, 'client', %s)",
                                     (client_id, f"t{n} m{i}"))
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert counter(stack, client_id) == direct(stack, client_id) == 6 * (20 + 5 * 3)


def test_a_deleted_client_leaves_no_counter(stack):
    client_id = new_client(stack, f"{TAG} Excluido")
    stack.sql("insert into messages (client_id, sender_type, content) select %s, 'client', 'm' || g "
              "from generate_series(1, 4) g", (client_id,))
    assert counter(stack, client_id) == 4
    stack.sql("delete from clients where id = %s", (client_id,))
    assert stack.sql("select 1 from conversation_unread where client_id = %s", (client_id,)) == []


def test_clients_anonymous_callers_and_staff_cannot_write_the_counter_and_only_staff_read_it(stack):
    stack.sql("insert into messages (client_id, sender_type, content) values (%s, 'client', 'para ler')", (JOAO,))
    maria = signed_in(stack, "maria.silva@cliente.test")
    assert maria.table("conversation_unread").select("*").execute().data == []
    for write in (lambda t: t.insert({"client_id": MARIA, "n": 0}),
                  lambda t: t.update({"n": 0}).eq("client_id", JOAO),
                  lambda t: t.delete().eq("client_id", JOAO),
                  lambda t: t.upsert({"client_id": JOAO, "n": 0})):
        with pytest.raises(APIError):
            write(maria.table("conversation_unread")).execute()
    with pytest.raises(APIError):
        maria.rpc("conversation_unread_apply", {"p_deltas": {JOAO: -1}}).execute()

    anon = create_client(stack.url, stack.anon_key,
                         options=ClientOptions(auto_refresh_token=False, persist_session=False))
    with pytest.raises(APIError):
        anon.table("conversation_unread").select("*").execute()
    with pytest.raises(APIError):
        anon.table("conversation_unread").insert({"client_id": JOAO, "n": 0}).execute()

    admin = signed_in(stack, "admin@escritorio.test")
    rows = admin.table("conversation_unread").select("n").eq("client_id", JOAO).execute().data
    assert rows == [{"n": direct(stack, JOAO)}]
    with pytest.raises(APIError):
        admin.table("conversation_unread").update({"n": 0}).eq("client_id", JOAO).execute()
    with pytest.raises(APIError):
        admin.table("conversation_unread").delete().eq("client_id", JOAO).execute()
    assert counter(stack, JOAO) == direct(stack, JOAO) > 0


def test_the_recount_repairs_wrecked_counters_and_only_the_service_role_may_run_it(stack):
    """conversation_unread_recount() (what the large office's seed runs after loading with triggers off) counts
    again from messages: a counter set too high, one set to a number with no unread messages behind it and one
    missing all come back to the direct count; clients and staff cannot run it through the API."""
    stack.sql("insert into messages (client_id, sender_type, content) values (%s, 'client', 'recontar')", (MARIA,))
    quiet = new_client(stack, "Contador Recontagem")
    # the owner wrecks them by hand
    stack.sql("update conversation_unread set n = n + 7 where client_id = %s", (MARIA,))
    stack.sql("delete from conversation_unread where client_id = %s", (JOAO,))
    stack.sql("insert into conversation_unread (client_id, n) values (%s, 3)", (quiet,))
    assert counter(stack, MARIA) != direct(stack, MARIA) and counter(stack, quiet) == 3

    for email in ("maria.silva@cliente.test", "admin@escritorio.test"):
        with pytest.raises(APIError):
            signed_in(stack, email).rpc("conversation_unread_recount", {}).execute()
    service = create_client(stack.url, stack.service_role_key,
                            options=ClientOptions(auto_refresh_token=False, persist_session=False))
    service.rpc("conversation_unread_recount", {}).execute()
    for client_id in (MARIA, JOAO, quiet):
        assert counter(stack, client_id) == direct(stack, client_id)
    assert counter(stack, quiet) == 0 and direct(stack, MARIA) > 0
    [(mismatched,)] = stack.sql(
        "select count(*) from (select client_id, count(*) as n from messages where read_at is null"
        " and sender_type = 'client' group by client_id) d full join (select * from conversation_unread where n > 0) u"
        " using (client_id) where u.n is distinct from d.n")
    assert mismatched == 0


def test_the_list_answers_equal_a_direct_count_past_max_rows(stack):
    stack.sql(f"""
        insert into clients (full_name, email)
        select format('{TAG} Volume %s', lpad(n::text, 4, '0')), format('naolidas.%s@cliente.test', n)
          from generate_series(1, 1100) n;
        insert into messages (client_id, sender_type, content, created_at, read_at)
        select c.id, case when g % 2 = 0 then 'office' else 'client' end, 'volume ' || g,
               now() - make_interval(mins => g), case when g <= c.seq % 4 then now() end
          from (select id, row_number() over (order by full_name) as seq from clients
                 where full_name like '{TAG} Volume %') c,
               generate_series(1, (c.seq % 7)::int + 1) g;
    """)  # TAG is this module's constant, not input
    expected = dict(stack.sql(
        "select c.id::text, count(m.id) filter (where m.read_at is null and m.sender_type = 'client')::int "
        "from clients c join messages m on m.client_id = c.id where c.full_name like %s group by c.id",
        (f"{TAG} Volume %",)))
    assert len(expected) == 1100 and sum(expected.values()) > 1000

    admin = signed_in(stack, "admin@escritorio.test")
    listed: dict[str, int] = {}
    for offset in range(0, 1200, 100):
        page = admin.rpc("conversation_list", {"p_filter": "all", "p_search": f"{TAG} Volume", "p_limit": 100,
                                               "p_offset": offset}).execute().data
        listed.update({row["client_id"]: row["unread"] for row in page})
        assert all(row["total"] == 1100 for row in page)
    assert listed == expected

    unread = {cid for cid, n in expected.items() if n > 0}
    seen: set[str] = set()
    for offset in range(0, 1200, 100):
        page = admin.rpc("conversation_list", {"p_filter": "unread", "p_search": f"{TAG} Volume", "p_limit": 100,
                                               "p_offset": offset}).execute().data
        seen.update(row["client_id"] for row in page)
        assert all(row["unread"] == expected[row["client_id"]] for row in page)
    assert seen == unread
    [totals] = admin.rpc("conversation_counts", {"p_search": f"{TAG} Volume"}).execute().data
    assert (totals["all_count"], totals["unread_count"]) == (1100, len(unread))


def test_contains_pattern_trims_caps_and_takes_wildcards_literally(stack):
    [(pattern,)] = stack.sql("select public.contains_pattern(%s)", ("  50%_de\\desconto  ",))
    assert pattern == "%50\\%\\_de\\\\desconto%"
    [(capped, empty)] = stack.sql("select public.contains_pattern(repeat('a', 250)), public.contains_pattern(null)")
    assert (capped, empty) == ("%" + "a" * 200 + "%", "%%")
    admin = signed_in(stack, "admin@escritorio.test")
    client_id = new_client(stack, f"{TAG} 50% de_desconto")
    new_client(stack, f"{TAG} 50x dexdesconto")
    stack.sql("insert into messages (client_id, sender_type, content) select id, 'client', 'oi' from clients "
              "where full_name like %s", (f"{TAG} 50%",))
    rows = admin.rpc("conversation_list", {"p_filter": "all", "p_search": "50% de_", "p_limit": 10,
                                           "p_offset": 0}).execute().data
    assert [row["client_id"] for row in rows] == [client_id]
