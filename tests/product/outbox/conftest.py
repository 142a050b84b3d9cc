"""Outbox fixtures: fake providers on free loopback ports."""
from __future__ import annotations

import pytest
from fakes import FakeGraph, FakeSmtp


@pytest.fixture
def fake_smtp():
    s = FakeSmtp()
    yield s
    s.stop()


@pytest.fixture
def fake_graph():
    g = FakeGraph()
    yield g
    g.stop()
