"""No silent losses: changes committed while the LISTEN connection or PostgreSQL itself was down still reach
subscribers, in order; a gap that cannot be filled is announced with a `system` error."""
from __future__ import annotations

import asyncio
import json
import time

import psycopg
import pytest
import websockets

from harness import Cluster, StackProcess
from realtime_helpers import FIXTURE, sub_of, user_token
from supastack.realtime import changelog

KILL_FEED = ("select count(pg_terminate_backend(pid)) from pg_stat_activity "
             "where application_name = 'supastack_realtime_feed' and datname = current_database()")


def kill_feed(stack, wait: float = 0.0) -> int:
    """Terminate the stack's LISTEN connection; with `wait`, first give a reconnecting feed that long."""
    deadline = time.monotonic() + wait
    while True:
        killed = stack.sql(KILL_FEED)[0][0]
        if killed or time.monotonic() >= deadline:
            return killed
        time.sleep(0.02)


class Subscriber:
    """A raw vsn 2.0.0 socket subscribed to one user's message INSERTs (RLS-checked); collects contents."""

    def __init__(self, stack, token: str) -> None:
        self.stack, self.token = stack, token
        self.contents: list[str] = []
        self.system: list[dict] = []

    async def __aenter__(self) -> Subscriber:
        url = self.stack.url.replace("http", "ws", 1) + f"/realtime/v1/websocket?apikey={self.stack.anon_key}&vsn=2.0.0"
        self.ws = await websockets.connect(url, max_queue=None)
        await self.ws.send(json.dumps(["1", "1", "realtime:lossless", "phx_join", {
            "config": {"postgres_changes": [{"event": "INSERT", "schema": "public", "table": "messages",
                                             "filter": f"client_id=eq.{sub_of(self.token)}"}]},
            "access_token": self.token}]))
        while True:
            frame = json.loads(await self.ws.recv())
            if frame[3] == "system":
                assert frame[4]["status"] == "ok", frame
                break
        self.reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        async for raw in self.ws:
            frame = json.loads(raw)
            if frame[3] == "postgres_changes":
                self.contents.append(frame[4]["data"]["record"]["content"])
            elif frame[3] == "system":
                self.system.append(frame[4])

    async def wait_for(self, count: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while len(self.contents) < count and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    async def __aexit__(self, *_exc) -> None:
        self.reader.cancel()
        await self.ws.close()


def write_messages(db_url: str, owner: str, count: int, pause: float = 0.0,
                   during=None, every: int = 0) -> list[str]:
    """Insert `count` messages one transaction each; call `during()` every `every` rows. Returns the
    contents committed, in commit order (a write that fails while the server restarts is retried)."""
    committed: list[str] = []
    conn = None
    i = 0
    while i < count:
        try:
            if conn is None or conn.closed:
                conn = psycopg.connect(db_url, autocommit=True)
            conn.execute("insert into messages (client_id, content) values (%s, %s)", (owner, f"m{i:04d}"))
            committed.append(f"m{i:04d}")
            i += 1
            if during and every and i % every == 0:
                during()
            time.sleep(pause)
        except psycopg.OperationalError:
            conn = None
            time.sleep(0.02)
    conn.close()
    return committed


async def test_killing_the_listen_connection_loses_nothing(rt_stack):
    token = user_token(rt_stack)
    kills: list[int] = []
    async with Subscriber(rt_stack, token) as subscriber:
        committed = await asyncio.to_thread(
            write_messages, rt_stack.db_url, sub_of(token), 600, 0.003,
            during=lambda: kills.append(kill_feed(rt_stack)), every=100)
        await subscriber.wait_for(len(committed), 20)
    assert subscriber.contents == committed          # every row, once, in commit order
    assert sum(kills) >= 4, kills                    # the feed was really cut, again and again
    assert subscriber.system == []


async def test_a_gap_that_cannot_be_filled_is_announced(rt_stack):
    token = user_token(rt_stack)
    async with Subscriber(rt_stack, token) as subscriber:
        # as if the log had been trimmed past what this process delivered (e.g. a long outage)
        rt_stack.sql("update realtime.change_log_state set trimmed_xid = 9223372036854775807")
        try:
            assert kill_feed(rt_stack, wait=5) == 1
            deadline = time.monotonic() + 10
            while not subscriber.system and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
        finally:
            rt_stack.sql("update realtime.change_log_state set trimmed_xid = 0")
    assert len(subscriber.system) == 1
    notice = subscriber.system[0]
    assert (notice["extension"], notice["status"], notice["channel"]) == ("postgres_changes", "error", "lossless")
    assert notice["message"].startswith("ChangesLost: ")


@pytest.fixture(scope="module")
def own_cluster():
    """A PostgreSQL server of this module's own, since the test restarts it."""
    cluster = Cluster()
    if cluster.pg is None:
        pytest.skip("needs the embedded PostgreSQL (TEST_DATABASE_URL points at a server the tests cannot restart)")
    yield cluster
    cluster.stop()


async def test_changes_written_right_after_a_postgres_restart_arrive(own_cluster):
    stack = StackProcess(own_cluster, workdir=FIXTURE, seed=False, name="realtime_restart")
    try:
        token = user_token(stack)
        async with Subscriber(stack, token) as subscriber:
            await asyncio.to_thread(own_cluster.pg.stop)
            await asyncio.sleep(1.5)             # down long enough for the feed to be between attempts
            await asyncio.to_thread(own_cluster.pg.start)
            started = time.monotonic()
            committed = await asyncio.to_thread(write_messages, stack.db_url, sub_of(token), 150, 0.018)
            elapsed = time.monotonic() - started
            await subscriber.wait_for(len(committed), 20)
        assert elapsed < 6, elapsed
        assert subscriber.contents == committed
        assert subscriber.system == []
    finally:
        stack.stop()



async def test_trimming_the_log_remembers_how_far_it_went(rt_stack):
    owner = sub_of(user_token(rt_stack))
    rt_stack.sql("insert into messages (client_id, content) values (%s, 'old')", (owner,))
    seq, xid = rt_stack.sql("select seq, xid from realtime.change_log order by seq desc limit 1")[0]
    rt_stack.sql("update realtime.change_log set created_at = now() - interval '1 hour' where seq <= %s", (seq,))
    try:
        async with await psycopg.AsyncConnection.connect(rt_stack.db_url, autocommit=True) as conn:
            await changelog.trim(conn)
        assert rt_stack.sql("select count(*) from realtime.change_log where seq <= %s", (seq,)) == [(0,)]
        assert rt_stack.sql("select trimmed_xid from realtime.change_log_state") == [(xid,)]
    finally:
        rt_stack.sql("update realtime.change_log_state set trimmed_xid = 0")
