"""Full garbage collections of a stack process at quiet moments of the change feed.

A full (generation 2) collection scans every tracked object born since start-up, and stops the
process while it runs: 5-10 ms of CPU with 100 subscribers and the garbage of a few hundred closed
sockets (measured by the realtime bench's trace), several times that in wall time on a loaded
machine. Python starts one when ten young collections have run since the last and enough objects
survived into the old generation; what makes them survive is mostly socket churn (joins and leaves),
so it fires at a random moment, often in the middle of a burst of changes, which then wait for it.

Here Python's own trigger is raised tenfold (it stays as a safety net), and `tick` runs the
collection as soon as Python's usual count is reached and the feed is quiet, or after MAX_DEFERRAL
seconds of uninterrupted traffic: memory is reclaimed as before, within a bounded delay.

Each such collection looks only at objects born since the previous one: the survivors are frozen
(gc.freeze), as start-up objects are, so a thousand connected sockets are not scanned again every few
seconds (that took 137 ms of CPU per collection with 1,030 sockets, and every delivery waited for it).
Cycles among frozen objects are not freed until a complete collection (unfreeze, collect, freeze): a due
collection is complete when the frozen objects have grown by a quarter since the last complete one, Python's
own rule for when a full collection is worth scanning every long-lived object.
"""
from __future__ import annotations

import gc
import time
from collections.abc import Callable

MAX_DEFERRAL = 5.0        # seconds a due full collection may wait for a quiet moment
SAFETY_FACTOR = 10        # Python's own full collections still run after this many times its usual count
COMPLETE_GROWTH = 0.25    # frozen objects grown by this share since the last complete collection: scan them all


class Collector:
    def __init__(self, busy: Callable[[], bool], clock: Callable[[], float] = time.monotonic) -> None:
        self.busy = busy
        self.clock = clock
        self.every = gc.get_threshold()[2]     # young collections between two full ones (Python's: 10)
        self._saved: tuple[int, int, int] | None = None
        self._due_since: float | None = None
        self.collections = 0                   # full collections run by `tick`
        self.complete_collections = 0          # of which looked at every object (frozen ones too)
        self._frozen_after_complete = 0        # counted once per complete collection (counting walks them all)
        self._frozen_since_complete = 0        # survivors frozen since, counted as they are frozen

    def install(self) -> None:
        """Everything alive after start-up (modules, the app, its schemas, the catalog) lives as long as the
        process: collect start-up garbage once, then keep the rest out of the collector's sight, so a full
        collection scans only what came later. Then take over the timing of full collections."""
        gc.collect()
        gc.freeze()
        self._frozen_after_complete = gc.get_freeze_count()
        if self._saved is None:
            self._saved = gc.get_threshold()
            young, middle, full = self._saved
            self.every = full
            gc.set_threshold(young, middle, full * SAFETY_FACTOR)

    def uninstall(self) -> None:
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None

    def due(self) -> bool:
        """Whether Python would have considered a full collection by now (young collections since the last)."""
        return gc.get_count()[2] >= self.every

    def tick(self) -> bool:
        """Run a due full collection if the feed is quiet or it has waited long enough; True if it ran."""
        if not self.due():
            self._due_since = None
            return False
        now = self.clock()
        if self._due_since is None:
            self._due_since = now
        if self.busy() and now - self._due_since < MAX_DEFERRAL:
            return False
        complete = self._frozen_since_complete > self._frozen_after_complete * COMPLETE_GROWTH
        if complete:
            gc.unfreeze()
        gc.collect(2)                          # unless complete, only what was born since the last one
        if complete:
            gc.freeze()
            self._frozen_after_complete = gc.get_freeze_count()
            self._frozen_since_complete = 0
            self.complete_collections += 1
        else:
            self._frozen_since_complete += len(gc.get_objects(generation=2))   # this collection's survivors
            gc.freeze()
        self._due_since = None
        self.collections += 1
        return True
