"""Stage timings of postgres_changes delivery, for the realtime bench (off unless asked for).

With `SUPASTACK_REALTIME_TRACE=<file>` in its environment, the process appends one JSON line per
delivered batch: for each change its sequence number, its row's `id` (when it has one) and the time
its notification was read off the LISTEN connection; then when the batch was handed over, when its
RLS check started and ended, and when its frames were queued to the sockets. Times are wall-clock
(`time.time()`), comparable with the database's `clock_timestamp()` on the same machine.
"""
from __future__ import annotations

import gc
import json
import os
import time
from dataclasses import dataclass, field

TRACE_ENV = "SUPASTACK_REALTIME_TRACE"


@dataclass
class BatchTrace:
    changes: list[tuple[int, object, float]]       # (seq, record id, notification read)
    queued: float = field(default_factory=time.time)
    started: float = 0.0
    checked: float = 0.0
    sent: float = 0.0


class Tracer:
    def __init__(self, path: str | None) -> None:
        self.path = path
        self._file = open(path, "a", buffering=1) if path else None  # noqa: SIM115 (lives with the process)
        self._gc_started = 0.0
        self._gc_cpu = 0.0
        if self._file is not None:
            gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict) -> None:
        """Garbage collections that stop the process for more than a millisecond, as `gc` lines: the wall time
        and this thread's CPU time (less when the process was descheduled meanwhile on a busy machine)."""
        if phase == "start":
            self._gc_started = time.time()
            self._gc_cpu = time.thread_time()
        elif self._file is not None and (took := time.time() - self._gc_started) > 0.001:
            self._file.write(json.dumps({"gc": info.get("generation"), "at": self._gc_started, "ms": took * 1000,
                                         "cpu": (time.thread_time() - self._gc_cpu) * 1000,
                                         "collected": info.get("collected")}) + "\n")

    @classmethod
    def from_env(cls) -> Tracer:
        return cls(os.environ.get(TRACE_ENV) or None)

    @property
    def on(self) -> bool:
        return self._file is not None

    def batch(self, batch: list[dict], received: list[float]) -> BatchTrace | None:
        if self._file is None:
            return None
        return BatchTrace([(c.get("seq", 0), (c.get("record") or {}).get("id"), t)
                           for c, t in zip(batch, received, strict=False)])

    def write(self, trace: BatchTrace | None) -> None:
        if self._file is None or trace is None:
            return
        self._file.write(json.dumps({"changes": trace.changes, "queued": trace.queued, "started": trace.started,
                                     "checked": trace.checked, "sent": trace.sent}) + "\n")
