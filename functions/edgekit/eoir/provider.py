"""What an EOIR provider answers, and how it fails."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time


class CourtProviderError(Exception):
    def __init__(self, message: str, status: int = 502):
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class CourtResult:
    status: str
    details: str | None = None
    hearing_at: datetime | None = None      # date and time of the next (or last) hearing
    court_location: str | None = None
    judge_name: str | None = None
    source: str = "demo"                    # demo | http | manual

    @property
    def demo(self) -> bool:
        return self.source == "demo"

    @property
    def hearing_iso(self) -> str | None:
        return self.hearing_at.isoformat() if self.hearing_at else None


def parse_hearing(hearing_date: object, hearing_time: object = None) -> datetime | None:
    """'2026-03-10' + '09:30' -> 2026-03-10 09:30 UTC; also accepts one ISO datetime. Raises ValueError."""
    if hearing_date in (None, ""):
        return None
    if not isinstance(hearing_date, str):
        raise ValueError("hearingDate")
    text = hearing_date.strip()
    if len(text) > 10:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    day = date.fromisoformat(text)
    at = time(0, 0)
    if hearing_time not in (None, ""):
        if not isinstance(hearing_time, str):
            raise ValueError("hearingTime")
        at = time.fromisoformat(hearing_time.strip())
    return datetime.combine(day, at, tzinfo=UTC)


def clean_text(value: object, limit: int = 2000) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return text[:limit] or None
