"""The finance functions through the stack: PDFs only for who may read the row, rates stored by managers."""

from __future__ import annotations

import io

import httpx
import pytest
from finance_actors import ADMIN, ASSISTANT, JOAO, JOAO_CONTRACT, MARIA, MARIA_SENT_QUOTE, SECRETARY
from pypdf import PdfReader

from harness import access_token


def call(stack, name: str, actor, body: dict) -> httpx.Response:
    token = access_token(stack, actor.user_id, email=actor.email)
    return httpx.post(
        f"{stack.url}/functions/v1/{name}",
        json=body,
        timeout=30,
        headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}"},
    )


def pdf_text(answer: httpx.Response) -> str:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(answer.content)).pages)


def test_quote_pdf_for_finance_staff_and_its_client_only(stack):
    text = pdf_text(call(stack, "finance-documents", ASSISTANT, {"kind": "quote", "id": MARIA_SENT_QUOTE}))
    assert "Orçamento OR-2025-003" in text and "Maria Silva" in text and "US$ 3.500,00" in text
    assert "Orçamento OR-2025-003" in pdf_text(
        call(stack, "finance-documents", MARIA, {"kind": "quote", "id": MARIA_SENT_QUOTE})
    )
    for outsider in (JOAO, SECRETARY):   # a secretary reads no finance (the spec's role table)
        refused = call(stack, "finance-documents", outsider, {"kind": "quote", "id": MARIA_SENT_QUOTE})
        assert refused.status_code == 404 and refused.json() == {"error": "Documento não encontrado"}


def test_contract_and_receipt_pdfs(stack):
    text = pdf_text(call(stack, "finance-documents", JOAO, {"kind": "contract", "id": JOAO_CONTRACT}))
    assert "CT-2025-003" in text and "João Souza" in text and "Parcial" in text
    assert call(stack, "finance-documents", MARIA, {"kind": "contract", "id": JOAO_CONTRACT}).status_code == 404
    receipt = "fa500000-0000-4000-8000-000000000003"
    text = pdf_text(call(stack, "finance-documents", JOAO, {"kind": "receipt", "id": receipt}))
    assert "Recibo de pagamento RC-" in text and "US$ 500,00" in text and "Transferência" in text


def test_documents_carry_the_office_name_kept_in_the_settings(stack):
    """The name the administrators keep in office_settings heads the PDF, a client's copy too."""
    (before,) = stack.sql("select office_name from public.office_settings where id")[0]
    stack.sql("update public.office_settings set office_name = 'Oliveira & Prado Imigração' where id")
    try:
        for actor in (ASSISTANT, MARIA):
            text = pdf_text(call(stack, "finance-documents", actor, {"kind": "quote", "id": MARIA_SENT_QUOTE}))
            assert "Oliveira & Prado Imigração" in text, actor
        text = pdf_text(call(stack, "finance-documents", JOAO, {"kind": "contract", "id": JOAO_CONTRACT}))
        assert "Oliveira & Prado Imigração" in text
    finally:
        stack.sql("update public.office_settings set office_name = %s where id", (before,))


def test_documents_need_a_kind_and_a_caller(stack):
    assert call(stack, "finance-documents", ADMIN, {"kind": "nota", "id": MARIA_SENT_QUOTE}).status_code == 400
    anon = httpx.post(
        f"{stack.url}/functions/v1/finance-documents",
        json={"kind": "quote", "id": MARIA_SENT_QUOTE},
        headers={"apikey": stack.anon_key, "Authorization": f"Bearer {stack.anon_key}"},
        timeout=30,
    )
    assert anon.status_code == 401


@pytest.mark.parametrize("actor,status", [(ASSISTANT, 200), (SECRETARY, 403), (MARIA, 403)])
def test_rates_are_refreshed_by_managers(stack, actor, status):
    answer = call(stack, "exchange-rates", actor, {"date": "2031-01-10", "days": 5})
    assert answer.status_code == status, answer.text
    if status == 200:
        body = answer.json()
        assert [r["rate_date"] for r in body["rates"]] == [
            "2031-01-06",
            "2031-01-07",
            "2031-01-08",
            "2031-01-09",
            "2031-01-10",
        ]
        assert body["latest"]["source"] == "demo"
        assert stack.sql(
            "select count(*) from public.exchange_rates where rate_date between '2031-01-06' and "
            "'2031-01-10' and source = 'demo'"
        ) == [(5,)]
