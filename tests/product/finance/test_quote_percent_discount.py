"""Discounts as a percentage on a quote's lines and on the whole quote: the database turns them into amounts."""

from __future__ import annotations

import importlib.util
import io
import sys
from decimal import Decimal

from finance_actors import (
    ADMIN,
    ASSISTANT,
    COMMERCIAL,
    CONSULTA_PRODUCT,
    JOAO,
    MARIA,
    SECRETARY,
    add_item,
    new_quote,
)
from pypdf import PdfReader

from supastack.core.config import REPO_ROOT

TOTALS = (
    "select subtotal_amount, discount_percent, discount_amount, total_amount from public.financial_quotes where id = %s"
)
LINE = "select discount_percent, discount_amount, amount from public.financial_quote_items where id = %s"


def test_a_line_percent_becomes_its_discount_amount(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    # 3 x 333.33 = 999.99; 12.5% of it = 124.99875 -> 125.00
    item = add_item(db, q, description="Honorários", unit_price="333.33", quantity=3, discount_percent="12.5")
    assert db.one(LINE, (item,)) == (Decimal("12.50"), Decimal("125.00"), Decimal("874.99"))
    assert db.one(TOTALS, (q,)) == (Decimal("874.99"), None, Decimal("0.00"), Decimal("874.99"))
    # an amount typed alongside a percent does not win: the percent does
    db.conn.execute("update public.financial_quote_items set discount_amount = 1 where id = %s", (item,))
    assert db.one(LINE, (item,))[1] == Decimal("125.00")


def test_a_line_percent_follows_quantity_and_price(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    item = add_item(db, q, description="Tradução", unit_price="100.00", discount_percent=10)
    assert db.one(LINE, (item,))[1:] == (Decimal("10.00"), Decimal("90.00"))
    db.conn.execute("update public.financial_quote_items set quantity = 2 where id = %s", (item,))
    assert db.one(LINE, (item,))[1:] == (Decimal("20.00"), Decimal("180.00"))
    db.conn.execute("update public.financial_quote_items set unit_price = 55.55 where id = %s", (item,))
    # 2 x 55.55 = 111.10; 10% = 11.11
    assert db.one(LINE, (item,))[1:] == (Decimal("11.11"), Decimal("99.99"))
    assert db.one(TOTALS, (q,))[0] == Decimal("99.99")
    # back to an amount: the percent goes and the typed amount stays
    db.conn.execute(
        "update public.financial_quote_items set discount_percent = null, discount_amount = 5 where id = %s", (item,)
    )
    assert db.one(LINE, (item,)) == (None, Decimal("5.00"), Decimal("106.10"))


def test_a_product_line_takes_the_percent_of_its_filled_price(db):
    db.act(ADMIN)
    q = new_quote(db, MARIA.client_id, currency="BRL", rate=None)
    # Consulta: R$ 350,00 in the seed; the price is filled before the percent is applied
    item = add_item(db, q, product_id=CONSULTA_PRODUCT, description="", discount_percent=100)
    assert db.one(LINE, (item,)) == (Decimal("100.00"), Decimal("350.00"), Decimal("0.00"))


def test_the_whole_quote_percent_follows_its_lines(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    add_item(db, q, description="Honorários", unit_price="1000.00")
    db.conn.execute("update public.financial_quotes set discount_percent = 10 where id = %s", (q,))
    assert db.one(TOTALS, (q,)) == (Decimal("1000.00"), Decimal("10.00"), Decimal("100.00"), Decimal("900.00"))
    second = add_item(db, q, description="Tradução", unit_price="234.56")
    # 1234.56 x 10% = 123.456 -> 123.46
    assert db.one(TOTALS, (q,)) == (Decimal("1234.56"), Decimal("10.00"), Decimal("123.46"), Decimal("1111.10"))
    db.conn.execute("update public.financial_quote_items set discount_percent = 50 where id = %s", (second,))
    assert db.one(TOTALS, (q,)) == (Decimal("1117.28"), Decimal("10.00"), Decimal("111.73"), Decimal("1005.55"))
    db.conn.execute("delete from public.financial_quote_items where id = %s", (second,))
    assert db.one(TOTALS, (q,)) == (Decimal("1000.00"), Decimal("10.00"), Decimal("100.00"), Decimal("900.00"))
    # back to an amount
    db.conn.execute(
        "update public.financial_quotes set discount_percent = null, discount_amount = 30 where id = %s", (q,)
    )
    assert db.one(TOTALS, (q,)) == (Decimal("1000.00"), None, Decimal("30.00"), Decimal("970.00"))


def test_bad_percentages_are_refused_in_portuguese(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    item = add_item(db, q, description="Honorários", unit_price="100.00")
    cases = {
        "-1": "percentual do item não pode ser negativo",
        "100.01": "percentual do item não pode passar de 100%",
        "1000": "percentual do item não pode passar de 100%",
        "'NaN'": "percentual do item não pode passar de 100%",
    }
    for value, message in cases.items():
        err = db.fails(f"update public.financial_quote_items set discount_percent = {value} where id = %s", (item,))  # noqa: S608
        assert err.sqlstate == "23514" and message in str(err), value
        err = db.fails(f"update public.financial_quotes set discount_percent = {value} where id = %s", (q,))  # noqa: S608
        assert err.sqlstate == "23514" and message.replace(" do item", "") in str(err), value
    err = db.fails(
        "insert into public.financial_quote_items (quote_id, description, unit_price, discount_percent)"
        " values (%s, 'x', 10, 101)",
        (q,),
    )
    assert err.sqlstate == "23514" and "100%" in str(err)
    # the limits themselves are fine
    db.conn.execute("update public.financial_quote_items set discount_percent = 0 where id = %s", (item,))
    db.conn.execute("update public.financial_quotes set discount_percent = 100 where id = %s", (q,))
    assert db.one(TOTALS, (q,)) == (Decimal("100.00"), Decimal("100.00"), Decimal("100.00"), Decimal("0.00"))


def _sent(db, client=JOAO) -> tuple[str, str]:
    db.act(ASSISTANT)
    q = new_quote(db, client.client_id, title="Percentual enviado")
    item = add_item(db, q, description="Honorários", unit_price="500.00", discount_percent=10)
    db.conn.execute("update public.financial_quotes set discount_percent = 5 where id = %s", (q,))
    db.conn.execute("update public.financial_quotes set status = 'sent' where id = %s", (q,))
    return q, item


def test_a_sent_quote_keeps_its_percentages(db):
    q, item = _sent(db)
    assert db.one(TOTALS, (q,)) == (Decimal("450.00"), Decimal("5.00"), Decimal("22.50"), Decimal("427.50"))
    for change in ("discount_percent = 6", "discount_percent = null"):
        err = db.fails(f"update public.financial_quotes set {change} where id = %s", (q,))  # noqa: S608
        assert err.sqlstate == "23514" and "rascunho" in str(err), change
    err = db.fails("update public.financial_quote_items set discount_percent = 20 where id = %s", (item,))
    assert err.sqlstate == "23514" and "rascunho" in str(err)
    # notes stay open and do not move the computed discount
    db.conn.execute("update public.financial_quotes set notes = 'Ligar amanhã' where id = %s", (q,))
    assert db.one(TOTALS, (q,))[2:] == (Decimal("22.50"), Decimal("427.50"))


def test_an_accepted_quote_keeps_its_percentages(db):
    q, item = _sent(db)
    db.act(JOAO)
    db.conn.execute("select public.respond_to_quote(%s, true)", (q,))
    db.act(ADMIN)
    err = db.fails("update public.financial_quotes set discount_percent = 50 where id = %s", (q,))
    assert err.sqlstate == "23514" and "aceito" in str(err)
    err = db.fails("update public.financial_quote_items set discount_percent = 50 where id = %s", (item,))
    assert err.sqlstate == "23514" and "rascunho" in str(err)
    assert db.one(TOTALS, (q,)) == (Decimal("450.00"), Decimal("5.00"), Decimal("22.50"), Decimal("427.50"))
    assert db.one(LINE, (item,)) == (Decimal("10.00"), Decimal("50.00"), Decimal("450.00"))


def test_clients_and_other_staff_do_not_write_percentages(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    item = add_item(db, q, description="Honorários", unit_price="100.00")
    for actor in (MARIA, COMMERCIAL, SECRETARY):
        db.act(actor)
        assert db.all("update public.financial_quotes set discount_percent = 50 where id = %s returning id", (q,)) == []
        edit = "update public.financial_quote_items set discount_percent = 50 where id = %s returning id"
        assert db.all(edit, (item,)) == []
        err = db.fails(
            "insert into public.financial_quote_items (quote_id, description, unit_price, discount_percent)"
            " values (%s, 'Brinde', 10, 100)",
            (q,),
        )
        assert err.sqlstate == "42501", actor.name
    # the client still reads the quote (and its percentages, once staff set them)
    db.act(ASSISTANT)
    db.conn.execute("update public.financial_quotes set discount_percent = 10 where id = %s", (q,))
    db.act(MARIA)
    assert db.one(TOTALS, (q,)) == (Decimal("100.00"), Decimal("10.00"), Decimal("10.00"), Decimal("90.00"))
    db.act(ASSISTANT)
    assert db.one(LINE, (item,)) == (None, Decimal("0.00"), Decimal("100.00"))


def test_the_quote_pdf_names_the_percentages():
    pdf = _finance_pdf()
    quote = {
        "quote_number": "OR-2025-0077",
        "title": "Visto de turista",
        "status": "draft",
        "currency": "USD",
        "subtotal_amount": "1117.28",
        "discount_percent": "10.00",
        "discount_amount": "111.73",
        "total_amount": "1005.55",
    }
    items = [
        {
            "description": "Honorários",
            "quantity": "1",
            "unit_price": "1000.00",
            "discount_percent": None,
            "discount_amount": "0",
            "amount": "1000.00",
        },
        {
            "description": "Tradução",
            "quantity": "1",
            "unit_price": "234.56",
            "discount_percent": "50.00",
            "discount_amount": "117.28",
            "amount": "117.28",
        },
    ]
    text = _text_of(pdf.quote_pdf(pdf.Office(), quote, items, {"full_name": "Maria Silva"}))
    for expected in ("Desconto (10%):", "- US$ 111,73", "US$ 117,28 (50%)", "US$ 1.005,55"):
        assert expected in text, expected
    assert pdf.percent("12.50") == "12,5%" and pdf.percent("100.00") == "100%" and pdf.percent(0) == "0%"
    # an amount discount keeps its plain label
    plain = {**quote, "discount_percent": None}
    assert "Desconto:" in _text_of(pdf.quote_pdf(pdf.Office(), plain, items[:1], {"full_name": "Maria Silva"}))


def _finance_pdf():
    # functions/ is not a package: the module is loaded from its file (once, as the documents tests do)
    if "finance_pdf" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "finance_pdf", REPO_ROOT / "functions/finance-documents/finance_pdf.py"
        )
        sys.modules["finance_pdf"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules["finance_pdf"])
    return sys.modules["finance_pdf"]


def _text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
