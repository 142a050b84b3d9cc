"""Realtime INSERT-to-callback latency: 1 subscriber, 100 subscribers of one user, 100 users (RLS per user).

Starts its own PostgreSQL and stack (the realtime test fixture project), subscribes raw vsn 2.0.0
WebSocket clients, inserts rows one at a time and measures the time from the INSERT's commit call
to the `postgres_changes` frame arriving. The baseline is a bare LISTEN/NOTIFY round trip on the
same server, so the printed ratio is what the stack adds on top of PostgreSQL's own delivery.
"""
from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import psycopg  # noqa: E402
import websockets  # noqa: E402

from harness import Cluster, StackProcess  # noqa: E402
from supastack.core import jwt  # noqa: E402

FIXTURE = ROOT / "tests" / "realtime" / "fixture"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def token(stack, user_id: str) -> str:
    now = int(time.time())
    return jwt.sign({"sub": user_id, "role": "authenticated", "iat": now, "exp": now + 3600},
                    stack.settings.jwt_secret)


class Subscriber:
    def __init__(self, stack, user_id: str, arrivals: dict[str, list[float]]) -> None:
        self.stack, self.user_id, self.arrivals = stack, user_id, arrivals

    async def start(self) -> None:
        url = self.stack.url.replace("http", "ws") + f"/realtime/v1/websocket?apikey={self.stack.anon_key}&vsn=2.0.0"
        self.ws = await websockets.connect(url, max_queue=None)
        await self.ws.send(json.dumps(["1", "1", "realtime:bench", "phx_join", {
            "config": {"broadcast": {"self": False, "ack": False}, "presence": {"key": "", "enabled": False},
                       "postgres_changes": [{"event": "INSERT", "schema": "public", "table": "messages"}],
                       "private": False},
            "access_token": token(self.stack, self.user_id)}]))
        reply = json.loads(await self.ws.recv())
        assert reply[4]["status"] == "ok", reply
        self.task = asyncio.create_task(self.read())

    async def read(self) -> None:
        async for raw in self.ws:
            frame = json.loads(raw)
            if frame[3] == "postgres_changes":
                self.arrivals.setdefault(frame[4]["data"]["record"]["content"], []).append(time.perf_counter())

    async def stop(self) -> None:
        self.task.cancel()
        await self.ws.close()


async def notify_baseline(db_url: str, rounds: int) -> list[float]:
    listener = await psycopg.AsyncConnection.connect(db_url, autocommit=True)
    sender = await psycopg.AsyncConnection.connect(db_url, autocommit=True)
    await listener.execute("listen bench_baseline")
    notes = listener.notifies()
    latencies = []
    for i in range(rounds):
        start = time.perf_counter()
        await sender.execute("select pg_notify('bench_baseline', %s)", (str(i),))
        await anext(notes)
        latencies.append((time.perf_counter() - start) * 1000)
    await listener.close()
    await sender.close()
    return latencies


async def scenario(stack, users: list[str], owner: str, rounds: int, expected: int) -> tuple[list[float], list[float]]:
    """Per-delivery latencies and time-until-all-delivered, in ms."""
    arrivals: dict[str, list[float]] = {}
    subscribers = [Subscriber(stack, u, arrivals) for u in users]
    await asyncio.gather(*(s.start() for s in subscribers))
    await asyncio.sleep(0.3)
    per_delivery, all_delivered = [], []
    async with await psycopg.AsyncConnection.connect(stack.db_url, autocommit=True) as conn:
        for i in range(rounds + 5):
            content = f"bench-{uuid.uuid4().hex}"
            start = time.perf_counter()
            await conn.execute("insert into messages (client_id, content) values (%s, %s)", (owner, content))
            deadline = time.perf_counter() + 5
            while len(arrivals.get(content, ())) < expected and time.perf_counter() < deadline:
                await asyncio.sleep(0.0005)
            times = arrivals.get(content, [])
            if len(times) < expected:
                raise RuntimeError(f"only {len(times)} of {expected} deliveries arrived")
            if i >= 5:                            # warm-up rounds are not counted
                per_delivery += [(t - start) * 1000 for t in times]
                all_delivered.append((max(times) - start) * 1000)
    await asyncio.gather(*(s.stop() for s in subscribers))
    return per_delivery, all_delivered


def line(label: str, values: list[float], baseline: float) -> str:
    p50 = statistics.median(values)
    return (f"  {label:44} p50 {p50:7.2f} ms   p99 {pct(values, 0.99):7.2f} ms   "
            f"(p50 = {p50 / baseline:5.1f}x NOTIFY)")


async def main() -> None:
    cluster = Cluster()
    stack = StackProcess(cluster, workdir=FIXTURE, seed=False, name="bench_realtime")
    try:
        baseline = statistics.median(await notify_baseline(stack.db_url, 200))
        one = str(uuid.uuid4())
        single, _ = await scenario(stack, [one], one, 200, 1)
        same_user = str(uuid.uuid4())
        fan_delivery, fan_all = await scenario(stack, [same_user] * 100, same_user, 100, 100)
        many = [str(uuid.uuid4()) for _ in range(100)]
        rls_delivery, _ = await scenario(stack, many, many[0], 100, 1)
        print("Realtime INSERT-to-callback latency (raw vsn 2.0.0 WebSocket subscribers, loopback)")
        print(f"  {'bare LISTEN/NOTIFY round trip (baseline)':44} p50 {baseline:7.2f} ms")
        print(line("1 subscriber (RLS re-select per change)", single, baseline))
        print(line("100 subscribers, one user: each delivery", fan_delivery, baseline))
        print(line("100 subscribers, one user: all 100 delivered", fan_all, baseline))
        print(line("100 users, RLS checked for each, 1 may see it", rls_delivery, baseline))
    finally:
        stack.stop()
        cluster.stop()


if __name__ == "__main__":
    asyncio.run(main())
