"""Quotes edited in place: a draft's lines and seller change, totals follow; decided quotes do not change."""

from __future__ import annotations

from decimal import Decimal

from finance_actors import (
    ADMIN,
    ASSISTANT,
    COMMERCIAL,
    CONSULTA_PRODUCT,
    JOAO,
    JOAO_CONTRACT,
    MARIA,
    MARIA_SENT_QUOTE,
    SECRETARY,
    add_item,
    new_quote,
)

TOTALS = "select subtotal_amount, discount_amount, total_amount from public.financial_quotes where id = %s"


def line(db, item: str) -> tuple:
    return db.one(
        "select description, quantity, unit_price, discount_amount, amount from public.financial_quote_items"
        " where id = %s",
        (item,),
    )


def sent_quote(db, client=MARIA) -> str:
    db.act(ASSISTANT)
    q = new_quote(db, client.client_id, title="Enviado para edição")
    add_item(db, q, description="Honorários", unit_price="500.00")
    db.conn.execute("update public.financial_quotes set status = 'sent' where id = %s", (q,))
    return q


def test_a_draft_line_is_edited_in_place_and_the_totals_follow(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    a = add_item(db, q, description="Honorários", unit_price="1000.00")
    add_item(db, q, description="Tradução", unit_price="50.00", quantity=2)
    db.conn.execute("update public.financial_quotes set discount_amount = 100 where id = %s", (q,))
    assert db.one(TOTALS, (q,)) == (Decimal("1100.00"), Decimal("100.00"), Decimal("1000.00"))

    db.conn.execute(
        "update public.financial_quote_items set description = 'Honorários (revisado)', quantity = 1.5,"
        " unit_price = 333.33, discount_amount = 20.5 where id = %s",
        (a,),
    )
    # 1.5 x 333.33 = 499.995 -> 500.00, less 20.50 on the line
    assert line(db, a) == (
        "Honorários (revisado)",
        Decimal("1.50"),
        Decimal("333.33"),
        Decimal("20.50"),
        Decimal("479.50"),
    )
    assert db.one(TOTALS, (q,)) == (Decimal("579.50"), Decimal("100.00"), Decimal("479.50"))


def test_a_product_line_keeps_its_origin_but_its_price_and_discount_change(db):
    db.act(ADMIN)
    q = new_quote(db, MARIA.client_id, currency="BRL", rate=None)
    item = add_item(db, q, product_id=CONSULTA_PRODUCT, description="")
    db.conn.execute(
        "update public.financial_quote_items set unit_price = 300, discount_amount = 30 where id = %s", (item,)
    )
    assert line(db, item)[1:] == (Decimal("1.00"), Decimal("300.00"), Decimal("30.00"), Decimal("270.00"))
    err = db.fails("update public.financial_quote_items set product_id = null where id = %s", (item,))
    assert err.sqlstate == "23514" and "origem" in str(err)
    err = db.fails("update public.financial_quote_items set kind = 'custom' where id = %s", (item,))
    assert err.sqlstate == "23514"


def test_line_values_are_refused_in_portuguese(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    item = add_item(db, q, description="Honorários", unit_price="100.00", quantity=2)
    cases = {
        "quantity = 0": "quantidade do item deve ser maior que zero",
        "unit_price = -1": "valor unitário",
        "discount_amount = -1": "desconto do item não pode ser negativo",
        "discount_amount = 200.01": "desconto do item não pode ser maior",
    }
    for change, message in cases.items():
        err = db.fails(f"update public.financial_quote_items set {change} where id = %s", (item,))  # noqa: S608
        assert err.sqlstate == "23514" and message in str(err), change
    # the whole line as a discount is fine
    db.conn.execute("update public.financial_quote_items set discount_amount = 200 where id = %s", (item,))
    assert line(db, item)[4] == Decimal("0.00")


def test_a_line_edit_below_the_quote_discount_is_refused(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    item = add_item(db, q, description="Honorários", unit_price="100.00")
    db.conn.execute("update public.financial_quotes set discount_amount = 80 where id = %s", (q,))
    err = db.fails("update public.financial_quote_items set unit_price = 50 where id = %s", (item,))
    assert "desconto não pode ser maior que o subtotal" in str(err)


def test_removing_the_last_line_brings_the_total_to_zero(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    item = add_item(db, q, description="Honorários", unit_price="100.00")
    assert db.one(TOTALS, (q,))[2] == Decimal("100.00")
    db.conn.execute("delete from public.financial_quote_items where id = %s", (item,))
    assert db.one(TOTALS, (q,)) == (Decimal("0.00"), Decimal("0.00"), Decimal("0.00"))


def test_a_line_cannot_move_out_of_a_sent_quote(db):
    sent = sent_quote(db)
    sent_line = db.one("select id from public.financial_quote_items where quote_id = %s", (sent,))
    draft = new_quote(db, MARIA.client_id)
    err = db.fails("update public.financial_quote_items set quote_id = %s where id = %s", (draft, sent_line))
    assert err.sqlstate == "23514"
    assert db.one(TOTALS, (sent,))[2] == Decimal("500.00")
    # nor be edited in place
    err = db.fails("update public.financial_quote_items set unit_price = 1 where id = %s", (sent_line,))
    assert "rascunho" in str(err)


def test_the_seller_of_a_draft_changes_and_the_contract_copies_it(db):
    db.act(ASSISTANT)
    q = new_quote(db, JOAO.client_id, sales_staff_id=SECRETARY.user_id)
    add_item(db, q, description="Honorários", unit_price="1000.00")
    db.conn.execute("update public.financial_quotes set sales_staff_id = %s where id = %s", (COMMERCIAL.user_id, q))
    # a client is not a seller
    err = db.fails("update public.financial_quotes set sales_staff_id = %s where id = %s", (MARIA.user_id, q))
    assert err.sqlstate == "23514" and "equipe" in str(err)
    db.conn.execute("update public.financial_quotes set status = 'sent' where id = %s", (q,))
    db.act(JOAO)
    db.conn.execute("select public.respond_to_quote(%s, true)", (q,))
    db.act(ASSISTANT)
    contract = db.one("select id from public.create_contract_from_quote(%s, 0, 1, current_date, '1 month')", (q,))
    assert str(db.one("select sales_staff_id from public.financial_contracts where id = %s", (contract,))) == (
        COMMERCIAL.user_id
    )
    # the commission of a payment goes to the seller of the contract (Carla: 10% in the seed)
    installment = db.one("select id from public.financial_installments where contract_id = %s", (contract,))
    db.one("select id from public.record_payment(%s, 100, 'pix', current_date, null)", (installment,))
    db.owner()
    assert db.all(
        "select staff_id::text, amount from public.financial_commissions where contract_id = %s", (contract,)
    ) == [(COMMERCIAL.user_id, Decimal("10.00"))]


def test_a_sent_quote_keeps_its_seller_and_terms_until_withdrawn(db):
    q = sent_quote(db)
    for change in (
        f"sales_staff_id = '{COMMERCIAL.user_id}'",
        "title = 'Outro título'",
        "exchange_rate = 6, exchange_rate_date = current_date",
        "fees_date = current_date - 30",
        "status = 'expired', discount_amount = 10",
    ):
        err = db.fails(f"update public.financial_quotes set {change} where id = %s", (q,))  # noqa: S608
        assert err.sqlstate == "23514" and "rascunho" in str(err), change
    # notes and the validity date stay open, and withdrawn to draft it is editable again
    db.conn.execute("update public.financial_quotes set notes = 'Ligar amanhã' where id = %s", (q,))
    db.conn.execute("update public.financial_quotes set status = 'draft' where id = %s", (q,))
    db.conn.execute("update public.financial_quotes set sales_staff_id = %s where id = %s", (COMMERCIAL.user_id, q))
    assert str(db.one("select sales_staff_id from public.financial_quotes where id = %s", (q,))) == COMMERCIAL.user_id


def test_an_accepted_or_declined_quote_does_not_change(db):
    accepted = sent_quote(db, JOAO)
    declined = sent_quote(db, JOAO)
    db.act(JOAO)
    db.conn.execute("select public.respond_to_quote(%s, true)", (accepted,))
    db.conn.execute("select public.respond_to_quote(%s, false)", (declined,))
    db.act(ADMIN)
    for q in (accepted, declined):
        changes = ("notes = 'x'", "expiration_date = current_date + 90", f"sales_staff_id = '{COMMERCIAL.user_id}'")
        for change in (*changes, "status = 'draft'"):
            err = db.fails(f"update public.financial_quotes set {change} where id = %s", (q,))  # noqa: S608
            assert err.sqlstate == "23514", change
        assert (
            db.fails("update public.financial_quote_items set quantity = 2 where quote_id = %s", (q,)).sqlstate
            == "23514"
        )
    # an accepted quote is not deleted; a declined one may be
    err = db.fails("delete from public.financial_quotes where id = %s", (accepted,))
    assert err.sqlstate == "23514" and "excluído" in str(err)
    assert db.all("delete from public.financial_quotes where id = %s returning id", (declined,)) != []


def test_the_seeded_converted_quote_is_frozen(db):
    db.act(ADMIN)
    converted = db.one("select quote_id from public.financial_contracts where id = %s", (JOAO_CONTRACT,))
    assert db.fails("update public.financial_quotes set notes = 'x' where id = %s", (converted,)).sqlstate == "23514"
    assert db.fails("delete from public.financial_quotes where id = %s", (converted,)).sqlstate == "23514"
    # the owner (jobs, seed) is not held by the rule
    db.owner()
    db.conn.execute("update public.financial_quotes set notes = 'x' where id = %s", (converted,))


def test_only_managers_edit_lines_and_sellers(db):
    db.act(ASSISTANT)
    q = new_quote(db, MARIA.client_id)
    item = add_item(db, q, description="Honorários", unit_price="100.00")
    for actor in (COMMERCIAL, SECRETARY, MARIA):
        db.act(actor)
        edit = "update public.financial_quote_items set unit_price = 1 where id = %s returning id"
        assert db.all(edit, (item,)) == []
        assert (
            db.all(
                "update public.financial_quotes set sales_staff_id = %s where id = %s returning id",
                (actor.user_id, q),
            )
            == []
        )
    db.act(ASSISTANT)
    assert line(db, item)[2] == Decimal("100.00")
    assert db.one("select sales_staff_id from public.financial_quotes where id = %s", (q,)) is None


def test_the_seeded_sent_quote_cannot_change_seller(db):
    db.act(ADMIN)
    err = db.fails("update public.financial_quotes set sales_staff_id = null where id = %s", (MARIA_SENT_QUOTE,))
    assert err.sqlstate == "23514"
