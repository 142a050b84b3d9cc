"""eoir_court_cases and eoir_court_history through the REST API.

The case row is written with the caller's client (RLS: staff; `created_by` becomes the caller), the
history row as service_role (histories are the functions' record of what was seen).
"""
from __future__ import annotations

from datetime import UTC, datetime

from postgrest.exceptions import APIError
from postgrest.types import ReturnMethod

from edgekit.eoir.provider import CourtResult
from edgekit.identifiers import a_number_variants
from edgekit.responses import FunctionError

CASE_COLUMNS = ("id, a_number, process_id, last_status, last_status_is_demo, last_hearing_date, court_location, "
                "court_id, judge_name, last_checked_at, created_at, updated_at")


def _same_moment(stored: str | None, new: datetime | None) -> bool:
    if stored is None or new is None:
        return stored is None and new is None
    parsed = datetime.fromisoformat(stored.replace("Z", "+00:00"))
    return parsed.astimezone(UTC) == new.astimezone(UTC)


def differs(row: dict | None, result: CourtResult, hearing: datetime | None) -> bool:
    """Whether the stored case differs from the result (`hearing`: the result's hearing as an instant)."""
    if row is None:
        return True
    return (row.get("last_status") != result.status or row.get("court_location") != result.court_location
            or row.get("judge_name") != result.judge_name
            or not _same_moment(row.get("last_hearing_date"), hearing))


class CourtCaseStore:
    def __init__(self, reader, history_writer):
        self.reader, self.history_writer = reader, history_writer

    async def find(self, a_number: str) -> dict | None:
        rows = (await self.reader.table("eoir_court_cases").select(CASE_COLUMNS)
                .in_("a_number", a_number_variants(a_number)).execute()).data
        return rows[0] if rows else None

    async def court_zone(self, court_location: str | None) -> str:
        """The IANA zone of the court the location names (the office's when none matches), from the database."""
        zone = (await self.reader.rpc("eoir_court_time_zone", {"p_location": court_location}).execute()).data
        if not isinstance(zone, str) or not zone:
            raise FunctionError(500, "Fuso horário do tribunal indisponível")
        return zone

    async def hearing_instant(self, result: CourtResult) -> datetime | None:
        if result.hearing_at is None or result.hearing_at.tzinfo is not None:
            return result.hearing_at
        return result.hearing_instant(await self.court_zone(result.court_location))

    async def save(self, a_number: str, process_id: int | None, result: CourtResult) -> tuple[dict, bool]:
        existing = await self.find(a_number)
        hearing = await self.hearing_instant(result)
        hearing_iso = hearing.isoformat() if hearing else None
        changed = differs(existing, result, hearing)
        now = datetime.now(UTC).isoformat()
        values = {"last_status": result.status, "last_hearing_date": hearing_iso,
                  "court_location": result.court_location, "judge_name": result.judge_name,
                  "last_status_is_demo": result.demo, "last_checked_at": now}
        if process_id is not None:
            values["process_id"] = process_id
        try:
            if existing is None:
                if process_id is None:
                    raise FunctionError(400, "ID do processo é obrigatório para cadastrar um novo caso")
                try:
                    rows = (await self.reader.table("eoir_court_cases")
                            .insert({"a_number": a_number, **values}).execute()).data
                except APIError as exc:
                    if exc.code != "23505":
                        raise
                    existing = await self.find(a_number)   # created meanwhile by another check
                    if existing is None:
                        raise
                    changed = differs(existing, result, hearing)
            if existing is not None:
                rows = (await self.reader.table("eoir_court_cases").update(values)
                        .eq("id", existing["id"]).execute()).data
        except APIError as exc:
            if exc.code == "23503":
                raise FunctionError(400, f"Processo não encontrado: {process_id}") from exc
            if exc.code == "42501":
                raise FunctionError(403, "Acesso negado aos casos da EOIR") from exc
            raise
        if not rows:
            raise FunctionError(403, "Acesso negado aos casos da EOIR")
        case = rows[0]
        if changed:
            await self.history_writer.table("eoir_court_history").insert(
                {"court_case_id": case["id"], "status": result.status, "details": result.details,
                 "hearing_date": hearing_iso, "court_location": result.court_location,
                 "judge_name": result.judge_name, "is_demo": result.demo, "updated_at": now},
                returning=ReturnMethod.minimal).execute()
        return case, changed
