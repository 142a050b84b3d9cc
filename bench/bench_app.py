"""The app on a phone: bytes /auth downloads (gzip, brotli), first contentful paint, Lighthouse mobile scores.

FCP is measured in headless Chromium against the stack's app server (cold context each run) and compared
with a minimal static page served by the same server, so the ratio shows what the app itself costs.
Lighthouse (mobile, simulated throttling) runs on /auth, / (administrator) and /cliente (client), three runs
each, and the median is held against the targets (performance and accessibility >= 95). Lighthouse is pinned
in bench/lighthouse (package.json and lock, about 200 packages kept out of the app's install); the first run
installs it there with `npm ci`. LIGHTHOUSE_DIR names another folder holding node_modules/lighthouse.
APP_DIST measures a build elsewhere than app/dist.

    python bench/bench_app.py [--runs 7] [--lighthouse-runs 3] [--pages /,/cliente]
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
TARGET_LIGHTHOUSE = 95            # issue 19: performance and accessibility on /auth, / and /cliente


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


LIGHTHOUSE = ROOT / "bench" / "lighthouse"


def found(folder: str | Path) -> bool:
    return (Path(folder) / "node_modules" / "lighthouse" / "core" / "index.js").is_file()


def lighthouse_dir() -> Path | None:
    """Where node_modules/lighthouse is: LIGHTHOUSE_DIR, else bench/lighthouse (installed from its lock if needed)."""
    if os.environ.get("LIGHTHOUSE_DIR") and found(os.environ["LIGHTHOUSE_DIR"]):
        return Path(os.environ["LIGHTHOUSE_DIR"])
    if not found(LIGHTHOUSE):
        print("installing the pinned Lighthouse into bench/lighthouse (npm ci, once)", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=LIGHTHOUSE, check=False,
                       timeout=600)
    return LIGHTHOUSE if found(LIGHTHOUSE) else None


def lighthouse(url: str, runs: int, folder: Path, pages: str) -> dict:
    script = str(ROOT / "bench" / "app_lighthouse.mjs")
    out = subprocess.run(["node", script, url, str(runs), pages], capture_output=True,
                         text=True, check=False, cwd=ROOT, timeout=1800,
                         env={**os.environ, "LIGHTHOUSE_DIR": str(folder)})
    if out.returncode != 0:
        raise RuntimeError(f"app_lighthouse.mjs failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])["pages"]


def verdict(score: int) -> str:
    return f"target {TARGET_LIGHTHOUSE} {'PASS' if score >= TARGET_LIGHTHOUSE else 'FAIL'}"


def print_lighthouse(pages: dict, load: str) -> None:
    print(f"Lighthouse 12 mobile (simulated slow 4G, 4x CPU), median of the runs by performance; load {load} on "
          f"{os.cpu_count()} cores")
    for path, r in pages.items():
        failures = f" (failing: {', '.join(r['accessibility_failures'])})" if r["accessibility_failures"] else ""
        print(f"  {path}: performance {r['performance']} {verdict(r['performance'])} (runs {r['runs']}); "
              f"accessibility {r['accessibility']} {verdict(r['accessibility'])}{failures}")
        print(f"      FCP {r['fcp_ms'] / 1000:.1f} s, LCP {r['lcp_ms'] / 1000:.1f} s, TBT {r['tbt_ms']} ms; "
              f"{r['transfer_kib']} KiB transferred, uncompressed text {r['text_compression_kib']} KiB, "
              f"unused JavaScript {r['unused_js_kib']} KiB; host benchmarkIndex {r['benchmark_index']}")
        if r.get("lcp_element"):
            print(f"      largest element: {r['lcp_element'][:80]!r}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lighthouse-runs", type=int, default=3)
    parser.add_argument("--pages", default="/auth,/,/cliente", help="Lighthouse pages, comma-separated")
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
    load = ""
    try:
        app_runs = fcp(f"{stack.app_url}/auth", args.runs)
        blank_runs = fcp(f"{stack.app_url}/bench-blank.html", args.runs)
        folder = lighthouse_dir()
        if folder and args.lighthouse_runs > 0:
            before = os.getloadavg()[0]
            lighthouse_pages = lighthouse(stack.app_url, args.lighthouse_runs, folder, args.pages)
            load = f"{before:.1f} → {os.getloadavg()[0]:.1f}"
    finally:
        stack.stop()
        cluster.stop()
        blank.unlink(missing_ok=True)
    app_ms, blank_ms = statistics.median(app_runs), statistics.median(blank_runs)
    print(f"first contentful paint of /auth: p50 {app_ms:.0f} ms (min {min(app_runs):.0f}, max {max(app_runs):.0f}); "
          f"minimal static page {blank_ms:.0f} ms → ratio {app_ms / blank_ms:.2f}; "
          f"vs the {GOOD_FCP_MS} ms 'good' mark → ratio {app_ms / GOOD_FCP_MS:.2f}")
    if lighthouse_pages:
        print_lighthouse(lighthouse_pages, load)
    else:
        print("lighthouse: skipped (npm could not install bench/lighthouse; or set LIGHTHOUSE_DIR, see the docstring)")


if __name__ == "__main__":
    main()
