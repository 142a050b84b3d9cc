"""Mapping packs against the official USCIS editions: every pack entry meets its form's fields, the coverage
floor holds, another edition (other subforms and indices) maps itself, and a filled official PDF shows no
XFA, stays fillable and reads every mapped value back."""
import io
import logging
import re

import pytest
from official_case import CASE, EDITIONS, official_pdf
from pypdf import PdfReader

from edgekit.uscis_forms import packs, pdf
from edgekit.uscis_forms.mapping import plan
from edgekit.uscis_forms.transforms import TRANSFORMS

logging.getLogger("pypdf").setLevel(logging.ERROR)


@pytest.fixture(scope="module")
def official():
    """number -> (pdf bytes, fields), each official file parsed once."""
    read = {}
    for number in EDITIONS:
        data = official_pdf(number)
        read[number] = (data, pdf.read_fields(data)[0])
    return read


@pytest.mark.parametrize("number", list(EDITIONS))
def test_pack_covers_the_official_edition(official, number):
    data, fields = official[number]
    pack = packs.load(number)
    applied = packs.apply(fields, pack)
    print(f"{number}: fields={applied.fillable} mapped={applied.mapped}")
    assert applied.mapped >= EDITIONS[number][2]
    assert pack["proven"] and pack["proven"].startswith(number.lower())
    # every entry meets a field of the official file (no entry written for a name the form does not have)
    patterns = {packs.pattern_of(f["name"]) for f in fields} | {packs.pattern_of(f["name"], True) for f in fields}
    assert [e["field"] for e in pack["fields"] if e["field"] not in patterns] == []
    # every data path is one the mapping rows accept, every transform one the engine knows
    for entry in pack["fields"]:
        assert re.fullmatch(r"(client|process|office|attorney|preparer|questionnaire|filing)(\.[A-Za-z0-9_]+)+",
                            entry["path"]), entry
        assert entry.get("transform", "text") in TRANSFORMS, entry
    # what is left unmapped says why
    assert all(u["reason"] for u in applied.unmapped)
    assert applied.fillable == applied.mapped + len(applied.unmapped)


def test_a_new_edition_maps_itself(official):
    """Another edition moves fields to other subforms and pages: the patterns still find them."""
    _, fields = official["I-130"]
    renamed = [{**f, "name": re.sub(r"#subform\[\d+\]", "Page9[0]", f["name"]).replace("form1[0]", "topmost[0]")}
               for f in fields]
    before, after = packs.apply(fields, packs.load("I-130")), packs.apply(renamed, packs.load("I-130"))
    assert after.mapped == before.mapped
    family = next(m for m in after.mappings if m["field_name"].endswith("Pt4Line4a_FamilyName[0]"))
    assert family["field_name"].startswith("topmost[0].Page9[0].") and family["transform"] == "name_last"


def test_a_hand_mapping_carries_to_the_next_edition(official):
    _, fields = official["I-485"]
    hand = [{"field_name": "form1[0].#subform[2].Pt1Line20_ExpDate[0]",
             "data_path": "questionnaire.personal.passport_expiry", "transform": "date_mdy", "transform_arg": None}]
    applied = packs.apply(fields, packs.load("I-485"), packs.by_pattern(hand))
    kept = [m for m in applied.mappings if m["field_name"].endswith("Pt1Line20_ExpDate[0]")]
    assert kept and kept[0]["data_path"] == "questionnaire.personal.passport_expiry"
    assert applied.mapped == packs.apply(fields, packs.load("I-485")).mapped + 1


def test_no_pack_says_so():
    applied = packs.apply([{"name": "Pt1Line1_X[0]", "type": "text"}], packs.load("X-1"))
    assert applied.mapped == 0 and applied.unmapped == [{"name": "Pt1Line1_X[0]", "reason": packs.NO_PACK}]
    assert packs.load("../secrets") is None


def test_checkbox_choices_follow_each_forms_own_states(official):
    _, fields = official["I-765"]
    rows = {m["field_name"].rsplit(".", 1)[-1]: m for m in packs.apply(fields, packs.load("I-765")).mappings}
    # I-765 gender boxes: on-state N is Female, Y is Male; the unit boxes' states carry blanks (" APT ")
    assert rows["Line9_Checkbox[0]"]["transform_arg"] == "F" and rows["Line9_Checkbox[1]"]["transform_arg"] == "M"
    assert {rows[f"Pt2Line7_Unit[{i}]"]["transform_arg"] for i in range(3)} == {"APT", "STE", "FLR"}


@pytest.mark.parametrize("number", list(EDITIONS))
def test_filled_official_pdf_reads_every_value_back(official, number):
    data, fields = official[number]
    applied = packs.apply(fields, packs.load(number))
    result = plan(fields, applied.mappings, CASE)
    assert len(result.values) >= EDITIONS[number][2] * 0.6, (len(result.values), result.empty[:10])
    filled = pdf.fill(data, result.values)
    back = pdf.filled_values(filled)
    assert {n: back.get(n) for n in result.values} == result.values
    reader = PdfReader(io.BytesIO(filled))
    acroform = reader.trailer["/Root"]["/AcroForm"]
    assert "/XFA" not in acroform and acroform["/NeedAppearances"]        # any viewer draws the AcroForm values
    assert not reader.is_encrypted
    still = {f["name"] for f in pdf.read_fields(filled)[0]}
    assert still == {f["name"] for f in fields}                           # still a fillable form
    for page in reader.pages:                                             # text values have drawn appearances
        for annot in page.get("/Annots") or []:
            annot = annot.get_object()
            name = annot.get("/T")
            if annot.get("/FT") == "/Tx" and annot.get("/V"):
                assert "/AP" in annot, name


def test_marriage_case_values(official):
    data, fields = official["I-130"]
    result = plan(fields, packs.apply(fields, packs.load("I-130")).mappings, CASE)
    short = {name.rsplit(".", 1)[-1]: value for name, value in result.values.items()}
    assert short["Pt4Line4a_FamilyName[0]"] == "Silva" and short["Pt4Line4b_GivenName[0]"] == "Maria"
    assert short["Pt4Line4c_MiddleName[0]"] == "Aparecida" and short["Pt4Line1_AlienNumber[0]"] == "201234567"
    assert short["Pt4Line9_DateOfBirth[0]"] == "03/14/1988" and short["Pt4Line8_CountryOfBirth[0]"] == "Brazil"
    assert short["Pt4Line11_StreetNumberName[0]"] == "120 Main St" and short["Pt4Line11_AptSteFlrNumber[0]"] == "3"
    assert short["Pt4Line11_Unit[0]"].strip() == "APT" and "Pt4Line11_Unit[1]" not in short
    assert short["Pt4Line18_MaritalStatus[4]"] == "M" and short["Pt2Line36_USCitizen[0]"] == "Y"
    assert short["Pt2Line4a_FamilyName[0]"] == "Silva" and short["Pt2Line4b_GivenName[0]"] == "Paulo"
    assert short["Pt2Line19a_CityTown[0]"] == "Governador Valadares" and short["Pt2Line19d_Country[0]"] == "Brazil"
    assert short["Pt4Line30a_FamilyName[0]"] == "Silva" and short["Pt4Line36_DateOfBirth[0]"] == "11/30/2018"
    assert short["Pt8Line1a_PreparerFamilyName[0]"] == "Administradora"
    assert short["AttorneyStateBarNumber[0]"] == "BBO654321"
    assert short["Pt8Line3_Unit[1]"].strip() == "STE" and short["Pt8Line3_AptSteFlrNumber[0]"] == "300"
    assert short["Pt8Line8b_DateofSignature[0]"] == "02/03/2025" and short["Pt4Line3_SSN[0]"] == "123456789"


def test_only_owner_password_pdfs_open():
    """USCIS forms carry an owner password only and open; a PDF that needs a password to be read is refused."""
    from pdf_builder import DEMO_FIELDS, fillable_pdf
    from pypdf import PdfWriter

    for user_password, opens in (("", True), ("segredo", False)):
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(fillable_pdf(DEMO_FIELDS))))
        writer.encrypt(user_password=user_password, owner_password="dono", algorithm="AES-128")
        out = io.BytesIO()
        writer.write(out)
        if opens:
            assert len(pdf.read_fields(out.getvalue())[0]) == len(DEMO_FIELDS)
        else:
            with pytest.raises(pdf.InvalidPdf, match="protegido por senha"):
                pdf.read_fields(out.getvalue())


def test_cover_letter_and_exhibit_index():
    from edgekit.uscis_forms import packet

    template = "Prezados, {cliente} — {formularios}. {desconhecido} {data}"
    text = packet.cover_text(template, {"cliente": "Maria Silva", "formularios": "I-130, G-28", "data": "May 1"})
    assert text == "Prezados, Maria Silva — I-130, G-28. {desconhecido} May 1"
    default = packet.cover_text("  ", {"cliente": "X"})         # an empty template: the product's letter
    assert "{cliente}" not in default and "Re: X" in default
    letter = PdfReader(io.BytesIO(packet.cover_letter(text, "Escritório São João"))).pages[0].extract_text()
    assert "Escritório São João" in letter and "Maria Silva - I-130" in letter     # em dash drawn as a hyphen
    index = packet.exhibit_index("Maria Silva", ["I-130"], [{"name": f"Doc {i}", "created_at": "2025-01-02T10:00"}
                                                            for i in range(28)])
    page = "".join(p.extract_text() for p in PdfReader(io.BytesIO(index)).pages)
    assert "Exhibit A: Doc 0 (2025-01-02)" in page and "Exhibit AB: Doc 27" in page
    assert [packet.exhibit_label(i) for i in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]


UNPROVEN = ("N-400",)


@pytest.mark.parametrize("number", UNPROVEN)
def test_packs_written_from_public_field_names(number):
    """No official file of these editions is kept: the pack is proven on a PDF drawn with its field names."""
    from pdf_builder import fillable_pdf

    pack = packs.load(number)
    assert pack["proven"] is None and pack["form"] == number
    fields = [{"name": e["field"] if "[" in e["field"] else f"{e['field']}[0]",
               "type": "checkbox" if e.get("transform") == "checkbox" else "text"} for e in pack["fields"]]
    drawn = fillable_pdf(fields)
    read = pdf.read_fields(drawn)[0]
    applied = packs.apply(read, pack)
    assert applied.mapped == len(fields) and not applied.unmapped
    result = plan(read, applied.mappings, CASE)
    assert len(result.values) >= len(fields) * 0.8, result.empty
    back = pdf.filled_values(pdf.fill(drawn, result.values))
    assert {n: back.get(n) for n in result.values} == result.values
