"""The off-site copy: each archive uploaded to an S3-compatible bucket with the storage backend's S3 client,
and the same retention applied there."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from supastack.backup.archive import archive_pattern
from supastack.backup.config import BackupConfig
from supastack.storage.interface import open_s3_store

if TYPE_CHECKING:
    from supastack.storage.interface import S3Store


def _store(cfg: BackupConfig) -> S3Store:
    return asyncio.run(open_s3_store(cfg.s3))


def _prefix(cfg: BackupConfig) -> str:
    prefix = cfg.s3.get("prefix", "").strip("/")
    return f"{prefix}/" if prefix else ""


def upload(archive: Path, cfg: BackupConfig) -> str:
    store = _store(cfg)
    key = _prefix(cfg) + archive.name
    store.client.upload_file(str(archive), store.bucket, key)
    return key


def list_archives(cfg: BackupConfig) -> list[str]:
    store = _store(cfg)
    pattern, prefix = archive_pattern(cfg.project), _prefix(cfg)
    keys = []
    for page in store.client.get_paginator("list_objects_v2").paginate(Bucket=store.bucket, Prefix=prefix):
        keys += [o["Key"] for o in page.get("Contents", []) if pattern.fullmatch(o["Key"][len(prefix):])]
    return sorted(keys)


def prune(cfg: BackupConfig) -> list[str]:
    doomed = list_archives(cfg)[:-cfg.keep]
    if doomed:
        store = _store(cfg)
        store.client.delete_objects(Bucket=store.bucket, Delete={"Objects": [{"Key": k} for k in doomed]})
    return doomed
