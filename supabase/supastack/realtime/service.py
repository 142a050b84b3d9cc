"""The realtime engine of one stack process: change feed, published-table catalog, channel hub."""
from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING

from supastack.core.stack import Stack
from supastack.realtime import capture, changes
from supastack.realtime.capture import Catalog, TableInfo
from supastack.realtime.channels import Hub
from supastack.realtime.feed import Feed

if TYPE_CHECKING:
    from supastack.realtime.socket import Connection

log = logging.getLogger("supastack.realtime")

RELAY_CHANNEL = "supastack_broadcast"
SCHEMA_RELOAD_CHANNEL = "pgrst"
SYNC_INTERVAL = 1.0          # seconds between checks of the publication's table set
PRUNE_EVERY = 60             # sync ticks between clean-ups of stored large payloads


class Realtime:
    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        self.settings = stack.settings
        self.db = stack.db
        self.catalog = Catalog()
        self.hub = Hub()
        self.hub.relay = self._relay
        self.connections: set[Connection] = set()
        self.feed = Feed(self.settings.db_url, {
            capture.CHANGES_CHANNEL: self._on_change,
            RELAY_CHANNEL: self._on_relay,
            SCHEMA_RELOAD_CHANNEL: self._on_schema_reload,
        }, on_connect=self.sync)
        self._sync_lock = asyncio.Lock()
        self._ticker: asyncio.Task | None = None

    # -- lifecycle -----------------------------------------------------------------------
    async def start(self) -> None:
        await self.feed.start()
        self._ticker = asyncio.create_task(self._tick())

    async def stop(self) -> None:
        if self._ticker:
            self._ticker.cancel()
            await asyncio.gather(self._ticker, return_exceptions=True)
        try:
            await self.hub.close_all()
        except Exception:
            log.exception("realtime: announcing presence leaves failed")
        await self.feed.stop()

    # -- catalog -------------------------------------------------------------------------
    async def sync(self) -> None:
        """Install/refresh capture triggers and reload the published tables."""
        async with self._sync_lock:
            async with self.db.connection() as conn:
                self.catalog = await capture.sync(conn)

    async def refresh(self) -> None:
        """Reload the catalog; sync triggers only if the publication or a table changed."""
        async with self.db.connection() as conn:
            current = await capture.load(conn)
        if current.fingerprint != self.catalog.fingerprint or not current.in_sync:
            await self.sync()

    async def published(self, schema: str, table: str | None) -> list[TableInfo]:
        """Published tables a binding names; refreshes once when none is known (a table just added)."""
        found = self.catalog.matching(schema, table)
        if not found:
            await self.refresh()
            found = self.catalog.matching(schema, table)
        return found

    async def _tick(self) -> None:
        ticks = 0
        while True:
            await asyncio.sleep(SYNC_INTERVAL)
            ticks += 1
            try:
                await self.refresh()
                if ticks % PRUNE_EVERY == 0:
                    async with self.db.connection() as conn:
                        await capture.prune_overflow(conn)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("realtime: catalog refresh failed: %s", exc)

    # -- notifications -------------------------------------------------------------------
    async def _payload(self, text: str) -> dict | None:
        body = json.loads(text)
        if "overflow" in body:
            async with self.db.connection() as conn:
                return await capture.overflow_payload(conn, int(body["overflow"]))
        return body

    async def _on_change(self, text: str) -> None:
        change = await self._payload(text)
        if change and self.hub.with_bindings:
            if self.catalog.get(change["schema"], change["table"]) is None:
                await self.refresh()
            await changes.dispatch(change, self.catalog, self.hub, self.db)

    async def _on_relay(self, text: str) -> None:
        message = await self._payload(text)
        if message:
            self.hub.receive_relayed(message)

    async def _on_schema_reload(self, _text: str) -> None:
        await self.refresh()

    async def _relay(self, message: dict) -> None:
        """Hand a broadcast or presence change to the other stack processes."""
        text = json.dumps(message, separators=(",", ":"), default=str)
        async with self.db.connection() as conn:
            if len(text.encode()) > capture.NOTIFY_LIMIT:
                cur = await conn.execute("insert into realtime.changes (payload) values (%s::jsonb) returning id",
                                         (text,))
                overflow_id = (await cur.fetchone())[0]
                text = json.dumps({"overflow": overflow_id})
            await conn.execute("select pg_notify(%s, %s)", (RELAY_CHANNEL, text))
