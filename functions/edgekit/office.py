"""The office's and its responsible attorney's details (office_settings): the letterhead of the finance documents,
and the mapping paths office.* and attorney.* of the USCIS forms (what a G-28 or a preparer's part asks for)."""

from __future__ import annotations

OFFICE_COLUMNS = (
    "office_name, office_street, office_suite, office_city, office_state, office_zip, office_phone, office_email, "
    "office_website, attorney_name, attorney_bar_number, attorney_bar_state, attorney_licensing_authority, "
    "attorney_eoir_id, attorney_email, attorney_phone, attorney_mobile, attorney_fax"
)


def address_line(street=None, suite=None, city=None, state=None, zip_code=None) -> str | None:
    """One line as a US letterhead writes it: '100 Federal Street, Suite 1200, Boston, MA 02110' (None when
    nothing is stored)."""
    region = " ".join(p for p in (state, zip_code) if p)
    return ", ".join(p for p in (street, suite, city, region) if p) or None


def office_sources(row: dict | None) -> tuple[dict, dict]:
    """office.* and attorney.* of a settings row; keys whose value is not stored are absent or None, so a
    mapped field reports its path as missing data."""
    if not row:
        return {}, {}
    office = {
        "name": row.get("office_name"),
        "street": row.get("office_street"),
        "suite": row.get("office_suite"),
        "city": row.get("office_city"),
        "state": row.get("office_state"),
        "zip": row.get("office_zip"),
        "address": address_line(
            row.get("office_street"),
            row.get("office_suite"),
            row.get("office_city"),
            row.get("office_state"),
            row.get("office_zip"),
        ),
        "phone": row.get("office_phone"),
        "email": row.get("office_email"),
        "website": row.get("office_website"),
    }
    attorney = {
        "full_name": row.get("attorney_name"),
        "bar_number": row.get("attorney_bar_number"),
        "bar_state": row.get("attorney_bar_state"),
        "licensing_authority": row.get("attorney_licensing_authority"),
        "eoir_id": row.get("attorney_eoir_id"),
        "email": row.get("attorney_email"),
        "phone": row.get("attorney_phone"),
        "mobile": row.get("attorney_mobile"),
        "fax": row.get("attorney_fax"),
        # the attorney works at the office: a form's attorney address and firm are the office's
        "law_firm": row.get("office_name"),
    }
    return office, attorney
