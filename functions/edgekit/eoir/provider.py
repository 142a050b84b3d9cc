"""What an EOIR provider answers, and how it fails."""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time
from zoneinfo import ZoneInfo


class CourtProviderError(Exception):
    def __init__(self, message: str, status: int = 502):
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class CourtResult:
    status: str
    details: str | None = None
    # date and time of the next (or last) hearing: naive = the court's wall clock (EOIR gives local times),
    # aware = an exact instant
    hearing_at: datetime | None = None
    court_location: str | None = None
    judge_name: str | None = None
    source: str = "demo"                    # demo | http | manual

    @property
    def demo(self) -> bool:
        return self.source == "demo"

    def hearing_instant(self, court_zone: str) -> datetime | None:
        """The hearing as an instant: a wall-clock time is read in the court's zone (IANA name)."""
        if self.hearing_at is None or self.hearing_at.tzinfo is not None:
            return self.hearing_at
        return self.hearing_at.replace(tzinfo=ZoneInfo(court_zone))


_TIME_12H = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp])\.?\s*[Mm]\.?$")
_TIME_COMPACT = re.compile(r"^(\d{2})(\d{2})$")


def parse_time(text: str) -> time:
    """'09:30', '09:30:00', '9:30 AM', '1:30 p.m.', '0930' -> time. Raises ValueError."""
    text = text.strip()
    if m := _TIME_12H.match(text):
        hour, minute, second = int(m[1]), int(m[2]), int(m[3] or 0)
        if not 1 <= hour <= 12:
            raise ValueError("hearingTime")
        hour = hour % 12 + (12 if m[4] in "Pp" else 0)
        return time(hour, minute, second)
    if m := _TIME_COMPACT.match(text):
        return time(int(m[1]), int(m[2]))
    if not re.fullmatch(r"\d{1,2}:\d{2}(:\d{2})?", text):
        raise ValueError("hearingTime")
    return time.fromisoformat(text.zfill(5) if len(text) == 4 else text)


def parse_hearing(hearing_date: object, hearing_time: object = None) -> datetime | None:
    """The hearing's date and time as EOIR gives them: the court's local wall clock (a naive datetime).

    '2026-03-10' + '09:30' -> 2026-03-10 09:30 (court time); a date written as a midnight datetime
    ('2026-03-10T00:00:00') takes the separate time; an ISO datetime with an offset or Z is an exact instant
    (aware). Raises ValueError.
    """
    if hearing_date in (None, ""):
        return None
    if not isinstance(hearing_date, str):
        raise ValueError("hearingDate")
    if hearing_time not in (None, "") and not isinstance(hearing_time, str):
        raise ValueError("hearingTime")
    text = hearing_date.strip()
    if len(text) > 10:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        if moment.tzinfo is not None:
            return moment
        if not hearing_time or moment.time() != time(0, 0):
            return moment
        day = moment.date()
    else:
        day = date.fromisoformat(text)
    at = parse_time(hearing_time) if isinstance(hearing_time, str) and hearing_time.strip() else time(0, 0)
    return datetime.combine(day, at)


def clean_text(value: object, limit: int = 2000) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return text[:limit] or None
