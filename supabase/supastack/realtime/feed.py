"""The process's one LISTEN connection: notifications are handled one at a time, in commit order."""
from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

import psycopg

log = logging.getLogger("supastack.realtime")

Handler = Callable[[str], Awaitable[None]]


class Feed:
    def __init__(self, url: str, handlers: dict[str, Handler],
                 on_connect: Callable[[], Awaitable[None]] | None = None) -> None:
        self.url = url
        self.handlers = handlers
        self.on_connect = on_connect
        self.queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
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
        delay = 0.2
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    for channel in self.handlers:
                        await conn.execute(psycopg.sql.SQL("listen {}").format(psycopg.sql.Identifier(channel)))
                    delay = 0.2
                    if self.on_connect:
                        try:
                            await self.on_connect()
                        except Exception:
                            log.exception("realtime: set-up after connecting failed")
                    self.connected.set()
                    async for note in conn.notifies():
                        self.queue.put_nowait((note.channel, note.payload))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the connection dropped: listen again with backoff
                self.connected.clear()
                log.warning("realtime feed connection lost (%s); reconnecting", exc)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5)

    async def _consume(self) -> None:
        while True:
            channel, payload = await self.queue.get()
            try:
                await self.handlers[channel](payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("realtime: handling a %s notification failed", channel)
