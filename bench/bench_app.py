"""The app: bundle size (gzip) of what the first page loads and of everything, and first contentful paint.

FCP is measured in headless Chromium against the stack's app server (cold context each run) and compared
with a minimal static page served by the same server, so the ratio shows what the app itself costs.

    python bench/bench_app.py [--runs 7]
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from harness import Cluster, StackProcess  # noqa: E402

DIST = ROOT / "app" / "dist"
BUDGET_INITIAL_GZIP_KB = 250      # a phone on 4G downloads this in about a second
GOOD_FCP_MS = 1800                # "good" first contentful paint


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 9))


def initial_assets(index_html: str) -> list[Path]:
    """Scripts, module preloads and stylesheets that index.html makes the browser fetch first."""
    refs = re.findall(r'(?:src|href)="(/assets/[^"]+\.(?:js|css))"', index_html)
    return [DIST / ref.lstrip("/") for ref in dict.fromkeys(refs)]


def fcp(url: str, runs: int) -> list[float]:
    out = subprocess.run(["node", str(ROOT / "bench" / "app_fcp.mjs"), url, str(runs)], capture_output=True,
                         text=True, check=True, cwd=ROOT, timeout=300)
    return json.loads(out.stdout.strip().splitlines()[-1])["fcp_ms"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    index = DIST / "index.html"
    if not index.is_file():
        sys.exit("app/dist is missing: run `npm run build -w app` (make bench does)")

    assets = sorted((DIST / "assets").glob("*.*"))
    all_gz = sum(gz(p) for p in assets if p.suffix in (".js", ".css"))
    first = initial_assets(index.read_text())
    first_gz = sum(gz(p) for p in first)
    print(f"app bundle: first load {first_gz / 1024:.1f} kB gzip in {len(first)} files "
          f"(budget {BUDGET_INITIAL_GZIP_KB} kB → ratio {first_gz / 1024 / BUDGET_INITIAL_GZIP_KB:.2f}); "
          f"all chunks {all_gz / 1024:.1f} kB gzip")

    blank = DIST / "bench-blank.html"
    blank.write_text("<!doctype html><meta charset=utf-8><title>x</title><p>Página em branco</p>")
    cluster = Cluster()
    stack = StackProcess(cluster, name="benchapp")
    try:
        app_runs = fcp(f"{stack.app_url}/auth", args.runs)
        blank_runs = fcp(f"{stack.app_url}/bench-blank.html", args.runs)
    finally:
        stack.stop()
        cluster.stop()
        blank.unlink(missing_ok=True)
    app_ms, blank_ms = statistics.median(app_runs), statistics.median(blank_runs)
    print(f"first contentful paint of /auth: p50 {app_ms:.0f} ms (min {min(app_runs):.0f}, max {max(app_runs):.0f}); "
          f"minimal static page {blank_ms:.0f} ms → ratio {app_ms / blank_ms:.2f}; "
          f"vs the {GOOD_FCP_MS} ms 'good' mark → ratio {app_ms / GOOD_FCP_MS:.2f}")


if __name__ == "__main__":
    main()
