"""The `backup` and `restore` commands, for the stack's command line."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from supastack.core.config import Settings


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    backup = subparsers.add_parser("backup", help="write one archive: database, stored objects, keys")
    backup.add_argument("--dir", type=Path, help="folder for the archive (default: [backup] dir, or <data>/backups)")
    restore = subparsers.add_parser("restore", help="rebuild the stopped stack from an archive (an encrypted one "
                                    "needs BACKUP_ENCRYPTION_KEY, asked for when not set)")
    restore.add_argument("file", type=Path, help="an archive written by `backup`")


def _key_for(archive: Path, configured: bytes | None) -> bytes | None:
    """BACKUP_ENCRYPTION_KEY, or asked for at the terminal when an encrypted archive needs one."""
    from supastack.backup.crypto import KEY_VARIABLE, is_encrypted, parse_key
    if configured is not None or not is_encrypted(archive) or not sys.stdin.isatty():
        return configured
    import getpass
    return parse_key(getpass.getpass(f"{archive.name} is encrypted; {KEY_VARIABLE}: "))


def run(command: str, settings: Settings, args: argparse.Namespace) -> int:
    from supastack.backup.archive import ArchiveError, read_manifest
    from supastack.backup.config import backup_config
    from supastack.backup.create import BackupRefused, backup_now, describe
    from supastack.backup.restore import StackRunning, restore_backup
    try:
        key = backup_config(settings).encryption_key
        if command == "backup":
            path = backup_now(settings, getattr(args, "dir", None))
            print("backup written: " + describe(path, read_manifest(path, key)))
            return 0
        if command == "restore":
            if not args.file.is_file():
                print(f"no such archive: {args.file}", file=sys.stderr)
                return 2
            restore_backup(settings, args.file, key=_key_for(args.file, key))
            print(f"restored from {args.file}; start the stack to use it")
            return 0
    except ValueError as exc:                  # a malformed BACKUP_ENCRYPTION_KEY
        print(str(exc), file=sys.stderr)
        return 2
    except (StackRunning, ArchiveError, BackupRefused) as exc:
        print(str(exc), file=sys.stderr)
        return 1
    raise ValueError(f"unknown command {command!r}")
