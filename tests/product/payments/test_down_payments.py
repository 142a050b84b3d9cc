"""Quotes' down payments (entrada) paid online: once the client has accepted a quote and the office has made its
contract, the entrada (installment 0) is paid by card in dollars or by Pix in reais at the day's PTAX, locked on
the charge and on the payment, and recorded through record_payment like any installment. Another client and a
staff role without finance get nowhere."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

import httpx
from payment_support import JOAO, auth
from test_card_payments import open_checkout, pay, payments_of
from test_pix import decode, pix_for

JOAO_EMAIL, MARIA_EMAIL = "joao.souza@cliente.test", "maria.silva@cliente.test"
ASSISTANT = "assistente@escritorio.test"


def rpc(pay_stack, token: str, name: str, body: dict) -> httpx.Response:
    return httpx.post(f"{pay_stack.url}/rest/v1/rpc/{name}", json=body, headers=auth(pay_stack, token), timeout=30)


def accepted_quote_with_contract(pay_stack, tokens, total: str, down: str) -> tuple[str, str, str]:
    """João accepts a sent dollar quote and the assistant makes its contract; (quote, entrada, installment 1)."""
    [(quote,)] = pay_stack.sql(
        "insert into public.financial_quotes (client_id, title, status, total_amount, currency) "
        "values (%s, 'Orçamento com entrada (pagamentos)', 'sent', %s, 'USD') returning id", (JOAO, total))
    accepted = rpc(pay_stack, tokens[JOAO_EMAIL], "respond_to_quote", {"quote_id": str(quote), "accept": True})
    assert accepted.status_code == 200 and accepted.json()["status"] == "accepted", accepted.text
    made = rpc(pay_stack, tokens[ASSISTANT], "create_contract_from_quote", {
        "quote_id": str(quote), "down_payment": down, "installments": 2,
        "first_due_date": (date.today() + timedelta(days=30)).isoformat()})
    assert made.status_code == 200, made.text
    rows = dict(pay_stack.sql("select number, id::text from public.financial_installments where contract_id = %s",
                              (made.json()["id"],)))
    return str(quote), rows[0], rows[1]


def test_a_quotes_down_payment_is_paid_by_card_and_recorded(pay_stack, call, tokens):
    _quote, entrada, first = accepted_quote_with_contract(pay_stack, tokens, "1200.00", "300.00")
    # the client sees the entrada of its accepted quote's contract
    seen = httpx.get(f"{pay_stack.url}/rest/v1/financial_installments?id=eq.{entrada}&select=number,amount,status",
                     headers=auth(pay_stack, tokens[JOAO_EMAIL])).json()
    assert seen == [{"number": 0, "amount": 300.0, "status": "pending"}] or \
        seen == [{"number": 0, "amount": "300.00", "status": "pending"}]
    opened = open_checkout(call, tokens, entrada)
    assert (opened["amount"], opened["currency"]) == ("300.00", "USD")
    page = httpx.get(opened["url"], timeout=30)
    assert page.status_code == 200 and "Entrada" in page.text      # Stripe's page names the down payment
    session = pay(pay_stack, opened["sessionId"])
    [(amount, status, provider, intent, _session, receipt, _refunded, _dispute, method)] = \
        payments_of(pay_stack, entrada)
    assert (str(amount), status, provider, method) == ("300.00", "paid", "stripe", "cartao")
    assert intent == session["payment_intent"] and receipt.startswith("RC-")
    statuses = dict(pay_stack.sql("select id::text, status from public.financial_installments "
                                  "where id in (%s, %s)", (entrada, first)))
    assert statuses == {entrada: "paid", first: "pending"}
    # paid once: a second checkout for the entrada is refused
    assert call("payments-checkout", tokens[JOAO_EMAIL], {"installmentId": entrada}).status_code == 409


def test_a_quotes_down_payment_by_pix_is_charged_and_recorded_at_the_locked_ptax(pay_stack, call, tokens):
    _quote, entrada, _first = accepted_quote_with_contract(pay_stack, tokens, "1000.00", "400.00")
    answer = pix_for(call, tokens, JOAO_EMAIL, entrada)
    [(rate, rate_date)] = pay_stack.sql("select rate, rate_date from public.exchange_rate_on(current_date)")
    expected = (Decimal("400.00") * rate).quantize(Decimal("0.01"), ROUND_HALF_UP)
    fields = decode(answer["brCode"])
    assert fields["53"] == "986" and fields["54"] == f"{expected:.2f}"
    charge = answer["charge"]
    assert (Decimal(str(charge["exchange_rate"])), charge["exchange_rate_date"]) == (rate, rate_date.isoformat())
    # the day's rate moves before the office confirms: the charge and the payment keep the locked rate
    pay_stack.sql("update public.exchange_rates set rate = rate + 1 where rate_date = %s", (rate_date,))
    try:
        assert pix_for(call, tokens, JOAO_EMAIL, entrada)["brCode"] == answer["brCode"]
        done = rpc(pay_stack, tokens[ASSISTANT], "confirm_pix_charge",
                   {"charge_id": charge["id"], "received_brl": f"{expected:.2f}"})
        assert done.status_code == 200, done.text
    finally:
        pay_stack.sql("update public.exchange_rates set rate = rate - 1 where rate_date = %s", (rate_date,))
    [(amount, status, provider, txid, method, paid_rate, paid_rate_date, amount_brl)] = pay_stack.sql(
        "select amount, status, provider, provider_payment_id, payment_method, exchange_rate, exchange_rate_date, "
        "amount_brl from public.financial_payments where installment_id = %s", (entrada,))
    assert (str(amount), status, provider, txid, method) == ("400.00", "paid", "pix", charge["txid"], "pix")
    assert (paid_rate, paid_rate_date, amount_brl) == (rate, rate_date, expected)
    assert pay_stack.sql("select status from public.financial_installments where id = %s", (entrada,)) == [("paid",)]


def test_another_client_and_staff_cannot_pay_or_settle_a_down_payment(pay_stack, call, tokens):
    _quote, entrada, _first = accepted_quote_with_contract(pay_stack, tokens, "900.00", "200.00")
    for email in (MARIA_EMAIL, "secretaria@escritorio.test", "admin@escritorio.test"):
        for function in ("payments-checkout", "payments-pix"):
            answer = call(function, tokens[email], {"installmentId": entrada})
            assert answer.status_code == 404, (email, function, answer.text)
    # a crafted payment through the API is refused to the client and to the secretary
    for email in (JOAO_EMAIL, "secretaria@escritorio.test"):
        forged = rpc(pay_stack, tokens[email], "record_payment",
                     {"installment_id": entrada, "amount": "200.00", "payment_method": "pix"})
        assert forged.status_code >= 400, (email, forged.text)      # the secretary reads no installment
    # the entrada of a quote not yet turned into a contract does not exist: nothing to pay
    [(pending_quote,)] = pay_stack.sql(
        "insert into public.financial_quotes (client_id, title, status, total_amount, currency) "
        "values (%s, 'Orçamento sem contrato', 'sent', 500, 'USD') returning id", (JOAO,))
    assert rpc(pay_stack, tokens[JOAO_EMAIL], "respond_to_quote",
               {"quote_id": str(pending_quote), "accept": True}).status_code == 200
    assert call("payments-checkout", tokens[JOAO_EMAIL], {"installmentId": str(pending_quote)}).status_code == 404
    assert payments_of(pay_stack, entrada) == []
