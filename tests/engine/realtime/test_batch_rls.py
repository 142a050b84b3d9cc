"""RLS for many subscribers and many changes in one statement (realtime.visible_rows), and batched delivery."""
from __future__ import annotations

import asyncio
import json
import uuid

import websockets

from realtime_helpers import sub_of, user_token
from supastack.core.db import Database
from supastack.realtime import authorize, capture


def claims(user: str) -> dict:
    return {"sub": user, "role": "authenticated"}


def by_key(*groups: dict) -> dict[str, dict]:
    """Claims groups as the checks take them: by their claims key."""
    return {authorize.claims_key(c): c for c in groups}


async def published(stack, table: str) -> capture.TableInfo:
    db = Database(stack.db_url, min_size=1, max_size=2)
    await db.open()
    try:
        async with db.connection() as conn:
            catalog = await capture.load(conn)
    finally:
        await db.pool.close()
    found = catalog.get("public", table)
    assert found is not None
    return found


async def check(stack, table: capture.TableInfo, records: list[dict], groups: dict[str, dict]) -> dict:
    db = Database(stack.db_url, min_size=1, max_size=2)
    await db.open()
    try:
        return await authorize.visible_rows(db, table, records, groups)
    finally:
        await db.pool.close()


async def test_one_statement_answers_every_group_for_every_row(rt_stack):
    users = [str(uuid.uuid4()) for _ in range(3)]
    rows = rt_stack.sql("insert into messages (client_id, content) select (array[%s, %s, %s]::uuid[])[1 + g %% 3], "
                        "'batch' from generate_series(0, 8) g returning id, client_id::text", users)
    records = [{"id": row_id, "client_id": owner} for row_id, owner in rows]
    records.append({"id": -1, "client_id": users[0]})            # gone before the check: nobody sees it
    table = await published(rt_stack, "messages")
    groups = by_key(*(claims(u) for u in users), {"role": "anon"})
    found = await check(rt_stack, table, records, groups)
    for user in users:
        assert found[authorize.claims_key(claims(user))] == {
            k for k, r in enumerate(records[:-1]) if r["client_id"] == user}
    assert authorize.claims_key({"role": "anon"}) not in found    # the policy is for authenticated only


async def test_a_group_whose_check_fails_sees_nothing_and_the_others_still_see_theirs(rt_stack):
    user = str(uuid.uuid4())
    (row_id,) = rt_stack.sql("insert into messages (client_id, content) values (%s, 'x') returning id", (user,))[0]
    table = await published(rt_stack, "messages")
    # auth.uid() casts `sub` to uuid: for this group the policy itself raises
    groups = by_key({"sub": "not-a-uuid", "role": "authenticated"}, claims(user))
    found = await check(rt_stack, table, [{"id": row_id, "client_id": user}], groups)
    assert found == {authorize.claims_key(claims(user)): {0}}


def pair_rows(rt_stack) -> None:
    """A table keyed by two columns, each row readable by its owner."""
    rt_stack.sql("""
        create table if not exists public.pair_rows (a int, b text, owner uuid, primary key (a, b));
        alter table public.pair_rows enable row level security;
        drop policy if exists "own pairs" on public.pair_rows;
        create policy "own pairs" on public.pair_rows for select to authenticated using (owner = auth.uid());
        grant select on public.pair_rows to authenticated;""")


async def test_composite_keys_are_rechecked_too(rt_stack):
    pair_rows(rt_stack)
    me, other = str(uuid.uuid4()), str(uuid.uuid4())
    rt_stack.sql("insert into public.pair_rows values (1, 'x', %s), (1, 'y', %s), (2, 'x', %s)", (me, other, me))
    table = capture.TableInfo(oid=0, schema="public", name="pair_rows", rls=True, replica_full=False,
                              primary_key=("a", "b"), readers=frozenset({"authenticated"}), columns=(),
                              trigger_args=None)
    records = [{"a": 1, "b": "x"}, {"a": 1, "b": "y"}, {"a": 2, "b": "x"}]
    assert await check(rt_stack, table, records, by_key(claims(me), claims(other))) == {
        authorize.claims_key(claims(me)): {0, 2}, authorize.claims_key(claims(other)): {1}}


async def test_a_burst_in_one_transaction_reaches_each_owner_complete_and_in_order(rt_stack):
    tokens = [user_token(rt_stack) for _ in range(3)]
    users = [sub_of(t) for t in tokens]
    url = rt_stack.url.replace("http", "ws", 1) + f"/realtime/v1/websocket?apikey={rt_stack.anon_key}&vsn=2.0.0"
    sockets = []
    for t in tokens:
        ws = await websockets.connect(url, max_queue=None)
        await ws.send(json.dumps(["1", "1", "realtime:burst", "phx_join", {
            "config": {"postgres_changes": [{"event": "INSERT", "schema": "public", "table": "messages"}]},
            "access_token": t}]))
        while json.loads(await ws.recv())[3] != "system":
            pass
        sockets.append(ws)
    # 600 rows in one commit arrive as one burst of notifications, so they are checked and sent in batches
    rt_stack.sql("insert into messages (client_id, content) select (array[%s, %s, %s]::uuid[])[1 + g %% 3], "
                 "'burst-' || g from generate_series(0, 599) g", users)

    async def contents(ws) -> list[str]:
        got: list[str] = []
        while len(got) < 200:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if frame[3] == "postgres_changes":
                got.append(frame[4]["data"]["record"]["content"])
        return got

    try:
        received = await asyncio.gather(*(contents(ws) for ws in sockets))
    finally:
        for ws in sockets:
            await ws.close()
    for i, got in enumerate(received):
        assert got == [f"burst-{g}" for g in range(i, 600, 3)]


def exact_table(name: str, primary_key: tuple[str, ...]) -> capture.TableInfo:
    """A table the checks treat by the exact path (no owner-column shape read: every group re-selects)."""
    return capture.TableInfo(oid=0, schema="public", name=name, rls=True, replica_full=False,
                             primary_key=primary_key, readers=frozenset({"authenticated"}), columns=(),
                             trigger_args=None)


def office_rows(rt_stack) -> None:
    """Rows every signed-in user may read but `hidden` ones: a policy no owner column answers."""
    rt_stack.sql("""
        create table if not exists public.office_rows (id int primary key, body text);
        alter table public.office_rows enable row level security;
        drop policy if exists "office reads" on public.office_rows;
        create policy "office reads" on public.office_rows for select to authenticated using (body <> 'hidden');
        grant select on public.office_rows to authenticated;
        insert into public.office_rows select g, 'row ' || g from generate_series(1, 300) g on conflict do nothing;""")


async def test_each_group_rechecks_only_the_rows_its_bindings_want(rt_stack):
    office_rows(rt_stack)
    table = exact_table("office_rows", ("id",))
    records = [{"id": i} for i in (1, 2, 3, 4)]
    staff, client, other = claims(str(uuid.uuid4())), claims(str(uuid.uuid4())), claims(str(uuid.uuid4()))
    groups = by_key(staff, client, other)
    wanted = {authorize.claims_key(client): [2], authorize.claims_key(other): []}   # staff: no list, every row
    db = Database(rt_stack.db_url, min_size=1, max_size=1)
    await db.open()
    try:
        found = await authorize.visible_rows(db, table, records, groups, wanted)
        # a group with a list after one without, and the other way round, in one call
        again = await authorize.visible_rows(db, table, records, by_key(client, staff), wanted)
    finally:
        await db.pool.close()
    assert found == {authorize.claims_key(staff): {0, 1, 2, 3}, authorize.claims_key(client): {2}}
    assert again == {authorize.claims_key(staff): {0, 1, 2, 3}, authorize.claims_key(client): {2}}


async def test_composite_keys_are_rechecked_per_group_too(rt_stack):
    pair_rows(rt_stack)
    me = str(uuid.uuid4())
    rt_stack.sql("insert into public.pair_rows values (7, 'x', %s), (7, 'y', %s), (8, 'x', %s)", (me, me, me))
    records = [{"a": 7, "b": "x"}, {"a": 7, "b": "y"}, {"a": 8, "b": "x"}]
    db = Database(rt_stack.db_url, min_size=1, max_size=1)
    await db.open()
    try:
        found = await authorize.visible_rows(db, exact_table("pair_rows", ("a", "b")), records, by_key(claims(me)),
                                             {authorize.claims_key(claims(me)): [0, 2]})
    finally:
        await db.pool.close()
    assert found == {authorize.claims_key(claims(me)): {0, 2}}


async def test_the_changed_keys_are_read_once_per_check_not_once_per_row(rt_stack):
    """The re-selection's key list comes from a setting; compared row by row it was parsed again for every row
    a role's policy lets through (a staff member's check of 100 changes took a second)."""
    office_rows(rt_stack)
    table = exact_table("office_rows", ("id",))
    db = Database(rt_stack.db_url, min_size=1, max_size=1)
    await db.open()
    try:
        await authorize.visible_rows(db, table, [{"id": 1}], by_key(claims(str(uuid.uuid4()))))
        async with db.connection() as conn:
            (name,) = await (await conn.execute(
                "select name from pg_prepared_statements where name like 'realtime_visible_%' "
                "and statement like '%office_rows%'")).fetchone()
            async with conn.transaction(force_rollback=True):
                await conn.execute("select set_config('realtime.changed_keys', '{1,2,3}', true), "
                                   "set_config('plan_cache_mode', 'force_generic_plan', true)")
                await conn.execute("set local role authenticated")
                plan = [row[0] for row in await (await conn.execute(f'explain execute "{name}"')).fetchall()]
    finally:
        await db.pool.close()
    assert any("InitPlan" in line for line in plan), plan
    assert not any("current_setting" in line for line in plan if "Filter" in line or "Cond" in line), plan
