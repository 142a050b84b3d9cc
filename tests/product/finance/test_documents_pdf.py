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


MM = 72 / 25.4  # PDF points per millimetre


def placed_text(pdf: bytes) -> list[tuple[int, float, float, str]]:
    """Every piece of text drawn: (page, x in pt, y in pt, text), from pypdf's text visitor."""
    placed: list[tuple[int, float, float, str]] = []
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages):

        def visit(text, cm, tm, _font, _size, number=number):
            if text.strip():
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                placed.append((number, x, y, text))

        page.extract_text(visitor_text=visit)
    return placed


def width_pt(text: str) -> float:
    """Width of table text as the PDF sets it (Helvetica 9)."""
    probe = finance_pdf.FPDF()
    probe.set_font("Helvetica", "", 9)
    return probe.get_string_width(text) * MM


def test_a_long_item_name_wraps_inside_its_own_column():
    name = ("Honorários de preparação e acompanhamento do pedido de ajuste de status com entrevista " * 3)[:200]
    assert len(name) == 200
    quote = {
        "quote_number": "OR-2025-0099",
        "title": "Ajuste de status",
        "status": "draft",
        "currency": "USD",
        "subtotal_amount": "4800.00",
        "total_amount": "4800.00",
    }
    items = [
        {"description": name, "quantity": "2", "unit_price": "2400.00", "discount_amount": "0", "amount": "4800.00"},
        {"description": "I-485", "quantity": "1", "unit_price": "0", "discount_amount": "0", "amount": "0"},
    ]
    placed = placed_text(finance_pdf.quote_pdf(OFFICE, quote, items, CLIENT))
    left = finance_pdf.FPDF().l_margin * MM
    edges = [left]
    for width in finance_pdf.QUOTE_WIDTHS:
        edges.append(edges[-1] + width * MM)
    description = (edges[0], edges[1])

    name_lines = [(x, y, text.strip()) for _, x, y, text in placed if text.strip() and text.strip() in name]
    assert len(name_lines) >= 3, name_lines  # the name takes several lines...
    assert "".join(t.replace(" ", "") for _, _, t in sorted(name_lines, key=lambda p: -p[1])) == name.replace(" ", "")
    for x, _, text in name_lines:  # ...each inside the description column
        assert description[0] <= x and x + width_pt(text) <= description[1] + 0.5, (x, text)

    # the row's other figures stay in their own columns, on the row's first line
    first_line = max(y for _, y, _ in name_lines)
    for text, column in (("2", 1), ("US$ 2.400,00", 2), ("US$ 4.800,00", 4)):
        hits = [(x, y) for _, x, y, t in placed if t.strip() == text and abs(y - first_line) < 1]
        assert hits, text
        x, _ = hits[0]
        assert edges[column] <= x and x + width_pt(text) <= edges[column + 1] + 0.5, (text, x)


def test_a_table_longer_than_a_page_repeats_its_headers():
    name = "Tradução juramentada de certidão com apostila e revisão de todos os dados pessoais " * 2
    items = [
        {"description": f"{n}. {name}", "quantity": "1", "unit_price": "10", "discount_amount": "0", "amount": "10"}
        for n in range(1, 41)
    ]
    quote = {
        "quote_number": "OR-2025-0100",
        "title": "Traduções",
        "status": "draft",
        "currency": "BRL",
        "total_amount": "400",
    }
    pages = PdfReader(io.BytesIO(finance_pdf.quote_pdf(OFFICE, quote, items, CLIENT))).pages
    assert len(pages) > 1
    for page in pages:
        assert "Descrição" in page.extract_text()
    assert "40. Tradução" in pages[-1].extract_text()
