"""The realtime engine of one stack process: change feed, published-table catalog, channel hub.

The split with socket.py goes one way: a socket's loop (socket.Connection) uses this service (its hub,
catalog, database and settings); this module knows nothing of sockets and keeps no list of them (a channel
in the hub is how a connection receives)."""
from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from functools import partial

import psycopg

from supastack.core.rows import one
from supastack.core.stack import Stack
from supastack.realtime import capture, changelog, changes
from supastack.realtime.capture import Catalog, TableInfo
from supastack.realtime.changelog import CatchUp, Cursor
from supastack.realtime.channels import Hub
from supastack.realtime.collector import Collector
from supastack.realtime.feed import MAX_BATCH, Feed, Job
from supastack.realtime.trace import BatchTrace, Tracer

log = logging.getLogger("supastack.realtime")

RELAY_CHANNEL = "supastack_broadcast"
SCHEMA_RELOAD_CHANNEL = "pgrst"
SYNC_INTERVAL = 1.0          # seconds between checks of the publication's table set
PRUNE_EVERY = 60             # sync ticks between clean-ups of the change log and stored large payloads
COLLECT_INTERVAL = 0.1       # seconds between looks for a quiet moment to run a due full garbage collection
QUIET = 0.1                  # seconds without a notification that make a quiet moment
RETRY_DELAYS = (0.05, 0.2, 0.5, 1.0, 2.0)   # seconds between attempts to deliver one change
# batches whose RLS checks may run at once (each on its own connection); they are still sent in order
CHECKS_IN_FLIGHT = 2
# the `system` message of a gap that cannot be filled: the client should fetch its data again
CHANGES_LOST = ("ChangesLost: some PostgreSQL changes could not be delivered to this channel "
                "(the realtime service lost its database connection); fetch the data again")


class Realtime:
    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        self.settings = stack.settings
        self.db = stack.db
        self.catalog = Catalog()
        self.hub = Hub()
        self.hub.relay = self._relay
        self.cursor = Cursor()
        self.feed = Feed(self.settings.db_url, {
            capture.CHANGES_CHANNEL: self._on_changes,
            RELAY_CHANNEL: self._on_relay,
            SCHEMA_RELOAD_CHANNEL: self._on_schema_reload,
        }, on_connect=self._on_connect)
        self._connected_before = False
        self._first_horizon: int | None = None  # where the cursor starts, until the first catch-up is handled
        self._sync_lock = asyncio.Lock()
        self._ticker: asyncio.Task | None = None
        self.collector = Collector(busy=lambda: not self.feed.quiet(QUIET))
        self._collecting: asyncio.Task | None = None
        # checked batches (and loss announcements) in notification order, for `_send_in_order`
        self._ordered: asyncio.Queue[asyncio.Future[Callable[[], object]]] = asyncio.Queue()
        self._slots = asyncio.Semaphore(CHECKS_IN_FLIGHT)
        self._sender: asyncio.Task | None = None
        self.tracer = Tracer.from_env()

    # -- lifecycle -----------------------------------------------------------------------
    async def start(self) -> None:
        self._sender = asyncio.create_task(self._send_in_order())
        await self.feed.start()
        self._ticker = asyncio.create_task(self._tick())
        # start-up objects frozen out of the collector's sight (a full collection stopped delivery for up to
        # 100 ms before), and full collections moved to quiet moments of the feed (collector.py)
        self.collector.install()
        self._collecting = asyncio.create_task(self._collect())

    async def stop(self) -> None:
        for task in (self._collecting, self._ticker, self._sender):
            if task:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        self.collector.uninstall()
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
                async with self.db.connection() as conn:
                    await changelog.mark(conn, capture.CHANGES_CHANNEL)
                await self.refresh()
                if ticks % PRUNE_EVERY == 0:
                    async with self.db.connection() as conn:
                        await changelog.trim(conn)
                        await capture.prune_overflow(conn)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("realtime: catalog refresh failed: %s", exc)

    async def _collect(self) -> None:
        while True:
            await asyncio.sleep(COLLECT_INTERVAL)
            try:
                self.collector.tick()
            except Exception:             # never let the loop die: Python's own trigger is only a safety net
                log.exception("realtime: a garbage collection failed")

    # -- the change feed -------------------------------------------------------------------
    async def _on_connect(self, conn: psycopg.AsyncConnection) -> list[Job]:
        """Set up capture, then read back on the LISTEN connection what was committed while it was down."""
        if self._connected_before:
            await self.db.pool.check()       # pooled connections from before a database restart are dead
        self._connected_before = True
        try:
            await self.sync()
        except Exception:
            log.exception("realtime: set-up after connecting failed")
        horizon = self.cursor.horizon if self.cursor.horizon is not None else self._first_horizon
        found = await changelog.catch_up(conn, horizon)
        if found.first:
            self._first_horizon = found.horizon
        return [partial(self._caught_up, found)]

    async def _caught_up(self, found: CatchUp) -> None:
        if found.first:
            self.cursor.advance(found.horizon)
            for change in found.rows:          # history from before this process: handled, not delivered
                self.cursor.take(change["seq"], change["xid"])
            return
        if found.rows:
            log.info("realtime: delivering %d changes read back after a reconnection", len(found.rows))
        if found.lost:
            log.warning("realtime: changes from before the reconnection are no longer in the change log")
            await self._in_order(self._announce_loss)
        missed = [change for change in found.rows if self.cursor.take(change["seq"], change["xid"])]
        for i in range(0, len(missed), MAX_BATCH):
            await self._deliver(missed[i:i + MAX_BATCH])

    def _announce_loss(self) -> None:
        for channel in list(self.hub.with_bindings):
            channel.system("postgres_changes", "error", CHANGES_LOST)

    async def _in_order(self, step: Callable[[], object] | Awaitable[Callable[[], object]]) -> None:
        """Queue a step for `_send_in_order`: a plain one, or one still being checked (at most
        CHECKS_IN_FLIGHT at once: past that the feed waits, and more changes queue into its next batch)."""
        await self._slots.acquire()
        if callable(step):
            done: asyncio.Future[Callable[[], object]] = asyncio.get_running_loop().create_future()
            done.set_result(step)
            self._ordered.put_nowait(done)
        else:
            self._ordered.put_nowait(asyncio.ensure_future(step))

    async def _send_in_order(self) -> None:
        while True:
            pending = await self._ordered.get()
            try:
                (await pending)()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("realtime: sending changes failed")
            finally:
                self._slots.release()

    async def _deliver(self, batch: list[dict], trace: BatchTrace | None = None) -> None:
        """Check a batch of changes while earlier ones may still be checked; they are sent in order."""
        await self._in_order(self._check(batch, trace))

    def _send(self, plans: list[changes._Plan], trace: BatchTrace | None) -> None:
        changes.send(plans)
        if trace is not None:
            trace.sent = time.time()
            self.tracer.write(trace)

    async def _check(self, batch: list[dict], trace: BatchTrace | None = None) -> Callable[[], object]:
        """The sending step of a batch; retried while the database is unreachable, announced as lost after
        that (nothing is sent before all checks of a batch succeeded, so a retry sends nothing twice)."""
        for delay in (*RETRY_DELAYS, None):
            if not self.hub.with_bindings:
                return lambda: None
            try:
                if trace is not None:
                    trace.started = time.time()
                if any(self.catalog.get(c["schema"], c["table"]) is None for c in batch):
                    await self.refresh()
                plans = await changes.check(batch, self.catalog, self.hub, self.db)
                if trace is not None:
                    trace.checked = time.time()
                return partial(self._send, plans, trace)
            except psycopg.OperationalError as exc:
                if delay is None:
                    break
                log.warning("realtime: delivering a change failed (%s); retrying", exc)
                await asyncio.sleep(delay)
            except Exception:
                log.exception("realtime: delivering a change failed")
                break
        return self._announce_loss

    # -- notifications -------------------------------------------------------------------
    async def _payload(self, text: str) -> dict | None:
        body = json.loads(text)
        if "overflow" in body:
            async with self.db.connection() as conn:
                return await capture.overflow_payload(conn, int(body["overflow"]))
        return body

    async def _on_changes(self, texts: list[str]) -> None:
        """Changes (and marks) notified one after another: delivered together, in order."""
        batch: list[dict] = []
        received: list[float] = []
        for text, read in zip(texts, self.feed.received, strict=False):
            note = json.loads(text)
            if "mark" in note:
                self.cursor.advance(int(note["mark"]))
                continue
            if not self.cursor.take(note["seq"], note["xid"]):
                continue                       # already delivered from the change log
            if note.get("stored"):
                note = await self._stored(note["seq"])
            if note:
                batch.append(note)
                received.append(read)
        if batch:
            await self._deliver(batch, self.tracer.batch(batch, received))

    async def _stored(self, seq: int) -> dict | None:
        for delay in (*RETRY_DELAYS, None):
            try:
                async with self.db.connection() as conn:
                    return await changelog.stored_payload(conn, seq)
            except psycopg.OperationalError:
                if delay is None:
                    break
                await asyncio.sleep(delay)
        await self._in_order(self._announce_loss)
        return None

    async def _on_relay(self, texts: list[str]) -> None:
        for text in texts:
            message = await self._payload(text)
            if message:
                self.hub.receive_relayed(message)

    async def _on_schema_reload(self, _texts: list[str]) -> None:
        await self.refresh()

    async def _relay(self, message: dict) -> None:
        """Hand a broadcast or presence change to the other stack processes."""
        text = json.dumps(message, separators=(",", ":"), default=str)
        async with self.db.connection() as conn:
            if len(text.encode()) > capture.NOTIFY_LIMIT:
                cur = await conn.execute("insert into realtime.changes (payload) values (%s::jsonb) returning id",
                                         (text,))
                overflow_id = one(await cur.fetchone())[0]
                text = json.dumps({"overflow": overflow_id})
            await conn.execute("select pg_notify(%s, %s)", (RELAY_CHANNEL, text))
