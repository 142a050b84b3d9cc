"""The translator's certification of a certified translation: a PDF from the office's template, for staff only,
through supabase-py's functions client as the app calls it."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from supabase_functions.errors import FunctionsHttpError

ADMIN = "admin@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
MARIA = "maria.silva@cliente.test"
JOAO = "joao.souza@cliente.test"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"


def marriage_requests(sign_in) -> dict[str, str]:
    admin = sign_in(ADMIN)
    process = admin.table("processes").insert({
        "type": "Green Card por casamento", "case_type_id": "ajuste_casamento", "client_id": MARIA_CLIENT,
        "status": "em andamento"}).execute().data[0]
    rows = admin.table("document_requests").select("id, document_name").eq("process_id", process["id"]).execute()
    return {r["document_name"]: r["id"] for r in rows.data}


def certificate(sb, body: dict) -> bytes:
    return sb.functions.invoke("translation-certificate", invoke_options={"body": body})


def text_of(pdf: bytes) -> str:
    return " ".join((page.extract_text() or "") for page in PdfReader(io.BytesIO(pdf)).pages)


def test_staff_get_the_certification_from_the_offices_template(sign_in, documents_stack):
    birth = marriage_requests(sign_in)["Certidão de nascimento"]
    pdf = certificate(sign_in(SECRETARY), {"requestId": birth, "translatorName": "Paula Tradutora"})
    assert pdf[:5] == b"%PDF-"
    text = " ".join(text_of(pdf).split())
    assert "CERTIFICATE OF TRANSLATION" in text
    assert ("I, Paula Tradutora, certify that I am competent to translate from Portuguese into English, and that the "
            "attached English translation of the Certidão de nascimento of Maria Silva is complete") in text
    # the administrators' wording is the one used
    documents_stack.sql("update public.office_settings set translation_certification_template ="
                        " 'Tradução de {documento} ({cliente}) certificada por {tradutor} em {data}.'")
    try:
        text = " ".join(text_of(certificate(sign_in(ADMIN), {"requestId": birth, "translatorName": "Paula Tradutora",
                                                               "sourceLanguage": "pt"})).split())
        assert "Tradução de Certidão de nascimento (Maria Silva) certificada por Paula Tradutora em" in text
    finally:
        documents_stack.sql("update public.office_settings set translation_certification_template = default")


@pytest.mark.parametrize("email", [MARIA, JOAO])
def test_clients_get_nothing(sign_in, email):
    birth = marriage_requests(sign_in)["Certidão de nascimento"]
    with pytest.raises(FunctionsHttpError) as refused:
        certificate(sign_in(email), {"requestId": birth, "translatorName": "Alguém"})
    assert refused.value.status == 404


def test_a_document_without_translation_or_a_bad_body_is_refused(sign_in):
    requests = marriage_requests(sign_in)
    with pytest.raises(FunctionsHttpError) as refused:
        certificate(sign_in(ADMIN), {"requestId": requests["Fotos 2x2"], "translatorName": "Paula Tradutora"})
    assert refused.value.status == 409
    for body in ({"requestId": requests["Certidão de nascimento"], "translatorName": "P"},
                 {"requestId": "x' or 1=1 --", "translatorName": "Paula Tradutora"},
                 {"requestId": requests["Certidão de nascimento"], "translatorName": "Paula", "sourceLanguage": "de"}):
        with pytest.raises(FunctionsHttpError) as refused:
            certificate(sign_in(ADMIN), body)
        assert refused.value.status == 400
