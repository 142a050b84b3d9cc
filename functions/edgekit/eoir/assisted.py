"""Assisted check: what staff read on the official portal, entered as `manualResult`, stored as is."""
from __future__ import annotations

from edgekit.eoir.provider import CourtResult, clean_text, parse_hearing
from edgekit.responses import FunctionError


def manual_result(raw: object) -> CourtResult:
    if not isinstance(raw, dict):
        raise FunctionError(400, "manualResult deve ser um objeto com status, hearingDate, hearingTime, "
                                 "courtLocation, judgeName e details")
    status = clean_text(raw.get("status"), 200)
    if not status:
        raise FunctionError(400, "Informe o status do caso (manualResult.status)")
    try:
        hearing = parse_hearing(raw.get("hearingDate"), raw.get("hearingTime"))
    except ValueError:
        raise FunctionError(400, "Data ou horário da audiência inválidos (use AAAA-MM-DD e HH:MM)") from None
    return CourtResult(status=status, details=clean_text(raw.get("details")), hearing_at=hearing,
                       court_location=clean_text(raw.get("courtLocation"), 500),
                       judge_name=clean_text(raw.get("judgeName"), 200), source="manual")
