"""The realtime throughput bench and the load generator run end to end at a tiny scale (`make bench` runs
them at full scale): every change reaches its owner only, every request answers, every write is kept."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import bench_load  # noqa: E402
import bench_realtime  # noqa: E402


@pytest.mark.parametrize("use_pgbench", [True, False], ids=["pgbench", "psycopg"])
async def test_throughput_bench_delivers_each_row_to_its_owner_only(rt_stack, use_pgbench):
    if use_pgbench and not bench_realtime.find_pgbench():
        pytest.skip("no pgbench on this machine")
    tp = await bench_realtime.throughput(rt_stack, users=5, rate=100, seconds=1, writers=2,
                                         use_pgbench=use_pgbench)
    assert tp["count"] >= 20
    assert tp["delivered"] == tp["count"]
    assert tp["extra"] == 0 and tp["duplicates"] == 0
    assert len(tp["latencies"]) == tp["count"] and tp["rate"] > 0


async def test_throughput_bench_on_the_exact_path_table_delivers_each_row_to_its_owner_only(rt_stack):
    table = await bench_realtime.other_policy_table(rt_stack)
    tp = await bench_realtime.throughput(rt_stack, users=5, rate=100, seconds=1, writers=2, use_pgbench=False,
                                         table=table)
    assert tp["count"] >= 20
    assert tp["delivered"] == tp["count"]
    assert tp["extra"] == 0 and tp["duplicates"] == 0


async def test_load_generator_runs_every_action_without_errors_and_keeps_every_write(stack):
    summary = await bench_load.run_load(stack, users=6, seconds=3, think=(0.05, 0.2), staff_share=0.5)
    assert summary["errors"] == []
    assert summary["problems"] == []
    assert summary["requests"] > 30 and summary["writes"] > 0
