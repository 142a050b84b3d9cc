"""Stage 4, execute: one transaction as the caller's role, the main statement, checks, commit or rollback.

The only REST module that touches connections. Database errors become RestError here.

The transaction is the one `Database.scope` opens (same role switch, same `request.jwt.claims` and
`request.*` GUCs), sent in psycopg pipeline mode: BEGIN, set_config, the statement and COMMIT travel in
one round trip when no check has to see the result first (two otherwise), instead of four.
Transaction-control statements are never prepared: after an error the server skips the rest of the
pipeline, and a skipped PREPARE would leave psycopg believing in a statement that does not exist.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable

import psycopg

from supastack.core.db import Database, role_of
from supastack.rest.errors import RestError, from_database_error
from supastack.rest.sql import MainQuery


@dataclass(frozen=True, slots=True)
class DbResult:
    total: int | None
    page: int
    body: str | None
    location: str | None = None


_GUC_SQL: dict[int, str] = {}


def _guc_statement(count: int) -> str:
    text = _GUC_SQL.get(count)
    if text is None:
        text = _GUC_SQL[count] = "select " + ", ".join("set_config(%s, %s, true)" for _ in range(count))
    return text


async def execute(db: Database, query: MainQuery, claims: dict, gucs: dict[str, str],
                  check: Callable[[DbResult], None] | None = None, rollback: bool = False) -> DbResult:
    """Run `query` as the claims' role; `check` may raise a RestError to abort (and roll back) the transaction."""
    anonymous = role_of(claims) == "anon"
    settings = {"request.jwt.claims": json.dumps(claims), "role": role_of(claims), **gucs}
    params: list[str] = []
    for name, value in settings.items():
        params += [name, value]
    try:
        async with db.pool.connection() as conn:
            try:
                async with conn.pipeline() as pipeline:
                    await conn.execute("begin", prepare=False)
                    if query.read_only:
                        await conn.execute("set transaction read only", prepare=False)
                    await conn.execute(_guc_statement(len(settings)), params, prepare=True)
                    cur = await conn.execute(query.text, query.params, prepare=True)
                    decide_later = check is not None or rollback
                    if not decide_later:
                        await conn.execute("commit", prepare=False)
                    await pipeline.sync()
                    if query.rowcount_only:
                        result = DbResult(None, max(cur.rowcount, 0), None)
                    else:
                        total, page, body, location = await cur.fetchone()
                        result = DbResult(total, page, body, location)
                    if decide_later:
                        if check is not None:
                            check(result)
                        await conn.execute("rollback" if rollback else "commit", prepare=False)
                return result
            except BaseException as exc:
                if isinstance(exc, psycopg.Error) and not conn.closed:
                    # After a server error inside a pipeline, psycopg's record of which statements are
                    # prepared can drift from the server's ("prepared statement ... does not exist" on a
                    # later request). Errors are rare: drop the connection and let the pool open a new one.
                    await conn.close()
                elif conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE and not conn.closed:
                    try:
                        await conn.execute("rollback", prepare=False)
                    except psycopg.Error:
                        pass
                raise
    except psycopg.OperationalError as exc:
        if exc.diag.sqlstate:
            raise from_database_error(exc, anonymous) from None
        raise RestError(503, "PGRST001", "Database client error. Retrying the connection.", str(exc)) from None
    except psycopg.Error as exc:
        raise from_database_error(exc, anonymous) from None
