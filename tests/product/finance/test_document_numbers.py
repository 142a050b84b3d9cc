"""Quote, contract and receipt numbers past their padding width: they grow instead of being cut and colliding."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from finance_actors import ASSISTANT, MARIA, add_item, new_quote


@contextmanager
def sequence_at(url: str, name: str, last: int) -> Iterator[None]:
    """The sequence as if `last` numbers had been given; restored afterwards (sequences ignore rollbacks)."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(f"select last_value, is_called from public.{name}").fetchone()  # noqa: S608
        assert row is not None
        conn.execute("select setval(%s, %s, true)", (f"public.{name}", last))
        try:
            yield
        finally:
            conn.execute("select setval(%s, %s, %s)", (f"public.{name}", row[0], row[1]))


def year(db) -> str:
    return db.one("select to_char(current_date, 'YYYY')")


def accepted_quote(db, total: str = "300.00") -> str:
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    add_item(db, q, description="Honorários", unit_price=total)
    db.conn.execute("update public.financial_quotes set status = 'sent' where id = %s", (q,))
    db.act(MARIA)
    db.conn.execute("select public.respond_to_quote(%s, true)", (q,))
    return q


def test_quote_numbers_grow_past_9999_without_colliding(db, finance_db_url):
    y = year(db)
    with sequence_at(finance_db_url, "financial_quote_number_seq", 9998):
        db.act(ASSISTANT)
        # the 1,000th quote of the year already holds the number a cut 10,000 would give
        db.conn.execute(
            "insert into public.financial_quotes (client_id, title, total_amount, quote_number)"
            " values (%s, 'Antigo', 0, %s)",
            (MARIA.client_id, f"OR-{y}-1000"),
        )
        numbers = [
            db.one("select quote_number from public.financial_quotes where id = %s", (new_quote(db, MARIA.client_id),))
            for _ in range(3)
        ]
    assert numbers == [f"OR-{y}-9999", f"OR-{y}-10000", f"OR-{y}-10001"]


def test_contract_numbers_grow_past_9999(db, finance_db_url):
    y = year(db)
    quotes = [accepted_quote(db) for _ in range(2)]
    with sequence_at(finance_db_url, "financial_contract_number_seq", 9999):
        db.act(ASSISTANT)
        db.conn.execute(
            "insert into public.financial_contracts (client_id, title, total_amount, contract_number)"
            " values (%s, 'Antigo', 100, %s)",
            (MARIA.client_id, f"CT-{y}-1000"),
        )
        numbers = [
            db.one(
                "select contract_number from public.create_contract_from_quote(%s, 0, 1, '2030-01-31')",
                (q,),
            )
            for q in quotes
        ]
    assert numbers == [f"CT-{y}-10000", f"CT-{y}-10001"]


def test_receipt_numbers_grow_past_99999(db, finance_db_url):
    y = year(db)
    q = accepted_quote(db, total="300.00")
    db.act(ASSISTANT)
    c = db.one("select id from public.create_contract_from_quote(%s, 0, 1, '2030-01-31')", (q,))
    inst = db.one("select id from public.financial_installments where contract_id = %s", (c,))
    with sequence_at(finance_db_url, "financial_receipt_number_seq", 99998):
        db.act(ASSISTANT)
        numbers = [
            db.one("select receipt_number from public.record_payment(%s, 100, 'pix')", (inst,)) for _ in range(3)
        ]
    assert numbers == [f"RC-{y}-99999", f"RC-{y}-100000", f"RC-{y}-100001"]


def test_numbers_keep_their_padding_below_the_width(db, finance_db_url):
    y = year(db)
    with sequence_at(finance_db_url, "financial_quote_number_seq", 41):
        db.act(ASSISTANT)
        number = db.one(
            "select quote_number from public.financial_quotes where id = %s", (new_quote(db, MARIA.client_id),)
        )
    assert number == f"OR-{y}-0042"
