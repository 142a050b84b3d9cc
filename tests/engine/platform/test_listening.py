"""LISTEN connections read when the server sends something, not on a timer: the notifications arrive in
order (those psycopg held from before first), the socket's reader is registered once, not every 0.1 s, and
a connection the server ends is reported as `notifies()` reports it."""
from __future__ import annotations

import asyncio
import contextlib

import psycopg
import pytest

from supastack.core.listening import notifications


@pytest.fixture(scope="module")
def db_url(cluster):
    return cluster.create_database("listening")


async def test_notifications_in_order_with_one_reader_and_no_timer(db_url, monkeypatch):
    loop = asyncio.get_running_loop()
    registrations = []
    add_reader = loop.add_reader
    monkeypatch.setattr(loop, "add_reader", lambda fd, *args: (registrations.append(fd), add_reader(fd, *args)))
    async with await psycopg.AsyncConnection.connect(db_url, autocommit=True) as listener, \
            await psycopg.AsyncConnection.connect(db_url, autocommit=True) as sender:
        await listener.execute("listen office")
        await sender.execute("select pg_notify('office', 'before')")
        await listener.execute("select 1")     # psycopg receives 'before' while running this
        received: list[str] = []
        registrations.clear()
        async with contextlib.aclosing(notifications(listener)) as notes:
            async def read() -> None:
                async for note in notes:
                    received.append(note.payload)
                    if len(received) == 4:
                        return

            reading = asyncio.create_task(read())
            await asyncio.sleep(0.5)               # silence: psycopg's notifies() would wake five times
            for payload in ("um", "dois", "três"):
                await sender.execute("select pg_notify('office', %s)", (payload,))
            await asyncio.wait_for(reading, 5)
        assert received == ["before", "um", "dois", "três"]
        # one look at what is already there (psycopg's own wait, once), then one reader for the whole time
        assert registrations.count(listener.pgconn.socket) <= 2


async def test_a_connection_the_server_ends_raises(db_url):
    async with await psycopg.AsyncConnection.connect(db_url, autocommit=True) as listener, \
            await psycopg.AsyncConnection.connect(db_url, autocommit=True) as admin:
        await listener.execute("listen office")
        pid = listener.info.backend_pid
        async with contextlib.aclosing(notifications(listener)) as notes:
            async def read() -> None:
                async for _ in notes:
                    pass

            reading = asyncio.create_task(read())
            await asyncio.sleep(0.1)
            await admin.execute("select pg_terminate_backend(%s)", (pid,))
            with pytest.raises(psycopg.OperationalError):
                await asyncio.wait_for(reading, 5)
