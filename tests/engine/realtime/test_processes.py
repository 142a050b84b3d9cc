"""Several stack processes on one database, and clients that outlive a restart of the stack."""
from __future__ import annotations

import asyncio
import uuid

import pytest
from realtime import RealtimeSubscribeStates

from harness import StackProcess, free_port
from realtime_helpers import FIXTURE, NodeListener, sub_of, user_token
from supabase import AsyncClientOptions, acreate_client
from supastack.core.config import load_settings

subscribed = lambda e: e["type"] == "status" and e["status"] == "SUBSCRIBED"  # noqa: E731


@pytest.fixture(scope="module")
def pair(cluster):
    """Two `serve` processes on the same database (as behind a load balancer)."""
    first = StackProcess(cluster, workdir=FIXTURE, seed=False, name="realtime_pair")
    second = object.__new__(StackProcess)
    second.workdir, second.data_dir, second.db_url, second.proc = first.workdir, first.data_dir, first.db_url, None
    second.env = {**first.env, "API_PORT": str(free_port()), "APP_PORT": str(free_port())}
    second.settings = load_settings(second.workdir, second.data_dir, second.env)
    second.start()
    yield first, second
    second.stop()
    first.stop()


def test_broadcast_presence_and_changes_cross_processes(pair):
    first, second = pair
    room = f"shared-{uuid.uuid4().hex[:6]}"
    token = user_token(first)
    on_first = NodeListener(first, {"channel": room, "presence": {"key": "a"}})
    on_second = NodeListener(second, {"channel": room, "presence": {"key": "b"}, "token": token,
                                      "postgres_changes": [{"event": "INSERT", "schema": "public",
                                                            "table": "messages"}]})
    try:
        on_first.wait(subscribed)
        on_second.wait(subscribed)
        on_first.command({"send": {"event": "hello", "payload": {"from": "first"}}})
        assert on_second.wait(lambda e: e.get("event") == "hello")["payload"] == {"from": "first"}
        on_first.command({"track": {"where": "first"}})
        on_second.wait(lambda e: e["type"] == "presence" and "a" in e["state"])
        first.sql("insert into messages (client_id, content) values (%s, 'via db')", (sub_of(token),))
        assert on_second.wait(lambda e: e["type"] == "postgres_changes")["new"]["content"] == "via db"
    finally:
        on_first.close()
        on_second.close()


async def test_clients_resubscribe_after_a_restart(pair):
    stack = pair[0]
    token = user_token(stack)
    owner = sub_of(token)
    js = NodeListener(stack, {"token": token, "channel": "after-restart", "reconnectMs": 300, "postgres_changes": [
        {"event": "INSERT", "schema": "public", "table": "messages", "filter": f"client_id=eq.{owner}"}]})
    client = await acreate_client(stack.url, stack.anon_key,
                                  options=AsyncClientOptions(realtime={"initial_backoff": 0.3, "max_retries": 10}))
    await client.realtime.set_auth(token)
    received: asyncio.Queue = asyncio.Queue()
    states: list = []
    channel = client.channel("after-restart-py")
    channel.on_postgres_changes("INSERT", received.put_nowait, table="messages", schema="public",
                                filter=f"client_id=eq.{owner}")
    await channel.subscribe(lambda state, _error: states.append(state))
    try:
        first_join = js.wait(subscribed)
        assert states[-1] == RealtimeSubscribeStates.SUBSCRIBED
        await asyncio.to_thread(stack.restart)
        # both clients notice the closed socket, reconnect with backoff and rejoin on their own
        for _ in range(150):
            if states.count(RealtimeSubscribeStates.SUBSCRIBED) >= 2:
                break
            await asyncio.sleep(0.1)
        assert states.count(RealtimeSubscribeStates.SUBSCRIBED) >= 2
        await asyncio.to_thread(js.wait, lambda e: subscribed(e) and e is not first_join, 15)
        stack.sql("insert into messages (client_id, content) values (%s, 'depois')", (owner,))
        change = await asyncio.wait_for(received.get(), 2)
        assert change["data"]["record"]["content"] == "depois"
        event = await asyncio.to_thread(js.wait, lambda e: e["type"] == "postgres_changes", 2)
        assert event["new"]["content"] == "depois"
    finally:
        js.close()
        await client.realtime.close()
