"""The REST engine's own PostgreSQL connections, apart from the platform's shared pool.

Per request the shared pool cost a checkout (a lock, a health check with a `select()` system call, the
pool's bookkeeping) and every wait for PostgreSQL's answer registered and unregistered the socket with the
event loop (two `epoll_ctl` calls). Here each connection has its socket's reader registered once for its
whole life: the reader reads what arrives into libpq and wakes the request only once a whole result is
there, and while the connection is idle it notices at once when the server goes away (restart, crash,
terminated backend), so a dead connection is never handed out and no check runs per request.

Nothing but `rest/roundtrip.py` drives these connections, so prepared statements stay put (no platform
code's DEALLOCATE ALL). Connections open on demand up to `size` per process; a request finding all busy
waits up to `timeout` seconds, then fails like a pool timeout (503, PGRST001).
"""
from __future__ import annotations

import asyncio
from collections import deque

import psycopg
from psycopg import pq

from supastack.core.db import POOL_TIMEOUT

BAD = pq.ConnStatus.BAD
IDLE = pq.TransactionStatus.IDLE


class ConnectionUnavailable(psycopg.OperationalError):
    """No connection could be had (the database is down, unreachable or saturated): the client may retry."""


class Link:
    """One REST connection: the psycopg connection (which opened it and will close it) and its libpq handle,
    driven directly. `registry` is the statements `roundtrip` prepared on it."""

    __slots__ = ("conn", "pg", "fd", "loop", "encoding", "waiter", "broken", "registry")

    def __init__(self, conn: psycopg.AsyncConnection, loop: asyncio.AbstractEventLoop):
        self.conn = conn
        self.pg = conn.pgconn
        self.fd = self.pg.socket
        self.loop = loop
        self.encoding = conn.info.encoding
        self.waiter: asyncio.Future | None = None
        self.broken = False
        self.registry: object | None = None
        loop.add_reader(self.fd, self._readable)

    def _readable(self) -> None:
        try:
            self.pg.consume_input()
        except psycopg.OperationalError as exc:
            self._fail(exc)
            return
        waiter = self.waiter
        if waiter is not None:
            if not self.pg.is_busy():
                self.waiter = None
                if not waiter.done():
                    waiter.set_result(None)
        elif self.pg.status == BAD:   # idle, and the server closed the connection
            self._fail(psycopg.OperationalError("the server closed the connection"))

    def _fail(self, exc: Exception) -> None:
        self.broken = True
        self.loop.remove_reader(self.fd)
        waiter, self.waiter = self.waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_exception(exc)

    async def result(self) -> pq.abc.PGresult | None:
        """The next result (None marks the end of a statement's results), waiting for it without a syscall."""
        await self.wait()
        return self.pg.get_result()

    async def wait(self) -> None:
        """Until libpq has a whole result to give (or none is pending)."""
        pg = self.pg
        while pg.is_busy():
            if self.broken:
                raise psycopg.OperationalError("the connection to the server was lost")
            self.waiter = self.loop.create_future()
            await self.waiter

    async def flush(self) -> None:
        """Sends what libpq buffered; a big request may have to wait for the socket (rare: one small packet
        is the usual request). What the server sends meanwhile the reader consumes."""
        while self.pg.flush():
            ready = self.loop.create_future()
            self.loop.add_writer(self.fd, ready.set_result, None)
            try:
                await ready
            finally:
                self.loop.remove_writer(self.fd)

    @property
    def reusable(self) -> bool:
        return not self.broken and not self.conn.closed and self.pg.transaction_status == IDLE

    async def close(self) -> None:
        if not self.broken:
            self.broken = True
            self.loop.remove_reader(self.fd)
        await self.conn.close()


class Connections:
    """Up to `size` Links of one event loop, most recently used first."""

    def __init__(self, url: str, size: int = 10, timeout: float = POOL_TIMEOUT):
        self.url = url
        self.size = size
        self.timeout = timeout
        self.idle: list[Link] = []
        self.count = 0                                   # open or opening
        self.waiters: deque[asyncio.Future] = deque()    # requests waiting for a free connection
        self.closed = False

    async def get(self) -> Link:
        idle = self.idle
        while idle:
            link = idle.pop()
            if not link.broken:
                return link
            await self._drop(link)
        if self.count < self.size:
            return await self._open()
        return await self._wait()

    async def _open(self) -> Link:
        self.count += 1
        try:
            async with asyncio.timeout(self.timeout):
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True,
                                                             connect_timeout=max(2, int(self.timeout)))
        except (psycopg.Error, OSError, TimeoutError) as exc:
            self.count -= 1
            self._wake()   # a waiter may try in turn
            raise ConnectionUnavailable(f"connection to the database failed: {exc}") from None
        except BaseException:
            self.count -= 1
            self._wake()
            raise
        return Link(conn, asyncio.get_running_loop())

    async def _wait(self) -> Link:
        waiter = asyncio.get_running_loop().create_future()
        self.waiters.append(waiter)
        try:
            async with asyncio.timeout(self.timeout):
                link = await waiter
        except BaseException as exc:
            if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                handed = waiter.result()
                if handed is not None:
                    self.put(handed)   # handed over just as this request gave up: pass it on
                else:
                    self._wake()
            else:
                waiter.cancel()
            try:
                self.waiters.remove(waiter)
            except ValueError:
                pass
            if isinstance(exc, TimeoutError):
                raise ConnectionUnavailable(
                    f"no connection to the database free within {self.timeout} s") from None
            raise
        return link if link is not None else await self.get()   # None: room to open one, try again

    def put(self, link: Link) -> None:
        """Back after a request; a connection in an unknown state (or a broken one) is closed instead."""
        if self.closed or not link.reusable:
            self.count -= 1
            asyncio.get_running_loop().create_task(link.close())
            self._wake()
            return
        while self.waiters:
            waiter = self.waiters.popleft()
            if not waiter.done():
                waiter.set_result(link)
                return
        self.idle.append(link)

    def _wake(self) -> None:
        """A place became free (a connection closed or failed to open): the first waiter opens one."""
        while self.waiters:
            waiter = self.waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return

    async def _drop(self, link: Link) -> None:
        self.count -= 1
        await link.close()

    async def close(self) -> None:
        self.closed = True
        idle, self.idle = self.idle, []
        for link in idle:
            await self._drop(link)
