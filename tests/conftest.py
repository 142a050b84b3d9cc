"""Shared fixtures: the session's PostgreSQL cluster and the product stack (migrations + seed)."""
from __future__ import annotations

import pytest

from harness import Cluster, StackProcess

DEMO_PASSWORD = "Demo@12345"


def pytest_sessionfinish(session):
    """Under pytest-xdist a worker hands its counts to the controller, which prints the totals."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["migrated_databases"] = (Cluster.copies, Cluster.templates)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    copies, templates = getattr(node, "workeroutput", {}).get("migrated_databases", (0, 0))
    Cluster.copies += copies
    Cluster.templates += templates


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
