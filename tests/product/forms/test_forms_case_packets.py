"""Form sets per case type: the case types whose forms have packs list them (with the attorney's G-28), every
form of those packets has a pack, and "Preencher pacote" fills a removal of conditions (I-751 drawn with its
published field names, the official G-28) from the client's questionnaire."""
import copy
import json
import logging
import uuid

import pytest
from official_case import COMPLETE_ANSWERS, official_pdf
from pdf_builder import fillable_pdf
from test_forms_public_packs import PUBLIC_FIELDS

from conftest import MARIA_CLIENT
from edgekit.uscis_forms import packs, pdf

logging.getLogger("pypdf").setLevel(logging.ERROR)
ADMIN = "admin@escritorio.test"
ASSISTANT = "assistente@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
MARIA = "maria.silva@cliente.test"
PACKETS = {
    "ajuste_casamento": ["I-130", "I-130A", "I-485", "I-765", "I-131", "I-864", "G-28"],
    "remocao_condicoes": ["I-751", "G-28"],
    "documento_viagem": ["I-131", "G-28"],
    "asilo": ["I-589", "G-28"],
    "eb2_niw": ["I-140", "I-485", "I-765", "I-131", "G-28"],
    "substituicao_green_card": ["I-90", "G-28"],
    "naturalizacao": ["N-400", "G-28"],
}


def _forms(listed: str) -> list[str]:
    return [part.strip() for part in listed.split(",")]


def test_case_types_list_their_packets_and_every_form_has_a_pack(api):
    rows = api[SECRETARY].rest("GET", "case_types", params={"select": "id, forms",
                                                            "id": f"in.({','.join(PACKETS)})"}).json()
    assert {row["id"]: _forms(row["forms"]) for row in rows} == PACKETS
    assert all(packs.load(number) for forms in PACKETS.values() for number in forms)
    # the client never reads the catalogue; a staff member without the administrator's role cannot change it
    assert api[MARIA].rest("GET", "case_types", params={"select": "id"}).json() == []
    changed = api[SECRETARY].rest("PATCH", "case_types", params={"id": "eq.asilo"}, json={"forms": "I-589"},
                                  headers={"Prefer": "return=representation"})
    assert changed.status_code in (200, 204) and changed.json() in ([], None)
    still = api[ADMIN].rest("GET", "case_types", params={"select": "forms", "id": "eq.asilo"}).json()
    assert _forms(still[0]["forms"]) == PACKETS["asilo"]


@pytest.fixture()
def removal_of_conditions(request, api, forms_stack, questionnaires_restored):
    """I-751 (drawn with its published field names; not imported when the test says so: the seeded demo edition,
    which has no stored PDF, stays the latest) and the official G-28 imported by the legal assistant; Maria's
    process 1 as a removal of conditions; the library, the process and her documents restored after."""
    sql = forms_stack.sql
    forms_before = {n: row for n, *row in sql("select number, updated_at, downloaded from uscis_forms")}
    process_before = sql("select case_type_id from processes where id = 1")[0][0]
    requests_before = [r[0] for r in sql("select id::text from document_requests where process_id = 1")]
    listed = json.loads((PUBLIC_FIELDS / "i-751.json").read_text(encoding="utf-8"))
    files = {"I-751": ("2025-04-01", fillable_pdf(listed)), "G-28": ("2016-05-05", official_pdf("G-28"))}
    if getattr(request, "param", None) == "without I-751":
        del files["I-751"]
    paths, editions = [], []
    imported = {}
    for number, (edition, content) in files.items():
        path = f"{number}/{edition}-{uuid.uuid4().hex[:8]}.pdf"
        assert api[ASSISTANT].upload("uscis_forms", path, content).status_code == 200
        paths.append(path)
        answer = api[ASSISTANT].function("import-uscis-form", {"formNumber": number, "editionDate": edition,
                                                               "storagePath": path})
        assert answer.status_code == 200, answer.text
        editions.append(answer.json()["edition"]["id"])
        imported[number] = answer.json()
    answers = copy.deepcopy(COMPLETE_ANSWERS)
    answers["immigration"]["conditional_residence_expires"] = "2025-06-01"
    sql("update client_questionnaires set answers = %s::jsonb where client_id = %s",
        (json.dumps(answers), MARIA_CLIENT))
    sql("update processes set case_type_id = 'remocao_condicoes' where id = 1")
    yield imported
    sql("delete from storage.objects where bucket_id = 'client_documents' and name like %s",
        (f"{MARIA_CLIENT}/formularios/%-processo-1-%",))
    sql("delete from client_documents where process_id = 1 and document_type in ('formulario_uscis', 'pacote_uscis')")
    # setting the case type created its checklist's document requests on the process: remove those again
    sql("delete from document_requests where process_id = 1 and not (id::text = any(%s::text[]))", (requests_before,))
    sql("delete from storage.objects where bucket_id = 'uscis_forms' and name = any(%s)", (paths,))
    sql("delete from uscis_form_editions where id = any(%s)", (editions,))
    sql("delete from uscis_forms where not (number = any(%s))", (list(forms_before),))
    for number, (updated_at, downloaded) in forms_before.items():
        sql("update uscis_forms set updated_at = %s, downloaded = %s where number = %s",
            (updated_at, downloaded, number))
    sql("update processes set case_type_id = %s where id = 1", (process_before,))


def test_packet_of_a_removal_of_conditions(api, removal_of_conditions):
    i751 = removal_of_conditions["I-751"]
    assert i751["form"]["name"] == "Petition to Remove Conditions on Residence"
    assert i751["form"]["category"] == "Remoção de Condições" and i751["mapping"]["pack"] is True
    assert i751["mapping"]["mapped"] >= 105
    answer = api[SECRETARY].function("fill-uscis-packet", {"processId": 1})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert [f["formNumber"] for f in body["forms"]] == ["I-751", "G-28"] and body["skipped"] == []
    assert all(d["shared_with_client"] is False for d in body["documents"])
    stored = next(d for d in body["documents"] if d["name"].startswith("I-751"))
    values = pdf.filled_values(api[SECRETARY].download("client_documents", stored["file_path"]).content)
    short = {name.rsplit(".", 1)[-1]: value for name, value in values.items() if value != "Off"}
    assert short["Pt1Line1a_FamilyName[0]"] == "Silva" and short["P1_Line14_CRExpiresOn[0]"] == "06/01/2025"
    assert short["Pt4Line2b_GivenName2[0]"] == "Paulo" and short["AttorneyStateBarNumber[0]"] == "681234"
    assert not any(name.startswith(("Pt3Line1", "P5_Line6a_Signature")) for name in short)


@pytest.mark.parametrize("removal_of_conditions", ["without I-751"], indirect=True)
def test_a_form_whose_stored_pdf_is_gone_is_skipped_not_the_packet(api, removal_of_conditions):
    """The demo's I-751 edition is a library row without its PDF: the packet says so and fills the G-28."""
    answer = api[SECRETARY].function("fill-uscis-packet", {"processId": 1})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert [f["formNumber"] for f in body["forms"]] == ["G-28"]
    assert body["skipped"] == [{"formNumber": "I-751",
                                "reason": "PDF da edição não encontrado no armazenamento: importe o PDF de novo"}]
    assert body["packet"]["name"].endswith("(G-28)")      # the forms it holds
