"""The finance PDFs (quote, contract, receipt) hold the pt-BR text and figures they should."""

from __future__ import annotations

import importlib.util
import io
import sys

from pypdf import PdfReader

from supastack.core.config import REPO_ROOT

_spec = importlib.util.spec_from_file_location("finance_pdf", REPO_ROOT / "functions/finance-documents/finance_pdf.py")
finance_pdf = importlib.util.module_from_spec(_spec)
sys.modules["finance_pdf"] = finance_pdf
_spec.loader.exec_module(finance_pdf)

OFFICE = finance_pdf.Office(name="Souza & Lima Advocacia", address="100 Main St, Newark, NJ", phone="+1 973 555 0100")
CLIENT = {"full_name": "Maria Silva"}


def text_of(pdf: bytes) -> str:
    assert pdf.startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_money_and_dates_in_pt_br():
    assert finance_pdf.money("1234.5", "USD") == "US$ 1.234,50"
    assert finance_pdf.money(1234567.891, "BRL") == "R$ 1.234.567,89"
    assert finance_pdf.day("2025-03-04") == "04/03/2025"


def test_quote_pdf():
    quote = {
        "quote_number": "OR-2025-0042",
        "title": "Remoção de condições",
        "status": "sent",
        "currency": "USD",
        "created_at": "2025-11-20T10:00:00+00:00",
        "expiration_date": "2025-12-20",
        "subtotal_amount": "3750.00",
        "discount_amount": "250.00",
        "total_amount": "3500.00",
        "exchange_rate": "5.3300",
        "exchange_rate_date": "2025-11-19",
        "notes": "Desconto de fidelidade.",
    }
    items = [
        {
            "description": "Honorários: preparação do I-751",
            "quantity": "1",
            "unit_price": "3000.00",
            "discount_amount": "0",
            "amount": "3000.00",
        },
        {
            "description": "I-751 - Petition to Remove Conditions on Residence",
            "quantity": "1.00",
            "unit_price": "750.00",
            "discount_amount": "0",
            "amount": "750.00",
        },
    ]
    text = text_of(finance_pdf.quote_pdf(OFFICE, quote, items, CLIENT))
    for expected in (
        "Souza & Lima Advocacia",
        "Orçamento OR-2025-0042",
        "Maria Silva",
        "Válido até:",
        "20/12/2025",
        "Honorários: preparação do I-751",
        "US$ 3.750,00",
        "- US$ 250,00",
        "US$ 3.500,00",
        "R$ 18.655,00",
        "US$ 1,00 = R$ 5,3300",
        "19/11/2025",
        "Enviado",
    ):
        assert expected in text, expected


def test_contract_pdf_lists_the_installments():
    contract = {
        "contract_number": "CT-2025-0007",
        "title": "Asilo",
        "currency": "USD",
        "total_amount": "1000.00",
        "payment_terms": "Entrada de US$ 100,00 e 3 parcelas de US$ 300,00",
        "start_date": "2025-01-10",
        "end_date": "2025-04-10",
    }
    installments = [
        {"number": 0, "due_date": "2025-01-10", "amount": "100.00", "paid_amount": "100.00", "status": "paid"},
        {"number": 1, "due_date": "2025-02-10", "amount": "300.00", "paid_amount": "120.00", "status": "partial"},
    ]
    text = text_of(finance_pdf.contract_pdf(OFFICE, contract, installments, CLIENT))
    for expected in (
        "Contrato de prestação de serviços CT-2025-0007",
        "Contratante:",
        "Entrada",
        "10/02/2025",
        "US$ 120,00",
        "Parcial",
        "Pago",
        "10/01/2025 a 10/04/2025",
    ):
        assert expected in text, expected


def test_receipt_pdf():
    payment = {
        "id": "x" * 36,
        "receipt_number": "RC-2025-00012",
        "amount": "120.00",
        "currency": "USD",
        "payment_date": "2025-02-08",
        "payment_method": "transferencia",
        "amount_brl": "650.40",
        "exchange_rate_date": "2025-02-07",
    }
    installment = {"number": 1, "due_date": "2025-02-10", "amount": "300.00", "paid_amount": "120.00"}
    contract = {"contract_number": "CT-2025-0007", "title": "Asilo"}
    text = text_of(finance_pdf.receipt_pdf(OFFICE, payment, installment, contract, CLIENT))
    for expected in (
        "Recibo de pagamento RC-2025-00012",
        "Recebemos de:",
        "US$ 120,00",
        "08/02/2025",
        "Transferência",
        "Contrato CT-2025-0007",
        "parcela 1",
        "US$ 180,00",
        "R$ 650,40",
    ):
        assert expected in text, expected
