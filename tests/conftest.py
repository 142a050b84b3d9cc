"""Shared fixtures: the session's PostgreSQL cluster and the product stack (migrations + seed); the files'
order (the slowest first, from tests/durations.json)."""
from __future__ import annotations

import json
import os
import statistics
from collections import Counter
from pathlib import Path

import pytest

from harness import Cluster, StackProcess, worker_id

DEMO_PASSWORD = "Demo@12345"


DURATIONS = Path(__file__).with_name("durations.json")
_file_seconds: Counter[str] = Counter()


def pytest_addoption(parser):
    parser.addoption("--store-durations", action="store_true",
                     help=f"write each test file's seconds (setup, calls, teardown) to {DURATIONS.name}")


def _file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def _stored_durations() -> dict[str, float]:
    try:
        return json.loads(DURATIONS.read_text())
    except (OSError, ValueError):
        return {}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """The slowest files first. pytest-xdist hands each worker whole files (`--dist loadfile`) in this order
    when told not to reorder them (`--no-loadscope-reorder`; by default it sends the files with the most tests
    first, which left a few long scenarios with few tests, the failover's and the deployment's, for the end while
    the other worker sat idle). A file not yet in durations.json counts as a middling one; a file's own tests keep
    their order. Only where workers share the files out: a run in one process keeps the files' own order (the
    REST suite's files add rows that later ones count)."""
    if not worker_id():
        return
    known = _stored_durations()
    middling = statistics.median(known.values()) if known else 0.0
    first_seen: dict[str, int] = {}
    for index, item in enumerate(items):
        first_seen.setdefault(_file_of(item.nodeid), index)
    items.sort(key=lambda item: (-known.get(_file_of(item.nodeid), middling), first_seen[_file_of(item.nodeid)]))


def pytest_runtest_logreport(report):
    _file_seconds[_file_of(report.nodeid)] += report.duration


def pytest_sessionfinish(session):
    """Under pytest-xdist a worker hands its counts to the controller, which prints the totals (and, asked to,
    stores the files' durations: the controller receives every worker's reports)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["migrated_databases"] = (Cluster.copies, Cluster.templates)
    elif session.config.getoption("store_durations") and _file_seconds:
        stored = _stored_durations()
        stored.update({name: round(seconds, 1) for name, seconds in _file_seconds.items()})
        DURATIONS.write_text(json.dumps(dict(sorted(stored.items())), indent=1) + "\n")


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
