"""Fixtures of the finance tests: a database of their own (migrations + seed) and callers by role."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import psycopg
import pytest

from supastack.core.config import REPO_ROOT

sys.path.insert(0, str(Path(__file__).parent))

from finance_actors import Actor  # noqa: E402


@pytest.fixture(scope="session")
def finance_db_url(cluster) -> str:
    return cluster.migrated_database("finance", REPO_ROOT / "migrations", REPO_ROOT / "seed.sql")


@pytest.fixture
def db(finance_db_url):
    """A connection whose whole test runs in one transaction, rolled back at the end."""
    conn = psycopg.connect(finance_db_url)
    try:
        yield Db(conn)
    finally:
        conn.rollback()
        conn.close()


class Db:
    """SQL as the owner (arranging) or as a demo user (the role and claims PostgREST would set)."""

    def __init__(self, conn: psycopg.Connection) -> None:
        self.conn = conn

    def owner(self) -> Db:
        self.conn.execute("reset role")
        self.conn.execute("select set_config('request.jwt.claims', '', true)")
        return self

    def act(self, actor: Actor) -> Db:
        self.conn.execute("reset role")
        self.conn.execute("set local role authenticated")
        self.conn.execute(
            "select set_config('request.jwt.claims', %s, true)",
            (json.dumps({"sub": actor.user_id, "role": "authenticated", "email": actor.email}),),
        )
        return self

    def all(self, query: str, params=None) -> list[tuple]:
        return self.conn.execute(query, params).fetchall()

    def one(self, query: str, params=None):
        row = self.conn.execute(query, params).fetchone()
        return row[0] if row is not None and len(row) == 1 else row

    def fails(self, query: str, params=None) -> psycopg.Error:
        """Runs the statement in a savepoint and returns the error it must raise."""
        try:
            with self.conn.transaction():
                self.conn.execute(query, params)
        except psycopg.Error as exc:
            return exc
        raise AssertionError(f"expected an error from: {query}")
