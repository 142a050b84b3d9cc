"""The job runner every stack process runs: each second it looks for due jobs and "run now" requests and
runs each in a transaction of its own that also holds the claim, so a run happens exactly once however
many processes share the database:

- a scheduled run is claimed by moving `cron.job_slot.last_slot` to the scheduled instant under
  `for update skip locked` (a process finding the row locked leaves it to the one running it);
- a run-now request is a `cron.job_run_details` row with status 'starting', claimed the same way;
- the command runs with a statement timeout as the job's user; its result goes into the run's row, which
  commits with the claim. A process that dies mid-run commits nothing: the claim comes back and another
  process runs it.

Where the command runs: a job of a superuser (it could become anyone anyway) runs in a savepoint of the claim's
own transaction. Any other job runs as pg_cron runs it: in a connection of its own, logged in as a role that is
not the runner's: `supastack_cron_<owner>`, a login role with no privileges of its own (NOINHERIT, no
superuser, no CREATEROLE...) whose only membership is the job's owner, which it becomes with SET LOCAL ROLE.
`RESET ROLE`, `SET SESSION AUTHORIZATION` or code the job leaves to run at commit (a deferred trigger) get
that empty role, never the runner's superuser. Its random password lives in `supastack.cron_logins`, which
only superusers read. The job's transaction commits just before the claim's (between the two, a crashed
process would leave the run to be run again).
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import UTC, datetime

import psycopg
from psycopg import sql
from psycopg.conninfo import make_conninfo

from supastack.core.rows import one
from supastack.cron.config import CronConfig
from supastack.cron.schedule import SlotCache

log = logging.getLogger("supastack.cron")

TICK = 1.0
RECHECK = 30                     # ticks between looks at whether this database's jobs are the stack's to run

_JOBS = """select j.jobid, j.schedule, j.command, j.username, j.database, s.last_slot
             from cron.job j join cron.job_slot s on s.jobid = j.jobid
            where j.active"""
_CLAIM_SLOT = """select 1 from cron.job_slot where jobid = %s and last_slot < %s for update skip locked"""
_LOCK_JOB = """select 1 from cron.job_slot where jobid = %s for update skip locked"""
_ANY_REQUESTED = """select exists (select 1 from cron.job_run_details where status = 'starting' and job_pid is null)"""
_REQUESTED = """select d.runid, j.jobid, j.schedule, j.command, j.username, j.database
                  from cron.job_run_details d join cron.job j on j.jobid = d.jobid
                 where d.status = 'starting' and d.job_pid is null
                 order by d.runid limit 1 for update of d skip locked"""


LOGIN_LOCK = 7_301_202_611_503_517_002       # pg_advisory_xact_lock key while a login role is set up
_LOGINS = """create schema if not exists supastack;
create table if not exists supastack.cron_logins (owner name primary key, password text not null);
revoke all on supastack.cron_logins from public"""


def login_role(owner: str) -> str:
    """The role a job of `owner` logs in as (63 bytes at most, PostgreSQL's limit)."""
    name = f"supastack_cron_{owner}"
    return name if len(name.encode()) <= 63 else "supastack_cron_" + hashlib.sha256(owner.encode()).hexdigest()[:40]


@dataclass(frozen=True)
class Job:
    jobid: int
    schedule: str
    command: str
    username: str
    database: str


class Runner:
    def __init__(self, db_url: str, config: CronConfig):
        self.db_url = db_url
        self.config = config
        self.running: set[int] = set()          # jobs this process is running now
        self.tasks: set[asyncio.Task] = set()
        self.logins: dict[str, str] = {}         # job owner -> connection string of its login role
        self.slots = SlotCache(config.timezone)

    async def connect(self, autocommit: bool = False) -> psycopg.AsyncConnection:
        return await psycopg.AsyncConnection.connect(self.db_url, autocommit=autocommit, prepare_threshold=None)

    # -- one pass ---------------------------------------------------------------------------------------
    async def available(self, conn: psycopg.AsyncConnection) -> bool:
        """This database has the stack's cron schema, and no real pg_cron runs the jobs already."""
        row = await (await conn.execute(
            "select to_regclass('cron.job_slot') is not null"
            " and not exists (select 1 from pg_extension where extname = 'pg_cron')")).fetchone()
        return bool(row and row[0])

    async def due(self, conn: psycopg.AsyncConnection, now: datetime) -> list[tuple[Job, datetime]]:
        found = []
        for jobid, schedule, command, username, database, last_slot in await (await conn.execute(_JOBS)).fetchall():
            slot = self.slots.latest(schedule, now)
            if slot is not None and slot > last_slot and jobid not in self.running:
                found.append((Job(jobid, schedule, command, username, database), slot))
        return found

    async def tick(self, conn: psycopg.AsyncConnection, now: datetime | None = None) -> None:
        now = now or datetime.now(UTC)
        for job, slot in await self.due(conn, now):
            self.spawn(job.jobid, self.run_scheduled(job, slot))
        if one(await (await conn.execute(_ANY_REQUESTED)).fetchone())[0]:
            self.spawn(None, self.run_requested())

    def spawn(self, jobid: int | None, work: Awaitable[object]) -> None:
        if jobid is not None:
            self.running.add(jobid)

        async def guarded() -> None:
            try:
                await work
            except Exception:
                log.exception("scheduled job %s: the runner failed", jobid)
            finally:
                self.running.discard(jobid)

        task = asyncio.create_task(guarded(), name=f"cron-job-{jobid}")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- runs -------------------------------------------------------------------------------------------
    async def run_scheduled(self, job: Job, slot: datetime) -> bool:
        """Run `job` for `slot` unless another process has it; True when this process ran it."""
        async with await self.connect() as conn:
            async with conn.transaction():
                if not await (await conn.execute(_CLAIM_SLOT, (job.jobid, slot))).fetchone():
                    return False
                await conn.execute("update cron.job_slot set last_slot = %s where jobid = %s", (slot, job.jobid))
                runid = one(await (await conn.execute(
                    "insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)"
                    " values (%s, pg_backend_pid(), %s, %s, %s, 'running', clock_timestamp()) returning runid",
                    (job.jobid, job.database, job.username, job.command))).fetchone())[0]
                await self.execute(conn, job, runid, slot)
        return True

    async def run_requested(self) -> bool:
        """Run the oldest "run now" request nobody has taken; False when there is none (or its job is busy)."""
        async with await self.connect() as conn:
            try:
                async with conn.transaction():
                    row = await (await conn.execute(_REQUESTED)).fetchone()
                    if not row:
                        return False
                    runid, *fields = row
                    job = Job(*fields)
                    if job.jobid in self.running or not await (await conn.execute(_LOCK_JOB, (job.jobid,))).fetchone():
                        raise _Busy              # rolls back: the request waits for the running one
                    await conn.execute(
                        "update cron.job_run_details set status = 'running', job_pid = pg_backend_pid(),"
                        " start_time = clock_timestamp(), return_message = null, command = %s where runid = %s",
                        (job.command, runid))
                    await self.execute(conn, job, runid, None)
            except _Busy:
                return False
        return True

    async def execute(self, conn: psycopg.AsyncConnection, job: Job, runid: int, slot: datetime | None) -> None:
        """The command as the job's user (module docstring); its outcome written to the run's row."""
        status, message = "succeeded", ""
        settings = (self.config.statement_timeout, slot.isoformat() if slot else "")
        try:
            if job.database != conn.info.dbname:
                raise _Refused(f'database "{job.database}" is not the one this stack serves')
            owner = await (await conn.execute("select rolsuper from pg_roles where rolname = %s",
                                              (job.username,))).fetchone()
            if owner is None:
                raise _Refused(f'role "{job.username}" does not exist')
            if owner[0]:
                async with conn.transaction():
                    await conn.execute("select set_config('statement_timeout', %s, true),"
                                       " set_config('supastack.cron_slot', %s, true)", settings)
                    if job.username != conn.info.user:
                        await conn.execute(sql.SQL("set local role {}").format(sql.Identifier(job.username)))
                    cur = await conn.execute(job.command.encode())
                    message = cur.statusmessage or ""
                    await conn.execute("reset role; set local statement_timeout = 0")
            else:
                message = await self.run_as_owner(conn, job, runid, settings)
        except _Refused as exc:
            status, message = "failed", str(exc)
        except psycopg.Error as exc:
            if conn.closed or conn.broken:
                raise
            status, message = "failed", _error_text(exc)
        await conn.execute("update cron.job_run_details set status = %s, return_message = %s,"
                           " end_time = clock_timestamp() where runid = %s", (status, message, runid))
        log.info("scheduled job %s run %s: %s %s", job.jobid, runid, status, message)

    async def login_for(self, owner: str) -> str:
        """The connection string of `owner`'s login role, set up (once per process) on first use."""
        if owner in self.logins:
            return self.logins[owner]
        login = login_role(owner)
        async with await self.connect(autocommit=True) as admin:
            async with admin.transaction():
                await admin.execute("select pg_advisory_xact_lock(%s)", (LOGIN_LOCK,))
                await admin.execute(_LOGINS)
                await admin.execute("insert into supastack.cron_logins (owner, password) values (%s, %s)"
                                    " on conflict (owner) do nothing", (owner, secrets.token_urlsafe(32)))
                password = one(await (await admin.execute(
                    "select password from supastack.cron_logins where owner = %s", (owner,))).fetchone())[0]
                role = sql.Identifier(login)
                if not await (await admin.execute("select 1 from pg_roles where rolname = %s", (login,))).fetchone():
                    await admin.execute(sql.SQL("create role {}").format(role))
                await admin.execute(sql.SQL(
                    "alter role {} login noinherit nosuperuser nocreatedb nocreaterole noreplication nobypassrls"
                    " connection limit -1 password {}").format(role, sql.Literal(password)))
                await admin.execute(sql.SQL("grant {} to {}").format(sql.Identifier(owner), role))
        self.logins[owner] = make_conninfo(self.db_url, user=login, password=password)
        return self.logins[owner]

    async def run_as_owner(self, conn: psycopg.AsyncConnection, job: Job, runid: int,
                           settings: tuple[str, str]) -> str:
        """The command in a connection logged in as the owner's login role; its command tag."""
        try:
            job_conn = await psycopg.AsyncConnection.connect(await self.login_for(job.username),
                                                             prepare_threshold=None)
        except psycopg.OperationalError:
            # the role or its password changed meanwhile (a restore, someone dropped it): set it up again
            self.logins.pop(job.username, None)
            job_conn = await psycopg.AsyncConnection.connect(await self.login_for(job.username),
                                                             prepare_threshold=None)
        async with job_conn:
            await conn.execute("update cron.job_run_details set job_pid = %s where runid = %s",
                               (job_conn.info.backend_pid, runid))
            async with job_conn.transaction():
                await job_conn.execute("select set_config('statement_timeout', %s, true),"
                                       " set_config('supastack.cron_slot', %s, true)", settings)
                await job_conn.execute(sql.SQL("set local role {}").format(sql.Identifier(job.username)))
                cur = await job_conn.execute(job.command.encode())
                return cur.statusmessage or ""

    # -- the loop ----------------------------------------------------------------------------------------
    async def loop(self) -> None:
        conn: psycopg.AsyncConnection | None = None
        checked = 0.0
        while True:
            try:
                if conn is None or conn.closed:
                    conn, checked = await self.connect(autocommit=True), 0.0
                # whether the jobs are ours to run is asked every RECHECK ticks, not at every tick (a dropped
                # cron schema fails the tick's query anyway)
                if asyncio.get_running_loop().time() - checked > RECHECK * TICK:
                    if not await self.available(conn):
                        await asyncio.sleep(RECHECK * TICK)
                        continue
                    checked = asyncio.get_running_loop().time()
                await self.tick(conn)
                await asyncio.sleep(TICK)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("scheduled jobs: check failed; retrying")
                with contextlib.suppress(Exception):
                    if conn is not None:
                        await conn.close()
                conn = None
                await asyncio.sleep(5 * TICK)

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


class _Refused(Exception):
    pass


class _Busy(Exception):
    pass


def _error_text(exc: psycopg.Error) -> str:
    diag = exc.diag
    text = diag.message_primary or str(exc).strip()
    return f"ERROR:  {text}" if diag.message_primary else text
