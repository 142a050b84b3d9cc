"""The official USCIS editions through the stack: import applies each form's pack (coverage printed and held
to a floor), a second import keeps the mapping, and "Preencher pacote" fills a marriage-based adjustment's
forms from a complete questionnaire into one packet, stored internal, every mapped value read back."""
import io
import json
import logging
import uuid

import httpx
import pytest
from official_case import COMPLETE_ANSWERS, EDITIONS, official_pdf
from pypdf import PdfReader

from conftest import MARIA_CLIENT
from edgekit.uscis_forms import pdf

logging.getLogger("pypdf").setLevel(logging.ERROR)
ASSISTANT = "assistente@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
MARIA = "maria.silva@cliente.test"
PAGES = {"I-130": 12, "I-485": 20, "I-765": 7, "I-864": 10, "G-28": 4}


@pytest.fixture(scope="module")
def official(api, forms_stack, questionnaires_restored):
    """The five official editions imported by the legal assistant; the library, Maria's process 1 and her
    documents as they were afterwards."""
    sql = forms_stack.sql
    forms_before = {n: row for n, *row in sql("select number, updated_at, downloaded from uscis_forms")}
    process_before = sql("select case_type_id from processes where id = 1")[0][0]
    answers = {}
    paths = []
    for number, (_, edition, _) in EDITIONS.items():
        path = f"{number}/{edition}-{uuid.uuid4().hex[:8]}.pdf"
        uploaded = api[ASSISTANT].upload("uscis_forms", path, official_pdf(number))
        assert uploaded.status_code == 200, uploaded.text
        paths.append(path)
        answer = api[ASSISTANT].function("import-uscis-form", {"formNumber": number, "editionDate": edition,
                                                               "storagePath": path})
        assert answer.status_code == 200, answer.text
        answers[number] = {**answer.json(), "path": path}
    yield answers
    sql("delete from storage.objects where bucket_id = 'client_documents' and name like %s",
        (f"{MARIA_CLIENT}/formularios/%-processo-1-%",))
    sql("delete from client_documents where process_id = 1 and document_type in ('formulario_uscis', 'pacote_uscis')")
    sql("delete from storage.objects where bucket_id = 'uscis_forms' and name = any(%s)", (paths,))
    sql("delete from uscis_form_editions where id = any(%s)", ([a["edition"]["id"] for a in answers.values()],))
    sql("delete from uscis_forms where not (number = any(%s))", (list(forms_before),))
    for number, (updated_at, downloaded) in forms_before.items():
        sql("update uscis_forms set updated_at = %s, downloaded = %s where number = %s",
            (updated_at, downloaded, number))
    sql("update processes set case_type_id = %s where id = 1", (process_before,))


@pytest.mark.parametrize("number", list(EDITIONS))
def test_import_applies_the_forms_pack(official, forms_stack, number):
    answer = official[number]
    mapping = answer["mapping"]
    print(f"{number}: fields={mapping['fields']} mapped={mapping['mapped']} unmapped={len(mapping['unmapped'])}")
    fillable = [f for f in answer["edition"]["fields"] if f["type"] in ("text", "checkbox", "radio", "choice")]
    assert mapping["fields"] == len(fillable) and mapping["pack"] is True and mapping["version"] == 1
    assert mapping["mapped"] >= EDITIONS[number][2]
    assert mapping["fields"] == mapping["mapped"] + len(mapping["unmapped"])
    assert all(u["reason"] for u in mapping["unmapped"])
    saved = forms_stack.sql("select count(distinct field_name) from uscis_form_mappings where edition_id = %s and "
                            "version = 1", (answer["edition"]["id"],))[0][0]
    assert saved == mapping["mapped"]
    assert answer["edition"]["page_count"] == PAGES[number]
    assert answer["form"]["number"] == number and answer["form"]["downloaded"] is True


def test_a_second_import_keeps_the_mapping(api, official):
    first = official["G-28"]
    again = api[ASSISTANT].function("import-uscis-form", {"formNumber": "G-28", "editionDate": "2016-05-05",
                                                          "storagePath": first["path"]})
    assert again.status_code == 200, again.text
    assert again.json()["edition"]["id"] == first["edition"]["id"]
    assert again.json()["mapping"]["version"] == 1 and again.json()["mapping"]["mapped"] == first["mapping"]["mapped"]


def test_packet_of_a_marriage_based_adjustment(api, official, forms_stack):
    sql = forms_stack.sql
    sql("update client_questionnaires set answers = %s::jsonb where client_id = %s",
        (json.dumps(COMPLETE_ANSWERS), MARIA_CLIENT))
    sql("update processes set case_type_id = 'ajuste_casamento' where id = 1")
    answer = api[SECRETARY].function("fill-uscis-packet", {"processId": 1})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert [f["formNumber"] for f in body["forms"]] == ["I-130", "I-485", "I-765", "I-864", "G-28"]
    assert [s["formNumber"] for s in body["skipped"]] == ["I-130A", "I-131"]
    for report in body["forms"]:
        print(f"{report['formNumber']}: filled={report['filledCount']} empty={len(report['emptyFields'])}")
        assert report["filledCount"] >= EDITIONS[report["formNumber"]][2] * 0.55
    # everything stored is internal until staff share it
    assert {d["document_type"] for d in body["documents"]} == {"formulario_uscis", "pacote_uscis"}
    assert all(d["shared_with_client"] is False for d in body["documents"])
    seen_by_maria = api[MARIA].rest("GET", "client_documents", params={"select": "id", "process_id": "eq.1"}).json()
    assert not {d["id"] for d in body["documents"]} & {d["id"] for d in seen_by_maria}

    # each stored form reads back every value the fill wrote; Maria's own answers are there
    by_number = {d["name"].split(" ")[0]: d for d in body["documents"] if d["document_type"] == "formulario_uscis"}
    for report in body["forms"]:
        stored = api[SECRETARY].download("client_documents", by_number[report["formNumber"]]["file_path"])
        assert stored.status_code == 200
        values = pdf.filled_values(stored.content)
        assert len(values) >= report["filledCount"]
        if report["formNumber"] == "I-485":
            short = {n.rsplit(".", 1)[-1]: v for n, v in values.items()}
            assert short["Pt1Line1a_FamilyName[0]"] == "Silva" and short["Pt1Line10_AlienNumber[0]"] == "201234567"
            assert short["Pt4Line1a_FamilyName[0]"] == "Rocha" and short["Pt1Line5_DateofBirth[0]"] == "03/14/1988"
    packet = httpx.get(body["signedUrl"] if body["signedUrl"].startswith("http")
                       else f"{forms_stack.url}/storage/v1{body['signedUrl']}", timeout=30)
    assert packet.status_code == 200
    pages = len(PdfReader(io.BytesIO(packet.content)).pages)
    assert pages == 1 + sum(PAGES.values()) + 1        # cover letter, the forms in order, the exhibit index
    first_page = PdfReader(io.BytesIO(packet.content)).pages[0].extract_text()
    assert "Re: Maria Silva - Ajuste de status por casamento" in first_page
    assert "I-130, I-485, I-765, I-864, G-28" in first_page


def test_packet_refusals(api, official, forms_stack):
    assert api[MARIA].function("fill-uscis-packet", {"processId": 1}).status_code == 403
    assert api[None].function("fill-uscis-packet", {"processId": 1}).status_code in (401, 403)
    for crafted in ("1; drop table processes", -1, True, None, "abc"):
        assert api[SECRETARY].function("fill-uscis-packet", {"processId": crafted}).status_code == 400
    assert api[SECRETARY].function("fill-uscis-packet", {"processId": 999999}).status_code == 404
    # a case type without forms: nothing to fill, said in pt-BR
    answer = api[SECRETARY].function("fill-uscis-packet", {"processId": 3})
    assert answer.status_code == 400 and "Configurações" in answer.json()["error"]
