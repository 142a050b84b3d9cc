"""Full garbage collections at quiet moments (realtime/collector.py): held back while changes flow, run as
soon as the feed is quiet, never held back longer than MAX_DEFERRAL, so memory stays bounded under
endless traffic; Python's own trigger stays as a safety net."""
from __future__ import annotations

import gc
import time
import weakref
from collections import deque

import pytest

from supastack.realtime.collector import COMPLETE_GROWTH, MAX_DEFERRAL, SAFETY_FACTOR, Collector
from supastack.realtime.feed import Feed


class Node:
    """Cyclic garbage: only a full collection frees it once it has reached the old generation."""

    def __init__(self) -> None:
        self.me = self


BATCHES = 500           # 0.1 s apart on the fake clock: 50 s of uninterrupted traffic
PER_BATCH = 500         # cycles made by each batch
LIVE_BATCHES = 40       # each lives this many batches (a socket's objects, say), then becomes garbage


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def gc_state():
    threshold = gc.get_threshold()
    yield
    gc.set_threshold(*threshold)
    gc.unfreeze()
    gc.collect()


def old_cycle() -> weakref.ref:
    """A cycle promoted to the old generation, the way a closed socket's objects get there."""
    node = Node()
    ref = weakref.ref(node)
    gc.collect(1)                    # a young collection: the live cycle survives into the old generation
    del node
    return ref


def make_due(col: Collector) -> None:
    while not col.due():
        gc.collect(1)                # each young (generation 1) collection counts towards a full one


def test_install_raises_pythons_own_trigger_and_uninstall_restores_it(gc_state):
    young, middle, full = gc.get_threshold()
    col = Collector(busy=lambda: False)
    col.install()
    assert gc.get_threshold() == (young, middle, full * SAFETY_FACTOR)
    assert col.every == full
    assert gc.get_freeze_count() > 0             # start-up objects are out of the collector's sight
    col.uninstall()
    assert gc.get_threshold() == (young, middle, full)


def test_a_due_collection_waits_while_changes_flow_and_runs_once_the_feed_is_quiet(gc_state):
    busy = [True]
    clock = Clock()
    col = Collector(busy=lambda: busy[0], clock=clock)
    col.install()
    ref = old_cycle()
    make_due(col)
    assert col.tick() is False and ref() is not None     # held back: changes are flowing
    clock.now += MAX_DEFERRAL / 2
    assert col.tick() is False and ref() is not None
    busy[0] = False
    assert col.tick() is True and ref() is None          # quiet: collected at once
    assert col.collections == 1 and not col.due()
    assert col.tick() is False                           # nothing due any more


def test_nothing_runs_before_python_would_have_considered_it(gc_state):
    col = Collector(busy=lambda: False)
    col.install()
    ref = old_cycle()
    assert not col.due()
    assert col.tick() is False and ref() is not None


def test_endless_traffic_cannot_hold_collections_back_longer_than_the_cap(gc_state):
    clock = Clock()
    col = Collector(busy=lambda: True, clock=clock)
    col.install()
    ref = old_cycle()
    make_due(col)
    assert col.tick() is False
    clock.now += MAX_DEFERRAL
    assert col.tick() is True and ref() is None


def traffic(batches: int, after_each=lambda: None, count_each: bool = True) -> list[int]:
    """Batches of cycles that stay alive a while (so young collections promote them) and then become
    garbage only a full collection frees; returns the tracked-object count after every tenth batch and the last
    (only the last with count_each=False). Counting walks every tracked object of the process, frozen ones
    included: 500 walks of a heap that keeps its garbage took minutes on a loaded machine."""
    live: deque[list[Node]] = deque(maxlen=LIVE_BATCHES)
    baseline = tracked()
    counts = []
    for batch in range(batches):
        live.append([Node() for _ in range(PER_BATCH)])
        after_each()
        if count_each and batch % 10 == 0 or batch == batches - 1:
            counts.append(tracked() - baseline)
    return counts


def tracked() -> int:
    """Objects the collector tracks, frozen ones included (gc.get_objects leaves those out)."""
    return len(gc.get_objects()) + gc.get_freeze_count()


def test_tracked_objects_do_not_grow_across_batches_under_endless_traffic(gc_state):
    """While the feed is never quiet, a due full collection waits at most MAX_DEFERRAL seconds (of a fake
    clock), and the tracked objects stay bounded."""
    clock = Clock()
    col = Collector(busy=lambda: True, clock=clock)
    col.install()
    waits: list[float] = []
    due_at: list[float] = []

    def tick() -> None:
        clock.now += 0.1
        if not due_at and col.due():
            due_at.append(clock.now)
        if col.tick():
            waits.append(clock.now - due_at.pop())

    counts = traffic(BATCHES, tick)
    assert len(waits) >= 2
    assert max(waits) <= MAX_DEFERRAL + 0.15       # one tick of the fake clock, give or take rounding
    # 250,000 cycles in all, 20,000 alive at any time: only what accrues between two collections stays
    assert max(counts) < 150_000


def test_without_full_collections_the_same_traffic_keeps_the_garbage(gc_state):
    """The measure above can fail: with full collections off, the cycles pile up."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 10**9)
    assert traffic(BATCHES, count_each=False)[-1] > 240_000


def test_the_feed_is_quiet_only_with_nothing_queued_and_no_recent_notification():
    feed = Feed("postgresql://unused", {})
    assert feed.quiet(0.1)
    feed.last_read = time.monotonic()
    assert not feed.quiet(0.1)
    feed.last_read -= 0.2
    assert feed.quiet(0.1)
    feed.queue.append(("channel", "{}", time.time()))
    assert not feed.quiet(0.1)


def test_a_collection_leaves_its_survivors_out_of_the_next_ones_sight(gc_state):
    """A thousand connected sockets' objects are scanned once, not at every collection."""
    col = Collector(busy=lambda: False)
    col.install()
    alive = [Node() for _ in range(20_000)]            # long-lived: sockets that stay connected
    make_due(col)
    frozen = gc.get_freeze_count()
    assert col.tick() is True
    assert gc.get_freeze_count() >= frozen + len(alive)
    assert len(gc.get_objects(generation=2)) < len(alive) // 10   # what the next collection will scan
    assert all(n.me is n for n in alive[:10])


def test_cycles_among_survivors_are_freed_once_they_have_grown_by_a_quarter(gc_state):
    col = Collector(busy=lambda: False)
    col.install()
    node = Node()
    ref = weakref.ref(node)
    make_due(col)
    col.tick()                                          # the cycle survives, and is frozen with the others
    del node
    make_due(col)
    assert col.tick() is True and ref() is not None     # frozen garbage: not scanned by the usual collection
    assert col.complete_collections == 0
    grown = [Node() for _ in range(int(gc.get_freeze_count() * COMPLETE_GROWTH) + 1000)]
    make_due(col)
    assert col.tick() is True and ref() is not None     # the growth is frozen by this one...
    assert col.complete_collections == 0
    make_due(col)
    assert col.tick() is True                           # ...and the next one looks at everything
    assert col.complete_collections == 1 and ref() is None
    make_due(col)
    assert col.tick() is True and col.complete_collections == 1
    assert len(grown) > 0
