"""Shared fixtures: the session's PostgreSQL cluster and the product stack (migrations + seed)."""
from __future__ import annotations

import pytest

from harness import Cluster, StackProcess

DEMO_PASSWORD = "Demo@12345"


def pytest_terminal_summary(terminalreporter):
    if Cluster.copies:
        terminalreporter.write_line(f"migrated databases: {Cluster.copies}, copied from {Cluster.templates} "
                                    "template(s) that ran the migrations")


@pytest.fixture(scope="session")
def cluster():
    c = Cluster()
    yield c
    c.stop()


@pytest.fixture(scope="session")
def stack(cluster):
    """The product's stack: this repository's migrations and seed, served on free ports."""
    s = StackProcess(cluster, name="product")
    yield s
    s.stop()
