"""Mappings take the responsible attorney's and the office's details (attorney.*, office.*) kept in
office_settings: a G-28-like form is filled with the attorney's name, bar number, licensing authority, EOIR ID,
daytime phone, mobile and fax and the office's address; a detail the settings lack is reported as missing data."""

from __future__ import annotations

import uuid

import pytest
from pdf_builder import fillable_pdf

from edgekit.office import office_sources
from edgekit.uscis_forms.mapping import resolve
from edgekit.uscis_forms.pdf import filled_values

ASSISTANT = "assistente@escritorio.test"
SECRETARY = "secretaria@escritorio.test"

G28_FIELDS = [
    {"name": name, "type": "text"}
    for name in (
        "Pt1Line2a_FamilyName",
        "Pt1Line2b_GivenName",
        "Pt1Line3a_StreetNumberName",
        "Pt1Line3b_AptSteFlrNumber",
        "Pt1Line3c_CityOrTown",
        "Pt1Line3d_State",
        "Pt1Line3e_ZipCode",
        "Pt1Line4_DaytimePhone",
        "Pt1Line5_MobilePhone",
        "Pt1Line6_Email",
        "Pt1Line7_FaxNumber",
        "Pt2Line1a_LicensingAuthority",
        "Pt2Line1b_BarNumber",
        "Pt2Line1c_LawFirm",
        "Pt2Line1d_BarState",
        "Pt1Line1_EOIRID",
        "Pt4_OfficeAddress",
        "Pt4_Website",
    )
]
G28_MAPPING = [
    {"field_name": "Pt1Line2a_FamilyName", "data_path": "attorney.full_name", "transform": "name_last"},
    {"field_name": "Pt1Line2b_GivenName", "data_path": "attorney.full_name", "transform": "name_first"},
    {"field_name": "Pt1Line3a_StreetNumberName", "data_path": "office.street", "transform": "text"},
    {"field_name": "Pt1Line3b_AptSteFlrNumber", "data_path": "office.suite", "transform": "text"},
    {"field_name": "Pt1Line3c_CityOrTown", "data_path": "office.city", "transform": "text"},
    {"field_name": "Pt1Line3d_State", "data_path": "office.state", "transform": "text"},
    {"field_name": "Pt1Line3e_ZipCode", "data_path": "office.zip", "transform": "text"},
    {"field_name": "Pt1Line4_DaytimePhone", "data_path": "attorney.phone", "transform": "phone_us"},
    {"field_name": "Pt1Line5_MobilePhone", "data_path": "attorney.mobile", "transform": "phone_us"},
    {"field_name": "Pt1Line6_Email", "data_path": "attorney.email", "transform": "text"},
    {"field_name": "Pt1Line7_FaxNumber", "data_path": "attorney.fax", "transform": "phone_us"},
    {"field_name": "Pt2Line1a_LicensingAuthority", "data_path": "attorney.licensing_authority", "transform": "text"},
    {"field_name": "Pt2Line1b_BarNumber", "data_path": "attorney.bar_number", "transform": "text"},
    {"field_name": "Pt2Line1c_LawFirm", "data_path": "attorney.law_firm", "transform": "text"},
    {"field_name": "Pt2Line1d_BarState", "data_path": "attorney.bar_state", "transform": "text"},
    {"field_name": "Pt1Line1_EOIRID", "data_path": "attorney.eoir_id", "transform": "text"},
    {"field_name": "Pt4_OfficeAddress", "data_path": "office.address", "transform": "upper"},
    {"field_name": "Pt4_Website", "data_path": "office.website", "transform": "text"},
]
# seed.sql, section "office profile"
EXPECTED = {
    "Pt1Line2a_FamilyName": "Ramos",
    "Pt1Line2b_GivenName": "Helena",
    "Pt1Line3a_StreetNumberName": "100 Federal Street",
    "Pt1Line3b_AptSteFlrNumber": "Suite 1200",
    "Pt1Line3c_CityOrTown": "Boston",
    "Pt1Line3d_State": "MA",
    "Pt1Line3e_ZipCode": "02110",
    "Pt1Line4_DaytimePhone": "(617) 555-0101",
    "Pt1Line5_MobilePhone": "(617) 555-0142",
    "Pt1Line6_Email": "helena.ramos@escritorio.test",
    "Pt1Line7_FaxNumber": "(617) 555-0199",
    "Pt2Line1a_LicensingAuthority": "Supreme Judicial Court of Massachusetts",
    "Pt2Line1b_BarNumber": "681234",
    "Pt2Line1c_LawFirm": "Escritório de Imigração",
    "Pt2Line1d_BarState": "MA",
    "Pt1Line1_EOIRID": "QX123456",
    "Pt4_OfficeAddress": "100 FEDERAL STREET, SUITE 1200, BOSTON, MA 02110",
    "Pt4_Website": "https://escritorio.test",
}


def test_settings_row_becomes_office_and_attorney_paths():
    office, attorney = office_sources(
        {
            "office_name": "Duarte Ramos Imigração",
            "office_street": "1 Main St",
            "office_city": "Newark",
            "office_state": "NJ",
            "office_zip": "07102",
            "attorney_name": "Helena Duarte Ramos",
            "attorney_bar_number": "123",
            "attorney_bar_state": "NJ",
            "attorney_eoir_id": "AB123456",
            "attorney_mobile": "+1 (973) 555-0142",
        }
    )
    data = {"office": office, "attorney": attorney}
    assert resolve("office.address", data) == "1 Main St, Newark, NJ 07102"
    assert resolve("attorney.bar_number", data) == "123" and resolve("attorney.eoir_id", data) == "AB123456"
    assert resolve("attorney.law_firm", data) == "Duarte Ramos Imigração"
    assert resolve("attorney.mobile", data) == "+1 (973) 555-0142" and resolve("attorney.fax", data) is None
    assert resolve("office.suite", data) is None and resolve("attorney.licensing_authority", data) is None
    assert office_sources(None) == ({}, {})
    assert office_sources({"office_name": "X"})[0]["address"] is None


@pytest.fixture(scope="module")
def g28(api, forms_stack):
    """A G-28-like form imported by the legal assistant with a mapping of attorney.* and office.* paths."""
    number = f"G-{uuid.uuid4().int % 9000 + 1000}"
    path = f"{number}/2025-01-20-{uuid.uuid4().hex[:8]}.pdf"
    assert api[ASSISTANT].upload("uscis_forms", path, fillable_pdf(G28_FIELDS)).status_code == 200
    answer = api[ASSISTANT].function(
        "import-uscis-form",
        {
            "formNumber": number,
            "editionDate": "2025-01-20",
            "storagePath": path,
            "formName": "Representação por advogado (teste)",
            "category": "Petições Familiares",
        },
    )
    assert answer.status_code == 200, answer.text
    imported = answer.json()
    saved = api[ASSISTANT].rest(
        "POST", "rpc/save_form_mapping", json={"p_edition_id": imported["edition"]["id"], "p_fields": G28_MAPPING}
    )
    assert saved.status_code == 200, saved.text
    yield imported["form"]["id"]
    sql = forms_stack.sql
    sql("delete from storage.objects where bucket_id = 'client_documents' and name like %s", (f"%/{number}-%",))
    sql("delete from client_documents where file_path like %s", (f"%/{number}-%",))
    sql("delete from uscis_forms where number = %s", (number,))


def test_a_g28_is_filled_with_the_attorney_and_the_office(api, g28):
    answer = api[SECRETARY].function("fill-uscis-form", {"processId": 1, "formId": g28})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["emptyFields"] == [] and body["filledCount"] == len(EXPECTED)
    stored = api[SECRETARY].download("client_documents", body["document"]["file_path"])
    values = filled_values(stored.content)
    for name, value in EXPECTED.items():
        assert values.get(name) == value, name


def test_a_detail_the_settings_lack_is_reported_missing(api, g28, forms_stack):
    (eoir_id,) = forms_stack.sql("select attorney_eoir_id from office_settings")[0]
    forms_stack.sql("update office_settings set attorney_eoir_id = null")
    try:
        answer = api[SECRETARY].function(
            "fill-uscis-form",
            {
                "processId": 1,
                "formId": g28,
            },
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["emptyFields"] == [{"name": "Pt1Line1_EOIRID", "dataPath": "attorney.eoir_id"}]
    finally:
        forms_stack.sql("update office_settings set attorney_eoir_id = %s", (eoir_id,))


def test_the_sample_fill_has_an_attorney_too(api, g28):
    answer = api[ASSISTANT].function("fill-uscis-form", {"formId": g28, "sample": True})
    assert answer.status_code == 200, answer.text
    assert answer.json()["emptyFields"] == []


def test_mapping_paths_outside_the_sources_are_refused(api, forms_stack, g28):
    (edition_id,) = forms_stack.sql("select id from uscis_form_editions where form_id = %s", (g28,))[0]
    answer = api[ASSISTANT].rest(
        "POST",
        "rpc/save_form_mapping",
        json={
            "p_edition_id": edition_id,
            "p_fields": [{"field_name": "Pt1Line1_EOIRID", "data_path": "advogado.eoir_id", "transform": "text"}],
        },
    )
    assert answer.status_code == 400 and answer.json()["code"] == "23514", answer.text
