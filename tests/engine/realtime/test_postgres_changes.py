"""postgres_changes through the real clients: RLS per subscriber, events, filters, bad joins."""
from __future__ import annotations

import asyncio
import json
import uuid

import pytest
import websockets
from realtime import RealtimeSubscribeStates

from realtime_helpers import sub_of, user_token
from supabase import acreate_client


async def py_channel(stack, token: str, name: str, bindings: list[dict]):
    """A supabase-py client subscribed to `bindings`; returns (client, channel, received, status)."""
    client = await acreate_client(stack.url, stack.anon_key)
    await client.realtime.set_auth(token)
    received: asyncio.Queue = asyncio.Queue()
    status: dict = {}
    channel = client.channel(name)
    for binding in bindings:
        channel.on_postgres_changes(callback=received.put_nowait, **binding)

    def on_status(state, error):
        status["state"], status["error"] = state, error

    await channel.subscribe(on_status)
    return client, channel, received, status


async def test_filtered_subscriber_gets_only_its_own_rows(rt_stack):
    maria, joao = user_token(rt_stack), user_token(rt_stack)
    maria_id, joao_id = sub_of(maria), sub_of(joao)
    c1, _, maria_events, s1 = await py_channel(rt_stack, maria, "maria", [
        {"event": "INSERT", "table": "messages", "schema": "public", "filter": f"client_id=eq.{maria_id}"}])
    # João listens to the whole table: RLS alone must keep Maria's rows from him
    c2, _, joao_events, s2 = await py_channel(rt_stack, joao, "joao", [
        {"event": "*", "table": "messages", "schema": "public"}])
    try:
        assert s1["state"] == s2["state"] == RealtimeSubscribeStates.SUBSCRIBED
        rt_stack.sql("insert into messages (client_id, content) values (%s, 'Olá Maria')", (maria_id,))
        change = await asyncio.wait_for(maria_events.get(), 2)
        data = change["data"]
        assert (data["type"], data["schema"], data["table"]) == ("INSERT", "public", "messages")
        assert data["record"]["content"] == "Olá Maria" and data["record"]["client_id"] == maria_id
        assert {"name": "client_id", "type": "uuid"} in data["columns"]
        rt_stack.sql("insert into messages (client_id, content) values (%s, 'Olá João')", (joao_id,))
        own = await asyncio.wait_for(joao_events.get(), 2)
        assert own["data"]["record"]["content"] == "Olá João"
        await asyncio.sleep(0.3)
        assert joao_events.empty() and maria_events.empty()
    finally:
        await c1.realtime.close()
        await c2.realtime.close()


async def test_update_delete_and_star_events(rt_stack):
    token = user_token(rt_stack)
    note_id = 1000 + uuid.uuid4().int % 100000
    client, _, events, status = await py_channel(rt_stack, token, "notes", [
        {"event": "*", "table": "notes", "schema": "public", "filter": f"id=eq.{note_id}"},
        {"event": "DELETE", "table": "notes", "schema": "public"}])
    try:
        assert status["state"] == RealtimeSubscribeStates.SUBSCRIBED
        rt_stack.sql("insert into notes (id, body, tags) values (%s, 'a', '{x,y}')", (note_id,))
        rt_stack.sql("update notes set body = 'b' where id = %s", (note_id,))
        rt_stack.sql("delete from notes where id = %s", (note_id,))
        kinds = []
        for _ in range(4):      # INSERT, UPDATE, DELETE (once per matching binding: two callbacks)
            change = await asyncio.wait_for(events.get(), 2)
            kinds.append(change["data"]["type"])
        assert kinds == ["INSERT", "UPDATE", "DELETE", "DELETE"]
        assert change["data"]["old_record"] == {"id": note_id, "body": "b", "tags": ["x", "y"]}  # replica full
    finally:
        await client.realtime.close()


async def test_filters_on_the_wire(rt_stack):
    token = user_token(rt_stack)
    owner = sub_of(token)
    base = 200000 + uuid.uuid4().int % 100000
    client, _, events, _ = await py_channel(rt_stack, token, "filters", [
        {"event": "INSERT", "table": "notes", "schema": "public", "filter": f"id=in.({base + 1},{base + 3})"},
        {"event": "INSERT", "table": "messages", "schema": "public", "filter": "priority=gte.5"},
        {"event": "INSERT", "table": "messages", "schema": "public", "filter": "content=neq.skip"}])
    try:
        for i in range(1, 5):
            rt_stack.sql("insert into notes (id, body) values (%s, 'n')", (base + i,))
        rt_stack.sql("insert into messages (client_id, content, priority) values (%s, 'skip', 4)", (owner,))
        rt_stack.sql("insert into messages (client_id, content, priority) values (%s, 'skip', 7)", (owner,))
        got = []
        for _ in range(3):
            change = await asyncio.wait_for(events.get(), 2)
            got.append((change["data"]["table"], change["data"]["record"].get("id"),
                        change["data"]["record"].get("priority")))
        await asyncio.sleep(0.3)
        assert events.empty()
        assert [g[1] for g in got[:2]] == [base + 1, base + 3]
        assert got[2][0] == "messages" and got[2][2] == 7
    finally:
        await client.realtime.close()


@pytest.mark.parametrize("binding, reason", [
    ({"event": "*", "table": "drafts", "schema": "public"}, "Unable to subscribe to changes"),
    ({"event": "*", "table": "nope", "schema": "public"}, "Unable to subscribe to changes"),
    ({"event": "*", "table": "messages", "schema": "public", "filter": "client_id=like.x"}, "Error parsing `filter`"),
    ({"event": "*", "table": "messages", "schema": "public", "filter": "missing=eq.1"}, "Error parsing `filter`"),
    # the old row of a DELETE cannot be RLS-checked: on an RLS table only its primary key may be matched
    ({"event": "DELETE", "table": "messages", "schema": "public",
      "filter": "client_id=eq.6de95fae-dec9-44a4-9d6d-b8b22ff110b4"}, "can only be filtered on its primary key (id)"),
    ({"event": "*", "table": "*", "schema": "public", "filter": "priority=gte.1"}, "not on `priority`"),
])
async def test_bad_joins_are_refused(rt_stack, binding, reason):
    client, _, _, status = await py_channel(rt_stack, user_token(rt_stack), "bad", [binding])
    try:
        assert status["state"] == RealtimeSubscribeStates.CHANNEL_ERROR
        assert reason in str(status["error"])
    finally:
        await client.realtime.close()


async def test_delete_filters_on_the_primary_key_or_as_service_role_are_accepted(rt_stack):
    owner_token, service = user_token(rt_stack), user_token(rt_stack, role="service_role")
    owner = sub_of(owner_token)
    row_id = rt_stack.sql("insert into messages (client_id, content) values (%s, 'x') returning id", (owner,))[0][0]
    c1, _, by_key, s1 = await py_channel(rt_stack, owner_token, "by-key", [
        {"event": "DELETE", "table": "messages", "schema": "public", "filter": f"id=eq.{row_id}"}])
    # service_role bypasses RLS, so it may filter on any column (here the old row is the key only: no match)
    c2, _, _, s2 = await py_channel(rt_stack, service, "by-client", [
        {"event": "DELETE", "table": "messages", "schema": "public", "filter": f"client_id=eq.{owner}"}])
    try:
        assert s1["state"] == s2["state"] == RealtimeSubscribeStates.SUBSCRIBED
        rt_stack.sql("delete from messages where id = %s", (row_id,))
        assert (await asyncio.wait_for(by_key.get(), 2))["data"]["old_record"] == {"id": row_id}
    finally:
        await c1.realtime.close()
        await c2.realtime.close()


async def test_expired_token_is_refused_at_join(rt_stack):
    client, _, _, status = await py_channel(rt_stack, user_token(rt_stack, ttl=-30), "expired", [
        {"event": "*", "table": "messages", "schema": "public"}])
    try:
        assert status["state"] == RealtimeSubscribeStates.CHANNEL_ERROR
        assert "InvalidJWTToken: Token has expired" in str(status["error"])
    finally:
        await client.realtime.close()


async def test_changes_of_unpublished_tables_and_rolled_back_writes_are_not_sent(rt_stack):
    token = user_token(rt_stack, role="service_role")
    client, _, events, _ = await py_channel(rt_stack, token, "everything", [
        {"event": "*", "table": "*", "schema": "public"}])
    try:
        rt_stack.sql("insert into drafts (id, body) values (%s, 'x')", (uuid.uuid4().int % 10**6,))
        rt_stack.sql("do $$ begin insert into notes (id) values (-1); raise exception 'undo'; "
                     "exception when others then null; end $$")
        big = "x" * 20000                      # above NOTIFY's limit: stored, then notified by id
        note_id = -2 - uuid.uuid4().int % 10**6
        rt_stack.sql("insert into notes (id, body) values (%s, %s)", (note_id, big))
        change = await asyncio.wait_for(events.get(), 2)
        assert change["data"]["record"] == {"id": note_id, "body": big, "tags": []}
        await asyncio.sleep(0.2)
        assert events.empty()
    finally:
        await client.realtime.close()


async def test_heartbeat_and_unjoined_topics_with_a_raw_v1_socket(rt_stack):
    url = rt_stack.url.replace("http", "ws") + f"/realtime/v1/websocket?apikey={rt_stack.settings.secret_key}"
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps({"topic": "phoenix", "event": "heartbeat", "payload": {}, "ref": "9"}))
        assert json.loads(await ws.recv()) == {"topic": "phoenix", "event": "phx_reply", "ref": "9",
                                               "join_ref": None, "payload": {"status": "ok", "response": {}}}
        await ws.send(json.dumps({"topic": "realtime:x", "event": "broadcast", "payload": {}, "ref": "10"}))
        assert json.loads(await ws.recv())["payload"] == {"status": "error", "response": {"reason": "unmatched topic"}}
        await ws.send(json.dumps({"topic": "realtime:x", "event": "phx_join", "ref": "11", "join_ref": "11",
                                  "payload": {"config": {"postgres_changes": []}}}))
        assert json.loads(await ws.recv())["payload"] == {"status": "ok", "response": {"postgres_changes": []}}
        await ws.send(json.dumps({"topic": "realtime:x", "event": "phx_leave", "ref": "12", "join_ref": "11",
                                  "payload": {}}))
        assert json.loads(await ws.recv())["payload"]["status"] == "ok"
        assert json.loads(await ws.recv())["event"] == "phx_close"
