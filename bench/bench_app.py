"""The app on a phone: bytes /auth downloads (gzip, brotli), first contentful paint, Lighthouse mobile scores.

FCP is measured in headless Chromium against the stack's app server (cold context each run) and compared
with a minimal static page served by the same server, so the ratio shows what the app itself costs.
Lighthouse (mobile, simulated throttling) runs on /auth, / (administrator) and /cliente (client) when the
`lighthouse` package is found: LIGHTHOUSE_DIR names a folder holding node_modules/lighthouse (it is not a
project dependency: ~200 packages), e.g. `npm install --prefix /tmp/lh lighthouse@12.8.2`.

    python bench/bench_app.py [--runs 7] [--lighthouse-runs 3]
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from harness import Cluster, StackProcess  # noqa: E402

# APP_DIST: a build elsewhere (e.g. vite build --outDir /tmp/x), served by the bench's stack too.
DIST = Path(os.environ.get("APP_DIST") or ROOT / "app" / "dist").resolve()
BUDGET_INITIAL_GZIP_KB = 250      # a phone on 4G downloads this in about a second
GOOD_FCP_MS = 1800                # "good" first contentful paint
GOOD_LIGHTHOUSE = 90              # Lighthouse's "good" band starts here


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 9))


def brotli(path: Path) -> int | None:
    """Size of the build's .br twin (what the app server sends to browsers); None when the build wrote none."""
    twin = path.with_name(path.name + ".br")
    return twin.stat().st_size if twin.is_file() else None


def initial_assets(index_html: str) -> list[Path]:
    """Scripts, module preloads and stylesheets that index.html makes the browser fetch first."""
    refs = re.findall(r'(?:src|href)="(/assets/[^"]+\.(?:js|css))"', index_html)
    return [DIST / ref.lstrip("/") for ref in dict.fromkeys(refs)]


def with_static_imports(assets: list[Path]) -> list[Path]:
    """The assets and every chunk they import statically (dynamic import("./x.js") is left for later)."""
    seen: dict[Path, None] = {}
    todo = list(assets)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen[path] = None
        if path.suffix == ".js":
            todo += [path.parent / name for name in re.findall(r'(?:from|import)\s*"\./([^"]+\.js)"', path.read_text())]
    return list(seen)


def route_preloads(index_html: str) -> list[tuple[str, bool, list[str]]]:
    """The build's route preload table (app/build/route-preload.ts): [(path regex, needs a session, files)]."""
    found = re.search(r"\}\)\((\[\[.*?\]\]), \"", index_html, re.S)
    return [tuple(row) for row in json.loads(found.group(1))] if found else []


def page_assets(index_html: str, path: str, signed_in: bool) -> list[Path]:
    """What opening `path` downloads before its first screen: the first load plus the route's preloaded chunks
    (or, for a build without the table, the lazy login screen and its imports)."""
    for pattern, needs_session, files in route_preloads(index_html):
        if re.search(pattern, path) and (signed_in or not needs_session):
            return with_static_imports(initial_assets(index_html) + [DIST / f for f in files])
    return with_static_imports(initial_assets(index_html) + sorted((DIST / "assets").glob("auth-page-*.js")))


def fcp(url: str, runs: int) -> list[float]:
    out = subprocess.run(["node", str(ROOT / "bench" / "app_fcp.mjs"), url, str(runs)], capture_output=True,
                         text=True, check=True, cwd=ROOT, timeout=300)
    return json.loads(out.stdout.strip().splitlines()[-1])["fcp_ms"]


def lighthouse_dir() -> Path | None:
    for folder in (os.environ.get("LIGHTHOUSE_DIR"), ROOT):
        if folder and (Path(folder) / "node_modules" / "lighthouse" / "core" / "index.js").is_file():
            return Path(folder)
    return None


def lighthouse(url: str, runs: int, folder: Path) -> dict:
    out = subprocess.run(["node", str(ROOT / "bench" / "app_lighthouse.mjs"), url, str(runs)], capture_output=True,
                         text=True, check=True, cwd=ROOT, timeout=900,
                         env={**os.environ, "LIGHTHOUSE_DIR": str(folder)})
    return json.loads(out.stdout.strip().splitlines()[-1])["pages"]


def print_lighthouse(pages: dict) -> None:
    for path, r in pages.items():
        failures = f" (failing: {', '.join(r['accessibility_failures'])})" if r["accessibility_failures"] else ""
        print(f"lighthouse mobile {path}: performance {r['performance']} (runs {r['runs']}) → ratio "
              f"{r['performance'] / GOOD_LIGHTHOUSE:.2f} of the {GOOD_LIGHTHOUSE} 'good' mark; accessibility "
              f"{r['accessibility']}{failures}; FCP {r['fcp_ms'] / 1000:.1f} s, LCP {r['lcp_ms'] / 1000:.1f} s, "
              f"TBT {r['tbt_ms']} ms; {r['transfer_kib']} KiB transferred, still uncompressed "
              f"{r['text_compression_kib']} KiB, unused JavaScript {r['unused_js_kib']} KiB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lighthouse-runs", type=int, default=3)
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
    for path, signed_in in (("/auth", False), ("/", True), ("/cliente", True)):
        files = page_assets(index.read_text(), path, signed_in)
        raw = sum(p.stat().st_size for p in files)
        br = [brotli(p) for p in files]
        br_text = (f"{sum(b for b in br if b) / 1024:.1f} kB brotli (as sent)" if all(br)
                   else "no brotli twins in the build (served uncompressed)")
        print(f"{path} downloads {len(files)} files before its first screen: {raw / 1024:.1f} kB raw, "
              f"{sum(gz(p) for p in files) / 1024:.1f} kB gzip, {br_text}")

    blank = DIST / "bench-blank.html"
    blank.write_text("<!doctype html><meta charset=utf-8><title>x</title><p>Página em branco</p>")
    cluster = Cluster()
    stack = StackProcess(cluster, name="benchapp", env={"APP_DIST": str(DIST)})
    lighthouse_pages = None
    try:
        app_runs = fcp(f"{stack.app_url}/auth", args.runs)
        blank_runs = fcp(f"{stack.app_url}/bench-blank.html", args.runs)
        folder = lighthouse_dir()
        if folder and args.lighthouse_runs > 0:
            lighthouse_pages = lighthouse(stack.app_url, args.lighthouse_runs, folder)
    finally:
        stack.stop()
        cluster.stop()
        blank.unlink(missing_ok=True)
    app_ms, blank_ms = statistics.median(app_runs), statistics.median(blank_runs)
    print(f"first contentful paint of /auth: p50 {app_ms:.0f} ms (min {min(app_runs):.0f}, max {max(app_runs):.0f}); "
          f"minimal static page {blank_ms:.0f} ms → ratio {app_ms / blank_ms:.2f}; "
          f"vs the {GOOD_FCP_MS} ms 'good' mark → ratio {app_ms / GOOD_FCP_MS:.2f}")
    if lighthouse_pages:
        print_lighthouse(lighthouse_pages)
    else:
        print("lighthouse: skipped (set LIGHTHOUSE_DIR to a folder with node_modules/lighthouse, see the docstring)")


if __name__ == "__main__":
    main()
