"""A stack of the scheduler's own (its runner and net sender run jobs in the background), and helpers to
wait for what they do."""
from __future__ import annotations

import time

import pytest

from harness import StackProcess
from supastack.core.config import REPO_ROOT

WORKDIR = REPO_ROOT


@pytest.fixture(scope="module")
def cron_stack(cluster):
    s = StackProcess(cluster, workdir=WORKDIR, name="cron", seed=False)
    yield s
    s.stop()


def wait_for(check, timeout: float = 15.0, every: float = 0.2):
    """Polls `check()` until it returns something truthy; fails the test with the last value otherwise."""
    deadline = time.monotonic() + timeout
    value = None
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout}s; last value: {value!r}")
