"""Fixtures of the workspace tests: a database of their own (migrations + seed) and acting as a demo user."""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

from supastack.core.config import REPO_ROOT

ADMIN = "10000000-0000-4000-8000-000000000001"
ASSISTANT = "10000000-0000-4000-8000-000000000002"
SECRETARY = "10000000-0000-4000-8000-000000000004"
MARIA = "10000000-0000-4000-8000-000000000005"
JOAO = "10000000-0000-4000-8000-000000000006"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
JOAO_CLIENT = "c0000000-0000-4000-8000-000000000002"


class Rollback(Exception):
    """Raised to undo everything a test did."""


def _migrations(under: Path) -> Path:
    """The migrations git knows plus this area's own: a migration another area is still writing (untracked)
    must not make these tests fail."""
    tracked = subprocess.run(["git", "ls-files", "migrations"], cwd=REPO_ROOT, capture_output=True, text=True,
                             check=False).stdout.split()
    names = {Path(t).name for t in tracked} | {p.name for p in (REPO_ROOT / "migrations").glob("2025112500[3]*.sql")}
    folder = Path(tempfile.mkdtemp(prefix="workspace-migrations-", dir=under))
    for name in names:
        if (REPO_ROOT / "migrations" / name).is_file():
            shutil.copy(REPO_ROOT / "migrations" / name, folder / name)
    return folder


@pytest.fixture(scope="session")
def workspace_db_url(cluster) -> str:
    return cluster.migrated_database("workspace", _migrations(cluster.tmp), REPO_ROOT / "seed.sql")


@pytest.fixture
def conn(workspace_db_url) -> Iterator[psycopg.Connection]:
    """A connection whose work is rolled back after the test (so tests never see each other's rows)."""
    with psycopg.connect(workspace_db_url) as c:
        yield c
        c.rollback()


def act_as(conn: psycopg.Connection, user_id: str | None) -> None:
    """Inside the test's transaction: the API role and JWT claims PostgREST would set for this user."""
    if user_id is None:
        conn.execute("set local role anon")
        conn.execute("select set_config('request.jwt.claims', %s, true)", (json.dumps({"role": "anon"}),))
        return
    conn.execute("set local role authenticated")
    claims = {"sub": user_id, "role": "authenticated", "aud": "authenticated"}
    conn.execute("select set_config('request.jwt.claims', %s, true)", (json.dumps(claims),))


def as_owner(conn: psycopg.Connection) -> None:
    conn.execute("reset role")
    conn.execute("select set_config('request.jwt.claims', '', true)")


@contextmanager
def savepoint(conn: psycopg.Connection) -> Iterator[None]:
    """A nested transaction for a statement expected to fail, so the test can go on afterwards."""
    try:
        with conn.transaction():
            yield
            raise Rollback
    except Rollback:
        pass
