"""Backup and restore time of an office of about 1 GB (stored objects plus many rows), against copying
the archive's bytes on the same disk.

Runs its own stack (the product: migrations + seed), uploads objects through /storage/v1 and inserts rows,
then times `backup` (pg_dump in a snapshot, every object, keys, manifest, fsync) and, with the stack
stopped and its database and files wiped, `restore` (checksums verified, database replaced in one
transaction, objects and keys put back). The baseline is shutil.copyfile of the archive plus fsync.

    [BENCH_RESTORE_MB=1024] [BENCH_RESTORE_ROWS=200000] python bench/bench_restore.py
"""
from __future__ import annotations

import os
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "supabase"))

from harness import Cluster, StackProcess  # noqa: E402
from supastack.backup.create import create_backup  # noqa: E402
from supastack.backup.restore import restore_backup  # noqa: E402
from supastack.db.migrate import reset_database  # noqa: E402

OBJECT_MB = 4
TOTAL_MB = int(os.environ.get("BENCH_RESTORE_MB", "1024"))
ROWS = int(os.environ.get("BENCH_RESTORE_ROWS", "200000"))


def fill(stack: StackProcess) -> tuple[int, int]:
    """Objects of OBJECT_MB (random bytes: incompressible, like scanned documents) and ROWS interactions."""
    headers = {"Authorization": f"Bearer {stack.service_role_key}", "apikey": stack.service_role_key}
    count = max(1, TOTAL_MB // OBJECT_MB)
    chunk = OBJECT_MB * 1024 * 1024
    with httpx.Client(base_url=f"{stack.url}/storage/v1", headers=headers, timeout=120) as api:
        api.post("/bucket", json={"id": "bench", "name": "bench"}).raise_for_status()

        def upload(i: int) -> None:
            api.post(f"/object/bench/cliente-{i % 50:02d}/documento-{i:05d}.pdf", content=os.urandom(chunk),
                     headers={"content-type": "application/pdf"}).raise_for_status()

        with ThreadPoolExecutor(4) as pool:
            list(pool.map(upload, range(count)))
    stack.sql(f"""insert into public.interactions (client_id, type, content, contact_date)
                  select (select id from public.clients order by id limit 1), 'call',
                         'Ligação de acompanhamento do processo número ' || g, now() - g * interval '1 minute'
                  from generate_series(1, {ROWS}) g""")
    return count, count * chunk


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def copy_with_fsync(source: Path, target: Path) -> None:
    shutil.copyfile(source, target)
    with open(target, "rb+") as f:
        os.fsync(f.fileno())


def main() -> None:
    cluster = Cluster()
    stack = StackProcess(cluster, name="bench_restore")
    try:
        objects, object_bytes = fill(stack)
        rows = stack.sql("select sum(n_live_tup) from pg_stat_user_tables")[0][0]
        db_bytes = stack.sql("select pg_database_size(current_database())")[0][0]
        archive: list[Path] = []
        backup_s = timed(lambda: archive.append(create_backup(stack.settings)))
        size = archive[0].stat().st_size
        copy_s = timed(lambda: copy_with_fsync(archive[0], cluster.tmp / "copy.tar"))
        (cluster.tmp / "copy.tar").unlink()

        stack.stop()
        reset_database(stack.db_url)
        shutil.rmtree(stack.settings.storage_dir)
        restore_s = timed(lambda: restore_backup(stack.settings, archive[0], log=lambda *_: None))
        stack.start()
        restored = stack.sql("select count(*) from storage.objects where bucket_id = 'bench'")[0][0]
        assert restored == objects, (restored, objects)
    finally:
        stack.stop()
        cluster.stop()

    mb = size / 1e6
    print(f"office: {objects} objects ({object_bytes / 1e6:.0f} MB), ~{rows} rows (database {db_bytes / 1e6:.0f} MB); "
          f"archive {mb:.0f} MB")
    print(f"  copy of the archive + fsync: {copy_s:6.2f} s  {mb / copy_s:7.1f} MB/s")
    print(f"  backup:                      {backup_s:6.2f} s  {mb / backup_s:7.1f} MB/s   "
          f"{backup_s / copy_s:4.1f}x the copy")
    print(f"  restore (stack stopped):     {restore_s:6.2f} s  {mb / restore_s:7.1f} MB/s   "
          f"{restore_s / copy_s:4.1f}x the copy")


if __name__ == "__main__":
    main()
