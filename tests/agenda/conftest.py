"""Fixtures of the agenda tests: a stack of their own (migrations + seed) and SQL run as a demo user."""

from __future__ import annotations

import json
import os
from contextlib import contextmanager

import psycopg
import pytest

from harness import StackProcess
from supastack.core.config import REPO_ROOT

ADMIN = "10000000-0000-4000-8000-000000000001"
ASSISTANT = "10000000-0000-4000-8000-000000000002"
COMMERCIAL = "10000000-0000-4000-8000-000000000003"
SECRETARY = "10000000-0000-4000-8000-000000000004"
MARIA_USER = "10000000-0000-4000-8000-000000000005"
JOAO_USER = "10000000-0000-4000-8000-000000000006"
MARIA = "c0000000-0000-4000-8000-000000000001"
JOAO = "c0000000-0000-4000-8000-000000000002"
STAFF = [ADMIN, ASSISTANT, COMMERCIAL, SECRETARY]


class Undo(Exception):
    """Raised to roll a case back."""


@pytest.fixture(scope="session")
def agenda_stack(cluster):
    # AGENDA_TEST_WORKDIR: another project folder (e.g. this one with a subset of migrations) to test against
    s = StackProcess(cluster, workdir=os.environ.get("AGENDA_TEST_WORKDIR", REPO_ROOT), name="agenda")
    yield s
    s.stop()


@pytest.fixture
def db(agenda_stack):
    """A connection whose every change is rolled back at the end of the test."""
    with psycopg.connect(agenda_stack.db_url) as conn:
        try:
            with conn.transaction():
                yield conn
                raise Undo
        except Undo:
            pass


@contextmanager
def acting_as(conn: psycopg.Connection, user_id: str | None):
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
