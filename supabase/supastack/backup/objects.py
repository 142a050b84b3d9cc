"""The stored objects of a backup: each object's current version read through the configured storage
backend (disk or S3) into the archive, and stored back through it, so a backup taken on one backend
restores onto either. Versions keep their ids, so the restored rows point at the restored bytes."""
from __future__ import annotations

import asyncio
import shutil
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

from supastack.backup.archive import ArchiveWriter, object_member
from supastack.core.config import Settings
from supastack.storage.interface import ObjectKey, ObjectStore, open_store


@dataclass
class Copied:
    files: list[dict] = field(default_factory=list)     # {bucket, name, version, size, sha256}
    missing: list[dict] = field(default_factory=list)   # listed in the database, bytes gone meanwhile

    @property
    def total_bytes(self) -> int:
        return sum(f["size"] for f in self.files)


async def open_backend(settings: Settings) -> ObjectStore:
    return await open_store(settings)


async def _spool(chunks: AsyncIterator[bytes] | None, spool: Path) -> None:
    if chunks is None:
        raise RuntimeError("the store answered neither a file nor a stream")
    with open(spool, "wb") as out:
        async for chunk in chunks:
            out.write(chunk)


async def copy_into(writer: ArchiveWriter, settings: Settings, listing: list[tuple[str, str, str | None]],
                    spool_dir: Path) -> Copied:
    """Add the bytes of every listed object; objects deleted since the listing are reported, not fatal."""
    backend = await open_backend(settings)
    copied = Copied()
    for bucket, name, version in listing:
        member = object_member(bucket, name)
        try:
            blob = await backend.read(ObjectKey(bucket, name, version))
            if blob.path is not None:
                size, sha256 = writer.add_file(member, blob.path)
            else:                                  # a remote store: spool it, the tar needs the size first
                spool = spool_dir / f".{uuid.uuid4().hex}.spool"
                try:
                    await _spool(blob.chunks, spool)
                    size, sha256 = writer.add_file(member, spool)
                finally:
                    spool.unlink(missing_ok=True)
        except FileNotFoundError:
            copied.missing.append({"bucket": bucket, "name": name})
            continue
        copied.files.append({"bucket": bucket, "name": name, "version": version, "size": size, "sha256": sha256})
    return copied


async def replace_all(settings: Settings, buckets_to_clear: set[str], files: list[tuple[ObjectKey, Path]]) -> None:
    """Drop every object of the given buckets, then store the extracted files as the objects' versions."""
    backend = await open_backend(settings)
    if settings.storage_backend == "file" and settings.storage_dir.is_dir():
        # also bytes whose rows are already gone (a wiped database)
        buckets_to_clear |= {p.name for p in settings.storage_dir.iterdir()
                             if p.is_dir() and not p.name.startswith(("#", "."))}
    for bucket in sorted(buckets_to_clear):
        await backend.delete_bucket(bucket)
    for key, extracted in files:
        staged = await asyncio.to_thread(backend.staging_file)
        try:
            await asyncio.to_thread(shutil.move, extracted, staged)
            await backend.store(staged, key)
        finally:
            staged.unlink(missing_ok=True)
    # the disk store's marker that its files are versions (an empty folder would take them for old files)
    mark_versioned = getattr(backend, "finish_legacy_upgrade", None)
    if mark_versioned is not None:
        await asyncio.to_thread(mark_versioned)
