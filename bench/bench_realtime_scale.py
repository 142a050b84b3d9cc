"""Realtime at an office's scale: 1,000 portal clients and 30 staff connected, 200 changes/s of mixed tables.

Starts its own PostgreSQL and the product's stack (the office's migrations and seed, so the real policies:
`current_client_id()`, `own_process_ids()`, `is_staff()`), adds 1,000 client log-ins (each with a client record
and a process) and 30 staff log-ins, and connects one raw vsn 2.0.0 WebSocket per person, subscribed as the
app subscribes:
  - a client: `messages` of its client id, its own `notifications`, the `process_events` of its process;
  - staff: every `messages` and `process_events` INSERT (RLS decides: staff read all).
Then inserts are offered at 200/s for 10 s, a third each to messages (office to a random client), notifications
(to a random client's user) and process_events (a status change of a random client's process). Every row must
reach exactly those who may read it: its client (and the 30 staff for messages and process events); a row that
reaches anybody else fails the run. Latency: the row's clock_timestamp() at insert to the frame's arrival here.
Target: p99 <= 50 ms.

With --stages the stack writes its stage trace (realtime/trace.py) and the run prints where the time went per
delivered row (insert to notification read, waiting for a check slot, the RLS check, sending, and the frames'
way to the sockets), and the CPU seconds the API process, PostgreSQL and this bench each used during the run.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import psutil  # noqa: E402
import psycopg  # noqa: E402
import websockets  # noqa: E402

from harness import Cluster, StackProcess  # noqa: E402
from supastack.core import jwt  # noqa: E402
from supastack.realtime.trace import TRACE_ENV  # noqa: E402

TARGET_P99_MS = 50.0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else float("inf")


def ident(prefix: int, i: int) -> str:
    return f"{prefix:08d}-0000-4000-8000-{i:012d}"


def token(stack, user: str, staff: bool) -> str:
    now = int(time.time())
    claims = {"sub": user, "role": "authenticated", "iat": now, "exp": now + 3600, "aal": "aal2" if staff else "aal1"}
    return jwt.sign(claims, stack.settings.jwt_secret)


def people(db_url: str, clients: int, staff: int) -> list[tuple[str, str, int]]:
    """Adds the log-ins; returns (user id, client id, process id) per client."""
    with psycopg.connect(db_url, autocommit=True) as conn:
        conn.execute("""
            insert into auth.users (id, email, aud, role, email_confirmed_at)
            select ('71000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'rt-client-' || i || '@bench.test',
                   'authenticated', 'authenticated', now() from generate_series(0, %(c)s - 1) i
            union all
            select ('72000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'rt-staff-' || i || '@bench.test',
                   'authenticated', 'authenticated', now() from generate_series(0, %(s)s - 1) i""",
                     {"c": clients, "s": staff})
        conn.execute("""
            insert into public.user_roles (user_id, role)
            select ('71000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'client'
              from generate_series(0, %(c)s - 1) i
            union all
            select ('72000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'legal_assistant'
              from generate_series(0, %(s)s - 1) i
            on conflict do nothing""", {"c": clients, "s": staff})
        conn.execute("""
            insert into public.clients (id, user_id, full_name, email)
            select ('73000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid,
                   ('71000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid,
                   'Cliente Tempo Real ' || i, 'rt-client-' || i || '@bench.test'
              from generate_series(0, %(c)s - 1) i""",
                     {"c": clients})
        rows = conn.execute("""
            insert into public.processes (client_id, type)
            select ('73000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'Ajuste de status'
              from generate_series(0, %(c)s - 1) i
            returning client_id, id""", {"c": clients}).fetchall()
        conn.execute("analyze")
    process_of = {str(c): p for c, p in rows}
    return [(ident(71000000, i), ident(73000000, i), process_of[ident(73000000, i)]) for i in range(clients)]


class Person:
    """One socket, one channel with the person's subscriptions; keeps (table, row tag, arrival) of the run's rows."""

    def __init__(self, stack, user: str, subscriptions: list[dict], staff: bool, tag: str,
                 got: list[tuple[str, str, str, float]]) -> None:
        self.stack, self.user, self.subscriptions, self.staff, self.tag, self.got = (
            stack, user, subscriptions, staff, tag, got)

    async def start(self) -> None:
        url = self.stack.url.replace("http", "ws") + f"/realtime/v1/websocket?apikey={self.stack.anon_key}&vsn=2.0.0"
        self.ws = await websockets.connect(url, max_queue=None, compression=None, open_timeout=60)
        access_token = token(self.stack, self.user, self.staff)
        await self.ws.send(json.dumps(["1", "1", f"realtime:office-{self.user[-6:]}", "phx_join", {
            "config": {"postgres_changes": self.subscriptions}, "access_token": access_token}]))
        reply = json.loads(await asyncio.wait_for(self.ws.recv(), 60))
        assert reply[4]["status"] == "ok", reply
        self.task = asyncio.create_task(self.read())

    async def read(self) -> None:
        async for raw in self.ws:
            now = time.time()
            frame = json.loads(raw)
            if frame[3] != "postgres_changes":
                continue
            data = frame[4]["data"]
            record = data["record"]
            marker = record.get("content") or record.get("title") or record.get("to_value") or ""
            if marker.startswith(self.tag):
                self.got.append((self.user, data["table"], marker, now))

    async def stop(self) -> None:
        self.task.cancel()
        await self.ws.close()


def subscriptions_of(client: str, user: str, process: int) -> list[dict]:
    return [{"event": "INSERT", "schema": "public", "table": "messages", "filter": f"client_id=eq.{client}"},
            {"event": "INSERT", "schema": "public", "table": "notifications", "filter": f"user_id=eq.{user}"},
            {"event": "INSERT", "schema": "public", "table": "process_events", "filter": f"process_id=eq.{process}"}]


STAFF_SUBSCRIPTIONS = [{"event": "INSERT", "schema": "public", "table": "messages"},
                       {"event": "INSERT", "schema": "public", "table": "process_events"}]


async def offer(db_url: str, tag: str, clients: list[tuple[str, str, int]], rate: float, seconds: float,
                writers: int = 4) -> dict[str, tuple[str, str, str]]:
    """The mixed inserts, evenly spaced; returns marker -> (table, the user id of the client it belongs to,
    the row's id)."""
    count = int(rate * seconds)
    plan: list[tuple[str, tuple[str, str, int]]] = [(("messages", "notifications", "process_events")[i % 3],
                                                     random.choice(clients)) for i in range(count)]
    expected: dict[str, tuple[str, str, str]] = {}
    conns = [await psycopg.AsyncConnection.connect(db_url, autocommit=True) for _ in range(writers)]
    t0 = time.perf_counter()

    async def writer(k: int) -> None:
        for i in range(k, count, writers):
            delay = t0 + i / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            table, (user, client, process) = plan[i]
            marker_sql = "%s || extract(epoch from clock_timestamp())::text"
            prefix = f"{tag}{i}|"
            if table == "messages":
                cur = await conns[k].execute(
                    "insert into public.messages (client_id, sender_type, content) "
                    f"values (%s, 'office', {marker_sql}) returning content, id", (client, prefix))
            elif table == "notifications":
                cur = await conns[k].execute(
                    f"insert into public.notifications (user_id, kind, title) values (%s, 'bench', {marker_sql}) "
                    "returning title, id", (user, prefix))
            else:
                cur = await conns[k].execute(
                    "insert into public.process_events (process_id, kind, from_value, to_value) "
                    f"values (%s, 'status_change', 'a', {marker_sql}) returning to_value, id", (process, prefix))
            row = await cur.fetchone()
            assert row is not None
            expected[row[0]] = (table, user, str(row[1]))

    try:
        await asyncio.gather(*(writer(k) for k in range(writers)))
    finally:
        for conn in conns:
            await conn.close()
    return expected


STAGES = ("insert to notification read", "read to check started", "RLS check", "check to frames queued",
          "frames queued to first arrival", "first to last arrival of a row")


def stage_timings(trace: Path, expected: dict[str, tuple[str, str, str]],
                  got: list[tuple[str, str, str, float]]) -> dict[str, list[float]]:
    """Per row, the ms of each stage, from the stack's trace and this bench's arrivals."""
    inserted = {row_id: float(marker.split("|", 1)[1]) for marker, (_, _, row_id) in expected.items()}
    id_of = {marker: row_id for marker, (_, _, row_id) in expected.items()}
    arrivals: dict[str, list[float]] = {}
    for _, _, marker, at in got:
        if marker in id_of:
            arrivals.setdefault(id_of[marker], []).append(at)
    found: dict[str, list[float]] = {name: [] for name in STAGES}
    sizes: list[int] = []
    pauses: list[float] = []
    full: list[float] = []
    full_cpu: list[float] = []
    first = min(inserted.values(), default=0.0)
    for text in trace.read_text().splitlines():
        batch = json.loads(text)
        if "gc" in batch and batch["at"] >= first:
            pauses.append(batch["ms"])
            if batch["gc"] == 2:
                full.append(batch["ms"])
                full_cpu.append(batch.get("cpu", batch["ms"]))
        if "changes" not in batch:
            continue
        ours = [(str(row), read) for _, row, read in batch["changes"] if str(row) in inserted and str(row) in arrivals]
        if not ours:
            continue
        sizes.append(len(batch["changes"]))
        for row, read in ours:
            marks = (inserted[row], read, batch["started"], batch["checked"], batch["sent"], min(arrivals[row]),
                     max(arrivals[row]))
            for name, a, b in zip(STAGES, marks, marks[1:], strict=False):
                found[name].append((b - a) * 1000)
    found["batch size (changes)"] = [float(n) for n in sizes]
    found["stack's gc pauses > 1 ms"] = pauses
    found["stack's full collections, ms"] = full
    found["stack's full collections, CPU ms"] = full_cpu
    return found


def cpu_seconds(pids: list[int], children: bool = True) -> float:
    """User + system CPU of these processes (and their children that are alive now)."""
    total = 0.0
    for pid in pids:
        try:
            proc = psutil.Process(pid)
            for p in [proc, *(proc.children(recursive=True) if children else ())]:
                times = p.cpu_times()
                total += times.user + times.system
        except psutil.Error:
            continue
    return total


async def run(stack, clients: int, staff: int, rate: float, seconds: float, trace: Path | None = None,
              postmaster: int | None = None) -> bool:
    portal = people(stack.db_url, clients, staff)
    staff_users = [ident(72000000, i) for i in range(staff)]
    tag = f"rs{uuid.uuid4().hex[:6]}-"
    got: list[tuple[str, str, str, float]] = []
    everyone = [Person(stack, user, subscriptions_of(client, user, process), False, tag, got)
                for user, client, process in portal]
    everyone += [Person(stack, user, STAFF_SUBSCRIPTIONS, True, tag, got) for user in staff_users]
    started = time.perf_counter()
    for i in range(0, len(everyone), 50):
        await asyncio.gather(*(p.start() for p in everyone[i:i + 50]))
    connected = time.perf_counter() - started
    await asyncio.sleep(1.0)
    groups = {"API process": [stack.proc.pid], "PostgreSQL": [postmaster] if postmaster else [],
              "this bench": [os.getpid()]}
    # the bench alone: the stack it started is its child
    own = {"this bench": False}
    cpu_before = {name: cpu_seconds(pids, own.get(name, True)) for name, pids in groups.items()}
    wall_before = time.perf_counter()
    expected = await offer(stack.db_url, tag, portal, rate, seconds)
    wanted = {(user, marker) for marker, (_, user, _) in expected.items()}
    wanted |= {(s, marker) for marker, (table, _, _) in expected.items() if table != "notifications"
               for s in staff_users}
    deadline = time.perf_counter() + 15
    while time.perf_counter() < deadline and len({(u, m) for u, _, m, _ in got} & wanted) < len(wanted):
        await asyncio.sleep(0.05)
    cpu = {name: cpu_seconds(pids, own.get(name, True)) - cpu_before[name] for name, pids in groups.items()}
    wall = time.perf_counter() - wall_before
    await asyncio.gather(*(p.stop() for p in everyone))
    received = {(u, m) for u, _, m, _ in got}
    leaks = received - wanted
    duplicates = len(got) - len(received)
    latencies = [(arrival - float(marker.split("|", 1)[1])) * 1000 for _, _, marker, arrival in got]
    by_table: dict[str, list[float]] = {}
    for (_, table, _, _), ms in zip(got, latencies, strict=True):
        by_table.setdefault(table, []).append(ms)
    missing = len(wanted - received)
    p99 = pct(latencies, 0.99)
    print(f"Realtime at an office's scale: {clients} portal clients + {staff} staff connected "
          f"({len(everyone)} sockets in {connected:.1f} s), {len(expected)} changes offered at {rate:.0f}/s over "
          f"{seconds:.0f} s to messages / notifications / process_events (load {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores)")
    print(f"  deliveries: {len(received & wanted)} of {len(wanted)} expected, {missing} missing, "
          f"{len(leaks)} to someone RLS should have refused, {duplicates} duplicates")
    for table, values in sorted(by_table.items()):
        print(f"  {table:16} p50 {pct(values, .5):7.2f} ms   p99 {pct(values, .99):7.2f} ms   "
              f"({len(values)} deliveries)")
    if trace is not None and trace.exists():
        for name, values in stage_timings(trace, expected, got).items():
            if values:
                print(f"  stage {name:32} p50 {pct(values, .5):8.2f}   p99 {pct(values, .99):8.2f}   "
                      f"max {max(values):8.2f}   n {len(values)}")
    print(f"  CPU over {wall:.1f} s of offering and delivering: "
          + ", ".join(f"{name} {used:.1f} s ({used / wall:.0%} of a core)" for name, used in cpu.items()))
    ok = p99 <= TARGET_P99_MS and not leaks and not missing and not duplicates
    print(f"  target: p99 <= {TARGET_P99_MS:.0f} ms, every row to its readers only: p99 {p99:.2f} ms  "
          f"{'PASS' if ok else 'FAIL'}", flush=True)
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--staff", type=int, default=30)
    parser.add_argument("--rate", type=float, default=200, help="changes offered per second")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--stages", action="store_true", help="print where the time goes (stage trace, CPU)")
    parser.add_argument("--api-workers", type=int, default=None, help="API_WORKERS of the stack")
    args = parser.parse_args()
    cluster = Cluster()
    trace = cluster.tmp / f"realtime-trace-{uuid.uuid4().hex[:6]}.jsonl" if args.stages else None
    env = {TRACE_ENV: str(trace)} if trace else {}
    if args.api_workers:
        env["API_WORKERS"] = str(args.api_workers)
    stack = StackProcess(cluster, name="bench_realtime_scale", env=env)
    postmaster = None
    pid_file = cluster.pg.pgdata / "postmaster.pid" if getattr(cluster, "pg", None) else None
    if pid_file is not None and pid_file.exists():
        postmaster = int(pid_file.read_text().split()[0])
    try:
        asyncio.run(run(stack, args.clients, args.staff, args.rate, args.seconds, trace, postmaster))
    finally:
        stack.stop()
        cluster.stop()


if __name__ == "__main__":
    main()
