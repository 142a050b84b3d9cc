"""When a job was last due: cron expressions (croniter) in the office's time zone, or pg_cron's
'N seconds' form, which counts from the epoch so every process agrees on the same instants."""
from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from croniter import croniter

_SECONDS = re.compile(r"^\s*([1-9]|[1-5][0-9])\s+seconds?\s*$", re.I)


def latest_slot(schedule: str, now: datetime, zone: ZoneInfo) -> datetime | None:
    """The latest scheduled instant at or before `now` (aware, UTC), or None for a schedule we cannot read."""
    m = _SECONDS.match(schedule)
    if m:
        every = int(m.group(1))
        return datetime.fromtimestamp(int(now.timestamp()) // every * every, UTC)
    expression = schedule.strip().lower()
    if not croniter.is_valid(expression):
        return None
    local = now.astimezone(zone)
    # croniter steps back from `local`; a run due exactly now is found on the next tick
    return croniter(expression, local).get_prev(datetime).astimezone(UTC)
