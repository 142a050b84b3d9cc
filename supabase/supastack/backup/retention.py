"""Retention: keep the newest `keep` archives of the project in a folder, delete the rest (and archives
left half-written by a crash more than a day ago)."""
from __future__ import annotations

import time
from pathlib import Path

from supastack.backup.archive import archive_pattern


def prune(folder: Path, project: str, keep: int) -> list[Path]:
    """Delete the archives beyond the newest `keep`; returns what was deleted."""
    pattern = archive_pattern(project)
    archives = sorted((p for p in folder.iterdir() if pattern.fullmatch(p.name)), key=lambda p: p.name)
    doomed = archives[:-keep] if keep > 0 else archives
    day_ago = time.time() - 86400
    doomed += [p for p in folder.glob(".*.partial") if p.stat().st_mtime < day_ago]
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed
