"""What the rest of the engine may use of storage, and nothing else: the configured object store (read and
written object by object), its keys, an S3 store for copies kept elsewhere, and storage's own judgement of
names. The backup reaches stored objects only through this module, so storage's internals (its routes,
queries, backends' modules) can change without the backup noticing; an import-linter contract in
pyproject.toml keeps it that way."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from supastack.core.config import Settings
from supastack.storage.backend import Backend, ObjectKey, create_backend, looks_like_version
from supastack.storage.errors import StorageError
from supastack.storage.names import check_bucket_name, check_object_name

ObjectStore = Backend
__all__ = ["ObjectKey", "ObjectStore", "entry_refusal", "open_store", "open_s3_store"]

if TYPE_CHECKING:
    # the S3 store's type, for annotations only: boto3 is imported when an S3 store is opened, not with the engine
    # (a tenth of a second of every start and every command, on installations that keep objects on disk)
    from supastack.storage.backend.s3 import S3Backend as S3Store


async def open_store(settings: Settings) -> ObjectStore:
    """The project's configured store (disk or S3), ready: an S3 store creates its bucket when fresh."""
    store = create_backend(settings)
    start = getattr(store, "start", None)
    if start is not None:
        await start()
    return store


async def open_s3_store(config: dict[str, Any]) -> S3Store:
    """An S3-compatible bucket of its own (`[storage.s3]`'s keys), for copies kept off this machine; only its
    `client` and `bucket` are meant to be used."""
    from supastack.storage.backend.s3 import S3Backend

    store = S3Backend(config, staging_dir=Path("/nonexistent"))
    await store.start()   # creates the bucket on a fresh store
    return store


def entry_refusal(bucket: str, name: str | None, version: object) -> str | None:
    """Why storage would refuse an object named so (`..`, `/`, absolute names, a version that is not a
    UUID): 'bucket', 'name' or 'version'; None when it is one storage could have written. `name` None
    checks the bucket alone."""
    try:
        check_bucket_name(bucket)
    except StorageError:
        return "bucket"
    if name is None:
        return None
    try:
        check_object_name(name)
    except StorageError:
        return "name"
    if version is not None and not (isinstance(version, str) and looks_like_version(version)):
        return "version"
    return None
