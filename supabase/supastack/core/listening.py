"""The notifications of a LISTEN connection, read when its socket has data and at no other time.

psycopg's `notifies()` looks at the socket every 0.1 s even when nothing comes (a timer, the socket's reader
added and removed each time): with three listening connections in every API process (realtime's change feed,
the REST schema listener, the outbox's wake-ups) a stack doing nothing woke up 30 times a second for them. Here
the reader is registered once for as long as the notifications are read, and libpq reads only when the server
sent something. A connection the server closes is readable too: reading it raises, as `notifies()` would.

Read it inside `contextlib.aclosing(...)`, within the connection's own block: the socket's reader must go before
the connection closes (a later descriptor with the same number could be another connection's).
"""
from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator

import psycopg


async def notifications(conn: psycopg.AsyncConnection) -> AsyncGenerator[psycopg.Notify, None]:
    """Each notification as it arrives, first those psycopg already received while the connection ran other
    statements (LISTEN itself, a catch-up query). The connection must run nothing else while this is read."""
    async for held in conn.notifies(timeout=0):     # psycopg's backlog, and whatever is readable now
        yield held
    pgconn, encoding = conn.pgconn, conn.info.encoding
    loop = asyncio.get_running_loop()
    readable = asyncio.Event()
    fd = pgconn.socket
    loop.add_reader(fd, readable.set)
    try:
        while True:
            await readable.wait()
            readable.clear()
            pgconn.consume_input()          # raises when the server closed the connection
            while (raw := pgconn.notifies()) is not None:
                yield psycopg.Notify(raw.relname.decode(encoding), raw.extra.decode(encoding), raw.be_pid)
    finally:
        loop.remove_reader(fd)
