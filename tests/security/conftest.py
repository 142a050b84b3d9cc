"""Security scenario fixtures: a stack of the suite's own (attacks write, and failed sign-ins throttle).

The product's migrations and seed, with roomy per-IP sign-in limits (every test calls from 127.0.0.1)
and a small per-e-mail one, so that the limiter itself can be attacked.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from harness import StackProcess

sys.path.insert(0, str(Path(__file__).parent))

PER_EMAIL_LIMIT = 5


@pytest.fixture(scope="session")
def sec_stack(cluster):
    s = StackProcess(cluster, name="security", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                    "SIGN_IN_FAILURES_PER_EMAIL": str(PER_EMAIL_LIMIT)})
    yield s
    s.stop()


@pytest.fixture(scope="session")
def attacker(sec_stack):
    from security_helpers import Attacker

    a = Attacker(sec_stack)
    yield a
    a.close()
