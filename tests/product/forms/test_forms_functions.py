"""import-uscis-form and fill-uscis-form through the stack: import lists the PDF's fields, a saved mapping
fills them (every mapped value read back from the stored file), missing data is reported, roles hold."""
import base64
import io
import uuid

import httpx
import pytest
from pdf_builder import DEMO_FIELDS, fillable_pdf
from pypdf import PdfReader

from conftest import MARIA_CLIENT
from edgekit.uscis_forms.pdf import filled_values

ASSISTANT = "assistente@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
MARIA = "maria.silva@cliente.test"
MAPPING = [
    {"field_name": "Pt2Line4a_FamilyName", "data_path": "client.full_name", "transform": "name_last"},
    {"field_name": "Pt2Line4b_GivenName", "data_path": "questionnaire.personal.full_name", "transform": "name_first"},
    {"field_name": "Pt2Line4c_MiddleName", "data_path": "questionnaire.personal.full_name",
     "transform": "name_middle"},
    {"field_name": "Pt2Line8_DateofBirth", "data_path": "questionnaire.personal.date_of_birth",
     "transform": "date_mdy"},
    {"field_name": "Pt2Line1_AlienNumber", "data_path": "questionnaire.personal.a_number", "transform": "a_number"},
    {"field_name": "Pt2Line11_SSN", "data_path": "questionnaire.personal.ssn", "transform": "ssn"},
    {"field_name": "Pt2Line20_DaytimePhone", "data_path": "client.phone", "transform": "phone_us"},
    {"field_name": "Pt2Line12_ReceiptNumber", "data_path": "process.receipt_number", "transform": "receipt"},
    {"field_name": "Pt2Line9_Female", "data_path": "questionnaire.personal.sex", "transform": "checkbox",
     "transform_arg": "F"},
    {"field_name": "Pt2Line16_MaritalStatus", "data_path": "questionnaire.marital.status", "transform": "text",
     "transform_arg": "solteiro=Single;casado=Married;divorciado=Divorced"},
    {"field_name": "Pt2Line7_State", "data_path": "questionnaire.addresses.0.state", "transform": "upper"},
    {"field_name": "Pt5_PreparerName", "data_path": "preparer.full_name", "transform": "upper"},
]
# seed.sql: Maria Silva (process 1, MSC2490123456) and her questionnaire; Daniela Secretária fills
EXPECTED = {
    "Pt2Line4a_FamilyName": "Silva", "Pt2Line4b_GivenName": "Maria", "Pt2Line4c_MiddleName": "Aparecida",
    "Pt2Line8_DateofBirth": "03/14/1988", "Pt2Line1_AlienNumber": "201234567",
    "Pt2Line20_DaytimePhone": "(508) 555-0142",
    "Pt2Line12_ReceiptNumber": "MSC2490123456", "Pt2Line9_Female": "Yes", "Pt2Line7_State": "MA",
    "Pt2Line16_MaritalStatus": "Married", "Pt5_PreparerName": "DANIELA SECRETÁRIA",
}


@pytest.fixture(scope="module")
def imported(api, forms_stack, questionnaires_restored):
    """A new form T-<n> imported by the legal assistant; removed with its files and documents afterwards."""
    number = f"T-{uuid.uuid4().int % 9000 + 1000}"
    path = f"{number}/2025-01-20-{uuid.uuid4().hex[:8]}.pdf"
    uploaded = api[ASSISTANT].upload("uscis_forms", path, fillable_pdf(DEMO_FIELDS))
    assert uploaded.status_code == 200, uploaded.text
    answer = api[ASSISTANT].function("import-uscis-form", {
        "formNumber": number.lower(), "editionDate": "2025-01-20", "storagePath": path,
        "formName": "Formulário de teste", "category": "Petições Familiares"})
    assert answer.status_code == 200, answer.text
    yield {"number": number, "path": path, **answer.json()}
    sql = forms_stack.sql
    sql("delete from storage.objects where bucket_id = 'client_documents' and name like %s", (f"%/{number}-%",))
    sql("delete from client_documents where file_path like %s", (f"%/{number}-%",))
    sql("delete from uscis_forms where number = %s", (number,))


def save_mapping(api, edition_id, rows, who=ASSISTANT):
    return api[who].rest("POST", "rpc/save_form_mapping", json={"p_edition_id": edition_id, "p_fields": rows})


def test_import_lists_the_fields_and_creates_the_form(imported, forms_stack):
    form, edition = imported["form"], imported["edition"]
    assert form["number"] == imported["number"] and form["updated_at"] == "2025-01-20" and form["downloaded"]
    assert [f["name"] for f in edition["fields"]] == [f["name"] for f in DEMO_FIELDS]
    radio = next(f for f in edition["fields"] if f["name"] == "Pt2Line16_MaritalStatus")
    assert radio == {"name": "Pt2Line16_MaritalStatus", "type": "radio", "options": ["Single", "Married", "Divorced"],
                     "label": None}
    assert edition["page_count"] == 1 and edition["storage_path"] == imported["path"]
    assert str(forms_stack.sql("select imported_by from uscis_form_editions where id = %s", (edition["id"],))[0][0]) \
        == "10000000-0000-4000-8000-000000000002"


def test_import_refuses_bad_input_and_non_managers(api, imported):
    base = {"formNumber": imported["number"], "editionDate": "2025-01-20", "storagePath": imported["path"]}
    cases = [
        (ASSISTANT, {**base, "formNumber": "130"}, 400, "Número do formulário inválido"),
        (ASSISTANT, {**base, "editionDate": "20/01/2025"}, 400, "Data da edição inválida"),
        (ASSISTANT, {**base, "storagePath": "../etc/passwd.pdf"}, 400, "Caminho do PDF inválido"),
        (ASSISTANT, {**base, "storagePath": "T-0/none.pdf"}, 404, "PDF não encontrado"),
        (ASSISTANT, {**base, "formNumber": "Z-1"}, 400, "informe o nome e a categoria"),
        (SECRETARY, base, 403, "Acesso negado"),
        (MARIA, base, 403, "Acesso negado"),
    ]
    for who, body, status, message in cases:
        answer = api[who].function("import-uscis-form", body)
        assert answer.status_code == status and message in answer.json()["error"], (body, answer.text)
    assert api[None].function("import-uscis-form", base).status_code == 401


def test_a_pdf_without_fields_is_refused(api):
    path = f"T-0/{uuid.uuid4().hex}.pdf"
    assert api[ASSISTANT].upload("uscis_forms", path, fillable_pdf([])).status_code == 200
    answer = api[ASSISTANT].function("import-uscis-form", {"formNumber": "I-130", "editionDate": "2025-01-20",
                                                            "storagePath": path})
    assert answer.status_code == 400 and "não tem campos preenchíveis" in answer.json()["error"]


def test_fill_before_mapping_says_so(api, imported):
    answer = api[ASSISTANT].function("fill-uscis-form", {"processId": 1, "formId": imported["form"]["id"]})
    assert answer.status_code == 400 and "Configure o mapeamento" in answer.json()["error"]


def test_mapping_versions_and_the_fill_round_trip(api, imported, forms_stack):
    edition_id, form_id = imported["edition"]["id"], imported["form"]["id"]
    first = save_mapping(api, edition_id, MAPPING[:2])
    assert first.status_code == 200 and first.json() == 1
    assert save_mapping(api, edition_id, MAPPING, who=SECRETARY).status_code == 403
    second = save_mapping(api, edition_id, MAPPING)
    assert second.json() == 2
    assert forms_stack.sql("select count(*) from uscis_form_mappings where edition_id = %s and version = 1",
                           (edition_id,))[0][0] == 2    # the earlier version is kept

    answer = api[SECRETARY].function("fill-uscis-form", {"processId": 1, "formId": form_id})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["mappingVersion"] == 2 and body["filledCount"] == len(EXPECTED)
    # Maria's questionnaire has no SSN: reported with where the value should come from
    assert [f["name"] for f in body["emptyFields"]] == ["Pt2Line11_SSN"]
    assert {"name": "Pt2Line11_SSN", "dataPath": "questionnaire.personal.ssn"} in body["emptyFields"]
    assert body["unmappedFields"] == ["Pt2Line17_Removal", "Pt2Line5_CityOfBirth", "Pt9_Unmapped"]

    document = body["document"]
    assert document["client_id"] == MARIA_CLIENT and document["process_id"] == 1
    assert document["uploaded_by"] == "office" and document["document_type"] == "formulario_uscis"
    assert document["uploader_id"] == "10000000-0000-4000-8000-000000000004"     # who filled it
    assert document["name"] == f"{imported['number']} preenchido (edição 20/01/2025)"
    stored = api[SECRETARY].download("client_documents", document["file_path"])
    assert stored.status_code == 200
    values = filled_values(stored.content)
    for name, value in EXPECTED.items():
        assert values.get(name) == value, name
    assert "Pt2Line11_SSN" not in values
    assert httpx.get(body["signedUrl"], timeout=10).content == stored.content
    # a filled form is a draft for the office: internal until staff share it, then the client sees it
    assert document["shared_with_client"] is False
    assert api[MARIA].download("client_documents", document["file_path"]).status_code != 200
    assert api[MARIA].rest("GET", f"client_documents?id=eq.{document['id']}").json() == []
    shared = api[SECRETARY].rest("PATCH", f"client_documents?id=eq.{document['id']}",
                                 json={"shared_with_client": True}, headers={"Prefer": "return=representation"})
    assert shared.status_code == 200 and shared.json()[0]["shared_with_client"] is True
    assert api[MARIA].download("client_documents", document["file_path"]).status_code == 200


def test_sample_fill_is_returned_not_stored(api, imported, forms_stack):
    before = forms_stack.sql("select count(*) from client_documents")[0][0]
    answer = api[ASSISTANT].function("fill-uscis-form", {"formId": imported["form"]["id"], "sample": True})
    assert answer.status_code == 200, answer.text
    pdf = base64.b64decode(answer.json()["pdfBase64"])
    values = filled_values(pdf)
    assert values["Pt2Line4a_FamilyName"] == "Teste" and values["Pt2Line8_DateofBirth"] == "01/31/1990"
    assert values["Pt2Line16_MaritalStatus"] == "Married" and len(PdfReader(io.BytesIO(pdf)).pages) == 1
    assert [f["name"] for f in answer.json()["emptyFields"]] == []
    assert forms_stack.sql("select count(*) from client_documents")[0][0] == before


def test_fill_refuses_clients_and_bad_input(api, imported):
    form_id = imported["form"]["id"]
    # the form has a mapping in force (whatever ran before), so only the caller or the input can be refused
    assert save_mapping(api, imported["edition"]["id"], MAPPING).status_code == 200
    cases = [
        (MARIA, {"processId": 1, "formId": form_id}, 403, "Acesso negado"),
        (ASSISTANT, {"processId": 1, "formId": "x"}, 400, "ID do formulário inválido"),
        (ASSISTANT, {"processId": 1, "formId": 999999}, 404, "Formulário não encontrado"),
        (ASSISTANT, {"processId": 0, "formId": form_id}, 400, "ID do processo inválido"),
        (ASSISTANT, {"processId": 987654, "formId": form_id}, 404, "Processo não encontrado"),
        (ASSISTANT, {"processId": 4, "formId": form_id}, 400, "não tem cliente"),
    ]
    for who, body, status, message in cases:
        answer = api[who].function("fill-uscis-form", body)
        assert answer.status_code == status and message in answer.json()["error"], (body, answer.text)
    assert api[None].function("fill-uscis-form", {"processId": 1, "formId": form_id}).status_code == 401
