"""The stack's connection pool in a process holding more than 1,024 open descriptors (a thousand realtime
sockets, say): connections opened after them have descriptors select() refuses, and the pool's checkout
check must still hand them out at once."""
from __future__ import annotations

import gc
import os
import resource
import time

import psycopg
import pytest

from supastack.core.db import Database

PAST_SELECT_LIMIT = 1100        # select() takes descriptors below 1,024 only (FD_SETSIZE)


@pytest.fixture
def many_descriptors():
    """Call it right before opening connections: it takes every free descriptor below PAST_SELECT_LIMIT
    (something else in the process may have closed a low one since), so the next ones are past 1,023."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < PAST_SELECT_LIMIT + 100:
        pytest.skip("this system allows too few open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, PAST_SELECT_LIMIT + 100), hard))
    held: list[int] = []

    def fill() -> None:
        while True:
            fd = os.open(os.devnull, os.O_RDONLY)
            if fd >= PAST_SELECT_LIMIT:
                os.close(fd)
                return
            held.append(fd)

    yield fill
    for fd in held:
        os.close(fd)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


async def test_connections_past_descriptor_1024_are_handed_out_at_once(cluster, many_descriptors):
    db = Database(cluster.create_database("pool_fds"), min_size=1, max_size=1, timeout=5)
    many_descriptors()
    await db.open()
    try:
        started = time.monotonic()
        for _ in range(10):
            async with db.connection() as conn:
                assert conn.fileno() >= 1024
                assert await (await conn.execute("select 1")).fetchone() == (1,)
        # each refused check cost a second's back-off (and with one connection, a timeout)
        assert time.monotonic() - started < 2.0
        assert db.pool.get_stats().get("connections_num", 0) == 1
    finally:
        await db.close()


async def test_a_connection_past_descriptor_1024_the_server_dropped_is_replaced(cluster, many_descriptors):
    url = cluster.create_database("pool_fds_dropped")
    db = Database(url, min_size=1, max_size=1, timeout=5)
    many_descriptors()
    await db.open()
    try:
        async with db.connection() as conn:
            pid = conn.info.backend_pid
            assert conn.fileno() >= 1024
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("select pg_terminate_backend(%s)", (pid,))
        time.sleep(0.2)                # the server's goodbye reaches the idle connection
        gc.collect()                   # garbage of earlier tests closes its descriptors now, not mid-test
        many_descriptors()             # the replacement, too, past 1,023
        async with db.connection() as conn:
            assert conn.info.backend_pid != pid and conn.fileno() >= 1024
            assert await (await conn.execute("select 1")).fetchone() == (1,)
    finally:
        await db.close()
