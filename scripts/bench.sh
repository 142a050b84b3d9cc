#!/usr/bin/env bash
# Benchmarks that print ratios (see README, "Benchmarks").
set -uo pipefail
cd "$(dirname "$0")/.."
for b in bench/bench_*.py; do
  [ -e "$b" ] || continue
  echo "==== $b"
  .venv/bin/python "$b"
done
echo "==== bench/outbox_bench.py"
.venv/bin/python bench/outbox_bench.py
