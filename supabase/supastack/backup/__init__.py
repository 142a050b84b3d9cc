"""Backups that restore: one archive (pg_dump, stored objects, keys, manifest), restore onto a stopped or new
stack, a daily schedule with retention and an optional S3 copy."""
from supastack.backup.commands import add_commands, run
from supastack.backup.scheduler import backup_scheduler

__all__ = ["add_commands", "backup_scheduler", "run"]
