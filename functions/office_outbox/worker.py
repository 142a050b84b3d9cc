"""The outbox worker: a claim loop over public.notification_deliveries, in every API process.

A round claims due rows (queued or failed whose next_attempt_at has come, or 'sending' whose lease ran out
because the process that claimed them died) with FOR UPDATE SKIP LOCKED, and marks them 'sending' with
attempts + 1 and a lease *before* calling the provider, in its own committed statement. The outcome is
written only while the row is still the one claimed (same attempt): sent; failed with the next attempt
after an exponential backoff with jitter; dead after max_attempts or a permanent refusal. A process killed
mid-send leaves the row 'sending' until the lease expires, then another round sends it again with the
same idempotency key (Message-ID, biz_opaque_callback_data), which the provider uses to keep one copy.
Rounds start when the outbox's NOTIFY wakes the worker (wakeup.py) and every poll_seconds anyway."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx
import psycopg
from psycopg.rows import dict_row

from office_outbox import email, sealed_codes, wakeup, whatsapp
from office_outbox.config import WorkerConfig, email_footer, email_intros, worker_config
from supastack.core.config import Settings
from supastack.core.stack import Stack
from supastack.mail.settings import smtp_config
from supastack.production import public_addresses

log = logging.getLogger("office_outbox")

CLAIM = """
update public.notification_deliveries d
   set status = 'sending', attempts = d.attempts + 1,
       lease_until = now() + make_interval(secs => %(lease)s)
 where d.id in (
   select id from public.notification_deliveries
    where channel <> 'in_app'
      and ((status in ('queued', 'failed') and next_attempt_at <= now())
           or (status = 'sending' and lease_until < now()))
    order by next_attempt_at
    limit %(batch)s
    for update skip locked)
returning d.id, d.channel, d.recipient, d.template, d.payload, d.attempts, d.idempotency_key,
          d.provider_message_id"""

SENT = """update public.notification_deliveries
   set status = 'sent', sent_at = coalesce(sent_at, now()), provider_message_id = %(pmid)s,
       lease_until = null, last_error = null
 where id = %(id)s and status = 'sending' and attempts = %(attempts)s"""

FAILED = """update public.notification_deliveries
   set status = %(status)s, last_error = %(error)s, lease_until = null,
       next_attempt_at = now() + make_interval(secs => %(delay)s)
 where id = %(id)s and status = 'sending' and attempts = %(attempts)s"""


RELEASE = """update public.notification_deliveries
   set status = case when attempts > 1 then 'failed' else 'queued' end, attempts = attempts - 1,
       lease_until = null
 where id = %(id)s and status = 'sending' and attempts = %(attempts)s"""


class Undeliverable(Exception):
    """A delivery that cannot be made now (no server, no settings); retried with backoff."""


_rng = random.Random()


def backoff(attempts: int, config: WorkerConfig, rng: random.Random = _rng) -> float:
    """Seconds before the next attempt: base · 2^(attempts-1), capped, with 'equal jitter' (half fixed, half
    random) so that rows failing together do not come back together."""
    ceiling = min(config.backoff_max_seconds, config.backoff_seconds * 2 ** max(0, attempts - 1))
    return ceiling / 2 + rng.uniform(0, ceiling / 2)


@dataclass
class Result:
    provider_message_id: str | None = None
    error: str | None = None
    permanent: bool = False


Sender = Callable[[dict], Awaitable[str]]


class OutboxWorker:
    def __init__(self, settings: Settings, config: WorkerConfig | None = None,
                 senders: dict[str, Sender] | None = None) -> None:
        self.settings = settings
        self.config = config or worker_config(settings)
        self.intros = email_intros(settings)
        self.footer = email_footer(settings)
        self.http = httpx.AsyncClient(timeout=self.config.send_timeout_seconds)
        self.senders = senders or {"email": self._send_email, "whatsapp": self._send_whatsapp}
        self._conn: psycopg.AsyncConnection[dict[str, Any]] | None = None   # claims (rows as dicts)
        self._outcomes: psycopg.AsyncConnection | None = None      # outcomes, so they never wait on a claim
        self._whatsapp: tuple[dict | None, whatsapp.WhatsAppConfig | None] | None = None   # (stored, opened)
        self._wake = asyncio.Event()
        self.listening = asyncio.Event()   # set while the wake-up listener is connected
        self._absent_said = False

    async def _connection(self) -> psycopg.AsyncConnection[dict[str, Any]]:
        if self._conn is None or self._conn.closed:
            self._conn = await psycopg.AsyncConnection.connect(self.settings.db_url, autocommit=True,
                                                               row_factory=dict_row)
        return self._conn

    async def _outcome_connection(self) -> psycopg.AsyncConnection:
        if self._outcomes is None or self._outcomes.closed:
            self._outcomes = await psycopg.AsyncConnection.connect(self.settings.db_url, autocommit=True)
        return self._outcomes

    async def close(self) -> None:
        await self.http.aclose()
        for conn in (self._conn, self._outcomes):
            if conn is not None:
                await conn.close()

    # -- providers -------------------------------------------------------------------------------
    async def _send_email(self, row: dict) -> str:
        config = smtp_config(self.settings, self.settings.data_dir)
        if config is None:
            raise Undeliverable("nenhum servidor SMTP configurado")
        message = email.build(config, row["recipient"], row["template"], row["payload"], row["idempotency_key"],
                              self.settings.site_url, self.intros.get(row["template"], ""), self.footer)
        return await email.send(config, message, self.config.send_timeout_seconds)

    async def _whatsapp_config(self) -> whatsapp.WhatsAppConfig | None:
        """The settings as Integrações holds them now, read for every send: a token an administrator replaced
        is never used again (kept for 30 s, it made the next sends fail with 401 and wait for their retry).
        Opened again only when the stored value changed."""
        current = await whatsapp.stored(await self._outcome_connection())
        if self._whatsapp is None or self._whatsapp[0] != current:
            self._whatsapp = (current, whatsapp.parse(current, self.settings.jwt_secret))
        return self._whatsapp[1]

    async def _send_whatsapp(self, row: dict) -> str:
        config = await self._whatsapp_config()
        if config is None:
            raise Undeliverable("WhatsApp não configurado em Integrações")
        return await whatsapp.send(self.http, config, row["recipient"], row["template"], row["payload"],
                                   row["idempotency_key"], production=bool(public_addresses(self.settings)),
                                   site_url=self.settings.site_url)

    # -- one delivery, one round -----------------------------------------------------------------
    async def deliver(self, row: dict) -> Result:
        if row["provider_message_id"]:
            # accepted by the provider before a crash (its webhook told us): never send it again
            return Result(provider_message_id=row["provider_message_id"])
        try:
            row = sealed_codes.opened(row, whatsapp.cipher(self.settings.jwt_secret))
        except sealed_codes.CodeNotSent as exc:
            return Result(error=str(exc), permanent=True)
        try:
            return Result(provider_message_id=await self.senders[row["channel"]](row))
        except whatsapp.SendError as exc:
            return Result(error=str(exc), permanent=exc.permanent)
        except Exception as exc:   # SMTP errors, timeouts, no configuration: retried
            return Result(error=f"{type(exc).__name__}: {exc}"[:500])

    async def _write_outcome(self, query: str, params: dict[str, Any]) -> None:
        """Records an outcome. The statements are conditional (the row still `sending` with this attempt), so
        one may be sent again: when the connection was lost (its server died; after a failover the URL leads
        to the new primary) it is reconnected and the outcome written again, for as long as the lease lasts.
        Without this a message the provider took would stay `sending` and be sent a second time when the
        lease runs out."""
        deadline = asyncio.get_running_loop().time() + self.config.lease_seconds
        while True:
            try:
                conn = await self._outcome_connection()
                await conn.execute(query, params)
                return
            except psycopg.OperationalError:
                if self._outcomes is not None:
                    with contextlib.suppress(Exception):
                        await self._outcomes.close()
                self._outcomes = None
                if asyncio.get_running_loop().time() + 0.25 > deadline:
                    raise
                log.warning("outbox: the outcome of a delivery could not be written; reconnecting")
                await asyncio.sleep(0.25)

    async def _finish(self, row: dict, result: Result) -> None:
        if result.error is None:
            await self._write_outcome(SENT, {"pmid": result.provider_message_id, "id": row["id"],
                                             "attempts": row["attempts"]})
            return
        dead = result.permanent or row["attempts"] >= self.config.max_attempts
        await self._write_outcome(FAILED, {"status": "dead" if dead else "failed", "error": result.error,
                                           "delay": 0 if dead else backoff(row["attempts"], self.config),
                                           "id": row["id"], "attempts": row["attempts"]})
        log.warning("delivery %s (%s) %s: %s", row["id"], row["channel"], "dead" if dead else "failed",
                    result.error)

    async def _claim(self, limit: int) -> list[dict[str, Any]]:
        conn = await self._connection()
        cur = await conn.execute(CLAIM, {"lease": self.config.lease_seconds, "batch": limit})
        return await cur.fetchall()

    async def _one(self, row: dict) -> None:
        if row["attempts"] > self.config.max_attempts:
            result = Result(error="tentativas esgotadas", permanent=True)
        else:
            result = await self.deliver(row)
        await self._finish(row, result)

    async def run_once(self) -> int:
        """Claim one batch and deliver it (concurrency at a time); returns how many rows were claimed."""
        rows = await self._claim(self.config.batch)
        gate = asyncio.Semaphore(self.config.concurrency)

        async def one(row: dict) -> None:
            async with gate:
                await self._one(row)

        await asyncio.gather(*(one(row) for row in rows))
        return len(rows)

    async def _release(self, rows: list[dict[str, Any]]) -> None:
        """Claimed rows never started (shut-down): back to the queue as they were, at once."""
        if rows:
            conn = await self._outcome_connection()
            for row in rows:
                await conn.execute(RELEASE, {"id": row["id"], "attempts": row["attempts"]})

    async def run(self) -> None:
        """Until cancelled: keeps `concurrency` deliveries in flight from a small local queue of claimed rows,
        refilled a batch at a time; claims again when woken (a NOTIFY: rows were queued), when a delivery
        ends, and every poll_seconds anyway (retries coming due, a listener that is down)."""
        inflight: set[asyncio.Task] = set()
        claimed: deque[dict] = deque()
        listener = (asyncio.create_task(wakeup.listen(self.settings.db_url, self.wake, self.listening),
                                        name="outbox-listener") if self.config.listen else None)
        try:
            while True:
                self._wake.clear()   # before the claim: a wake-up from here on makes another round
                more = False
                try:
                    if len(claimed) < self.config.concurrency:
                        rows = await self._claim(self.config.batch)
                        claimed.extend(rows)
                        more = len(rows) == self.config.batch   # a full batch: more may be due
                    while claimed and len(inflight) < self.config.concurrency:
                        inflight.add(asyncio.create_task(self._one(claimed.popleft())))
                except asyncio.CancelledError:
                    raise
                except psycopg.errors.UndefinedTable:
                    # a project without the notifications migration: nothing to deliver, said once
                    if not self._absent_said:
                        log.info("no notification_deliveries table in this project: the outbox waits for it")
                        self._absent_said = True
                except Exception:
                    log.exception("outbox round failed")
                    if self._conn is not None:
                        with contextlib.suppress(Exception):
                            await self._conn.close()
                    self._conn = None
                if more and len(inflight) < self.config.concurrency:
                    continue
                inflight = await self._pause(inflight)
        finally:
            if listener is not None:
                listener.cancel()
                await asyncio.gather(listener, return_exceptions=True)
                self.listening.clear()
            # at shut-down, sends under way get a moment to finish and record their outcome; a row cut
            # short stays 'sending' and is retried after its lease with the same idempotency key
            with contextlib.suppress(Exception):
                await asyncio.shield(self._release(list(claimed)))
            if inflight:
                _, pending = await asyncio.wait(inflight, timeout=5)
                for task in pending:
                    task.cancel()

    async def _pause(self, inflight: set[asyncio.Task]) -> set[asyncio.Task]:
        """Waits for a delivery to end, a wake-up (only while there is room for another delivery) or
        poll_seconds, whichever comes first; returns the deliveries still in flight."""
        waiting: set[asyncio.Future] = set(inflight)
        woken = None
        if len(inflight) < self.config.concurrency:
            woken = asyncio.ensure_future(self._wake.wait())
            waiting.add(woken)
        try:
            done, _ = await asyncio.wait(waiting, timeout=self.config.poll_seconds,
                                         return_when=asyncio.FIRST_COMPLETED)
        finally:
            if woken is not None:
                woken.cancel()
        for task in done & inflight:
            if task.exception() is not None:   # the outcome could not be recorded
                log.error("outbox delivery failed", exc_info=task.exception())
        return inflight - done

    def wake(self) -> None:
        self._wake.set()


async def start(stack: Stack) -> None:
    """The project's worker hook (`[workers] outbox = "office_outbox.worker:start"` in config.toml): the
    worker runs in the background of this API process (every process runs one; SKIP LOCKED keeps them off
    each other's rows) and stops at shut-down."""
    worker = OutboxWorker(stack.settings)
    if not worker.config.enabled:
        await worker.close()
        return
    task = asyncio.create_task(worker.run(), name="outbox-worker")

    async def stop() -> None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await worker.close()

    stack.on_shutdown.append(stop)
