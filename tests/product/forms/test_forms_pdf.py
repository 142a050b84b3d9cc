"""Reading a fillable PDF's fields, transforms, and the plan + fill round trip (no stack needed)."""
import io

import pytest
from pdf_builder import DEMO_FIELDS, fillable_pdf
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, TextStringObject

from edgekit.uscis_forms.mapping import plan, resolve
from edgekit.uscis_forms.pdf import InvalidPdf, fill, filled_values, read_fields
from edgekit.uscis_forms.transforms import apply

DATA = {
    "client": {"full_name": "Maria Aparecida da Silva", "phone": "508.555.0142"},
    "process": {"receipt_number": "msc-2490123456"},
    "preparer": {"full_name": "Bruno Assistente"},
    "questionnaire": {"personal": {"date_of_birth": "1988-03-14", "a_number": "A01234567", "ssn": "123456789",
                                   "sex": "F", "city_of_birth": ""},
                      "marital": {"status": "married"},
                      "addresses": [{"state": "nj"}],
                      "immigration": {"removal_proceedings": "nao"}},
}
MAPPINGS = [
    {"field_name": "Pt2Line4a_FamilyName", "data_path": "client.full_name", "transform": "name_last"},
    {"field_name": "Pt2Line4b_GivenName", "data_path": "client.full_name", "transform": "name_first"},
    {"field_name": "Pt2Line4c_MiddleName", "data_path": "client.full_name", "transform": "name_middle"},
    {"field_name": "Pt2Line8_DateofBirth", "data_path": "questionnaire.personal.date_of_birth",
     "transform": "date_mdy"},
    {"field_name": "Pt2Line1_AlienNumber", "data_path": "questionnaire.personal.a_number", "transform": "a_number"},
    {"field_name": "Pt2Line11_SSN", "data_path": "questionnaire.personal.ssn", "transform": "ssn"},
    {"field_name": "Pt2Line20_DaytimePhone", "data_path": "client.phone", "transform": "phone_us"},
    {"field_name": "Pt2Line12_ReceiptNumber", "data_path": "process.receipt_number", "transform": "receipt"},
    {"field_name": "Pt2Line9_Female", "data_path": "questionnaire.personal.sex", "transform": "checkbox",
     "transform_arg": "F"},
    {"field_name": "Pt2Line17_Removal", "data_path": "questionnaire.immigration.removal_proceedings",
     "transform": "checkbox", "transform_arg": "sim"},
    {"field_name": "Pt2Line16_MaritalStatus", "data_path": "questionnaire.marital.status", "transform": "text"},
    {"field_name": "Pt2Line7_State", "data_path": "questionnaire.addresses.0.state", "transform": "upper"},
    {"field_name": "Pt2Line5_CityOfBirth", "data_path": "questionnaire.personal.city_of_birth", "transform": "upper"},
    {"field_name": "Pt5_PreparerName", "data_path": "preparer.full_name", "transform": "upper"},
]
EXPECTED = {
    "Pt2Line4a_FamilyName": "Silva", "Pt2Line4b_GivenName": "Maria", "Pt2Line4c_MiddleName": "Aparecida da",
    "Pt2Line8_DateofBirth": "03/14/1988", "Pt2Line1_AlienNumber": "001234567", "Pt2Line11_SSN": "123-45-6789",
    "Pt2Line20_DaytimePhone": "(508) 555-0142", "Pt2Line12_ReceiptNumber": "MSC2490123456",
    "Pt2Line9_Female": "Yes", "Pt2Line16_MaritalStatus": "Married", "Pt2Line7_State": "NJ",
    "Pt5_PreparerName": "BRUNO ASSISTENTE",
}


@pytest.fixture(scope="module")
def blank():
    return fillable_pdf(DEMO_FIELDS)


def test_fields_are_listed_with_type_and_options(blank):
    fields, pages = read_fields(blank)
    by_name = {f["name"]: f for f in fields}
    assert pages == 1 and list(by_name) == [f["name"] for f in DEMO_FIELDS]
    assert by_name["Pt2Line4a_FamilyName"] == {"name": "Pt2Line4a_FamilyName", "type": "text", "options": [],
                                               "label": "Family Name (Last Name)"}
    assert by_name["Pt2Line9_Female"]["type"] == "checkbox" and by_name["Pt2Line9_Female"]["options"] == ["Yes"]
    assert by_name["Pt2Line16_MaritalStatus"]["type"] == "radio"
    assert by_name["Pt2Line16_MaritalStatus"]["options"] == ["Single", "Married", "Divorced"]
    assert by_name["Pt2Line7_State"] == {"name": "Pt2Line7_State", "type": "choice", "options": ["MA", "NJ", "NY"],
                                         "label": None}


def test_not_a_pdf_is_refused():
    with pytest.raises(InvalidPdf):
        read_fields(b"%PDF-1.4 garbage that is no pdf")
    with pytest.raises(InvalidPdf):
        read_fields(b"hello")


@pytest.mark.parametrize("transform, value, arg, expected", [
    ("date_mdy", "2024-02-29", None, "02/29/2024"),
    ("date_mdy", "29/02/2024", None, "02/29/2024"),
    ("date_mdy", "ontem", None, ""),
    ("upper", "são paulo", None, "SÃO PAULO"),
    ("name_first", "João", None, "João"),
    ("name_last", "João", None, ""),
    ("name_middle", "Ana Maria de Souza", None, "Maria de"),
    ("phone_us", "+1 508 555 0100", None, "(508) 555-0100"),
    ("phone_us", "+55 (11) 91234-5678", None, "+55 (11) 91234-5678"),
    ("ssn", "123-45-678", None, ""),
    ("a_number", "A-123-456-789", None, "123456789"),
    ("a_number", "A1234567", None, ""),
    ("receipt", "ioe 0912345678", None, "IOE0912345678"),
    ("checkbox", "Sim", "sim", True),
    ("checkbox", "nao", "sim", False),
    ("checkbox", "qualquer", None, True),
    ("checkbox", "não", None, False),
    ("text", None, None, ""),
    ("text", 42, None, "42"),
])
def test_transforms(transform, value, arg, expected):
    assert apply(transform, value, arg) == expected


def test_paths_walk_dicts_and_list_indexes():
    assert resolve("questionnaire.addresses.0.state", DATA) == "nj"
    assert resolve("questionnaire.addresses.3.state", DATA) is None
    assert resolve("questionnaire.personal.date_of_birth.year", DATA) is None
    assert resolve("office.name", DATA) is None


def test_round_trip_every_mapped_value_is_in_the_filled_file(blank):
    fields, _ = read_fields(blank)
    result = plan(fields, MAPPINGS, DATA)
    assert result.values == EXPECTED
    # the city answer is blank: reported with its path; the removal box had an answer (not ticked): not missing
    assert result.empty == [{"name": "Pt2Line5_CityOfBirth", "dataPath": "questionnaire.personal.city_of_birth"}]
    assert result.unmapped == ["Pt9_Unmapped"]
    filled = fill(blank, result.values)
    read_back = filled_values(filled)
    for name, value in EXPECTED.items():
        assert read_back.get(name) == value, name
    assert read_back.get("Pt2Line17_Removal", "Off") == "Off"
    assert "Pt9_Unmapped" not in read_back
    acroform = PdfReader(io.BytesIO(filled)).trailer["/Root"]["/AcroForm"]
    assert acroform["/NeedAppearances"].value is True


def test_the_xfa_copy_of_a_hybrid_form_is_dropped(blank):
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(blank)))
    writer._root_object["/AcroForm"][NameObject("/XFA")] = TextStringObject("<xdp/>")
    hybrid = io.BytesIO()
    writer.write(hybrid)
    assert "/XFA" in PdfReader(io.BytesIO(hybrid.getvalue())).trailer["/Root"]["/AcroForm"]
    filled = fill(hybrid.getvalue(), {"Pt2Line4a_FamilyName": "Silva"})
    acroform = PdfReader(io.BytesIO(filled)).trailer["/Root"]["/AcroForm"]
    assert "/XFA" not in acroform and filled_values(filled)["Pt2Line4a_FamilyName"] == "Silva"


def test_a_value_map_translates_answers_to_the_pdf_options(blank):
    fields, _ = read_fields(blank)
    mapping = [{"field_name": "Pt2Line16_MaritalStatus", "data_path": "questionnaire.marital.status",
                "transform": "text", "transform_arg": "solteiro=Single; casado = Married"},
               {"field_name": "Pt2Line7_State", "data_path": "questionnaire.addresses.0.state",
                "transform": "upper", "transform_arg": "MASSACHUSETTS=MA"}]
    data = {"questionnaire": {"marital": {"status": "Casado"}, "addresses": [{"state": "Massachusetts"}]}}
    assert plan(fields, mapping, data).values == {"Pt2Line16_MaritalStatus": "Married", "Pt2Line7_State": "MA"}


def test_a_radio_value_outside_the_options_is_left_empty(blank):
    fields, _ = read_fields(blank)
    data = {"questionnaire": {"marital": {"status": "viúva"}}}
    result = plan(fields, [m for m in MAPPINGS if m["field_name"] == "Pt2Line16_MaritalStatus"], data)
    assert result.values == {} and result.empty[0]["name"] == "Pt2Line16_MaritalStatus"
