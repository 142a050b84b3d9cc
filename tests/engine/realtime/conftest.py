"""Realtime fixtures: a stack serving the fixture project, and supabase-js listeners."""
from __future__ import annotations

import pytest

from harness import StackProcess
from realtime_helpers import FIXTURE, NodeListener


@pytest.fixture(scope="module")
def rt_stack(cluster):
    """The fixture project (its own messages/notes tables and realtime.messages policies)."""
    s = StackProcess(cluster, workdir=FIXTURE, seed=False, name="realtime")
    yield s
    s.stop()


@pytest.fixture
def node_listener(rt_stack):
    started: list[NodeListener] = []

    def start(spec: dict, stack=None) -> NodeListener:
        listener = NodeListener(stack or rt_stack, spec)
        started.append(listener)
        return listener

    yield start
    for listener in started:
        listener.close()
