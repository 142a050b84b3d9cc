"""Scale-out figures, all measured in one run:

1. throughput of 1, 2 and 3 API nodes (separate `supastack serve` processes, one database) behind HAProxy:
   the same closed-loop load (GET of 10 rows under the service role and POST of one row, 3 to 1) for
   SECONDS each; ratios to one node. On a 2-core machine the nodes and PostgreSQL share the same cores, so the
   ratio shows what a second and third process add here (on a machine with a core per node it is the figure
   to redo);
2. failover of a replicated PostgreSQL (primary + streaming hot standby, multi-host DATABASE_URL with
   target_session_attrs=read-write): seconds of write outage from kill -9 of the primary to the first
   acknowledged write (the standby promoted 1 s after the kill), and acknowledged writes lost, in synchronous
   and asynchronous mode.

Bounded in time: about 2 minutes (three stacks, two replicated clusters).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "engine" / "scaleout")]

import httpx  # noqa: E402
from balancer import Balancer, haproxy_binary  # noqa: E402
from failover_load import PROBE_SQL, Writers  # noqa: E402
from replication import ReplicatedCluster  # noqa: E402

from harness import Cluster, StackProcess  # noqa: E402


async def closed_loop(url: str, key: str, clients: int, seconds: float, base: int) -> tuple[int, int]:
    headers = {"apikey": key, "Authorization": f"Bearer {key}"}
    done = errors = 0
    stop = time.monotonic() + seconds

    async def one(n: int) -> None:
        nonlocal done, errors
        seq = 0
        async with httpx.AsyncClient(base_url=url, headers=headers, timeout=30) as client:
            while time.monotonic() < stop:
                seq += 1
                if seq % 4 == 0:
                    r = await client.post("/rest/v1/failover_probe", headers={"Prefer": "return=minimal"},
                                          json={"id": base + n * 1_000_000 + seq, "writer": n})
                    ok = r.status_code == 201
                else:
                    r = await client.get("/rest/v1/failover_probe?select=id,writer&order=id.desc&limit=10")
                    ok = r.status_code == 200
                done += ok
                errors += not ok

    await asyncio.gather(*(one(n) for n in range(clients)))
    return done, errors


def scale(cluster: Cluster, folder: Path, clients: int, seconds: float) -> None:
    if haproxy_binary() is None:
        print("scale: skipped, haproxy is not installed (make install installs it when run as root)")
        return
    stacks: list[StackProcess] = []
    try:
        # one database, one access-token signing key for every node
        keys = {"AUTH_SIGNING_KEYS_PATH": str(folder / "signing_keys.json")}
        first = StackProcess(cluster, name="bench-node-a", seed=False, env=keys)
        stacks.append(first)
        first.sql(PROBE_SQL)
        for name in ("bench-node-b", "bench-node-c"):
            stacks.append(StackProcess(cluster, name=name, seed=False, env={**keys, "DATABASE_URL": first.db_url}))
        rates = []
        for n in (1, 2, 3):
            (folder / f"lb{n}").mkdir()
            balancer = Balancer(folder / f"lb{n}", [s.url for s in stacks[:n]], balance="leastconn")
            try:
                # an id range per round keeps the POSTs' primary keys apart
                done, errors = asyncio.run(closed_loop(balancer.url, first.service_role_key, clients, seconds,
                                                       n * 100_000_000))
            finally:
                balancer.stop()
            rates.append(done / seconds)
            print(f"scale: {n} node(s) behind HAProxy, {clients} clients, {seconds:.0f} s: {done / seconds:7.0f} "
                  f"req/s, {errors} errors, ratio to 1 node {rates[-1] / rates[0]:.2f}", flush=True)
        print(f"scale ratios (1, 2, 3 nodes): 1.00, {rates[1] / rates[0]:.2f}, {rates[2] / rates[0]:.2f} "
              f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    finally:
        for s in stacks:
            s.stop()


def failover() -> None:
    """Synchronous pair killed and promoted; the old primary rejoins as an asynchronous standby; killed again."""
    cluster = ReplicatedCluster(synchronous=True)
    stack = None
    try:
        stack = StackProcess(cluster, name="bench-failover", seed=False)
        stack.sql(PROBE_SQL)
        for synchronous in (True, False):
            if not synchronous:
                cluster.rejoin_old_primary(synchronous=False)
            writers = Writers(stack.url, stack.service_role_key, count=4).start()
            try:
                writers.wait_acked_after(time.monotonic(), 50, timeout=30)
                killed_at = cluster.failover(1.0)
                writers.wait_acked_after(killed_at, 50, timeout=40)
            finally:
                writers.stop()
            in_db = {row[0] for row in stack.sql("select id from public.failover_probe")}
            mode = "synchronous" if synchronous else "asynchronous"
            print(f"failover ({mode}): write outage {writers.outage(killed_at):.2f} s (kill -9 of the primary to "
                  f"the first acknowledged write sent after it; promotion 1 s after the kill), acknowledged writes "
                  f"{len(writers.acked)}, lost {len(writers.lost(in_db))}", flush=True)
    finally:
        if stack:
            stack.stop()
        cluster.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=8)
    args = parser.parse_args()
    cluster = Cluster()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-scaleout-") as folder:
            scale(cluster, Path(folder), args.clients, args.seconds)
    finally:
        cluster.stop()
    failover()


if __name__ == "__main__":
    main()
