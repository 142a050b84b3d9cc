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


def following_slot(schedule: str, slot: datetime, zone: ZoneInfo) -> datetime:
    """The first scheduled instant after `slot` (itself a scheduled instant of a readable schedule)."""
    m = _SECONDS.match(schedule)
    if m:
        return datetime.fromtimestamp(slot.timestamp() + int(m.group(1)), UTC)
    return croniter(schedule.strip().lower(), slot.astimezone(zone)).get_next(datetime).astimezone(UTC)


class SlotCache:
    """`latest_slot` answered from memory until the schedule's next instant. croniter takes 0.3-0.7 ms a call
    and the runner asks for every job every second (a dozen jobs: 6 ms a second in every process, doing
    nothing); a schedule's latest slot only changes when its next instant comes."""

    def __init__(self, zone: ZoneInfo):
        self.zone = zone
        self._known: dict[str, tuple[datetime, datetime] | None] = {}   # schedule -> (slot, next slot)

    def latest(self, schedule: str, now: datetime) -> datetime | None:
        if schedule in self._known:
            known = self._known[schedule]
            if known is None:
                return None
            if known[0] <= now < known[1]:
                return known[0]
        latest = latest_slot(schedule, now, self.zone)
        if len(self._known) > 1000:       # schedules come and go with jobs; the cache must not grow without end
            self._known.clear()
        self._known[schedule] = None if latest is None else (latest, following_slot(schedule, latest, self.zone))
        return latest
