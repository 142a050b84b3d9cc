"""Where object bytes live: the interface every backend implements, and the choice by configuration."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import AsyncIterator, Awaitable, Callable, Protocol

from supastack.core.config import Settings


@dataclass
class Change:
    """A byte change made visible before the metadata transaction commits.

    `undo()` restores what was there if the transaction fails; `done()` drops what is no longer
    needed (a previous version, a moved source) once it has committed. Both are best effort.
    """

    undo: Callable[[], Awaitable[None]]
    done: Callable[[], Awaitable[None]]


@dataclass
class Blob:
    """Bytes ready to send: a local file (served with Range support) or a stream of chunks."""

    size: int
    path: Path | None = None
    chunks: AsyncIterator[bytes] | None = None
    start: int = 0                    # for a stream of a byte range
    end: int | None = None            # inclusive


class Backend(Protocol):
    def staging_file(self, bucket: str, name: str) -> Path:
        """A new empty temporary file to receive an upload (same filesystem as the target when possible)."""

    async def publish(self, staged: Path, bucket: str, name: str) -> Change:
        """Make the staged file the object's bytes (replacing any previous bytes atomically)."""

    async def copy(self, src_bucket: str, src: str, dst_bucket: str, dst: str) -> Change: ...

    async def move(self, src_bucket: str, src: str, dst_bucket: str, dst: str) -> Change: ...

    async def read(self, bucket: str, name: str, byte_range: tuple[int, int | None] | None = None) -> Blob:
        """The bytes (or the inclusive byte range); FileNotFoundError when absent."""

    async def remove(self, bucket: str, names: list[str]) -> Change:
        """Delete the objects' bytes once the metadata deletion commits (`done`), or keep them (`undo`)."""

    async def delete_bucket(self, bucket: str) -> None: ...


def create_backend(settings: Settings) -> Backend:
    if settings.storage_backend == "s3":
        from supastack.storage.backend.s3 import S3Backend
        return S3Backend(settings.s3, settings.storage_dir / ".staging")
    from supastack.storage.backend.filesystem import FileBackend
    return FileBackend(settings.storage_dir)
