"""Security scenario fixtures: a stack of the suite's own (attacks write, and failed sign-ins throttle).

The product's migrations and seed, with roomy per-IP sign-in limits (every test calls from 127.0.0.1)
and a small per-e-mail one, so that the limiter itself can be attacked.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from harness import StackProcess
from supastack.db.migrate import migrate

sys.path.insert(0, str(Path(__file__).parent))

PER_EMAIL_LIMIT = 5


@pytest.fixture(scope="session")
def sec_stack(cluster):
    """Attacked after a restart: a stack whose database was migrated again (as every `start` does) and whose
    server was restarted, since holes that open only then (re-granted privileges) are the ones that ship."""
    s = StackProcess(cluster, name="security", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                    "SIGN_IN_FAILURES_PER_EMAIL": str(PER_EMAIL_LIMIT)})
    migrate(s.db_url, s.settings.migrations_dir, None, log=lambda *_: None)
    s.restart()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def attacker(sec_stack):
    from security_helpers import Attacker

    a = Attacker(sec_stack)
    yield a
    a.close()
