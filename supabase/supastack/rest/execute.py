"""Stage 4, execute: one transaction as the caller's role, the main statement, checks, commit or rollback.

The only REST module that touches connections. Database errors become RestError here.
"""
from __future__ import annotations

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


class _Rollback(Exception):
    """Leaves the transaction with a rollback while keeping the result (Prefer: tx=rollback)."""

    def __init__(self, result: DbResult):
        self.result = result


async def execute(db: Database, query: MainQuery, claims: dict, gucs: dict[str, str],
                  check: Callable[[DbResult], None] | None = None, rollback: bool = False) -> DbResult:
    """Run `query` in `db.scope`; `check` may raise a RestError to abort (and roll back) the transaction."""
    try:
        async with db.scope(claims, gucs) as conn:
            if query.read_only:
                await conn.execute("set transaction read only")
            cur = await conn.execute(query.text, query.params, prepare=True)
            if query.rowcount_only:
                result = DbResult(None, max(cur.rowcount, 0), None)
            else:
                total, page, body, location = await cur.fetchone()
                result = DbResult(total, page, body, location)
            if check is not None:
                check(result)
            if rollback:
                raise _Rollback(result)
            return result
    except _Rollback as done:
        return done.result
    except psycopg.errors.QueryCanceled as exc:
        raise from_database_error(exc, role_of(claims) == "anon") from None
    except psycopg.OperationalError as exc:
        if exc.diag.sqlstate:
            raise from_database_error(exc, role_of(claims) == "anon") from None
        raise RestError(503, "PGRST001", "Database client error. Retrying the connection.", str(exc)) from None
    except psycopg.Error as exc:
        raise from_database_error(exc, role_of(claims) == "anon") from None
