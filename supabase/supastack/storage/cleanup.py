"""Start-up housekeeping of stored bytes: stale `.part` files, versions no row points at, the layout before versions."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from pathlib import Path

from supastack.core.db import Database
from supastack.storage import queries
from supastack.storage.backend import Backend
from supastack.storage.backend.filesystem import FileBackend

log = logging.getLogger("supastack.storage")

STALE_AFTER_SECONDS = 15 * 60   # no upload leaves a `.part` untouched, or a stored version uncommitted, this long
BATCH = 1000


async def at_startup(db: Database, backend: Backend) -> None:
    await adopt_legacy_files(db, backend)
    removed = await asyncio.to_thread(remove_stale_parts, backend.staging_dir, STALE_AFTER_SECONDS)
    swept = await sweep_unreferenced_versions(db, backend, STALE_AFTER_SECONDS)
    if removed or swept:
        log.warning("storage clean-up: %d interrupted upload(s), %d version(s) without a row", removed, swept)


def remove_stale_parts(staging_dir: Path, older_than: float) -> int:
    """Delete the staging files of uploads interrupted (by a crash) more than `older_than` seconds ago."""
    if not staging_dir.is_dir():
        return 0
    removed, now = 0, time.time()
    for part in staging_dir.glob("*.part"):
        with contextlib.suppress(FileNotFoundError):
            if now - part.stat().st_mtime > older_than:
                part.unlink()
                removed += 1
    return removed


async def sweep_unreferenced_versions(db: Database, backend: Backend, older_than: float) -> int:
    """Delete stored versions that no row points at (a crash between storing and COMMIT, or after COMMIT
    and before the replaced version was dropped). Young ones may belong to a write still under way."""
    candidates = [v.key for v in await backend.stored_versions() if v.age_seconds > older_than]
    swept = 0
    for i in range(0, len(candidates), BATCH):
        batch = candidates[i:i + BATCH]
        async with db.as_service() as conn:
            used = await queries.references(conn, batch)
        garbage = [k for k, in_use in zip(batch, used, strict=True) if not in_use]
        await backend.delete(garbage)
        swept += len(garbage)
    return swept


async def adopt_legacy_files(db: Database, backend: Backend) -> None:
    """Once, on a disk store written before versions: move each `<bucket>/<name>` file to its row's version."""
    if not isinstance(backend, FileBackend):       # only the disk store had that layout
        return
    files = await asyncio.to_thread(backend.legacy_files)
    for bucket, name in files:
        async with db.as_service() as conn:
            version = await queries.adopt_version(conn, bucket, name, str(uuid.uuid4()))
        await asyncio.to_thread(backend.adopt_legacy, bucket, name, version)
    if files:
        log.warning("storage: %d file(s) moved to the per-version layout", len(files))
    await asyncio.to_thread(backend.finish_legacy_upgrade)
