"""Object bytes on the local disk: `<storage dir>/<bucket>/<name>/<version>`, each version written once and fsynced."""
from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import time
import uuid
from pathlib import Path

from supastack.storage.backend import STAGING_DIR, Blob, ByteRange, ObjectKey, StoredVersion, looks_like_version

LAYOUT_MARKER = "#layout"           # written once the bytes are stored per version (see adopt_legacy)
LOST_AND_FOUND = "#lost+found"      # legacy files no row pointed at, kept rather than deleted
_OLD_SIBLING = re.compile(r"^\.[0-9a-f]{32}\.(part|prev|removed)$")   # temporaries of the layout before versions


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class FileBackend:
    def __init__(self, root: Path):
        self.root = Path(root)
        self.staging_dir = self.root / STAGING_DIR

    def _bucket_path(self, bucket: str) -> Path:
        # bucket ids are validated before they get here; a second line of defence against leaving the root
        root = self.root.resolve()
        path = (root / bucket).resolve()
        if path.parent != root or bucket.startswith("#"):
            raise PermissionError(f"not a bucket folder: {bucket!r}")
        return path

    def _name_path(self, bucket: str, name: str) -> Path:
        # names are validated (no '..', '.', empty segments, backslashes) before they get here;
        # the check below is a second line of defence against escaping the bucket folder.
        bucket_dir = self._bucket_path(bucket)
        path = (bucket_dir / name).resolve()
        if bucket_dir not in path.parents:
            raise PermissionError(f"path escapes the bucket: {name!r}")
        return path

    def _path(self, key: ObjectKey) -> Path:
        if not key.version:   # a row without a version has no bytes here (older files were adopted at start)
            raise FileNotFoundError(f"{key.bucket}/{key.name}")
        if "/" in key.version or "\0" in key.version or key.version in (".", ".."):
            raise PermissionError(f"not a version: {key.version!r}")
        return self._name_path(key.bucket, key.name) / key.version

    def staging_file(self) -> Path:
        self.staging_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        staged = self.staging_dir / f"{uuid.uuid4().hex}.part"
        staged.touch(mode=0o600, exist_ok=False)   # client documents: the stack's user only
        return staged

    def _place(self, source: Path, target: Path) -> None:
        """Hard-link `source` as `target` (never replacing anything), then fsync every folder that changed."""
        for _ in range(3):   # a concurrent delete may prune an empty folder we just made: try again
            existing = target.parent
            while not existing.exists():
                existing = existing.parent
            target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            try:
                os.link(source, target)
                break
            except FileNotFoundError:
                continue
        else:
            raise FileNotFoundError(str(target.parent))
        os.utime(target)   # a fresh mtime: the start-up sweep spares young versions
        folder = target.parent
        while True:
            _fsync_dir(folder)
            if folder == existing or folder == self.root:
                break
            folder = folder.parent

    async def store(self, staged: Path, key: ObjectKey) -> None:
        await asyncio.to_thread(self._place, staged, self._path(key))

    async def copy(self, source: ObjectKey, target: ObjectKey) -> None:
        # versions are immutable, so a copy can share the bytes
        await asyncio.to_thread(self._place, self._path(source), self._path(target))

    async def read(self, key: ObjectKey, byte_range: ByteRange | None = None) -> Blob:
        path = self._path(key)
        stat = await asyncio.to_thread(path.stat)
        if not os.path.isfile(path):
            raise FileNotFoundError(str(path))
        return Blob(size=stat.st_size, path=path)

    async def delete(self, keys: list[ObjectKey]) -> None:
        def run() -> None:
            for key in keys:
                if not key.version:
                    continue
                path = self._path(key)
                with contextlib.suppress(FileNotFoundError, IsADirectoryError, NotADirectoryError):
                    path.unlink()
                self._prune(path.parent)

        await asyncio.to_thread(run)

    async def delete_bucket(self, bucket: str) -> None:
        await asyncio.to_thread(shutil.rmtree, self._bucket_path(bucket), True)

    async def stored_versions(self) -> list[StoredVersion]:
        def run() -> list[StoredVersion]:
            found, now = [], time.time()
            for bucket_dir in self._bucket_dirs():
                for folder, _, files in os.walk(bucket_dir):
                    if Path(folder) == bucket_dir:
                        continue
                    name = Path(folder).relative_to(bucket_dir).as_posix()
                    for version in filter(looks_like_version, files):
                        with contextlib.suppress(FileNotFoundError):
                            age = now - os.stat(Path(folder) / version).st_mtime
                            found.append(StoredVersion(ObjectKey(bucket_dir.name, name, version), age))
            return found

        return await asyncio.to_thread(run)

    def _bucket_dirs(self) -> list[Path]:
        if not self.root.is_dir():
            return []
        return [p for p in self.root.iterdir() if p.is_dir() and not p.name.startswith("#")]

    # -- the layout before versions: `<bucket>/<name>` was the object's file ------------------------------
    def legacy_files(self) -> list[tuple[str, str]]:
        """(bucket, name) of every file of the layout before versions; [] once the layout is upgraded."""
        if (self.root / LAYOUT_MARKER).exists():
            return []
        found = []
        for bucket_dir in self._bucket_dirs():
            for path in sorted(p for p in bucket_dir.rglob("*") if p.is_file()):
                if _OLD_SIBLING.match(path.name):      # an interrupted write of the old layout
                    path.unlink()
                else:
                    found.append((bucket_dir.name, path.relative_to(bucket_dir).as_posix()))
        return found

    def adopt_legacy(self, bucket: str, name: str, version: str | None) -> None:
        """Move `<bucket>/<name>` to `<bucket>/<name>/<version>` (to lost+found when no row has it)."""
        path = self._name_path(bucket, name)
        if version is None:
            target = self.root / LOST_AND_FOUND / bucket / name
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, target)
            return
        self.staging_dir.mkdir(parents=True, exist_ok=True)
        moving = self.staging_dir / f"{uuid.uuid4().hex}.adopt"
        os.replace(path, moving)
        self._place(moving, self._path(ObjectKey(bucket, name, version)))
        moving.unlink()

    def finish_legacy_upgrade(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        (self.root / LAYOUT_MARKER).write_text("objects stored as <bucket>/<name>/<version>\n")
        _fsync_dir(self.root)

    def _prune(self, folder: Path) -> None:
        """Remove folders left empty, up to the bucket folder."""
        root = self.root.resolve()
        while folder.parent != root and root in folder.parents:
            try:
                folder.rmdir()
            except OSError:
                return
            folder = folder.parent
