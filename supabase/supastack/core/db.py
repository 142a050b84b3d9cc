"""The connection pool and the one door into SQL: `scope(claims)` runs a transaction as the JWT's role."""
from __future__ import annotations

import json
import select
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

API_ROLES = ("anon", "authenticated", "service_role")


# The message every service gives when the database cannot be reached.
DATABASE_UNAVAILABLE = "Database unavailable; retrying the connection"


def database_unreachable(exc: BaseException) -> bool:
    """A lost or unreachable database (no SQLSTATE, or a connection/shutdown/resources one): a 503 the client
    may retry, not a 500."""
    if not isinstance(exc, psycopg.OperationalError):
        return False
    return not exc.sqlstate or exc.sqlstate.startswith(("08", "57P", "53"))


def role_of(claims: Mapping[str, Any]) -> str:
    """The database role a request runs as: the JWT's `role` claim, limited to the API roles."""
    role = claims.get("role") or "anon"
    return role if role in API_ROLES else "authenticated" if claims.get("sub") else "anon"


# ---------------------------------------------------------------- the one door into SQL as a caller
# PostgREST's rule, followed by REST, storage and realtime alike: a transaction runs as the JWT's role with
# its claims in `request.jwt.claims` (what auth.uid(), auth.jwt() and the policies read), all set with
# set_config(..., true) so they end with the transaction and never leak into a pooled connection's next use.

def caller_gucs(claims: Mapping[str, Any], extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The transaction-local settings of a caller: `role`, `request.jwt.claims`, then `extra`."""
    return {"role": role_of(claims), "request.jwt.claims": json.dumps(claims), **(extra or {})}


def request_gucs(method: str, path: str, headers_json: str) -> dict[str, str]:
    """PostgREST's `request.method`, `request.path` and `request.headers` (a JSON object) of an HTTP request."""
    return {"request.method": method, "request.path": "/" + path.strip("/"), "request.headers": headers_json}


_SET_CONFIG: dict[tuple[int, bool], str] = {}


def set_config_sql(count: int, numbered: bool = False) -> str:
    """`select set_config(name, value, true), ...` for `count` name/value pairs given as flat parameters:
    psycopg's %s placeholders, or the protocol's $1, $2... when `numbered` (REST's own round trip)."""
    text = _SET_CONFIG.get((count, numbered))
    if text is None:
        def slot(i: int) -> str:
            return f"${i + 1}" if numbered else "%s"
        text = _SET_CONFIG[(count, numbered)] = "select " + ", ".join(
            f"set_config({slot(2 * i)}, {slot(2 * i + 1)}, true)" for i in range(count))
    return text


async def as_caller(conn: psycopg.AsyncConnection[Any], claims: Mapping[str, Any],
                    extra: Mapping[str, str] | None = None) -> None:
    """Switches `conn`'s open transaction to the caller: its role and claims (and `extra` settings)."""
    gucs = caller_gucs(claims, extra)
    params: list[str] = []
    for name, value in gucs.items():
        params += [name, value]
    await conn.execute(set_config_sql(len(gucs)), params)


# How long a request waits for a connection before it is answered 503: during a database outage requests
# fail within this time instead of hanging.
POOL_TIMEOUT = 2.0
# How long the pool keeps retrying to open a connection before it gives up that attempt. Short, so that
# once the database is back the next request opens a connection at once instead of waiting out an
# exponential backoff that has grown during a long outage.
RECONNECT_TIMEOUT = 2.0


async def _drop_if_server_left(conn: psycopg.AsyncConnection) -> None:
    """Pool checkout check, almost free: an idle connection has nothing to read unless the server closed it
    (restart, crash, terminated backend); only then is it probed, and the pool replaces it if it fails.
    poll(), not select(): a process serving a thousand sockets opens connections past descriptor 1,023, which
    select() refuses; the pool then took every such checkout for a failed check and waited a second."""
    if conn.closed:
        raise psycopg.OperationalError("connection closed")
    poller = select.poll()
    poller.register(conn.fileno(), select.POLLIN)
    if poller.poll(0):
        await AsyncConnectionPool.check_connection(conn)


class Database:
    def __init__(self, url: str, min_size: int = 2, max_size: int = 10, timeout: float = POOL_TIMEOUT):
        self.url = url
        self.pool = AsyncConnectionPool(url, min_size=min_size, max_size=max_size, open=False, timeout=timeout,
                                        check=_drop_if_server_left,
                                        kwargs={"autocommit": True, "prepare_threshold": 0, "connect_timeout": 5})

    async def open(self) -> None:
        """Waits (up to a minute) for the database at start; once serving, reconnects fail fast and retry."""
        await self.pool.open(wait=True, timeout=60)
        self.pool.reconnect_timeout = RECONNECT_TIMEOUT

    async def close(self) -> None:
        await self.pool.close()

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[psycopg.AsyncConnection]:
        """A raw pooled connection (autocommit, owner role). For platform code only, never for user requests."""
        async with self.pool.connection() as conn:
            yield conn

    @asynccontextmanager
    async def scope(self, claims: Mapping[str, Any],
                    extra: Mapping[str, str] | None = None) -> AsyncIterator[psycopg.AsyncConnection]:
        """A transaction running as the claims' role with `request.jwt.claims` (and `extra` GUCs) set.

        Row-level security sees exactly what PostgREST would give it. Commits on success,
        rolls back on any exception.
        """
        async with self.pool.connection() as conn:
            async with conn.transaction():
                await as_caller(conn, claims, extra)
                yield conn

    @asynccontextmanager
    async def as_service(self) -> AsyncIterator[psycopg.AsyncConnection]:
        """The one named door that bypasses RLS: a transaction as service_role."""
        async with self.scope({"role": "service_role"}) as conn:
            yield conn
