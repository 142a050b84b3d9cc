"""Where object bytes live: the interface every backend implements, and the choice by configuration.

Bytes are stored per object *version* (`<bucket>/<name>/<version>`, as storage-api does), so a write
never replaces bytes a committed row points at: a new version is stored before the row that names
it commits, and the version it replaces is deleted only after that commit.
"""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from supastack.core.config import Settings

STAGING_DIR = "#staging"   # '#' cannot appear in a bucket id, so this folder never clashes with a bucket
_VERSION = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def looks_like_version(text: str) -> bool:
    return bool(_VERSION.match(text))


ByteRange = tuple[int, int | None]   # first and last byte (inclusive), or to the end


@dataclass(frozen=True, slots=True)
class ObjectKey:
    """One stored version of one object. `version` None: bytes of an object written before versions."""

    bucket: str
    name: str
    version: str | None


@dataclass
class Blob:
    """Bytes ready to send: a local file (served with Range support) or a stream of chunks."""

    size: int
    path: Path | None = None
    chunks: AsyncIterator[bytes] | None = None
    start: int = 0                    # for a stream of a byte range
    end: int | None = None            # inclusive


@dataclass(frozen=True, slots=True)
class StoredVersion:
    """A version found in the store, for the sweep of versions no row points at."""

    key: ObjectKey
    age_seconds: float


class Backend(Protocol):
    staging_dir: Path

    def staging_file(self) -> Path:
        """A new empty `.part` file to receive an upload (same filesystem as the store when possible)."""

    async def store(self, staged: Path, key: ObjectKey) -> None:
        """Make the (flushed) staged file the bytes of `key`, durably, before returning. Never overwrites."""

    async def copy(self, source: ObjectKey, target: ObjectKey) -> None: ...

    async def read(self, key: ObjectKey, byte_range: ByteRange | None = None) -> Blob:
        """The bytes (or the inclusive byte range); FileNotFoundError when absent."""

    async def delete(self, keys: list[ObjectKey]) -> None:
        """Best effort: missing versions are not an error."""

    async def delete_bucket(self, bucket: str) -> None: ...

    async def stored_versions(self) -> list[StoredVersion]:
        """Every version in the store (for the start-up sweep)."""


def create_backend(settings: Settings) -> Backend:
    if settings.storage_backend == "s3":
        from supastack.storage.backend.s3 import S3Backend
        return S3Backend(settings.s3, settings.storage_dir / STAGING_DIR)
    from supastack.storage.backend.filesystem import FileBackend
    return FileBackend(settings.storage_dir)
