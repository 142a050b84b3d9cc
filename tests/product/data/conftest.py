"""Fixtures of the data tests: a database of their own with the product's migrations and seed."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from supastack.core.config import REPO_ROOT

# the matrix and demo modules sit next to the tests
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="session")
def data_db_url(cluster) -> str:
    """A fresh database with migrations + seed, as a plain PostgreSQL with Supabase's schemas would get."""
    return cluster.migrated_database("data", REPO_ROOT / "migrations", REPO_ROOT / "seed.sql")


@pytest.fixture(scope="session")
def data_stack(cluster):
    """A stack of the data tests' own (migrations + seed), so that API writes never touch other suites' data."""
    from harness import StackProcess

    s = StackProcess(cluster, name="data-api")
    yield s
    s.stop()
