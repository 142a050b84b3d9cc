"""Cost of the audit trail: write throughput on a business table with and without its audit trigger.

Migrates a database of its own (the product's migrations and seed), then, as the API runs a write (role
authenticated, the caller's JWT claims set in the transaction), inserts, updates and deletes `tasks` rows one
transaction each, first with the trigger `audit_record_changes`, then with it disabled. Prints writes/s of each
and the ratio (with / without), and the time `audit.seal()` takes to chain the entries written.

    python bench/bench_audit.py [--rows 2000]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import psycopg  # noqa: E402

from harness import Cluster  # noqa: E402

ADMIN = "10000000-0000-4000-8000-000000000001"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"


def writes(conn: psycopg.Connection, rows: int) -> float:
    """Writes per second: `rows` inserts, then as many updates and deletes, one transaction each."""
    claims = json.dumps({"sub": ADMIN, "role": "authenticated", "aal": "aal1"})
    ids: list[int] = []
    started = time.perf_counter()
    for statement in ("insert", "update", "delete"):
        for i in range(rows):
            with conn.transaction():
                conn.execute("select set_config('role', 'authenticated', true),"
                             " set_config('request.jwt.claims', %s, true)", (claims,))
                if statement == "insert":
                    ids.append(conn.execute("insert into public.tasks (title, client_id, priority) values"
                                            " (%s, %s, 'media') returning id", (f"Bench {i}", MARIA_CLIENT))
                               .fetchone()[0])
                elif statement == "update":
                    conn.execute("update public.tasks set priority = 'alta' where id = %s", (ids[i],))
                else:
                    conn.execute("delete from public.tasks where id = %s", (ids[i],))
    return 3 * rows / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=2000)
    args = parser.parse_args()
    cluster = Cluster()
    try:
        url = cluster.migrated_database("bench_audit", ROOT / "migrations", ROOT / "seed.sql")
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("select audit.seal()")
            writes(conn, 200)  # warm-up
            with_trigger = writes(conn, args.rows)
            started = time.perf_counter()
            sealed = conn.execute("select audit.seal()").fetchone()[0]
            seal_seconds = time.perf_counter() - started
            conn.execute("alter table public.tasks disable trigger audit_record_changes")
            without = writes(conn, args.rows)
            conn.execute("alter table public.tasks enable trigger audit_record_changes")
            broken = conn.execute("select count(*) from audit.verify()").fetchone()[0]
        print(f"audit trail, tasks insert/update/delete, one transaction each ({3 * args.rows} writes):")
        print(f"  with the trigger    {with_trigger:8.0f} writes/s")
        print(f"  without the trigger {without:8.0f} writes/s")
        print(f"  ratio with/without  {with_trigger / without:8.2f}")
        print(f"  seal: {sealed} entries chained in {seal_seconds * 1000:.0f} ms "
              f"({sealed / max(seal_seconds, 1e-9):.0f} entries/s); verify finds {broken} broken")
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
