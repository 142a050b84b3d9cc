"""Packs written from public field names (no official file of these editions is kept with the tests): each
is proven on a PDF drawn with its form's published field names, types and box on-states
(`public_fields/<form>.json`), filled from a complete case; every mapped value reads back and no field the
pack leaves unmapped is written."""
import copy
import json
import logging
import re
from pathlib import Path

import pytest
from official_case import CASE
from pdf_builder import fillable_pdf

from edgekit.uscis_forms import packs, pdf
from edgekit.uscis_forms.mapping import plan
from edgekit.uscis_forms.transforms import TRANSFORMS

logging.getLogger("pypdf").setLevel(logging.ERROR)

PUBLIC_FIELDS = Path(__file__).parent / "public_fields"
# form -> floor of the published fields its pack maps (the drawn list holds every fillable field of the edition)
PUBLIC = {"I-90": 60, "I-751": 105, "I-131": 45, "I-140": 75, "I-589": 70}
# no published field list at hand: the pack's own names are drawn (plus fields it must leave alone)
FROM_PACK_NAMES = ("I-130A", "N-400")

# the marriage case, with what the other packets ask besides (conditional residence, an asylum claim...)
FULL_CASE = copy.deepcopy(CASE)
FULL_CASE["questionnaire"]["immigration"]["conditional_residence_expires"] = "2025-06-01"


def _drawn(number: str) -> tuple[bytes, list[dict]]:
    listed = json.loads((PUBLIC_FIELDS / f"{number.lower()}.json").read_text(encoding="utf-8"))
    drawn = fillable_pdf(listed)
    return drawn, pdf.read_fields(drawn)[0]


def _fill(number: str, drawn: bytes, fields: list[dict]) -> tuple[packs.Applied, dict, dict]:
    applied = packs.apply(fields, packs.load(number))
    result = plan(fields, applied.mappings, FULL_CASE)
    filled = pdf.fill(drawn, result.values)
    before, after = pdf.filled_values(drawn), pdf.filled_values(filled)
    written = {name: value for name, value in after.items() if before.get(name) != value}
    return applied, result.values, written


@pytest.mark.parametrize("number", list(PUBLIC))
def test_public_pack_fills_its_published_fields(number):
    drawn, fields = _drawn(number)
    pack = packs.load(number)
    assert pack["form"] == number and pack["proven"] is None
    # every entry meets a published field of the form (no entry for a name the form does not have)
    names = {packs.pattern_of(f["name"]) for f in fields} | {packs.pattern_of(f["name"], True) for f in fields}
    assert [e["field"] for e in pack["fields"] if e["field"] not in names] == []
    for entry in pack["fields"]:
        assert entry.get("transform", "text") in TRANSFORMS, entry
        assert entry["path"].split(".")[0] in ("client", "process", "office", "attorney", "preparer",
                                               "questionnaire", "filing"), entry
    applied, values, written = _fill(number, drawn, fields)
    print(f"{number}: fields={applied.fillable} mapped={applied.mapped} filled={len(values)}")
    assert applied.mapped >= PUBLIC[number]
    assert all(u["reason"] for u in applied.unmapped) and applied.fillable == applied.mapped + len(applied.unmapped)
    assert len(values) >= applied.mapped * 0.6
    # every planned value reads back, and nothing else in the form was written
    assert written == values


@pytest.mark.parametrize("number", FROM_PACK_NAMES)
def test_pack_from_its_own_names_leaves_the_rest_alone(number):
    pack = packs.load(number)
    assert pack["proven"] is None and pack["form"] == number
    fields = []
    for entry in pack["fields"]:
        if entry.get("choices"):     # a group of boxes, one per option, each with its own on-state
            fields += [{"name": f"{entry['field']}[{i}]", "type": "checkbox", "options": [option]}
                       for i, option in enumerate(entry["choices"])]
        else:
            fields.append({"name": entry["field"] if "[" in entry["field"] else f"{entry['field']}[0]",
                           "type": "checkbox" if entry.get("transform") == "checkbox" else "text"})
    # a signature, a barcode and a question the pack must never answer
    others = [{"name": "Pt5Line1_SignatureOfApplicant[0]", "type": "text"},
              {"name": "PDF417BarCode1[0]", "type": "text"}, {"name": "Pt9Line1_Unmapped[0]", "type": "text"}]
    drawn = fillable_pdf(fields + others)
    read = pdf.read_fields(drawn)[0]
    applied = packs.apply(read, pack)
    assert applied.mapped == len(fields) and len(applied.unmapped) == len(others)
    result = plan(read, applied.mappings, FULL_CASE)
    assert len(result.values) >= len(fields) * 0.8, result.empty
    before, after = pdf.filled_values(drawn), pdf.filled_values(pdf.fill(drawn, result.values))
    assert {name: value for name, value in after.items() if before.get(name) != value} == result.values


def _short(values: dict) -> dict:
    return {name.rsplit(".", 1)[-1]: value for name, value in values.items()}


def test_i90_values():
    drawn, fields = _drawn("I-90")
    _, values, _ = _fill("I-90", drawn, fields)
    v = _short(values)
    assert v["P1_Line1_AlienNumber[0]"] == "201234567" and v["P1_Line3a_FamilyName[0]"] == "Silva"
    assert v["P1_Line3c_MiddleName[0]"] == "Aparecida" and v["P1_Line6b_StreetNumberName[0]"] == "120 Main St"
    assert v["P1_checkbox6c_Unit[0]"].strip() == "APT" and "P1_checkbox6c_Unit[1]" not in v
    assert v["P1_Line6e_State[0]"] == "MA" and v["P1_Line11_CountryofBirth[0]"] == "Brazil"
    assert v["P1_Line8_female[0]"] == "Y" and "P1_Line8_male[0]" not in v
    assert v["P1_Line12_MotherGivenName[0]"] == "Ana" and v["P1_Line15_DateOfAdmission[0]"] == "06/01/2019"
    assert v["P5_Checkbox1b[0]"] == "Y" and "P5_Checkbox1a[0]" not in v       # an interpreter read it to her
    assert v["P7_Line1a_FamilyName[0]"] == "Administradora" and v["P7_checkbox7[1]"] == "B"
    assert v["P7_checkbox3b_Unit[1]"].strip() == "STE" and v["P7_Line3b_AptSteFlrNumber[0]"] == "300"
    assert v["P7_Line8b_DateofSignature[0]"] == "02/03/2025"
    assert not any("Signature" in n and "Date" not in n for n in v)


def test_i751_values():
    drawn, fields = _drawn("I-751")
    _, values, _ = _fill("I-751", drawn, fields)
    v = _short(values)
    assert v["AttorneyStateBarNumber[0]"] == "BBO654321" and v["G28[0]"] == "1"
    assert v["Pt1Line1a_FamilyName[0]"] == "Silva" and v["P1_Line2a_FamilyName[0]"] == "Rocha"
    assert v["Part1_Line10_MaritalStatus[0]"] == "M" and "Part1_Line10_MaritalStatus[2]" not in v
    assert v["P1_Line14_CRExpiresOn[0]"] == "06/01/2025" and v["P1_Line11_DateOfMarriage[0]"] == "07/21/2012"
    assert v["Pt4Line2a_FamilyName2[0]"] == "Silva" and v["Pt4Line2b_GivenName2[0]"] == "Paulo"
    assert v["Line4_SSN[0]"] == "987654321" and "Line5_AlienNumber[0]" not in v   # the spouse has no A-number
    assert v["Line1b_GivenName3[0]"] == "Ana" and v["Line13b_GivenName[0]"] == "Pedro"
    assert v["Line14_DateOfBirth[0]"] == "11/30/2018" and "Line13b_GivenName[1]" not in v
    assert v["Line17_Checkbox[1]"] == "N" and "Line17_Checkbox[0]" not in v   # not in removal proceedings
    assert v["P5_Checkbox1[1]"] == "B" and v["P8_Checkbox1[0]"] == "A"          # interpreter / spouse reads
    assert v["P5_Line5_EmailAddress[1]"] == "paulo.silva@exemplo.test"
    assert v["P7_Line8b_DateofSignature[0]"] == "02/03/2025" and v["Pt10Item7b_Extends[0]"] == "Y"


def test_i131_values():
    drawn, fields = _drawn("I-131")
    _, values, _ = _fill("I-131", drawn, fields)
    v = _short(values)
    assert v["G28_Attached[0]"] == "Y" and v["Part2_Line1_FamilyName[0]"] == "Silva"
    assert v["Part2_Line2_FamilyName3[0]"] == "Rocha" and v["Part2_Line2_GivenName3[0]"] == "Cida"
    assert v["Part2_Line3_Unit[1]"].strip() == "APT" and "Part2_Line3_Unit[0]" not in v    # this edition: STE first
    assert v["Part2_Line8_Gender[0]"] == "F" and "Part2_Line8_Gender[1]" not in v
    assert v["Part2_Line5_AlienNumber[0]"] == "201234567" and v["Part2_Line12_ClassofAdmission[0]"] == "B2"
    assert v["P11_Language[0]"] == "Portuguese" and v["Part12_Line1_FamilyName[0]"] == "Administradora"
    assert v["Part12_Line6_DateofSignature[0]"] == "02/03/2025" and "Part10_Line4_DateofSignature[0]" not in v
    assert not any(n.startswith(("CB_AppType", "P7_")) for n in v)       # the document asked, the trip: by hand


def test_i140_values():
    drawn, fields = _drawn("I-140")
    _, values, _ = _fill("I-140", drawn, fields)
    v = _short(values)
    assert v["attyStateBarNumber[0]"] == "BBO654321" and v["Pt1Line1a_FamilyName[0]"] == "Silva"
    assert v["Pt3Line1b_GivenName[0]"] == "Maria" and v["Line6c_Unit[2]"].strip() == "APT"
    assert v["Pt3Line8_AlienNumber[0]"] == "201234567" and v["Line14b_Passport[0]"] == "FZ123456"
    assert v["Line1a_Person1FamilyName[0]"] == "Silva" and v["Line1b_Person1GivenName[0]"] == "Paulo"
    assert v["Line2b_Person2GivenName[1]"] == "Pedro" and v["Line2d_DateOfBirth[1]"] == "11/30/2018"
    assert v["Part10_Item6__Date[0]"] == "02/03/2025" and "Part7_Item8b_Date[0]" not in v
    assert not any(n.startswith(("prt2PetitionType", "Line1_JobTitle", "Line2_CompanyName")) for n in v)


def test_i589_values():
    drawn, fields = _drawn("I-589")
    _, values, _ = _fill("I-589", drawn, fields)
    v = _short(values)
    assert v["PtAILine1_ANumber[0]"] == v["PtAILine1_ANumber[2]"] == "201234567"
    assert v["PtAILine4_LastName[0]"] == "Silva" and v["TextField1[0]"] == "123456789"
    assert v["PartALine9Sex[1]"] == "F" and v["Marital[1]"] == "M" and "Marital[0]" not in v
    assert v["PtAIILine6_FirstName[0]"] == "Paulo" and v["CheckBox14_Sex[0]"] == "M"
    assert v["TotalChild[0]"] == "2" and v["ChildFirst2[0]"] == "Pedro" and "ChildFirst3[0]" not in v
    assert v["TextField13[46]"] == "Ana Maria Rocha" and v["TextField13[47]"] == "José Carlos Rocha"
    assert v["PtE_PreparerName[0]"] == "Ana Paula Administradora" and v["AttorneyStateBarNumber[0]"] == "BBO654321"
    # the claim itself (Part B), the interview and the judge's parts are never filled by the pack
    assert not any(n.startswith(("PtB", "PtC", "TextField26", "TextField27", "CheckBox31")) for n in v)


def test_i130a_values():
    """The spouse beneficiary's supplement: address history, parents and employment of the client."""
    pack = packs.load("I-130A")
    fields = [{"name": e["field"] if "[" in e["field"] else f"{e['field']}[0]", "type": "text"}
              for e in pack["fields"] if not e.get("choices") and e.get("transform") != "checkbox"]
    v = _short(plan(fields, packs.apply(fields, pack).mappings, FULL_CASE).values)
    assert v["Pt1Line3a_FamilyName[0]"] == "Silva" and v["Pt1Line1_AlienNumber[0]"] == "201234567"
    assert v["Pt1Line4_StreetNumberName[0]"] == "120 Main St" and v["Pt1Line5a_DateFrom[0]"] == "03/01/2021"
    assert v["Pt1Line6_CityOrTown[0]"] == "Marlborough" and v["Pt1Line7b_DateTo[0]"] == "02/28/2021"
    assert v["Pt1Line8_Country[0]"] == "Brazil" and v["Pt1Line9a_DateFrom[0]"] == "01/01/2010"
    assert v["Pt1Line10a_FamilyName[0]"] == "Rocha" and v["Pt1Line10b_GivenName[0]"] == "José"
    assert v["Pt1Line21_CountryOfBirth[0]"] == "Brazil" and v["Pt1Line17b_GivenName[0]"] == "Ana"
    assert v["Pt2Line1_EmployerOrCompName[0]"] == "Clean Homes Inc" and v["Pt2Line8b_DateTo[0]"] == "12/31/2019"
    assert v["Pt6Line8b_DateofSignature[0]"] == "02/03/2025" and "Pt1Line5b_DateTo[0]" not in v   # current address


def test_every_pack_names_a_category_the_forms_table_accepts():
    """Importing a packed form creates it with the pack's name and category: the category must pass the
    uscis_forms check (read from the schema the migrations produce)."""
    schema = (Path(__file__).parents[3] / "supabase" / "schema.sql").read_text(encoding="utf-8")
    check = next(line for line in schema.splitlines() if "uscis_forms_category_check" in line)
    accepted = set(re.findall(r"'([^']+)'::text", check))
    assert "Green Card" in accepted
    for number in packs.available():
        pack = packs.load(number)
        assert pack["category"] in accepted and pack["name"], number
    assert {"I-130A", "I-131", "I-140", "I-589", "I-751", "I-90"} <= set(packs.available())
