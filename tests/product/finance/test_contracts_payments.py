"""Contracts from accepted quotes, installments, partial payments, commissions and the aging buckets."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from finance_actors import ADMIN, ASSISTANT, COMMERCIAL, JOAO, JOAO_CONTRACT, MARIA, SECRETARY, add_item, new_quote


def accepted_quote(db, client, total: str = "1000.00", sales_staff_id: str | None = None) -> str:
    db.act(ASSISTANT)
    q = new_quote(db, client.client_id, sales_staff_id=sales_staff_id)
    add_item(db, q, description="Honorários", unit_price=total)
    db.conn.execute("update public.financial_quotes set status = 'sent' where id = %s", (q,))
    db.act(client)
    db.conn.execute("select public.respond_to_quote(%s, true)", (q,))
    return q


def make_contract(db, quote_id, down="0", n=3, first="2030-01-31", every="1 month") -> str:
    db.act(ASSISTANT)
    return db.one(
        "select id from public.create_contract_from_quote(%s, %s, %s, %s, %s)", (quote_id, down, n, first, every)
    )


def test_installments_split_the_rest_and_the_last_takes_the_cents(db):
    q = accepted_quote(db, MARIA)
    c = make_contract(db, q, down="0", n=3)
    rows = db.all(
        "select number, due_date, amount, status from public.financial_installments"
        " where contract_id = %s order by number",
        (c,),
    )
    assert [r[2] for r in rows] == [Decimal("333.33"), Decimal("333.33"), Decimal("333.34")]
    # month steps from the 31st keep to the end of shorter months
    assert [r[1] for r in rows] == [date(2030, 1, 31), date(2030, 2, 28), date(2030, 3, 31)]
    assert {r[3] for r in rows} == {"pending"}
    number, status, total, quote_id, terms = db.one(
        "select contract_number, status, total_amount, quote_id, payment_terms"
        " from public.financial_contracts where id = %s",
        (c,),
    )
    assert number.startswith("CT-") and status == "active" and total == Decimal("1000.00") and quote_id == q
    assert terms == "3 parcelas de US$ 333,33"


def test_down_payment_is_installment_zero_due_today(db):
    q = accepted_quote(db, MARIA, total="2500.00")
    c = make_contract(db, q, down="1000.00", n=2, every="15 days")
    rows = db.all(
        "select number, due_date, amount from public.financial_installments where contract_id = %s order by number",
        (c,),
    )
    today = db.one("select current_date")
    assert rows == [
        (0, today, Decimal("1000.00")),
        (1, date(2030, 1, 31), Decimal("750.00")),
        (2, date(2030, 2, 15), Decimal("750.00")),
    ]
    assert (
        db.one("select payment_terms from public.financial_contracts where id = %s", (c,))
        == "Entrada de US$ 1.000,00 e 2 parcelas de US$ 750,00"
    )


def test_only_accepted_quotes_once_and_by_managers(db):
    db.act(ASSISTANT)
    draft = new_quote(db, MARIA.client_id)
    add_item(db, draft, description="Honorários", unit_price="10")
    assert db.fails("select public.create_contract_from_quote(%s, 0, 1, '2030-01-01')", (draft,)).sqlstate == "23514"
    q = accepted_quote(db, MARIA)
    db.act(SECRETARY)
    assert db.fails("select public.create_contract_from_quote(%s, 0, 1, '2030-01-01')", (q,)).sqlstate == "42501"
    db.act(MARIA)
    assert db.fails("select public.create_contract_from_quote(%s, 0, 1, '2030-01-01')", (q,)).sqlstate == "42501"
    # the parts must add up to the total
    db.act(ASSISTANT)
    assert db.fails("select public.create_contract_from_quote(%s, 100, 0, null)", (q,)).sqlstate == "23514"
    make_contract(db, q)
    assert db.fails("select public.create_contract_from_quote(%s, 0, 1, '2030-01-01')", (q,)).sqlstate == "23505"


def test_partial_payments_settle_the_installment_and_the_contract(db):
    q = accepted_quote(db, MARIA, total="300.00")
    c = make_contract(db, q, down="0", n=1)
    inst = db.one("select id from public.financial_installments where contract_id = %s", (c,))
    db.act(ASSISTANT)
    p1 = db.one(
        "select row(receipt_number, status, currency, recorded_by)::text from"
        " public.record_payment(%s, 100.50, 'zelle')",
        (inst,),
    )
    assert "RC-" in p1 and ",paid,USD," + ASSISTANT.user_id in p1
    assert db.one("select paid_amount, status from public.financial_installments where id = %s", (inst,)) == (
        Decimal("100.50"),
        "partial",
    )
    err = db.fails("select public.record_payment(%s, 199.51, 'pix')", (inst,))
    assert err.sqlstate == "23514" and "US$ 199,50" in str(err)
    assert db.fails("select public.record_payment(%s, 1, 'boleto')", (inst,)).sqlstate == "23514"
    db.conn.execute("select public.record_payment(%s, 199.50, 'pix')", (inst,))
    assert db.one(
        "select paid_amount, status, paid_at is not null from public.financial_installments where id = %s", (inst,)
    ) == (Decimal("300.00"), "paid", True)
    assert db.one("select status from public.financial_contracts where id = %s", (c,)) == "completed"
    # cancelling a payment reopens the installment and the contract
    db.conn.execute(
        "update public.financial_payments set status = 'cancelled' where installment_id = %s and amount = 199.50",
        (inst,),
    )
    assert db.one("select status from public.financial_installments where id = %s", (inst,)) == "partial"
    assert db.one("select status from public.financial_contracts where id = %s", (c,)) == "active"


def test_staff_cannot_forge_what_an_installment_has_received(db):
    db.act(ADMIN)
    inst = db.one(
        "select id from public.financial_installments where contract_id = %s and number = 4", (JOAO_CONTRACT,)
    )
    db.conn.execute(
        "update public.financial_installments set paid_amount = 1200, status = 'paid' where id = %s", (inst,)
    )
    assert db.one("select paid_amount, status from public.financial_installments where id = %s", (inst,)) == (
        Decimal("0.00"),
        "pending",
    )


def test_payments_carry_the_days_rate_and_brl_equivalent(db):
    db.owner()
    db.conn.execute("insert into public.exchange_rates (rate, rate_date, source) values (5.5, '2029-12-31', 'manual')")
    q = accepted_quote(db, MARIA, total="100.00")
    c = make_contract(db, q, n=1)
    inst = db.one("select id from public.financial_installments where contract_id = %s", (c,))
    db.act(ADMIN)
    row = db.one(
        "select exchange_rate, exchange_rate_date, amount_brl from public.record_payment(%s, 10, 'dinheiro',"
        " '2030-01-02')",
        (inst,),
    )
    assert row == (Decimal("5.5"), date(2029, 12, 31), Decimal("55.00"))


def test_commissions_follow_payments_and_are_paid_by_month(db):
    q = accepted_quote(db, JOAO, total="999.99", sales_staff_id=COMMERCIAL.user_id)
    c = make_contract(db, q, n=1)
    inst = db.one("select id from public.financial_installments where contract_id = %s", (c,))
    db.act(ASSISTANT)
    pay = db.one("select id from public.record_payment(%s, 333.35, 'cartao', '2030-02-10')", (inst,))
    db.act(COMMERCIAL)
    assert db.all(
        "select amount, percentage, period_month, status from public.financial_commissions where payment_id = %s",
        (pay,),
    ) == [(Decimal("33.34"), Decimal("10.00"), date(2030, 2, 1), "pending")]
    stmt = db.all(
        "select amount_total, pending_total from public.financial_commission_statements"
        " where staff_id = %s and period_month = '2030-02-01'",
        (COMMERCIAL.user_id,),
    )
    assert stmt == [(Decimal("33.34"), Decimal("33.34"))]
    # the seller cannot mark its own commission paid; the administrator can
    assert db.fails("select public.mark_commissions_paid(%s, '2030-02-15')", (COMMERCIAL.user_id,)).sqlstate == "42501"
    assert (
        db.all("update public.financial_commissions set status = 'paid' where payment_id = %s returning id", (pay,))
        == []
    )
    db.act(SECRETARY)
    assert db.one("select count(*) from public.financial_commissions") == 0
    db.act(ADMIN)
    assert db.one("select public.mark_commissions_paid(%s, '2030-02-15')", (COMMERCIAL.user_id,)) == 1
    assert db.one("select status, paid_by::text from public.financial_commissions where payment_id = %s", (pay,)) == (
        "paid",
        ADMIN.user_id,
    )


def test_no_rule_no_commission(db):
    q = accepted_quote(db, MARIA, total="50.00", sales_staff_id=SECRETARY.user_id)
    c = make_contract(db, q, n=1)
    inst = db.one("select id from public.financial_installments where contract_id = %s", (c,))
    db.act(ADMIN)
    pay = db.one("select id from public.record_payment(%s, 50, 'pix')", (inst,))
    assert db.one("select count(*) from public.financial_commissions where payment_id = %s", (pay,)) == 0


def test_aging_buckets(db):
    q = accepted_quote(db, MARIA, total="500.00")
    today = db.one("select current_date")
    c = make_contract(db, q, n=5, first=today - timedelta(days=61), every="15 days")
    q2 = accepted_quote(db, MARIA, total="10.00")
    c2 = make_contract(db, q2, n=1, first=today)
    # receivables are administrators' figures: a legal assistant reads the installments, not the aging
    db.act(ASSISTANT)
    assert db.one("select count(*) from public.financial_receivables_aging") == 0
    db.act(ADMIN)
    # due: -61, -46, -31, -16, -1 ... and one not yet due through a later contract
    buckets = dict(db.all("select number, bucket from public.financial_receivables_aging where contract_id = %s", (c,)))
    assert buckets == {1: "over_60", 2: "31_60", 3: "31_60", 4: "1_30", 5: "1_30"}
    assert db.one("select bucket from public.financial_receivables_aging where contract_id = %s", (c2,)) == "a_vencer"
    # paid installments leave the aging; partly paid ones show what is open
    inst = db.one("select id from public.financial_installments where contract_id = %s and number = 1", (c,))
    db.act(ADMIN)
    db.conn.execute("select public.record_payment(%s, 60, 'pix')", (inst,))
    assert db.one(
        "select open_amount from public.financial_receivables_aging where installment_id = %s", (inst,)
    ) == Decimal("40.00")


def test_clients_see_only_their_installments_payments_and_no_commissions(db):
    db.act(MARIA)
    assert db.one("select count(*) from public.financial_installments where contract_id = %s", (JOAO_CONTRACT,)) == 0
    assert (
        db.one("select count(*) from public.financial_receivables_aging where contract_id = %s", (JOAO_CONTRACT,)) == 0
    )
    assert db.one("select count(*) from public.financial_commissions") == 0
    db.act(JOAO)
    assert db.one("select count(*) from public.financial_installments where contract_id = %s", (JOAO_CONTRACT,)) == 5
    assert (
        db.fails(
            "insert into public.financial_payments (client_id, amount, status) values (%s, 1, 'paid')",
            (JOAO.client_id,),
        ).sqlstate
        == "42501"
    )
    assert db.one("select count(*) from public.exchange_rates") == 0


def test_monthly_revenue_and_case_type_views(db):
    db.act(ADMIN)
    months = db.all("select currency, sum(revenue) from public.financial_monthly_revenue group by currency order by 1")
    assert months == [("BRL", Decimal("7250.00")), ("USD", Decimal("2900.00"))]
    types = dict(db.all("select case_type, revenue from public.financial_revenue_by_case_type where currency = 'USD'"))
    assert sum(types.values()) == Decimal("2900.00")
    assert "Sem processo vinculado" not in types


def test_overdue_reminders_reach_the_client_and_administrators_once_per_bucket(db):
    db.owner()
    if db.one("select to_regprocedure('public.notify(uuid,text,text,text,text,jsonb,text)') is null"):
        pytest.skip("the notifications outbox is not in this database")
    before = db.one("select count(*) from public.notifications where kind = 'installment_overdue'")
    assert db.one("select public.remind_overdue_installments()") == 2  # Joao's installments 2 (31-60) and 3 (1-30)
    mine = db.all(
        "select n.title, n.body, n.link from public.notifications n"
        " where n.user_id = %s and n.kind = 'installment_overdue' order by n.body",
        (JOAO.user_id,),
    )
    assert [m[0] for m in mine] == ["Parcela em atraso", "Parcela em atraso"]
    assert "Valor em aberto: US$ 700,00" in mine[0][1] + mine[1][1]
    # each reminder's link opens the portal's "Pagar agora" for its own installment
    assert sorted(m[2] for m in mine) == [f"/cliente/financeiro?pagar=fa400000-0000-4000-8000-00000000000{n}"
                                          for n in (2, 3)]
    admins = db.one("select count(*) from public.user_roles where role = 'administrator'")
    after = db.one("select count(*) from public.notifications where kind = 'installment_overdue'")
    assert after - before == 2 + 2 * admins
    # the same day again: nothing new
    db.conn.execute("select public.remind_overdue_installments()")
    assert db.one("select count(*) from public.notifications where kind = 'installment_overdue'") == after
    # the client cannot run the job
    db.act(JOAO)
    assert db.fails("select public.remind_overdue_installments()").sqlstate == "42501"
