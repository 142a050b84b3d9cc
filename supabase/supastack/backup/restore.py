"""Restoring a stopped stack from an archive: verify it, replace the database in one transaction, bring it
to the code's migrations, then put back the stored objects and the keys. Works on an empty data folder."""
from __future__ import annotations

import asyncio
import os
import shutil
import uuid
from collections.abc import Callable
from pathlib import Path

import psycopg

from supastack.backup import database, objects
from supastack.backup.archive import (
    DATABASE,
    KEYS,
    check_object_entries,
    extract_verified,
    object_member,
    read_manifest,
)
from supastack.backup.server import database_server, running_api
from supastack.core.config import Settings
from supastack.core.rows import one
from supastack.db.migrate import migrate
from supastack.storage.interface import ObjectKey


class StackRunning(RuntimeError):
    pass


def _current_buckets(db_url: str) -> set[str]:
    with psycopg.connect(db_url, autocommit=True) as conn:
        if not one(conn.execute("select to_regclass('storage.buckets') is not null").fetchone())[0]:
            return set()
        return {b for (b,) in conn.execute("select id from storage.buckets")}


def _put_keys(settings: Settings, extracted: Path) -> None:
    target = settings.data_dir / "keys.json"
    tmp = target.with_name(".keys.json.restore")
    shutil.copyfile(extracted, tmp)
    os.chmod(tmp, 0o600)
    os.replace(tmp, target)


def restore_backup(settings: Settings, archive: Path, log: Callable[[str], object] = print,
                   key: bytes | None = None) -> dict:
    """Rebuild the stack's data from `archive`; refuses while the stack's API runs. Returns the manifest.
    An encrypted archive needs `key` (default: BACKUP_ENCRYPTION_KEY); a wrong key or an altered archive
    is refused before anything changes."""
    reason = running_api(settings)
    if reason:
        raise StackRunning(f"stop the stack before restoring ({reason})")
    if key is None:
        from supastack.backup.config import backup_config
        key = backup_config(settings).encryption_key
    check_object_entries(read_manifest(archive, key))   # a wrong or crafted file is refused before anything starts
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    staging = settings.data_dir / f".restore-{uuid.uuid4().hex[:8]}"
    staging.mkdir(mode=0o700)
    try:
        manifest, members = extract_verified(archive, staging, key)
        log(f"verified {archive.name}: every checksum matches")
        with database_server(settings):
            buckets = _current_buckets(settings.db_url) | set(manifest["objects"]["buckets"])
            database.restore(settings.db_url, settings.workdir, members[DATABASE], manifest["roles"])
            log(f"database restored: {manifest['database']['rows']} rows in {manifest['database']['tables']} tables")
            migrate(settings.db_url, settings.migrations_dir, seed_file=None, log=log)
        files = [(ObjectKey(f["bucket"], f["name"], f["version"]), members[object_member(f["bucket"], f["name"])])
                 for f in manifest["objects"]["files"]]
        asyncio.run(objects.replace_all(settings, buckets, files))
        log(f"objects restored: {len(files)} ({manifest['objects']['bytes'] / 1e6:.1f} MB)")
        _put_keys(settings, members[KEYS])
        log("keys restored")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return manifest
