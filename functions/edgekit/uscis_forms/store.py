"""Reads and writes of the forms functions, through supabase-py as the caller (RLS decides)."""
from __future__ import annotations

from datetime import date

from postgrest.exceptions import APIError

from edgekit.office import OFFICE_COLUMNS, office_sources
from supabase import AsyncClient

FORMS_BUCKET = "uscis_forms"
DOCUMENTS_BUCKET = "client_documents"
CLIENT_COLUMNS = "id, full_name, email, phone, address"
PROCESS_COLUMNS = "id, type, case_type_id, client_id, client_name, receipt_number, category, stage, status"


async def _first(query) -> dict | None:
    rows = (await query.limit(1).execute()).data
    return rows[0] if rows else None


async def form_by_id(db: AsyncClient, form_id: int) -> dict | None:
    return await _first(db.table("uscis_forms").select("id, number, name, category, updated_at").eq("id", form_id))


async def form_by_number(db: AsyncClient, number: str) -> dict | None:
    return await _first(db.table("uscis_forms").select("id, number, name, category, updated_at").eq("number", number))


async def latest_edition(db: AsyncClient, form_id: int) -> dict | None:
    return await _first(db.table("uscis_form_editions").select("*").eq("form_id", form_id)
                        .order("edition_date", desc=True))


async def current_mapping(db: AsyncClient, edition_id: int) -> tuple[int, list[dict]]:
    """The mapping version in force (the highest) and its rows; (0, []) when none was saved."""
    top = await _first(db.table("uscis_form_mappings").select("version").eq("edition_id", edition_id)
                       .order("version", desc=True))
    if top is None:
        return 0, []
    rows = (await db.table("uscis_form_mappings").select("field_name, data_path, transform, transform_arg")
            .eq("edition_id", edition_id).eq("version", top["version"]).execute()).data
    return top["version"], rows


async def previous_mapping(db: AsyncClient, form_id: int, before: str) -> list[dict]:
    """The mapping in force of the form's newest edition older than `before` ([] when none)."""
    older = await _first(db.table("uscis_form_editions").select("id").eq("form_id", form_id)
                         .lt("edition_date", before).order("edition_date", desc=True))
    if older is None:
        return []
    return (await current_mapping(db, older["id"]))[1]


async def _office(db: AsyncClient) -> tuple[dict, dict]:
    """office.* and attorney.* (the settings row as the caller reads it: staff do, RLS decides)."""
    try:
        row = await _first(db.table("office_settings").select(OFFICE_COLUMNS))
    except APIError:
        return {}, {}   # the office settings are another module's table: filling works without them
    return office_sources(row)


def filing(forms: list[str] | None = None) -> dict:
    """filing.*: the day the forms are filled (the preparer's and attorney's signature dates) and the forms of
    the packet (the G-28's list of forms)."""
    return {"date": date.today().isoformat(), "forms": ", ".join(forms or [])}


async def case_data(db: AsyncClient, process: dict, preparer_id: str, forms: list[str] | None = None) -> dict:
    """client, process, office, attorney, preparer, questionnaire and filing of a process, as mapping paths
    see them."""
    client = await _first(db.table("clients").select(CLIENT_COLUMNS).eq("id", process["client_id"])) or {}
    questionnaire = await _first(db.table("client_questionnaires").select("answers")
                                 .eq("client_id", process["client_id"]))
    preparer = await _first(db.table("profiles").select("full_name, email").eq("id", preparer_id)) or {}
    office, attorney = await _office(db)
    # the G-28's client signature date: the day the client signed the engagement contract in the portal
    signed_on = (await db.rpc("client_signed_engagement_on", {"p_process_id": process["id"]}).execute()).data
    process = {**process, "client_signed_on": signed_on or None}
    return {"client": client, "process": process, "office": office, "attorney": attorney, "preparer": preparer,
            "questionnaire": (questionnaire or {}).get("answers") or {}, "filing": filing(forms)}


async def process_by_id(db: AsyncClient, process_id: int) -> dict | None:
    return await _first(db.table("processes").select(PROCESS_COLUMNS).eq("id", process_id))
