"""Fixtures of the agenda tests: a stack of their own (migrations + seed) and SQL run as a demo user."""

from __future__ import annotations

import os

import pytest
from sql_scope import acting_as, rolled_back, rows  # noqa: F401 (the tests import them from here)

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


@pytest.fixture(scope="session")
def agenda_stack(cluster):
    # AGENDA_TEST_WORKDIR: another project folder (e.g. this one with a subset of migrations) to test against
    s = StackProcess(cluster, workdir=os.environ.get("AGENDA_TEST_WORKDIR", REPO_ROOT), name="agenda")
    yield s
    s.stop()


@pytest.fixture
def db(agenda_stack):
    """A connection whose every change is rolled back at the end of the test."""
    with rolled_back(agenda_stack.db_url) as conn:
        yield conn



