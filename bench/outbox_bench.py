"""1,000 queued notifications delivered by the outbox worker to a fake provider that answers after 50 ms.

The worker keeps `concurrency` sends in flight, so the ideal throughput is concurrency / latency
(160/s at 8). Two runs: the worker's machinery alone (claim with SKIP LOCKED, lease, outcome per row,
against an in-process provider that only waits), and the whole WhatsApp path (HTTP to a fake Graph API
in its own process). Prints throughput and its ratio to the ideal. Then the pickup latency of a single
queued row (from its INSERT to the provider's call) with the default 1 s poll, with the worker woken by the
outbox's NOTIFY and, for comparison, with the poll alone (OUTBOX_LISTEN=false).
"""
from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests")]

from harness import Cluster, free_port  # noqa: E402
from office_outbox import whatsapp  # noqa: E402
from office_outbox.config import WorkerConfig  # noqa: E402
from office_outbox.worker import OutboxWorker  # noqa: E402
from supastack.core.config import REPO_ROOT, load_settings  # noqa: E402
from supastack.db.migrate import migrate  # noqa: E402

COUNT = 1000
LATENCY = 0.05
FAKE_GRAPH = f"""
import asyncio, itertools, sys, uvicorn
from fastapi import FastAPI
app, ids = FastAPI(), itertools.count()
@app.post("/{{v}}/{{p}}/messages")
async def send(v: str, p: str):
    await asyncio.sleep({LATENCY})
    return {{"messages": [{{"id": f"wamid.{{next(ids)}}"}}]}}
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


def queue(db_url: str) -> None:
    with psycopg.connect(db_url, autocommit=True) as conn:
        conn.execute("delete from public.notification_deliveries where channel <> 'in_app'")
        conn.execute("""insert into public.notification_deliveries
                          (channel, recipient, template, payload, idempotency_key)
                        select 'whatsapp', '+5511912345678', 'stage_change', '{"title": "Teste"}',
                               'bench:' || gen_random_uuid() from generate_series(1, %s)""", (COUNT,))


async def drain(worker: OutboxWorker, db_url: str) -> float:
    started = time.perf_counter()
    task = asyncio.create_task(worker.run())
    async with await psycopg.AsyncConnection.connect(db_url, autocommit=True) as conn:
        while True:
            cur = await conn.execute("select count(*) from public.notification_deliveries "
                                     "where channel <> 'in_app' and status <> 'sent'")
            if (await cur.fetchone())[0] == 0:
                break
            await asyncio.sleep(0.01)
    elapsed = time.perf_counter() - started
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await worker.close()
    return elapsed


async def pickup(worker: OutboxWorker, db_url: str, samples: int, gap: float) -> list[float]:
    """Seconds from each single row's INSERT to the provider's call, rows queued one by one, each up to `gap`
    seconds after the previous one was picked up (a gap of one poll puts the poll at a random phase)."""
    seen: dict[str, float] = {}

    async def provider(row: dict) -> str:
        seen[row["idempotency_key"]] = time.perf_counter()
        return "fake"

    worker.senders = {"whatsapp": provider}
    task = asyncio.create_task(worker.run())
    latencies = []
    async with await psycopg.AsyncConnection.connect(db_url, autocommit=True) as conn:
        await conn.execute("delete from public.notification_deliveries where channel <> 'in_app'")
        await asyncio.sleep(0.5)
        for i in range(samples):
            await asyncio.sleep(random.uniform(0, gap))
            key = f"pickup:{i}"
            started = time.perf_counter()
            await conn.execute("insert into public.notification_deliveries (channel, recipient, template, "
                               "idempotency_key) values ('whatsapp', '+5511912345678', 'stage_change', %s)", (key,))
            while key not in seen:
                await asyncio.sleep(0.001)
            latencies.append(seen[key] - started)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await worker.close()
    return latencies


def report_pickup(name: str, latencies: list[float]) -> None:
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    print(f"{name:<38} {len(latencies):>3} rows: p50 {cuts[49] * 1000:6.1f} ms, p99 {cuts[98] * 1000:6.1f} ms, "
          f"max {max(latencies) * 1000:6.1f} ms")


def report(name: str, concurrency: int, elapsed: float) -> None:
    ideal = concurrency / LATENCY
    rate = COUNT / elapsed
    print(f"{name:<38} concurrency {concurrency:>2}: {COUNT} in {elapsed:5.2f} s = {rate:6.1f}/s, "
          f"ideal {ideal:5.0f}/s, ratio {rate / ideal:.2f}")


async def main() -> None:
    cluster = Cluster()
    graph = None
    try:
        db_url = cluster.create_database("outbox_bench")
        settings = load_settings(REPO_ROOT, cluster.tmp / "data", {**os.environ, "DATABASE_URL": db_url})
        migrate(db_url, settings.migrations_dir, None, log=lambda *_: None)

        async def provider(row: dict) -> str:
            await asyncio.sleep(LATENCY)
            return "fake-" + row["idempotency_key"]

        for concurrency in (8, 32):
            queue(db_url)
            config = WorkerConfig(concurrency=concurrency, batch=concurrency, poll_seconds=0.05)
            worker = OutboxWorker(settings, config, senders={"whatsapp": provider})
            report("outbox, in-process provider", concurrency, await drain(worker, db_url))

        port = free_port()
        graph = subprocess.Popen([sys.executable, "-c", FAKE_GRAPH, str(port)])
        for _ in range(100):
            try:
                httpx.post(f"http://127.0.0.1:{port}/v/p/messages", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        fake = whatsapp.WhatsAppConfig(phone_number_id="1", access_token="t", template_name="atualizacao_caso",
                                       api_base_url=f"http://127.0.0.1:{port}")
        for concurrency in (8, 32):
            queue(db_url)
            config = WorkerConfig(concurrency=concurrency, batch=concurrency, poll_seconds=0.05)
            worker = OutboxWorker(settings, config)
            worker.http = httpx.AsyncClient(limits=httpx.Limits(max_connections=concurrency), timeout=10)

            async def send(row: dict, worker=worker) -> str:
                return await whatsapp.send(worker.http, fake, row["recipient"], row["template"], row["payload"],
                                           row["idempotency_key"])

            worker.senders = {"whatsapp": send}
            report("outbox + WhatsApp HTTP to a fake Graph", concurrency, await drain(worker, db_url))

        for listen, samples, gap in ((True, 200, 0.1), (False, 30, 1.0)):
            worker = OutboxWorker(settings, WorkerConfig(poll_seconds=1.0, listen=listen))
            report_pickup(f"pickup, poll 1 s, {'woken by NOTIFY' if listen else 'poll alone'}",
                          await pickup(worker, db_url, samples, gap))
    finally:
        if graph is not None:
            graph.terminate()
            graph.wait(10)
        cluster.stop()


if __name__ == "__main__":
    asyncio.run(main())
