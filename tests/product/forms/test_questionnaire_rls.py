"""client_questionnaires and the forms tables through REST: who reads and writes what."""
import pytest

from conftest import JOAO_CLIENT, MARIA_CLIENT

MARIA = "maria.silva@cliente.test"
JOAO = "joao.souza@cliente.test"
REPRESENTATION = {"Prefer": "return=representation"}


@pytest.fixture(autouse=True)
def _restored(questionnaires_restored):
    yield


def test_a_client_reads_only_their_own_questionnaire(api):
    mine = api[MARIA].rest("GET", "client_questionnaires?select=client_id,status,answers")
    assert mine.status_code == 200
    assert [row["client_id"] for row in mine.json()] == [MARIA_CLIENT]
    assert mine.json()[0]["answers"]["personal"]["full_name"] == "Maria Aparecida Silva"
    # João has his own draft (seed): he reads it and nothing of Maria's
    theirs = api[JOAO].rest("GET", "client_questionnaires?select=client_id,status")
    assert theirs.json() == [{"client_id": JOAO_CLIENT, "status": "rascunho"}]
    assert api[None].rest("GET", "client_questionnaires?select=id").status_code in (401, 403)


def test_a_client_starts_and_saves_their_own_but_not_another_clients(api, forms_stack):
    # João starts afresh: his seeded draft goes (one per client); the module puts it back afterwards
    forms_stack.sql("delete from client_questionnaires where client_id = %s", (JOAO_CLIENT,))
    joao = api[JOAO]
    foreign = joao.rest("POST", "client_questionnaires", json={"client_id": MARIA_CLIENT, "answers": {}})
    assert foreign.status_code == 403 and foreign.json()["code"] == "42501"
    created = joao.rest("POST", "client_questionnaires", headers=REPRESENTATION,
                        json={"client_id": JOAO_CLIENT, "answers": {"personal": {"full_name": "João Souza"}},
                              "reviewed_by": "10000000-0000-4000-8000-000000000001", "status": "rascunho"})
    assert created.status_code == 201, created.text
    assert created.json()[0]["reviewed_by"] is None          # a client cannot claim a review
    saved = joao.rest("PATCH", f"client_questionnaires?client_id=eq.{JOAO_CLIENT}", headers=REPRESENTATION,
                      json={"answers": {"personal": {"full_name": "João Carlos Souza"}}, "status": "enviado"})
    assert saved.status_code == 200 and saved.json()[0]["status"] == "enviado"
    assert saved.json()[0]["submitted_at"] is not None
    # Maria's row is out of João's reach: the update matches nothing
    touched = joao.rest("PATCH", f"client_questionnaires?client_id=eq.{MARIA_CLIENT}", headers=REPRESENTATION,
                        json={"answers": {}})
    assert touched.status_code == 200 and touched.json() == []
    assert forms_stack.sql("select answers->'personal'->>'full_name' from client_questionnaires where client_id = %s",
                           (MARIA_CLIENT,))[0][0] == "Maria Aparecida Silva"


def test_a_client_cannot_mark_reviewed_nor_edit_after_review_until_staff_reopen(api, forms_stack):
    maria, staff = api[MARIA], api["assistente@escritorio.test"]
    refused = maria.rest("PATCH", f"client_questionnaires?client_id=eq.{MARIA_CLIENT}", json={"status": "revisado"})
    assert refused.status_code == 403 and refused.json()["code"] == "42501"

    reviewed = staff.rest("PATCH", f"client_questionnaires?client_id=eq.{MARIA_CLIENT}", headers=REPRESENTATION,
                          json={"status": "revisado", "reviewed_by": "10000000-0000-4000-8000-000000000004"})
    assert reviewed.status_code == 200, reviewed.text
    row = reviewed.json()[0]
    assert row["reviewed_by"] == "10000000-0000-4000-8000-000000000002" and row["reviewed_at"]

    late = maria.rest("PATCH", f"client_questionnaires?client_id=eq.{MARIA_CLIENT}", headers=REPRESENTATION,
                      json={"answers": {"personal": {"full_name": "Outra"}}})
    assert late.status_code == 200 and late.json() == []
    assert maria.rest("GET", "client_questionnaires?select=status").json() == [{"status": "revisado"}]

    reopened = staff.rest("PATCH", f"client_questionnaires?client_id=eq.{MARIA_CLIENT}", headers=REPRESENTATION,
                          json={"status": "rascunho"})
    assert reopened.json()[0]["reviewed_by"] is None
    again = maria.rest("PATCH", f"client_questionnaires?client_id=eq.{MARIA_CLIENT}", headers=REPRESENTATION,
                       json={"answers": {"personal": {"full_name": "Maria A. Silva"}}})
    assert again.status_code == 200 and again.json()[0]["answers"]["personal"]["full_name"] == "Maria A. Silva"


def test_forms_and_mappings_are_staff_data(api, forms_stack):
    for table in ("uscis_form_editions", "uscis_form_mappings"):
        assert api[MARIA].rest("GET", f"{table}?select=id").json() == []
        staff_sees = api["secretaria@escritorio.test"].rest("GET", f"{table}?select=id")
        assert staff_sees.status_code == 200 and staff_sees.json() != []   # the seed has an edition and its mapping
    form_id = forms_stack.sql("select id from uscis_forms where number = 'I-130'")[0][0]
    edition = {"form_id": form_id, "edition_date": "2001-01-01", "storage_path": "I-130/x.pdf", "fields": []}
    assert api[MARIA].rest("POST", "uscis_form_editions", json=edition).status_code == 403
    assert api["secretaria@escritorio.test"].rest("POST", "uscis_form_editions", json=edition).status_code == 403
    assert api["comercial@escritorio.test"].rest("POST", "uscis_form_editions", json=edition).status_code == 403
    # the blank PDFs' bucket: a client neither uploads nor lists
    assert api[MARIA].upload("uscis_forms", "I-130/x.pdf", b"%PDF-1.4").status_code in (400, 403)
    listed = api[MARIA].rest("GET", "uscis_forms?select=id")
    assert listed.json() == []
