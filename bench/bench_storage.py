"""Upload and download throughput of a 10 MB object through /storage/v1, against copying the file on disk.

Runs its own stack (the storage tests' fixture project, local-disk backend). Each figure is the median
of several runs; the baseline is shutil.copyfile of the same file, i.e. what the disk alone costs.
"""
from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from harness import Cluster, StackProcess  # noqa: E402

SIZE = 10 * 1024 * 1024
RUNS = 7
FIXTURE = ROOT / "tests" / "engine" / "storage" / "fixture"


def median_seconds(action) -> float:
    times = []
    for i in range(RUNS):
        start = time.perf_counter()
        action(i)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    payload = os.urandom(SIZE)
    work = Path(tempfile.mkdtemp(prefix="bench-storage-"))
    source = work / "source.bin"
    source.write_bytes(payload)
    # the storage tests' project, with a project-wide size limit above the object size
    project = work / "project"
    shutil.copytree(FIXTURE, project)
    config = project / "supabase" / "config.toml"
    config.write_text(config.read_text().replace('file_size_limit = "5MiB"', 'file_size_limit = "50MiB"'))
    cluster = Cluster()
    stack = StackProcess(cluster, workdir=project, seed=False, name="bench_storage")
    try:
        run(stack, source, payload, work)
    finally:
        stack.stop()
        cluster.stop()
        shutil.rmtree(work, ignore_errors=True)


def run(stack: StackProcess, source: Path, payload: bytes, work: Path) -> None:
    headers = {"Authorization": f"Bearer {stack.service_role_key}"}
    with httpx.Client(base_url=f"{stack.url}/storage/v1", headers=headers, timeout=120) as api:
        api.post("/bucket", json={"id": "bench", "name": "bench"}).raise_for_status()

        def upload(i: int) -> None:
            with open(source, "rb") as f:
                r = api.post(f"/object/bench/run-{i}.bin", content=f,
                             headers={"content-type": "application/octet-stream"})
            r.raise_for_status()

        def download(i: int) -> None:
            with api.stream("GET", f"/object/bench/run-{i}.bin") as r:
                r.raise_for_status()
                received = sum(len(chunk) for chunk in r.iter_bytes(1024 * 1024))
            assert received == len(payload)

        def copy(i: int) -> None:
            shutil.copyfile(source, work / f"copy-{i}.bin")

        up, down, disk = median_seconds(upload), median_seconds(download), median_seconds(copy)

    mb = len(payload) / 1e6
    print(f"object size: {mb:.1f} MB, median of {RUNS} runs")
    print(f"  disk copy (shutil.copyfile): {mb / disk:8.1f} MB/s")
    print(f"  upload   (POST /object):     {mb / up:8.1f} MB/s   {up / disk:5.1f}x the disk copy time")
    print(f"  download (GET /object):      {mb / down:8.1f} MB/s   {down / disk:5.1f}x the disk copy time")


if __name__ == "__main__":
    main()
