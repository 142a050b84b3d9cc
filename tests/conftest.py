"""Shared fixtures: the session's PostgreSQL cluster and the product stack (migrations + seed)."""
from __future__ import annotations

import os

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


@pytest.fixture(autouse=True)
def _keep_the_umask():
    """The stack's command line sets a private umask (0077) for everything it creates; a test that calls it in
    process must not hand that umask to the worker's next tests (folders another user must cross, say)."""
    mask = os.umask(0o022)
    os.umask(mask)
    yield
    os.umask(mask)


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
