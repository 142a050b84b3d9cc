"""A large office on top of the demo seed (scripts/seed_large.sql): `make seed-large`, or

    python scripts/seed_large.py [--scale 1] [--db-url postgresql://...]

Scale 1 is ten years of a busy office (5,000 clients, 20,000 processes, 300,000 messages, 500,000
notifications, ...); 0.1 is a tenth of it. Without --db-url it loads the running stack's database (DB_URL, else
what `python -m supastack status` prints). It refuses a database that already holds the large office. Counts
and timing are printed at the end; the tables are vacuumed and analyzed before it returns, as autovacuum would
leave them, so that what is measured on it is an office in its steady state.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import psycopg

SQL = Path(__file__).with_name("seed_large.sql")
TABLES = ("clients", "processes", "process_events", "uscis_receipts", "uscis_status_history", "messages",
          "client_documents", "financial_contracts", "financial_installments", "financial_quotes", "leads",
          "appointments", "tasks", "interactions", "notifications", "notification_deliveries", "conversations",
          "conversation_unread")


def stack_db_url() -> str:
    """The running stack's database URL (DB_URL, else `supastack status`)."""
    if os.environ.get("DB_URL"):
        return os.environ["DB_URL"]
    out = subprocess.run([sys.executable, "-m", "supastack", "status"], capture_output=True, text=True, check=True)
    for line in out.stdout.splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "DB_URL":
            return value.strip().strip('"')
    raise SystemExit("no DB_URL: start the stack (make up) or pass --db-url")


def seed_large(db_url: str, scale: float = 1.0) -> dict[str, int]:
    """Loads the large office into db_url in one transaction, vacuums and analyzes, and returns each table's row
    count."""
    if not 0 < scale <= 10:
        raise ValueError("scale must be in (0, 10]")
    with psycopg.connect(db_url, autocommit=False) as conn:
        conn.execute("select set_config('seed.scale', %s, true)", (str(scale),))
        conn.execute(SQL.read_text())  # type: ignore[arg-type]  # a trusted file of the product, no parameters
        conn.commit()
    with psycopg.connect(db_url, autocommit=True) as conn:
        # VACUUM as well as ANALYZE: what autovacuum does within a minute of a bulk load (visibility map, hint
        # bits). Measured before it had, the search took 750 ms with 5 staff at once, 140 ms after.
        for table in TABLES:
            conn.execute(f"vacuum (analyze) public.{table}")  # type: ignore[arg-type]  # names from the constant
        return {t: conn.execute(f"select count(*) from public.{t}").fetchone()[0]  # type: ignore
                for t in TABLES}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="1 = 5,000 clients, 20,000 processes, ...")
    parser.add_argument("--db-url", help="the database to load (default: the running stack's)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    counts = seed_large(args.db_url or stack_db_url(), args.scale)
    for table, count in counts.items():
        print(f"{table:26} {count:>9,}")
    print(f"large office at scale {args.scale:g} loaded in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
