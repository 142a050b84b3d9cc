"""Realtime postgres_changes: INSERT-to-callback latency, and throughput to 100 RLS-checked subscribers.

Starts its own PostgreSQL and stack (the realtime test fixture project: `messages` readable by its
client only, RLS by auth.uid()) and subscribes raw vsn 2.0.0 WebSocket clients, each with its own JWT.

Latency: rows inserted one at a time, time from the INSERT's call to the `postgres_changes` frame; the
baseline is a bare LISTEN/NOTIFY round trip on the same server.

Throughput ("changes per second delivered"): 100 subscribers, each a distinct user, all subscribed to
every INSERT of `messages`, so every change is RLS-checked for all 100 and delivered to the one whose row
it is. pgbench (its own process; this process's own connections without it) offers inserts at a target
rate, one row per transaction, from several connections, each row owned by a random one of the users;
rate = rows / (time from the first insert to the last delivery); latency per delivery, from the row's
clock_timestamp() at insert to the frame's arrival. A row that never arrives, arrives twice or reaches
a user RLS should have refused fails the target.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import glob
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import psycopg  # noqa: E402
import websockets  # noqa: E402

from harness import Cluster, StackProcess  # noqa: E402
from supastack.core import jwt  # noqa: E402
from supastack.realtime.trace import TRACE_ENV  # noqa: E402

FIXTURE = ROOT / "tests" / "engine" / "realtime" / "fixture"
TARGET_RATE = 3000        # changes per second delivered to 100 RLS-checked subscribers
TARGET_P99_MS = 25.0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def token(stack, user_id: str) -> str:
    now = int(time.time())
    return jwt.sign({"sub": user_id, "role": "authenticated", "iat": now, "exp": now + 3600},
                    stack.settings.jwt_secret)


class Subscriber:
    """One socket, one channel: every INSERT of messages (no filter, so RLS decides what arrives)."""

    def __init__(self, stack, user_id: str, arrivals: dict[str, list[float]]) -> None:
        self.stack, self.user_id, self.arrivals = stack, user_id, arrivals

    async def start(self) -> None:
        url = self.stack.url.replace("http", "ws") + f"/realtime/v1/websocket?apikey={self.stack.anon_key}&vsn=2.0.0"
        self.ws = await websockets.connect(url, max_queue=None, compression=None)
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
            now = time.perf_counter()
            frame = json.loads(raw)
            if frame[3] == "postgres_changes":
                self.arrivals.setdefault(frame[4]["data"]["record"]["content"], []).append(now)

    async def stop(self) -> None:
        self.task.cancel()
        await self.ws.close()


async def subscribe(stack, users: list[str], arrivals: dict[str, list[float]]) -> list[Subscriber]:
    subscribers = [Subscriber(stack, u, arrivals) for u in users]
    for i in range(0, len(subscribers), 20):
        await asyncio.gather(*(s.start() for s in subscribers[i:i + 20]))
    await asyncio.sleep(0.3)
    return subscribers


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
    """One insert at a time: per-delivery latencies and time-until-all-delivered, in ms."""
    arrivals: dict[str, list[float]] = {}
    subscribers = await subscribe(stack, users, arrivals)
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


def user_id(i: int) -> str:
    """The i-th throughput user: an id pgbench can build from a number too."""
    return f"00000000-0000-4000-8000-{i:012d}"


PGBENCH_SCRIPT = """\\set u random(0, :users - 1)
insert into {table} (client_id, content) values (('00000000-0000-4000-8000-' || lpad(:u::text, 12, '0'))::uuid, \
'{tag}' || extract(epoch from clock_timestamp())::text);
"""


def find_pgbench() -> str | None:
    candidates = [str(Path(os.environ["PG_BIN_DIR"]) / "pgbench")] if os.environ.get("PG_BIN_DIR") else []
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin/pgbench"), reverse=True)
    candidates.append(shutil.which("pgbench") or "")
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


async def offer_pgbench(pgbench: str, db_url: str, tag: str, users: int, rate: float, seconds: float,
                        writers: int, table: str = "messages") -> str:
    """pgbench (C, its own process, so the offered load costs this process nothing) throttled to `rate`."""
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as script:
        script.write(PGBENCH_SCRIPT.format(tag=tag, table=table))
    try:
        proc = await asyncio.create_subprocess_exec(
            pgbench, "-n", "-M", "prepared", "-c", str(writers), "-j", str(min(writers, os.cpu_count() or 1)),
            "-R", str(rate), "-T", str(max(1, round(seconds))), "-D", f"users={users}", "-f", script.name, db_url,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await proc.communicate()
        if proc.returncode != 0:
            raise RuntimeError(err.decode())
        return "pgbench"
    finally:
        os.unlink(script.name)


async def offer_python(db_url: str, tag: str, users: int, rate: float, seconds: float, writers: int,
                       table: str = "messages") -> str:
    """The same inserts from this process (when there is no pgbench), evenly spaced."""
    count = max(1, int(rate * seconds))
    conns = [await psycopg.AsyncConnection.connect(db_url, autocommit=True) for _ in range(writers)]
    t0 = time.perf_counter()

    async def writer(k: int) -> None:
        for i in range(k, count, writers):
            delay = t0 + i / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            await conns[k].execute(f"insert into {table} (client_id, content) values "
                                   "(%s, %s || extract(epoch from clock_timestamp())::text)",
                                   (user_id(i % users), tag))

    try:
        await asyncio.gather(*(writer(k) for k in range(writers)))
    finally:
        for conn in conns:
            await conn.close()
    return "psycopg"


class Receiver:
    """A throughput subscriber: keeps (row id, owner, insert time, arrival time) of the run's rows."""

    def __init__(self, stack, user: str, tag: str, got: list[tuple[int, str, str, float]],
                 table: str = "messages") -> None:
        self.stack, self.user, self.tag, self.got, self.table = stack, user, tag, got, table

    async def start(self) -> None:
        url = self.stack.url.replace("http", "ws") + f"/realtime/v1/websocket?apikey={self.stack.anon_key}&vsn=2.0.0"
        self.ws = await websockets.connect(url, max_queue=None, compression=None)
        await self.ws.send(json.dumps(["1", "1", "realtime:throughput", "phx_join", {
            "config": {"postgres_changes": [{"event": "INSERT", "schema": "public", "table": self.table}]},
            "access_token": token(self.stack, self.user)}]))
        reply = json.loads(await self.ws.recv())
        assert reply[4]["status"] == "ok", reply
        self.task = asyncio.create_task(self.read())

    async def read(self) -> None:
        async for raw in self.ws:
            now = time.time()
            frame = json.loads(raw)
            if frame[3] == "postgres_changes":
                record = frame[4]["data"]["record"]
                if record["content"].startswith(self.tag):
                    self.got.append((record["id"], self.user, record["client_id"], now))

    async def stop(self) -> None:
        self.task.cancel()
        await self.ws.close()


STAGES = ("insert to NOTIFY read", "read to check start", "RLS check", "checked to frames queued",
          "frames queued to client")


def stage_timings(trace_path: Path, inserted: dict[int, float], arrivals: dict[int, float]) -> dict[str, list[float]]:
    """Per delivered row, the ms spent in each stage, from the stack's trace (realtime/trace.py); and the
    stack's garbage collections over 1 ms between the first insert and the last arrival."""
    found: dict[str, list[float]] = {name: [] for name in STAGES}
    sizes: list[int] = []
    pauses: dict[str, list[float]] = {"gc pauses > 1 ms": [], "gc pauses, CPU ms": [], "gc full collections": []}
    first = min(inserted.values(), default=0.0)          # the trace holds earlier runs too: skip them
    last = max(arrivals.values(), default=first)
    for text in trace_path.read_text().splitlines():
        batch = json.loads(text)
        if batch.get("at", batch.get("queued", 0.0)) < first:
            continue
        if "gc" in batch:
            if batch["at"] <= last:
                pauses["gc pauses > 1 ms"].append(batch["ms"])
                pauses["gc pauses, CPU ms"].append(batch.get("cpu", batch["ms"]))
                if batch["gc"] == 2:
                    pauses["gc full collections"].append(batch["ms"])
            continue
        if "changes" not in batch:
            continue
        ours = [(row, read) for _, row, read in batch["changes"] if row in inserted and row in arrivals]
        if not ours:
            continue
        sizes.append(len(batch["changes"]))
        for row, read in ours:
            marks = (inserted[row], read, batch["started"], batch["checked"], batch["sent"], arrivals[row])
            for name, a, b in zip(STAGES, marks, marks[1:], strict=False):
                found[name].append((b - a) * 1000)
    found["batch size"] = sizes
    return found | pauses


class ClientPauses:
    """This process's own garbage collections over 1 ms (they delay the arrival times it records)."""

    def __init__(self) -> None:
        self.pauses: list[tuple[float, float]] = []      # (start, ms)
        self._started = 0.0

    def __enter__(self) -> ClientPauses:
        gc.callbacks.append(self._on_gc)
        return self

    def __exit__(self, *_: object) -> None:
        gc.callbacks.remove(self._on_gc)

    def _on_gc(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._started = time.time()
        elif (took := time.time() - self._started) > 0.001:
            self.pauses.append((self._started, took * 1000))


async def throughput(stack, users: int, rate: float, seconds: float, writers: int = 4,
                     drain: float = 10.0, use_pgbench: bool = True, trace: Path | None = None,
                     table: str = "messages") -> dict:
    """Inserts offered at `rate`/s for `seconds` by users 0..users-1 at random, each row delivered only to
    its owner by RLS (see the module docstring). Times are wall-clock: the row's clock_timestamp() at
    insert, the frame's arrival here (one machine, one clock)."""
    tag = f"tp-{uuid.uuid4().hex[:8]}-"
    got: list[tuple[int, str, str, float]] = []
    receivers = [Receiver(stack, user_id(i), tag, got, table) for i in range(users)]
    for i in range(0, users, 20):
        await asyncio.gather(*(r.start() for r in receivers[i:i + 20]))
    await asyncio.sleep(0.3)
    pgbench = find_pgbench() if use_pgbench else None
    # The bench's own full collections would hold up the arrival times it records (45-85 ms seen under load):
    # what is set up by now (sockets, receivers, earlier scenarios' leftovers) is collected once and frozen out of
    # its collector's sight for the run. The stack's own collections are untouched (realtime/collector.py).
    gc.collect()
    gc.freeze()
    with ClientPauses() as client:
        if pgbench:
            writer = await offer_pgbench(pgbench, stack.db_url, tag, users, rate, seconds, writers, table)
        else:
            writer = await offer_python(stack.db_url, tag, users, rate, seconds, writers, table)
        async with await psycopg.AsyncConnection.connect(stack.db_url, autocommit=True) as conn:
            cur = await conn.execute(f"select id, substr(content, %s)::float8 from {table} where content like %s",
                                     (len(tag) + 1, tag + "%"))
            inserted = dict(await cur.fetchall())
        deadline = time.perf_counter() + drain
        while time.perf_counter() < deadline and len({g[0] for g in got}) < len(inserted):
            await asyncio.sleep(0.01)
    gc.unfreeze()
    await asyncio.gather(*(r.stop() for r in receivers))
    delivered = {row for row, _, _, _ in got}
    wrong = sum(1 for _, user, owner, _ in got if user != owner)     # a row RLS should have kept from them
    latencies = [(arrival - inserted[row]) * 1000 for row, _, _, arrival in got if row in inserted]
    arrivals = {row: arrival for row, _, _, arrival in got}
    stages = stage_timings(trace, inserted, arrivals) if trace and trace.exists() else {}
    first = min(inserted.values(), default=0.0)
    last = max((arrival for *_, arrival in got), default=first)
    stages["bench client gc pauses > 1 ms"] = [ms for at, ms in client.pauses if first <= at <= last]
    span = max(last - first, 1e-9)
    return {"count": len(inserted), "delivered": len(delivered & inserted.keys()), "extra": wrong,
            "duplicates": len(got) - len(delivered), "latencies": latencies, "rate": len(delivered) / span,
            "offered": len(inserted) / max(max(inserted.values(), default=first) - first, 1e-9), "span": span,
            "writer": writer, "stages": stages}


def line(label: str, values: list[float], baseline: float) -> str:
    p50 = statistics.median(values)
    return (f"  {label:44} p50 {p50:7.2f} ms   p99 {pct(values, 0.99):7.2f} ms   "
            f"(p50 = {p50 / baseline:5.1f}x NOTIFY)")


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


async def run(stack, users: int = 100, rate: float = 3300, seconds: float = 3.0, rounds: int = 100,
              writers: int = 4, trace: Path | None = None) -> bool:
    """Every scenario against one stack; prints the figures and returns whether the targets were met."""
    baseline = statistics.median(await notify_baseline(stack.db_url, rounds * 2))
    one = str(uuid.uuid4())
    single, _ = await scenario(stack, [one], one, rounds * 2, 1)
    same_user = str(uuid.uuid4())
    fan_delivery, fan_all = await scenario(stack, [same_user] * users, same_user, rounds, users)
    many = [str(uuid.uuid4()) for _ in range(users)]
    rls_delivery, _ = await scenario(stack, many, many[0], rounds, 1)
    tp = await throughput(stack, users, rate, seconds, writers, trace=trace)
    exact_table = await other_policy_table(stack)
    tp_exact = await throughput(stack, users, rate, seconds, writers, trace=trace, table=exact_table)
    print(f"Realtime INSERT-to-callback latency (raw vsn 2.0.0 WebSocket subscribers, loopback; "
          f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores)")
    print(f"  {'bare LISTEN/NOTIFY round trip (baseline)':44} p50 {baseline:7.2f} ms")
    print(line("1 subscriber (RLS re-select per change)", single, baseline))
    print(line(f"{users} subscribers, one user: each delivery", fan_delivery, baseline))
    print(line(f"{users} subscribers, one user: all delivered", fan_all, baseline))
    print(line(f"{users} users, RLS checked for each, 1 may see it", rls_delivery, baseline))
    print(f"Realtime throughput: inserts (1 row per transaction, {writers} {tp['writer']} connections, target "
          f"{rate:.0f}/s) to {users} subscribers, each a distinct user RLS-checked for every change, each row "
          f"delivered to its owner")
    lat = report_throughput("owner-column policy (client_id = auth.uid()): one set-based check", tp)
    lat_exact = report_throughput("another policy shape: each subscriber's role and claims in turn", tp_exact)
    rls_p99 = pct(rls_delivery, .99)
    ok_rate = (tp["rate"] >= TARGET_RATE and tp["delivered"] == tp["count"] and not tp["extra"]
               and not tp["duplicates"])
    ok_p99 = pct(lat, .99) <= TARGET_P99_MS
    ok_rls = rls_p99 <= TARGET_P99_MS
    print(f"  target: >= {TARGET_RATE} changes/s delivered: {tp['rate']:.0f}  {verdict(ok_rate)}")
    print(f"  target: throughput p99 <= {TARGET_P99_MS:.0f} ms: {pct(lat, .99):.2f} ms  {verdict(ok_p99)}")
    print(f"  target: {users} distinct users p99 <= {TARGET_P99_MS:.0f} ms: {rls_p99:.2f} ms  {verdict(ok_rls)}")
    exact_ok = tp_exact["delivered"] == tp_exact["count"] and not tp_exact["extra"] and not tp_exact["duplicates"]
    print(f"  other policy shapes (exact path): {tp_exact['rate']:.0f} changes/s, p99 {pct(lat_exact, .99):.2f} ms"
          f" (information; every row to its owner only: {verdict(exact_ok)})", flush=True)
    return ok_rate and ok_p99 and ok_rls and exact_ok


async def other_policy_table(stack) -> str:
    """A copy of `messages` whose policy says the same in a shape the set-based check does not take
    (realtime/policies.py), so every subscriber is checked in turn under its own role and claims."""
    name = "messages_other_policy"
    async with await psycopg.AsyncConnection.connect(stack.db_url, autocommit=True) as conn:
        await conn.execute(f"""
            create table if not exists public.{name} (like public.messages including all);
            alter table public.{name} enable row level security;
            drop policy if exists "client reads own" on public.{name};
            create policy "client reads own" on public.{name} for select to authenticated
              using (coalesce(client_id = (select auth.uid()), false));
            grant select, insert on public.{name} to authenticated;
            do $$ begin
              if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime'
                             and tablename = '{name}') then
                alter publication supabase_realtime add table public.{name};
              end if;
            end $$;
            notify pgrst, 'reload schema';""")
    await asyncio.sleep(0.5)
    return name


def report_throughput(label: str, tp: dict) -> list[float]:
    lat = tp["latencies"] or [float("inf")]
    print(f"  {label}: offered {tp['count']} at {tp['offered']:.0f}/s, delivered {tp['delivered']}/{tp['count']} in "
          f"{tp['span']:.2f} s = {tp['rate']:.0f} changes/s; latency p50 {pct(lat, .5):.2f} ms, "
          f"p99 {pct(lat, .99):.2f} ms, max {max(lat):.2f} ms"
          + (f"; {tp['extra']} deliveries to users RLS should have refused" if tp["extra"] else "")
          + (f"; {tp['duplicates']} duplicates" if tp["duplicates"] else ""))
    for name, values in tp["stages"].items():
        if values:
            print(f"    stage {name:28} p50 {pct(values, .5):7.2f}   p99 {pct(values, .99):7.2f}   "
                  f"max {max(values):7.2f}" + ("" if name == "batch size" else " ms")
                  + (f"   ({len(values)} in the whole run)" if "gc" in name else ""))
    return lat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--rate", type=float, default=3300, help="offered inserts per second")
    parser.add_argument("--seconds", type=float, default=3.0, help="how long inserts are offered")
    parser.add_argument("--writers", type=int, default=4, help="inserting connections")
    parser.add_argument("--rounds", type=int, default=100, help="single-insert latency rounds")
    parser.add_argument("--no-stages", dest="stages", action="store_false",
                        help="do not trace where the throughput latency goes (one JSON line per batch)")
    args = parser.parse_args()
    cluster = Cluster()
    trace = cluster.tmp / f"realtime-trace-{uuid.uuid4().hex[:6]}.jsonl" if args.stages else None
    stack = StackProcess(cluster, workdir=FIXTURE, seed=False, name="bench_realtime",
                         env={TRACE_ENV: str(trace)} if trace else None)
    try:
        asyncio.run(run(stack, args.users, args.rate, args.seconds, args.rounds, args.writers, trace))
    finally:
        stack.stop()
        cluster.stop()


if __name__ == "__main__":
    main()
