"""The retry schedule: exponential, capped, jittered (no stack needed)."""
from __future__ import annotations

import random

from office_outbox.config import WorkerConfig
from office_outbox.worker import backoff


def test_backoff_doubles_within_jitter_and_is_capped():
    config = WorkerConfig(backoff_seconds=30, backoff_max_seconds=600)
    rng = random.Random(7)
    for attempts, ceiling in ((1, 30), (2, 60), (3, 120), (4, 240), (5, 480), (6, 600), (12, 600)):
        delays = [backoff(attempts, config, rng) for _ in range(200)]
        assert all(ceiling / 2 <= d <= ceiling for d in delays)
        assert max(delays) - min(delays) > ceiling / 4        # spread out: rows failing together part ways
