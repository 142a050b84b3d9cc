"""Object bytes on the local disk, at `<storage dir>/<bucket>/<name>`, replaced atomically by rename."""
from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import uuid
from pathlib import Path

from supastack.storage.backend import Blob, Change


async def _nothing() -> None:
    return None


class FileBackend:
    def __init__(self, root: Path):
        self.root = Path(root)

    def _path(self, bucket: str, name: str) -> Path:
        # names are validated (no '..', '.', empty segments, backslashes) before they get here;
        # the check below is a second line of defence against escaping the bucket folder.
        bucket_dir = (self.root / bucket).resolve()
        path = (bucket_dir / name).resolve()
        if bucket_dir not in path.parents:
            raise PermissionError(f"path escapes the bucket: {name!r}")
        return path

    def _sibling(self, path: Path, suffix: str) -> Path:
        # hidden, unique and short whatever the object name's length
        return path.parent / f".{uuid.uuid4().hex}.{suffix}"

    def staging_file(self, bucket: str, name: str) -> Path:
        target = self._path(bucket, name)
        for _ in range(3):  # an empty folder may be pruned by a concurrent delete; try again
            target.parent.mkdir(parents=True, exist_ok=True)
            staged = self._sibling(target, "part")
            try:
                staged.touch(exist_ok=False)
                return staged
            except FileNotFoundError:
                continue
        raise FileNotFoundError(str(target.parent))

    def _replace(self, staged: Path, target: Path) -> Change:
        backup = None
        if target.is_file():
            backup = self._sibling(target, "prev")
            os.link(target, backup)          # readers keep seeing the old bytes until the replace
        os.replace(staged, target)

        async def undo() -> None:
            if backup:
                await asyncio.to_thread(os.replace, backup, target)
            else:
                await asyncio.to_thread(self._unlink, target)

        async def done() -> None:
            if backup:
                await asyncio.to_thread(self._unlink, backup)

        return Change(undo, done)

    async def publish(self, staged: Path, bucket: str, name: str) -> Change:
        return await asyncio.to_thread(self._replace, staged, self._path(bucket, name))

    async def copy(self, src_bucket: str, src: str, dst_bucket: str, dst: str) -> Change:
        source, target = self._path(src_bucket, src), self._path(dst_bucket, dst)

        def run() -> Change:
            staged = self.staging_file(dst_bucket, dst)
            try:
                shutil.copyfile(source, staged)
                return self._replace(staged, target)
            except BaseException:
                self._unlink(staged)
                raise

        return await asyncio.to_thread(run)

    async def move(self, src_bucket: str, src: str, dst_bucket: str, dst: str) -> Change:
        source, target = self._path(src_bucket, src), self._path(dst_bucket, dst)
        if source == target:
            return Change(_nothing, _nothing)

        def run() -> Change:
            if target.exists():      # the metadata's unique key refuses this too; never overwrite bytes
                raise FileExistsError(str(target))
            target.parent.mkdir(parents=True, exist_ok=True)
            os.rename(source, target)
            self._prune(source.parent)

            def back() -> None:
                source.parent.mkdir(parents=True, exist_ok=True)
                os.rename(target, source)
                self._prune(target.parent)

            return Change(lambda: asyncio.to_thread(back), _nothing)

        return await asyncio.to_thread(run)

    async def read(self, bucket: str, name: str, byte_range=None) -> Blob:
        path = self._path(bucket, name)
        size = (await asyncio.to_thread(path.stat)).st_size
        return Blob(size=size, path=path)

    async def remove(self, bucket: str, names: list[str]) -> Change:
        """Set the objects' bytes aside (renamed to hidden siblings); `done` deletes them, `undo` puts them back."""

        def run() -> list[tuple[Path, Path]]:
            moved = []
            for name in names:
                path = self._path(bucket, name)
                aside = self._sibling(path, "removed")
                with contextlib.suppress(FileNotFoundError):
                    os.rename(path, aside)
                    moved.append((path, aside))
            return moved

        moved = await asyncio.to_thread(run)

        def undo() -> None:
            for path, aside in moved:
                with contextlib.suppress(OSError):
                    os.replace(aside, path)

        def done() -> None:
            for _, aside in moved:
                self._unlink(aside)

        return Change(lambda: asyncio.to_thread(undo), lambda: asyncio.to_thread(done))

    async def delete_bucket(self, bucket: str) -> None:
        path = self.root / bucket
        await asyncio.to_thread(shutil.rmtree, path, True)

    def _unlink(self, path: Path) -> None:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        self._prune(path.parent)

    def _prune(self, folder: Path) -> None:
        """Remove folders left empty, up to the bucket folder."""
        root = self.root.resolve()
        while folder.parent != root and root in folder.parents:
            try:
                folder.rmdir()
            except OSError:
                return
            folder = folder.parent
