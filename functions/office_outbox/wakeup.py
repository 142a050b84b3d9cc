"""The outbox's wake-up call: a LISTEN connection that wakes the worker when deliveries are queued.

The trigger of migrations/20251126004200_outbox_wakeup.sql sends NOTIFY supastack_outbox at the commit of a
statement that left rows due; each API process's listener wakes its worker, and the claim (SKIP LOCKED)
gives each row to one of them. A lost connection is taken up again with backoff; meanwhile, and for rows
that come due by time, the worker's poll delivers. A NOTIFY carries nothing the worker needs: any number of
them means "claim now"."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable

import psycopg

from supastack.core.listening import notifications

log = logging.getLogger("office_outbox")

CHANNEL = "supastack_outbox"
APPLICATION_NAME = "supastack_outbox_listener"   # how its backend shows in pg_stat_activity
FIRST_DELAY = 0.1    # seconds before reconnecting, doubled after each failure
MAX_DELAY = 5.0      # the poll delivers meanwhile, so there is no hurry to hammer a database that is down


async def listen(url: str, wake: Callable[[], None], connected: asyncio.Event) -> None:
    """Until cancelled: LISTEN on CHANNEL and call `wake` for every notification, and once after each
    (re)connection for what was queued while nobody listened. `connected` is set while listening."""
    delay, lost = FIRST_DELAY, False
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True,
                                                             application_name=APPLICATION_NAME) as conn:
                await conn.execute(f"listen {CHANNEL}")
                if lost:
                    log.info("outbox listener reconnected")
                delay, lost = FIRST_DELAY, False
                connected.set()
                wake()
                async with contextlib.aclosing(notifications(conn)) as notes:
                    async for _ in notes:
                        wake()
            raise ConnectionError("the LISTEN connection closed")
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            connected.clear()
            if not lost:
                log.warning("outbox listener lost (%s); the poll delivers until it is back", exc)
            lost = True
        # jittered, so processes that lost the database together do not come back together
        await asyncio.sleep(delay * random.uniform(0.5, 1.0))
        delay = min(delay * 2, MAX_DELAY)
