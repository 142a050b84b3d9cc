"""The process's one LISTEN connection: notifications are handled in commit order, one batch at a time.

Notifications of one channel that queued while the previous batch was handled are handed over together
(up to MAX_BATCH), so the handler can do once what it would otherwise do for each (realtime: one RLS
statement for many changes); under light load a batch is a single notification, handled at once.
After each (re)connection, `on_connect` may read what was missed on the same connection and return
jobs; they run before any notification received on it, so catching up keeps the order.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from functools import partial

import psycopg

from supastack.core.listening import notifications

log = logging.getLogger("supastack.realtime")

APPLICATION_NAME = "supastack_realtime_feed"
MAX_RECONNECT_DELAY = 1.0    # seconds; short, since changes wait in the log until the feed is back
MAX_BATCH = 500              # notifications handed to a handler at once

Handler = Callable[[list[str]], Awaitable[None]]   # the payloads of consecutive notifications of a channel
Job = Callable[[], Awaitable[None]]
OnConnect = Callable[[psycopg.AsyncConnection], Awaitable[list[Job]]]


class Feed:
    def __init__(self, url: str, handlers: dict[str, Handler], on_connect: OnConnect | None = None) -> None:
        self.url = url
        self.handlers = handlers
        self.on_connect = on_connect
        # jobs, and (channel, payload, time read) notifications
        self.queue: deque[Job | tuple[str, str, float]] = deque()
        self.received: list[float] = []     # when each notification of the batch being handled was read
        self.last_read = 0.0                # time.monotonic() of the latest notification
        self._queued = asyncio.Event()
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
                        self._put(job)
                    delay = 0.1
                    self.connected.set()
                    async with contextlib.aclosing(notifications(conn)) as notes:
                        async for note in notes:
                            self.last_read = time.monotonic()
                            self._put((note.channel, note.payload, time.time()))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the connection dropped: listen again (the catch-up fills the gap)
                self.connected.clear()
                log.warning("realtime feed connection lost (%s); reconnecting", exc)
                await asyncio.sleep(delay)
                delay = min(delay * 2, MAX_RECONNECT_DELAY)

    def quiet(self, seconds: float) -> bool:
        """Nothing waiting, and no notification read for `seconds`."""
        return not self.queue and time.monotonic() - self.last_read >= seconds

    def _put(self, item: Job | tuple[str, str, float]) -> None:
        self.queue.append(item)
        self._queued.set()

    def _next(self) -> Job:
        item = self.queue.popleft()
        if not isinstance(item, tuple):
            return item
        channel, payload, received = item
        batch, self.received = [payload], [received]
        while self.queue and len(batch) < MAX_BATCH:
            following = self.queue[0]
            if not isinstance(following, tuple) or following[0] != channel:
                break
            self.queue.popleft()
            batch.append(following[1])
            self.received.append(following[2])
        return partial(self.handlers[channel], batch)

    async def _consume(self) -> None:
        while True:
            if not self.queue:
                self._queued.clear()
                await self._queued.wait()
                continue
            job = self._next()
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("realtime: handling a notification failed")
