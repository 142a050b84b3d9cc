"""Quotes: lines from products and dated USCIS fees, totals and rounding, statuses and the client's decision."""

from __future__ import annotations

from decimal import Decimal

from finance_actors import (
    ADMIN,
    ASSISTANT,
    CONSULTA_PRODUCT,
    JOAO,
    MARIA,
    MARIA_SENT_QUOTE,
    SECRETARY,
    add_item,
    new_quote,
)


def fee_id(db, form_code: str, amount: str) -> str:
    return db.one(
        "select id from public.financial_uscis_fees where form_code = %s and fee_amount = %s", (form_code, amount)
    )


def test_lines_are_priced_in_the_quotes_currency_and_totals_follow(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id, rate="5.330000")
    # a product in reais on a dollar quote: 350 / 5.33 = 65.666 -> 65.67 per unit
    add_item(db, q, product_id=CONSULTA_PRODUCT, quantity=3, description="")
    # a USCIS fee valid on the quote's fees_date, in dollars as it is
    add_item(db, q, uscis_fee_id=fee_id(db, "I-130", "675.00"))
    add_item(db, q, description="Honorários", unit_price="1000.005", quantity=1, discount_amount="100")
    rows = db.all(
        "select kind, description, unit_price, amount from public.financial_quote_items"
        " where quote_id = %s order by created_at, amount",
        (q,),
    )
    kinds = {r[0]: r for r in rows}
    assert kinds["product"][1] == "Consulta inicial"
    assert kinds["product"][2] == Decimal("65.67") and kinds["product"][3] == Decimal("197.01")
    assert kinds["uscis_fee"][1].startswith("I-130 - Petition for Alien Relative")
    assert kinds["uscis_fee"][3] == Decimal("675.00")
    assert kinds["custom"][2] == Decimal("1000.01") and kinds["custom"][3] == Decimal("900.01")

    db.conn.execute("update public.financial_quotes set discount_amount = 72.02 where id = %s", (q,))
    sub, total, brl = db.one(
        "select subtotal_amount, total_amount, total_brl from public.financial_quotes where id = %s", (q,)
    )
    assert sub == Decimal("1772.02")
    assert total == Decimal("1700.00")
    assert brl == Decimal("9061.00")  # 1700 x 5.33

    # removing a line brings the subtotal and total down
    db.conn.execute("delete from public.financial_quote_items where quote_id = %s and kind = 'custom'", (q,))
    assert db.one("select total_amount from public.financial_quotes where id = %s", (q,)) == Decimal(
        "799.99"
    )  # 197.01 + 675.00 - 72.02


def test_a_fee_not_valid_on_the_quotes_date_is_refused(db):
    db.act(ADMIN)
    q = new_quote(db, MARIA.client_id, fees_date="2024-03-15")
    err = db.fails(
        "insert into public.financial_quote_items (quote_id, uscis_fee_id) values (%s, %s)",
        (q, fee_id(db, "I-130", "675.00")),
    )
    assert err.sqlstate == "23514" and "não vigente em 15/03/2024" in str(err)


def test_a_brl_quote_without_rate_cannot_price_a_dollar_fee(db):
    db.act(ADMIN)
    q = new_quote(db, MARIA.client_id, currency="BRL", rate=None)
    err = db.fails(
        "insert into public.financial_quote_items (quote_id, uscis_fee_id) values (%s, %s)",
        (q, fee_id(db, "I-130", "675.00")),
    )
    assert err.sqlstate == "23514"


def test_a_discount_above_the_subtotal_is_refused(db):
    db.act(ADMIN)
    q = new_quote(db, MARIA.client_id)
    add_item(db, q, description="Honorários", unit_price="100.00")
    err = db.fails("update public.financial_quotes set discount_amount = 100.01 where id = %s", (q,))
    assert err.sqlstate == "23514"


def test_sending_locks_the_lines_and_values(db):
    db.act(ASSISTANT)
    q = new_quote(db, JOAO.client_id)
    err = db.fails("update public.financial_quotes set status = 'sent' where id = %s", (q,))
    assert "sem valor" in str(err)  # nothing to send yet
    add_item(db, q, description="Honorários", unit_price="500.00")
    db.conn.execute("update public.financial_quotes set status = 'sent' where id = %s", (q,))
    assert db.one("select sent_at is not null from public.financial_quotes where id = %s", (q,))
    assert (
        db.fails(
            "insert into public.financial_quote_items (quote_id, description, unit_price) values (%s, 'x', 1)", (q,)
        ).sqlstate
        == "23514"
    )
    assert db.fails("update public.financial_quotes set discount_amount = 10 where id = %s", (q,)).sqlstate == "23514"
    # staff never decide for the client
    assert db.fails("update public.financial_quotes set status = 'accepted' where id = %s", (q,)).sqlstate == "23514"


def test_a_secretary_neither_reads_nor_writes_quotes(db):
    # the spec's role table: quotes are for administrators, legal assistants and the commercial user who sells them
    db.act(SECRETARY)
    assert db.one("select count(*) from public.financial_quote_items where quote_id = %s", (MARIA_SENT_QUOTE,)) == 0
    assert db.one("select count(*) from public.financial_quotes") == 0
    err = db.fails(
        "insert into public.financial_quotes (client_id, title, total_amount) values (%s, 'x', 1)", (MARIA.client_id,)
    )
    assert err.sqlstate == "42501"
    assert (
        db.all(
            "update public.financial_quote_items set quantity = 2 where quote_id = %s returning id", (MARIA_SENT_QUOTE,)
        )
        == []
    )


def test_a_client_accepts_its_own_sent_quote_and_who_and_when_are_recorded(db):
    db.act(MARIA)
    status, decided_by, decided = db.one(
        "select status, decided_by, decided_at is not null from public.respond_to_quote(%s, true)", (MARIA_SENT_QUOTE,)
    )
    assert (status, str(decided_by), decided) == ("accepted", MARIA.user_id, True)
    # a second answer is refused
    assert db.fails("select public.respond_to_quote(%s, false)", (MARIA_SENT_QUOTE,)).sqlstate == "23514"


def test_a_client_declines(db):
    db.act(MARIA)
    assert db.one("select status from public.respond_to_quote(%s, false)", (MARIA_SENT_QUOTE,)) == "declined"


def test_a_client_cannot_answer_anothers_quote_or_a_draft(db):
    db.act(JOAO)
    assert db.fails("select public.respond_to_quote(%s, true)", (MARIA_SENT_QUOTE,)).sqlstate == "P0002"
    draft = db.one(
        "select id from public.financial_quotes where client_id = %s and status = 'draft' limit 1", (JOAO.client_id,)
    )
    assert db.fails("select public.respond_to_quote(%s, true)", (draft,)).sqlstate == "23514"
    # nor change a quote directly
    assert (
        db.all(
            "update public.financial_quotes set status = 'accepted' where client_id = %s returning id",
            (JOAO.client_id,),
        )
        == []
    )
    db.act(ADMIN)
    assert db.fails("select public.respond_to_quote(%s, true)", (MARIA_SENT_QUOTE,)).sqlstate == "42501"


def test_an_expired_quote_cannot_be_accepted(db):
    db.owner()
    db.conn.execute(
        "update public.financial_quotes set expiration_date = current_date - 1 where id = %s", (MARIA_SENT_QUOTE,)
    )
    db.act(MARIA)
    assert "expirou" in str(db.fails("select public.respond_to_quote(%s, true)", (MARIA_SENT_QUOTE,)))


def test_clients_read_only_their_own_quote_lines(db):
    db.act(JOAO)
    assert db.one("select count(*) from public.financial_quote_items where quote_id = %s", (MARIA_SENT_QUOTE,)) == 0
    db.act(MARIA)
    assert db.one("select count(*) from public.financial_quote_items where quote_id = %s", (MARIA_SENT_QUOTE,)) == 2


def test_new_quotes_get_a_number(db):
    db.act(ADMIN)
    q = new_quote(db, MARIA.client_id)
    assert db.one("select quote_number from public.financial_quotes where id = %s", (q,)).startswith("OR-")
