"""The outbox worker wakes on the outbox's NOTIFY: a queued row is picked up at once, not at the next poll
(the poll is set to 10 s, so only the wake-up explains a median pickup under 300 ms); one notification per
statement, none for the worker's own updates; the poll still delivers while the LISTEN connection is gone
and the listener comes back; two workers woken together send each row once."""
from __future__ import annotations

import asyncio
import contextlib
import statistics
import time
import uuid
from collections.abc import AsyncIterator

import psycopg
import pytest
from outbox_helpers import MARIA_EMAIL, change_stage, consent, new_stack

from office_outbox import wakeup
from office_outbox.config import WorkerConfig
from office_outbox.worker import OutboxWorker
from supastack.core.config import load_settings

# seconds from an INSERT to the provider, with the poll of these workers at 10 s: typically a few ms; a
# single pickup may take longer on a loaded machine, and anything under a second is still the wake-up
PICKUP = 0.3
SLOWEST = 1.0

INSERT = """insert into public.notification_deliveries (channel, recipient, template, payload, idempotency_key)
            select 'whatsapp', '+5511912345678', 'stage_change', '{"title": "Teste"}', %(key)s || ':' || i
              from generate_series(1, %(count)s) i"""


@pytest.fixture(scope="module")
def db_url(cluster) -> str:
    return cluster.migrated_database("outbox_wakeup", load_settings().migrations_dir)


@pytest.fixture
def clean(db_url) -> str:
    with psycopg.connect(db_url, autocommit=True) as conn:
        conn.execute("delete from public.notification_deliveries")
    return db_url


class Provider:
    """An in-process provider: when each idempotency key was first handed to it, and every call."""

    def __init__(self, latency: float = 0.0) -> None:
        self.latency = latency
        self.first: dict[str, float] = {}
        self.calls: list[str] = []

    async def __call__(self, row: dict) -> str:
        key = row["idempotency_key"]
        self.calls.append(key)
        self.first.setdefault(key, time.monotonic())
        await asyncio.sleep(self.latency)
        return "fake-" + key

    async def wait(self, key: str, timeout: float = 15.0) -> float:
        deadline = time.monotonic() + timeout
        while key not in self.first:
            assert time.monotonic() < deadline, f"{key} never reached the provider"
            await asyncio.sleep(0.005)
        return self.first[key]


def worker(db_url: str, provider: Provider, **config) -> OutboxWorker:
    settings = load_settings().model_copy(update={"database_url": db_url})
    return OutboxWorker(settings, WorkerConfig(**{"poll_seconds": 10.0, **config}),
                        senders={"whatsapp": provider})


@contextlib.asynccontextmanager
async def running(w: OutboxWorker, settle: float = 0.3) -> AsyncIterator[OutboxWorker]:
    task = asyncio.create_task(w.run())
    try:
        if w.config.listen:
            await asyncio.wait_for(w.listening.wait(), 15)
        await asyncio.sleep(settle)   # the first round is over: the worker now sleeps on its poll
        yield w
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await w.close()


async def queue(conn: psycopg.AsyncConnection, count: int = 1) -> tuple[str, float]:
    """Queues `count` rows in one statement; returns their key prefix and when the statement was sent."""
    key = f"wake:{uuid.uuid4().hex[:8]}"
    started = time.monotonic()
    await conn.execute(INSERT, {"key": key, "count": count})
    return key, started


def test_a_queued_row_reaches_the_provider_at_once_not_at_the_poll(clean):
    async def scenario() -> tuple[list[float], float]:
        provider = Provider()
        async with running(worker(clean, provider)), \
                await psycopg.AsyncConnection.connect(clean, autocommit=True) as conn:
            latencies = []
            for _ in range(5):
                key, started = await queue(conn)
                latencies.append(await provider.wait(key + ":1") - started)
                await asyncio.sleep(0.1)
            # a re-send is an update: a dead row (its insert woke no one) queued again as resend_delivery does
            await conn.execute("insert into public.notification_deliveries (channel, recipient, template, status, "
                               "attempts, idempotency_key) values ('whatsapp', '+5511912345678', 'k', 'dead', 6, "
                               "'dead:1')")
            await asyncio.sleep(0.3)
            assert "dead:1" not in provider.first
            started = time.monotonic()
            await conn.execute("update public.notification_deliveries set status = 'queued', attempts = 0, "
                               "next_attempt_at = now() where idempotency_key = 'dead:1'")
            return latencies, await provider.wait("dead:1") - started

    latencies, resend = asyncio.run(scenario())
    print(f"pickup after insert: {[round(x * 1000) for x in latencies]} ms; after re-send {resend * 1000:.0f} ms")
    assert statistics.median(latencies) < PICKUP and max(latencies) < SLOWEST and resend < SLOWEST


def test_without_the_listener_a_row_waits_for_the_poll(clean):
    """The control: the same worker not listening leaves the row for its 10 s poll."""
    async def scenario() -> bool:
        provider = Provider()
        async with running(worker(clean, provider, listen=False)), \
                await psycopg.AsyncConnection.connect(clean, autocommit=True) as conn:
            await queue(conn)
            await asyncio.sleep(1.0)
            return bool(provider.calls)

    assert asyncio.run(scenario()) is False


def test_one_notification_per_statement_and_none_for_rows_not_due(clean):
    with psycopg.connect(clean, autocommit=True) as listener, psycopg.connect(clean, autocommit=True) as conn:
        listener.execute(f"listen {wakeup.CHANNEL}")

        def heard() -> int:
            return sum(1 for _ in listener.notifies(timeout=0.3))

        conn.execute(INSERT, {"key": "batch", "count": 100})
        assert heard() == 1
        with conn.transaction():   # a transaction of several statements: one (identical notifications merge)
            conn.execute(INSERT, {"key": "tx-a", "count": 3})
            conn.execute(INSERT, {"key": "tx-b", "count": 3})
        assert heard() == 1
        # in-app copies, rows due later, the worker's claim and outcomes, status webhooks: nothing
        conn.execute("insert into public.notification_deliveries (channel, recipient, template, status, "
                     "idempotency_key) values ('in_app', 'x', 'k', 'sent', 'in-app:1')")
        conn.execute("insert into public.notification_deliveries (channel, recipient, template, "
                     "next_attempt_at, idempotency_key) values ('email', 'a@b.test', 'k', now() + interval '1 hour', "
                     "'later:1')")
        conn.execute("update public.notification_deliveries set status = 'sending', attempts = 1, "
                     "lease_until = now() + interval '2 minutes' where idempotency_key like 'batch:%'")
        conn.execute("update public.notification_deliveries set status = 'failed', "
                     "next_attempt_at = now() + interval '30 seconds' where idempotency_key like 'tx-a:%'")
        conn.execute("update public.notification_deliveries set status = 'sent' where idempotency_key like 'batch:%'")
        conn.execute("update public.notification_deliveries set provider_status = 'delivered' "
                     "where idempotency_key like 'batch:%'")
        assert heard() == 0
        # a failed row made due again
        conn.execute("update public.notification_deliveries set next_attempt_at = now() "
                     "where idempotency_key like 'tx-a:%'")
        assert heard() == 1


def test_the_poll_delivers_while_the_listener_is_down_and_the_listener_comes_back(cluster, clean):
    name = clean.rsplit("/", 1)[1]
    listener_pid = ("select pid from pg_stat_activity where datname = current_database() "
                    "and application_name = %s")

    async def scenario() -> tuple[float, float]:
        provider = Provider()
        w = worker(clean, provider, poll_seconds=0.3)
        async with running(w), await psycopg.AsyncConnection.connect(clean, autocommit=True) as conn, \
                await psycopg.AsyncConnection.connect(cluster.base_url, autocommit=True) as admin:
            key, _ = await queue(conn)       # the worker's connections are all open after a first delivery
            await provider.wait(key + ":1")
            [(first_pid,)] = await (await conn.execute(listener_pid, (wakeup.APPLICATION_NAME,))).fetchall()
            # the database takes no new connection for a while, so the listener cannot come back yet
            await admin.execute(f'alter database "{name}" with allow_connections false')
            try:
                await conn.execute("select pg_terminate_backend(%s)", (first_pid,))
                deadline = time.monotonic() + 10
                while w.listening.is_set():
                    assert time.monotonic() < deadline, "the listener did not notice its connection was gone"
                    await asyncio.sleep(0.01)
                key, started = await queue(conn)
                by_poll = await provider.wait(key + ":1") - started
                assert not w.listening.is_set()
            finally:
                await admin.execute(f'alter database "{name}" with allow_connections true')
            await asyncio.wait_for(w.listening.wait(), 15)
            [(second_pid,)] = await (await conn.execute(listener_pid, (wakeup.APPLICATION_NAME,))).fetchall()
            assert second_pid != first_pid
            # the wake-up works again: with the poll back at 10 s, a new row is picked up at once
            w.config.poll_seconds = 10.0
            await asyncio.sleep(0.5)
            key, started = await queue(conn)
            return by_poll, await provider.wait(key + ":1") - started

    by_poll, woken = asyncio.run(scenario())
    print(f"listener down: delivered by the poll in {by_poll * 1000:.0f} ms; back: {woken * 1000:.0f} ms")
    assert by_poll < 3 and woken < SLOWEST


def test_two_workers_woken_together_send_each_row_once(clean):
    async def scenario() -> tuple[Provider, Provider, list[str]]:
        a, b = Provider(latency=0.005), Provider(latency=0.005)
        async with running(worker(clean, a, batch=4, concurrency=4)), \
                running(worker(clean, b, batch=4, concurrency=4)), \
                await psycopg.AsyncConnection.connect(clean, autocommit=True) as conn:
            keys = []
            for _ in range(10):
                key, _ = await queue(conn, 20)
                keys += [f"{key}:{i}" for i in range(1, 21)]
                await asyncio.sleep(0.02)
            deadline = time.monotonic() + 15
            while (await (await conn.execute("select count(*) from public.notification_deliveries "
                                             "where status <> 'sent'")).fetchone())[0]:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.02)
            return a, b, keys

    a, b, keys = asyncio.run(scenario())
    assert sorted(a.calls + b.calls) == sorted(keys)          # each row handed to a provider exactly once
    assert a.calls and b.calls                                 # and both workers took part
    with psycopg.connect(clean) as conn:
        assert conn.execute("select count(*), max(attempts) from public.notification_deliveries").fetchone() == (200, 1)


def test_the_stack_mails_a_stage_change_at_once_with_a_10_s_poll(cluster, fake_smtp):
    """Through a running stack: the worker its start-up hook runs listens too."""
    s = new_stack(cluster, "outbox-wakeup", {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(fake_smtp.port),
                                             "OUTBOX_POLL_SECONDS": "10"})
    try:
        consent(s, "email")
        time.sleep(1)   # the worker's first round is long over
        started = time.monotonic()
        change_stage(s)
        fake_smtp.wait(1, timeout=15)
        elapsed = time.monotonic() - started
        print(f"stage change to mail received: {elapsed * 1000:.0f} ms")
        assert elapsed < 2 and fake_smtp.raw[0]["to"] == [MARIA_EMAIL]
    finally:
        s.stop()
