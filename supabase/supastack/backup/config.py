"""The `[backup]` section of config.toml: when scheduled backups run, how many archives are kept, where,
and the optional S3-compatible store that receives a copy of each archive."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import time
from pathlib import Path

from supastack.core.config import Settings

DAILY_AT = time(3, 0)
S3_KEYS = ("bucket", "endpoint", "region", "access_key_id", "secret_access_key", "prefix")


@dataclass
class BackupConfig:
    project: str
    folder: Path
    keep: int = 14
    daily_at: time | None = None          # None: no scheduled backups
    s3: dict = field(default_factory=dict)  # empty: no off-site copy
    encryption_key: bytes | None = field(default=None, repr=False)   # BACKUP_ENCRYPTION_KEY; None: plain archives

    @property
    def offsite(self) -> bool:
        return bool(self.s3.get("bucket"))


def _daily_at(value: object) -> time | None:
    text = str(value or "off").strip().lower()
    if text in ("off", "none", "false", ""):
        return None
    if text == "daily":
        return DAILY_AT
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", text)
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ValueError(f'[backup] schedule must be "daily", "HH:MM" or "off", not {value!r}')
    return time(int(m.group(1)), int(m.group(2)))


def backup_config(settings: Settings, env: dict | None = None) -> BackupConfig:
    """Read `[backup]`; `BACKUP_S3_<KEY>` variables override its `s3_<key>` values (keep secrets out of
    the file), and an S3 copy without its own endpoint or credentials uses `[storage.s3]`'s. The archives'
    key comes only from the environment (BACKUP_ENCRYPTION_KEY), never from config.toml; a malformed one
    raises ValueError."""
    from supastack.backup.crypto import key_from_env
    env = dict(os.environ if env is None else env)
    section = settings.raw.get("backup", {})
    folder = Path(section.get("dir") or "backups")
    s3 = {k: section.get(f"s3_{k}", "") for k in S3_KEYS}
    s3.update({k: env[f"BACKUP_S3_{k.upper()}"] for k in S3_KEYS if env.get(f"BACKUP_S3_{k.upper()}")})
    if s3.get("bucket"):
        for k in ("endpoint", "region", "access_key_id", "secret_access_key"):
            s3[k] = s3.get(k) or settings.s3.get(k, "")
    project = re.sub(r"[^A-Za-z0-9._-]+", "-", str(settings.raw.get("project_id") or settings.workdir.name))
    return BackupConfig(
        project=project,
        folder=folder if folder.is_absolute() else settings.data_dir / folder,
        keep=max(1, int(section.get("keep", 14))),
        daily_at=_daily_at(section.get("schedule")),
        s3={k: v for k, v in s3.items() if v} if s3.get("bucket") else {},
        encryption_key=key_from_env(env),
    )
