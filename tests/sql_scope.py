"""Scaffolding of the SQL tests: a connection whose changes are rolled back, SQL run with the role and claims the
REST API sets for a user, and rows of any statement."""
from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg


class _Undo(Exception):
    """Raised to roll the test's transaction back."""


@contextmanager
def rolled_back(db_url: str) -> Iterator[psycopg.Connection]:
    """A connection in one transaction that is rolled back at the end, whatever the test did."""
    with psycopg.connect(db_url) as conn:
        try:
            with conn.transaction():
                yield conn
                raise _Undo
        except _Undo:
            pass


@contextmanager
def acting_as(conn: psycopg.Connection, user_id: str | None) -> Iterator[psycopg.Connection]:
    """Inside a savepoint: the API role and claims PostgREST would set for this user (None = anon)."""
    with conn.transaction():
        role = "anon" if user_id is None else "authenticated"
        claims = {"role": role} if user_id is None else {"sub": user_id, "role": role}
        conn.execute(f"set local role {role}")
        conn.execute("select set_config('request.jwt.claims', %s, true)", (json.dumps(claims),))
        yield conn
        conn.execute("reset role")


def rows(conn: psycopg.Connection, query: str, params=None) -> list[tuple]:
    cur = conn.execute(query, params)
    return cur.fetchall() if cur.description else []
