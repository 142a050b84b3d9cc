"""Taking a backup: the database dump, every stored object and the keys, as one timestamped archive."""
from __future__ import annotations

import asyncio
import logging
import os
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from supastack.backup import database, objects
from supastack.backup.archive import DATABASE, FORMAT, FORMAT_VERSION, KEYS, ArchiveWriter, archive_name
from supastack.backup.config import BackupConfig, backup_config
from supastack.backup.server import database_server
from supastack.core.config import Settings
from supastack.db.pgtools import find_tools

log = logging.getLogger("supastack.backup")


def _version() -> str:
    try:
        return metadata.version("escritorio-stack")
    except metadata.PackageNotFoundError:
        return "unknown"


class BackupRefused(RuntimeError):
    pass


def unencrypted_refusal(settings: Settings, cfg: BackupConfig) -> str | None:
    """In production mode an archive is written encrypted or not at all; in development a plain one is
    allowed (with a warning): a laptop's demo data, and a restore that needs no key."""
    from supastack.production import public_addresses
    if cfg.encryption_key is not None or not public_addresses(settings):
        return None
    return ("refusing to write an unencrypted backup in production mode (the archive holds the JWT secret and "
            "every client's data): set BACKUP_ENCRYPTION_KEY to 32 random bytes in base64, e.g. "
            "`openssl rand -base64 32`, and keep that key apart from the backups")


def create_backup(settings: Settings, folder: Path | None = None, now: datetime | None = None) -> Path:
    """Write `<folder>/<project>-YYYYmmdd-HHMMSS.tar` (`.tar.enc` with BACKUP_ENCRYPTION_KEY) and return its
    path; the stack may be running."""
    cfg = backup_config(settings)
    refused = unencrypted_refusal(settings, cfg)
    if refused:
        raise BackupRefused(refused)
    if cfg.encryption_key is None:
        log.warning("backup written without encryption: set BACKUP_ENCRYPTION_KEY to encrypt archives")
    folder = Path(folder or cfg.folder)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    now = now or datetime.now()
    encrypted = cfg.encryption_key is not None
    writer = ArchiveWriter(folder / archive_name(cfg.project, now, encrypted), cfg.encryption_key)
    dump_file = folder / f".{writer.target.stem}.dump.partial"
    try:
        with database_server(settings), database.snapshot(settings.db_url) as snap:
            tools = find_tools(settings.workdir, snap.server_major)
            database.dump(settings.db_url, tools, snap.snapshot_id, dump_file)
            dump_size, dump_sha = writer.add_file(DATABASE, dump_file)
            dump_file.unlink()
            copied = asyncio.run(objects.copy_into(writer, settings, snap.objects, folder))
        keys_bytes = (settings.data_dir / "keys.json").read_bytes()
        keys_sha = writer.add_bytes(KEYS, keys_bytes)
        manifest = {
            "format": FORMAT, "format_version": FORMAT_VERSION, "encrypted": encrypted,
            "project": cfg.project,
            "created_at": now.astimezone(UTC).isoformat(timespec="seconds"),
            "stack_version": _version(),
            "postgres": {"server": snap.server_version, "pg_dump": tools.major},
            "storage_backend": settings.storage_backend,
            "latest_migration": snap.latest_migration,
            "database": {"size": dump_size, "sha256": dump_sha, "tables": len(snap.row_counts),
                         "rows": sum(snap.row_counts.values()), "row_counts": snap.row_counts},
            "roles": snap.roles,
            "keys": {"size": len(keys_bytes), "sha256": keys_sha},
            "objects": {"count": len(copied.files), "bytes": copied.total_bytes, "buckets": snap.buckets,
                        "missing": copied.missing, "files": copied.files},
        }
        return writer.commit(manifest)
    except BaseException:
        writer.abort()
        dump_file.unlink(missing_ok=True)
        raise


def backup_now(settings: Settings, folder: Path | None = None) -> Path:
    """A backup, then its off-site copy (when configured) and the retention of `[backup] keep`."""
    from supastack.backup import offsite, retention
    cfg: BackupConfig = backup_config(settings)
    path = create_backup(settings, folder)
    if cfg.offsite:
        offsite.upload(path, cfg)
        offsite.prune(cfg)
    retention.prune(path.parent, cfg.project, cfg.keep)
    return path


def describe(path: Path, manifest: dict) -> str:
    db, obj = manifest["database"], manifest["objects"]
    text = (f"{path} ({os.path.getsize(path) / 1e6:.1f} MB): {db['rows']} rows in {db['tables']} tables, "
            f"{obj['count']} objects ({obj['bytes'] / 1e6:.1f} MB), keys")
    text += ("; encrypted" if manifest.get("encrypted")
             else "; NOT encrypted (set BACKUP_ENCRYPTION_KEY to encrypt archives)")
    if obj["missing"]:
        text += f"; {len(obj['missing'])} object(s) deleted while the backup ran were left out"
    return text
