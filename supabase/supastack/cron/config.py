"""The `[cron]` section of config.toml (and CRON_* variables): the office's time zone for cron
expressions, the statement timeout of a job, and a switch to keep a process from running jobs."""
from __future__ import annotations

import os
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from supastack.core.config import Settings

DEFAULT_TIMEZONE = "America/New_York"


@dataclass(frozen=True)
class CronConfig:
    timezone: ZoneInfo
    statement_timeout: str = "10min"   # PostgreSQL interval syntax, as `set statement_timeout`
    enabled: bool = True


def _flag(value: object) -> bool:
    return str(value).strip().lower() not in ("0", "false", "off", "no")


def cron_config(settings: Settings, env: dict | None = None) -> CronConfig:
    env = dict(os.environ if env is None else env)
    section = settings.raw.get("cron", {}) or {}
    name = env.get("CRON_TIMEZONE") or section.get("timezone") or DEFAULT_TIMEZONE
    try:
        zone = ZoneInfo(str(name))
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"[cron] timezone: unknown time zone {name!r}") from None
    return CronConfig(
        timezone=zone,
        statement_timeout=str(env.get("CRON_STATEMENT_TIMEOUT") or section.get("statement_timeout") or "10min"),
        enabled=_flag(env.get("CRON_ENABLED", section.get("enabled", True))),
    )
