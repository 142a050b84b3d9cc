"""The LGPD export worker: a claim loop over public.data_export_jobs, in every API process.

export-client-data only records the job ('queued'). A round claims one due job (queued whose next_attempt_at has
come, or 'running' whose lease ran out because the process that claimed it died) with FOR UPDATE SKIP LOCKED and
marks it 'running' with attempts + 1 and a lease, in its own committed statement, before building anything.
While it builds, each progress step renews the lease, and a heartbeat renews it between steps; every write names
the attempt it claimed (`status = 'running' and attempts = n`), so a worker that lost the job to another writes
nothing, and the ZIP it may have stored under its own attempt's name is removed. A build that fails goes back to
the queue after retry_seconds; a job claimed max_attempts times without finishing ends 'failed' with a pt-BR
reason. At shut-down the job under way goes back to the queue at once (its attempt not counted)."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg.rows import dict_row

from edgekit.env import FunctionEnv
from supastack.core.config import Settings
from supastack.core.stack import Stack
from supastack.functions.gateway import function_environment

if TYPE_CHECKING:
    from supabase import AsyncClient

log = logging.getLogger("client_exports")

EXPORTS_BUCKET = "client_exports"
EXPORT_KEEP_HOURS = 24

# jobs claimed max_attempts times whose last lease ran out: their workers died each time
GIVE_UP = """
update public.data_export_jobs
   set status = 'failed', lease_until = null, finished_at = now(),
       error = format('A exportação foi interrompida %%s vezes sem terminar; solicite uma nova.', attempts)
 where status = 'running' and lease_until < now() and attempts >= %(max)s"""

CLAIM = """
update public.data_export_jobs j
   set status = 'running', attempts = j.attempts + 1, progress = 0,
       lease_until = now() + make_interval(secs => %(lease)s)
 where j.id = (
   select id from public.data_export_jobs
    where (status = 'queued' and next_attempt_at <= now())
       or (status = 'running' and lease_until < now() and attempts < %(max)s)
    order by created_at
    limit 1
    for update skip locked)
returning j.id::text, j.client_id::text, j.attempts"""

RENEW = """
update public.data_export_jobs
   set progress = coalesce(%(progress)s, progress), lease_until = now() + make_interval(secs => %(lease)s)
 where id = %(id)s and status = 'running' and attempts = %(attempts)s"""

DONE = """
update public.data_export_jobs
   set status = 'done', progress = 100, object_path = %(path)s, size_bytes = %(size)s, error = null,
       finished_at = now(), expires_at = now() + make_interval(hours => %(keep)s), lease_until = null
 where id = %(id)s and status = 'running' and attempts = %(attempts)s"""

FAILED = """
update public.data_export_jobs
   set status = case when attempts >= %(max)s then 'failed' else 'queued' end,
       error = case when attempts >= %(max)s
                    then format('A exportação falhou %%s vezes (%%s); solicite uma nova.', attempts, %(reason)s::text)
                    else %(reason)s end,
       finished_at = case when attempts >= %(max)s then now() end,
       next_attempt_at = now() + make_interval(secs => %(delay)s), lease_until = null
 where id = %(id)s and status = 'running' and attempts = %(attempts)s"""

RELEASE = """
update public.data_export_jobs
   set status = 'queued', attempts = attempts - 1, lease_until = null, next_attempt_at = now()
 where id = %(id)s and status = 'running' and attempts = %(attempts)s"""


@dataclass
class ExportConfig:
    enabled: bool = True
    lease_seconds: float = 120.0   # a job left 'running' by a dead process is claimed again after this
    max_attempts: int = 3          # claims of one job; then it ends 'failed'
    retry_seconds: float = 10.0    # a failed build is retried after this
    poll_seconds: float = 1.0      # rounds also start at once when export-client-data wakes this process's worker


def export_config(settings: Settings, env: dict | None = None) -> ExportConfig:
    """`[exports]` keys of the same names; EXPORTS_<KEY> variables override them (tests)."""
    env = dict(os.environ if env is None else env)
    section = settings.raw.get("exports", {})
    out = ExportConfig()
    for name, default in vars(ExportConfig()).items():
        value = env.get(f"EXPORTS_{name.upper()}", section.get(name, default))
        if isinstance(default, bool):
            value = str(value).lower() not in ("false", "0", "off", "no")
        setattr(out, name, type(default)(value))
    out.lease_seconds = max(out.lease_seconds, 2.0)
    out.max_attempts = max(out.max_attempts, 1)
    return out


class LeaseLost(Exception):
    """Another worker took the job over (this one was too slow to renew its lease): stop without writing."""


class ExportWorker:
    def __init__(self, settings: Settings, config: ExportConfig | None = None) -> None:
        self.settings = settings
        self.config = config or export_config(settings)
        self.env = FunctionEnv(function_environment(settings))
        self._conn: psycopg.AsyncConnection[dict[str, Any]] | None = None
        self._wake = asyncio.Event()
        self._current: dict[str, Any] | None = None

    async def _connection(self) -> psycopg.AsyncConnection[dict[str, Any]]:
        if self._conn is None or self._conn.closed:
            self._conn = await psycopg.AsyncConnection.connect(self.settings.db_url, autocommit=True,
                                                               row_factory=dict_row)
        return self._conn

    async def _execute(self, query: str, params: dict[str, Any]) -> int:
        conn = await self._connection()
        cur = await conn.execute(query, params)
        return cur.rowcount

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()

    def wake(self) -> None:
        self._wake.set()

    async def claim(self) -> dict[str, Any] | None:
        conn = await self._connection()
        given_up = (await conn.execute(GIVE_UP, {"max": self.config.max_attempts})).rowcount
        if given_up:
            log.warning("%s export job(s) failed: interrupted %s times", given_up, self.config.max_attempts)
        cur = await conn.execute(CLAIM, {"lease": self.config.lease_seconds, "max": self.config.max_attempts})
        return await cur.fetchone()

    async def _renew(self, job: dict[str, Any], progress: int | None = None) -> None:
        if not await self._execute(RENEW, {"progress": progress, "lease": self.config.lease_seconds,
                                           "id": job["id"], "attempts": job["attempts"]}):
            raise LeaseLost(job["id"])

    async def _heartbeat(self, job: dict[str, Any], build: asyncio.Task) -> None:
        """Renews the lease between progress steps (a long download); stops the build when the job was lost."""
        while True:
            await asyncio.sleep(self.config.lease_seconds / 3)
            try:
                await self._renew(job)
            except LeaseLost:
                build.cancel()
                return
            except Exception:
                log.exception("export %s: the lease could not be renewed", job["id"])

    async def _build_and_store(self, admin: AsyncClient, job: dict[str, Any]) -> None:
        # here, not at the top: the worker starts with every API process, and most never build an archive
        # (supabase-py and the PDF library are a fifth of a second to import)
        from client_exports.archive import build_archive

        content = await build_archive(admin, job["client_id"], lambda percent: self._renew(job, percent))
        # the attempt is in the name: a worker that lost the job never overwrites the ZIP of the one that took it
        path = f"{job['client_id']}/{job['id']}-{job['attempts']}.zip"
        bucket = admin.storage.from_(EXPORTS_BUCKET)
        await bucket.upload(path, content, {"content-type": "application/zip"})
        finished = await self._execute(DONE, {"path": path, "size": len(content), "keep": EXPORT_KEEP_HOURS,
                                              "id": job["id"], "attempts": job["attempts"]})
        if not finished:
            with contextlib.suppress(Exception):
                await bucket.remove([path])
            raise LeaseLost(job["id"])

    async def process(self, job: dict[str, Any]) -> None:
        """Builds one claimed job and records its outcome (only while the job is still this attempt's)."""
        self._current = job
        from edgekit.clients import service_client

        admin = service_client(self.env)
        build = asyncio.create_task(self._build_and_store(admin, job))
        heartbeat = asyncio.create_task(self._heartbeat(job, build))
        try:
            await build
        except LeaseLost:
            log.warning("export %s (attempt %s) was taken over by another worker", job["id"], job["attempts"])
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise   # this worker is stopping (run() puts the job back)
            log.warning("export %s (attempt %s) was taken over by another worker", job["id"], job["attempts"])
        except Exception as exc:
            log.exception("export %s (attempt %s) failed", job["id"], job["attempts"])
            reason = f"Falha ao gerar a exportação ({type(exc).__name__})"
            await self._execute(FAILED, {"max": self.config.max_attempts, "reason": reason,
                                         "delay": self.config.retry_seconds, "id": job["id"],
                                         "attempts": job["attempts"]})
        finally:
            heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await heartbeat
            if not build.done():
                build.cancel()
                with contextlib.suppress(BaseException):
                    await build
        self._current = None

    async def run_once(self) -> bool:
        """Claims and builds one job; returns whether there was one."""
        job = await self.claim()
        if job is None:
            return False
        await self.process(job)
        return True

    async def run(self) -> None:
        try:
            while True:
                self._wake.clear()
                worked = False
                try:
                    worked = await self.run_once()
                except asyncio.CancelledError:
                    raise
                except psycopg.errors.UndefinedTable:
                    pass   # a project without the LGPD migration: nothing to export
                except Exception:
                    log.exception("export round failed")
                    if self._conn is not None:
                        with contextlib.suppress(Exception):
                            await self._conn.close()
                    self._conn = None
                if worked:
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout=self.config.poll_seconds)
        finally:
            job = self._current
            if job is not None:   # stopping mid-build: another process takes the job at once
                with contextlib.suppress(Exception):
                    async with await psycopg.AsyncConnection.connect(self.settings.db_url, autocommit=True) as c:
                        await c.execute(RELEASE, {"id": job["id"], "attempts": job["attempts"]})


_workers: list[ExportWorker] = []


def wake() -> None:
    """export-client-data queued a job: this process's worker looks at once (others within poll_seconds)."""
    for worker in _workers:
        worker.wake()


async def start(stack: Stack) -> None:
    """The project's worker hook (`[workers] exports = "client_exports.worker:start"` in config.toml)."""
    worker = ExportWorker(stack.settings)
    if not worker.config.enabled:
        return
    task = asyncio.create_task(worker.run(), name="export-worker")
    _workers.append(worker)

    async def stop() -> None:
        _workers.remove(worker)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await worker.close()

    stack.on_shutdown.append(stop)
