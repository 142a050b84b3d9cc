"""Scheduled backups inside the API: after `[backup] schedule` each day, one process (whichever takes the
PostgreSQL advisory lock) makes the day's backup and records it, so several API processes or machines
make one backup a day; the others see the record. A failed attempt is retried an hour later."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import date, datetime, time
from pathlib import Path

import psycopg

from supastack.backup.config import backup_config
from supastack.backup.create import backup_now
from supastack.core.config import Settings
from supastack.core.rows import one
from supastack.core.stack import Stack

log = logging.getLogger("supastack.backup")

LOCK_KEY = 7_301_202_611_503_517_001          # pg_advisory_lock key of "the day's backup"
CHECK_EVERY = 60.0
RETRY_AFTER = 3600.0
_RUNS = """create schema if not exists supastack;
create table if not exists supastack.backup_runs (
  day date primary key, archive text not null, finished_at timestamptz not null default now())"""


async def run_if_due(settings: Settings, daily_at: time, now: datetime,
                     make_backup: Callable[[Settings], Path] = backup_now) -> Path | None:
    """Make today's backup if its time has come and no process has made it; returns the archive made."""
    if now.time() < daily_at:
        return None
    day: date = now.date()
    async with await psycopg.AsyncConnection.connect(settings.db_url, autocommit=True) as conn:
        if not one(await (await conn.execute("select pg_try_advisory_lock(%s)", (LOCK_KEY,))).fetchone())[0]:
            return None                        # another process is making it right now
        try:
            await conn.execute(_RUNS)
            cur = await conn.execute("select 1 from supastack.backup_runs where day = %s", (day,))
            if await cur.fetchone():
                return None
            path = await asyncio.to_thread(make_backup, settings)
            await conn.execute("insert into supastack.backup_runs (day, archive) values (%s, %s) "
                               "on conflict (day) do nothing", (day, path.name))
            log.info("backup written: %s", path)
            return path
        finally:
            await conn.execute("select pg_advisory_unlock(%s)", (LOCK_KEY,))


async def _loop(settings: Settings, daily_at: time) -> None:
    while True:
        try:
            await run_if_due(settings, daily_at, datetime.now())
            await asyncio.sleep(CHECK_EVERY)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("scheduled backup failed; retrying in %d minutes", RETRY_AFTER // 60)
            await asyncio.sleep(RETRY_AFTER)


async def backup_scheduler(stack: Stack) -> None:
    """Start-up hook: runs the daily schedule in the background (returns at once) when `[backup] schedule`
    is set, and stops it at shut-down."""
    daily_at = backup_config(stack.settings).daily_at
    if daily_at is None:
        return
    task = asyncio.create_task(_loop(stack.settings, daily_at), name="backup-scheduler")

    async def stop() -> None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    stack.on_shutdown.append(stop)
