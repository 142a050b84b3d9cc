"""The process's one LISTEN connection: notifications are handled one at a time, in commit order.

After each (re)connection, `on_connect` may read what was missed on the same connection and return
jobs; they run before any notification received on it, so catching up keeps the order.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial

import psycopg

log = logging.getLogger("supastack.realtime")

APPLICATION_NAME = "supastack_realtime_feed"
MAX_RECONNECT_DELAY = 1.0    # seconds; short, since changes wait in the log until the feed is back

Handler = Callable[[str], Awaitable[None]]
Job = Callable[[], Awaitable[None]]
OnConnect = Callable[[psycopg.AsyncConnection], Awaitable[list[Job]]]


class Feed:
    def __init__(self, url: str, handlers: dict[str, Handler], on_connect: OnConnect | None = None) -> None:
        self.url = url
        self.handlers = handlers
        self.on_connect = on_connect
        self.queue: asyncio.Queue[Job] = asyncio.Queue()
        self.connected = asyncio.Event()
        self._tasks: list[asyncio.Task] = []

    async def start(self) -> None:
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._consume())]
        await asyncio.wait_for(self.connected.wait(), 30)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _listen(self) -> None:
        delay = 0.1
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        self.url, autocommit=True, application_name=APPLICATION_NAME) as conn:
                    for channel in self.handlers:
                        await conn.execute(psycopg.sql.SQL("listen {}").format(psycopg.sql.Identifier(channel)))
                    # notifications arriving meanwhile wait in psycopg's backlog, behind these jobs
                    for job in await self.on_connect(conn) if self.on_connect else []:
                        self.queue.put_nowait(job)
                    delay = 0.1
                    self.connected.set()
                    async for note in conn.notifies():
                        self.queue.put_nowait(partial(self.handlers[note.channel], note.payload))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the connection dropped: listen again (the catch-up fills the gap)
                self.connected.clear()
                log.warning("realtime feed connection lost (%s); reconnecting", exc)
                await asyncio.sleep(delay)
                delay = min(delay * 2, MAX_RECONNECT_DELAY)

    async def _consume(self) -> None:
        while True:
            job = await self.queue.get()
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("realtime: handling a notification failed")
