"""Card payments through Stripe Checkout (the local fake, the real `stripe` library): who may open a session,
where its amount comes from, and how payments-webhook treats signatures, replays, duplicates, out-of-order
events, refunds and disputes."""
from __future__ import annotations

import time

import httpx
import stripe
from payment_support import (
    JOAO,
    SECRET_KEY,
    WEBHOOK_SECRET,
    auth,
    event_of,
    new_installment,
    signed_post,
)

JOAO_EMAIL, MARIA_EMAIL = "joao.souza@cliente.test", "maria.silva@cliente.test"


def fake_api(pay_stack):
    """The official library, pointed at the local fake (as the functions are)."""
    return stripe.StripeClient(SECRET_KEY, base_addresses={"api": f"{pay_stack.url}/functions/v1/stripe-fake"}).v1


def open_checkout(call, tokens, installment: str, email: str = JOAO_EMAIL, **extra) -> dict:
    answer = call("payments-checkout", tokens[email], {"installmentId": installment, **extra})
    assert answer.status_code == 200, answer.text
    return answer.json()


def pay(pay_stack, session_id: str) -> dict:
    answer = httpx.post(f"{pay_stack.url}/functions/v1/stripe-fake/_fake/sessions/{session_id}/pay", timeout=60)
    assert answer.status_code == 200, answer.text
    return answer.json()


def payments_of(pay_stack, installment: str) -> list[tuple]:
    return pay_stack.sql("select amount, status, provider, provider_payment_id, provider_session_id, receipt_number, "
                         "refunded_amount, dispute_status, payment_method from public.financial_payments "
                         "where installment_id = %s", (installment,))


def test_a_client_pays_its_own_installment_and_reads_the_receipt(pay_stack, call, tokens):
    installment = new_installment(pay_stack, JOAO, "750.00")
    opened = open_checkout(call, tokens, installment)
    assert opened["url"].startswith(f"{pay_stack.url}/functions/v1/stripe-fake/pay/cs_test_")
    assert (opened["amount"], opened["currency"]) == ("750.00", "USD")
    session = pay(pay_stack, opened["sessionId"])
    [(amount, status, provider, intent, session_id, receipt, *_rest, method)] = payments_of(pay_stack, installment)
    assert (str(amount), status, provider, method) == ("750.00", "paid", "stripe", "cartao")
    assert intent == session["payment_intent"] and session_id == opened["sessionId"]
    assert receipt and receipt.startswith("RC-")
    [(inst_status,)] = pay_stack.sql("select status from public.financial_installments where id = %s", (installment,))
    assert inst_status == "paid"
    # the client sees its payment and receipt number, and downloads the receipt
    rows = httpx.get(f"{pay_stack.url}/rest/v1/financial_payments?installment_id=eq.{installment}"
                     "&select=id,receipt_number,provider", headers=auth(pay_stack, tokens[JOAO_EMAIL])).json()
    assert [(r["receipt_number"], r["provider"]) for r in rows] == [(receipt, "stripe")]
    pdf = call("finance-documents", tokens[JOAO_EMAIL], {"kind": "receipt", "id": rows[0]["id"]})
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    # and another client does not
    other = httpx.get(f"{pay_stack.url}/rest/v1/financial_payments?installment_id=eq.{installment}&select=id",
                      headers=auth(pay_stack, tokens[MARIA_EMAIL])).json()
    assert other == []


def test_another_clients_installment_and_staff_are_refused(pay_stack, call, tokens):
    installment = new_installment(pay_stack, JOAO)
    assert call("payments-checkout", tokens[MARIA_EMAIL], {"installmentId": installment}).status_code == 404
    assert call("payments-checkout", tokens["admin@escritorio.test"], {"installmentId": installment}).status_code == 404
    assert call("payments-checkout", None, {"installmentId": installment}).status_code == 401
    assert call("payments-checkout", tokens[JOAO_EMAIL], {"installmentId": "1; drop table x"}).status_code == 400
    assert call("payments-pix", tokens[MARIA_EMAIL], {"installmentId": installment}).status_code == 404
    assert pay_stack.sql("select count(*) from public.payment_checkouts where installment_id = %s",
                         (installment,)) == [(0,)]


def test_the_amount_comes_from_the_database_never_from_the_browser(pay_stack, call, tokens):
    installment = new_installment(pay_stack, JOAO, "640.00")
    opened = open_checkout(call, tokens, installment, amount="1.00", amount_total=100, surcharge="0")
    assert opened["amount"] == "640.00"
    stripe_session = fake_api(pay_stack).checkout.sessions.retrieve(opened["sessionId"])
    assert stripe_session.amount_total == 64000
    # the client cannot write a checkout row of its own (only the functions do)
    forged = httpx.post(f"{pay_stack.url}/rest/v1/payment_checkouts", headers=auth(pay_stack, tokens[JOAO_EMAIL]),
                        json={"installment_id": installment, "client_id": JOAO, "session_id": "cs_forged",
                              "amount": "1.00", "currency": "USD"})
    assert forged.status_code in (401, 403), forged.text
    # a correctly signed event claiming another amount does not record a payment
    lie = event_of("checkout.session.completed", {"id": opened["sessionId"], "object": "checkout.session",
                                                  "payment_status": "paid", "payment_intent": "pi_test_lie",
                                                  "amount_total": 100, "currency": "usd"})
    answer = signed_post(pay_stack, lie)
    assert answer.status_code == 200 and answer.json()["outcome"].startswith("refused")
    assert payments_of(pay_stack, installment) == []
    # a client cannot call the recording function itself
    rpc = httpx.post(f"{pay_stack.url}/rest/v1/rpc/record_stripe_checkout", headers=auth(pay_stack, tokens[JOAO_EMAIL]),
                     json={"p_session_id": opened["sessionId"], "p_payment_intent": "pi_x",
                           "p_amount_total_cents": 64000, "p_paid_on": "2026-01-01"})
    assert rpc.status_code in (401, 403, 404), rpc.text
    assert payments_of(pay_stack, installment) == []


def test_the_card_surcharge_is_charged_but_the_installment_gets_its_amount(pay_stack, call, tokens):
    admin = tokens["admin@escritorio.test"]
    fees = call("system-settings", admin, {"key": "payment_fees", "value": {"cardSurchargePercent": "3"}})
    assert fees.status_code == 200
    try:
        installment = new_installment(pay_stack, JOAO, "200.00")
        opened = open_checkout(call, tokens, installment)
        assert (opened["amount"], opened["surcharge"]) == ("200.00", "6.00")
        session = pay(pay_stack, opened["sessionId"])
        assert session["amount_total"] == 20600
        [(amount, status, *_)] = payments_of(pay_stack, installment)
        assert (str(amount), status) == ("200.00", "paid")
    finally:
        call("system-settings", admin, {"key": "payment_fees", "value": {"cardSurchargePercent": "0"}})
    refused = call("system-settings", admin, {"key": "payment_fees", "value": {"cardSurchargePercent": "50"}})
    assert refused.status_code == 400


def test_bad_signature_and_stale_timestamp_are_refused(pay_stack, call, tokens):
    installment = new_installment(pay_stack, JOAO, "300.00")
    opened = open_checkout(call, tokens, installment)
    completed = event_of("checkout.session.completed", {"id": opened["sessionId"], "object": "checkout.session",
                                                        "payment_status": "paid", "payment_intent": "pi_test_sig",
                                                        "amount_total": 30000, "currency": "usd"})
    assert signed_post(pay_stack, completed, secret="whsec_wrong_" + "x" * 20).status_code == 400
    assert signed_post(pay_stack, completed, header="").status_code == 400
    assert signed_post(pay_stack, completed, header="t=1,v1=deadbeef").status_code == 400
    assert signed_post(pay_stack, completed, at=int(time.time()) - 3600).status_code == 400   # outside 5 minutes
    assert payments_of(pay_stack, installment) == []
    assert pay_stack.sql("select count(*) from public.payment_events where id = %s", (completed["id"],)) == [(0,)]
    assert signed_post(pay_stack, completed).status_code == 200
    assert len(payments_of(pay_stack, installment)) == 1


def test_replayed_and_duplicate_events_record_once(pay_stack, call, tokens):
    installment = new_installment(pay_stack, JOAO, "410.00")
    opened = open_checkout(call, tokens, installment)
    pay(pay_stack, opened["sessionId"])
    events = httpx.get(f"{pay_stack.url}/functions/v1/stripe-fake/_fake/events").json()["data"]
    [completed] = [e for e in events if e["data"]["object"].get("id") == opened["sessionId"]]
    # Stripe sends the same event again (a retry or a replay of the captured request)
    again = httpx.post(f"{pay_stack.url}/functions/v1/stripe-fake/_fake/events/{completed['id']}/deliver", timeout=60)
    assert again.json()["status"] == 200
    assert signed_post(pay_stack, completed).json()["duplicate"] is True
    # another event for the same session (a different id): still one payment
    twin = {**completed, "id": completed["id"] + "_twin"}
    assert signed_post(pay_stack, twin).status_code == 200
    assert len(payments_of(pay_stack, installment)) == 1
    [(count,)] = pay_stack.sql("select count(*) from public.payment_events where id = %s", (completed["id"],))
    assert count == 1


def test_refunds_partial_then_full_reopen_the_installment(pay_stack, call, tokens):
    installment = new_installment(pay_stack, JOAO, "500.00")
    opened = open_checkout(call, tokens, installment)
    session = pay(pay_stack, opened["sessionId"])
    api = fake_api(pay_stack)
    api.refunds.create({"payment_intent": session["payment_intent"], "amount": 10000})
    [(_, status, *_rest)] = payments_of(pay_stack, installment)
    [(refunded,)] = pay_stack.sql("select refunded_amount from public.financial_payments where installment_id = %s",
                                  (installment,))
    assert (status, str(refunded)) == ("paid", "100.00")
    api.refunds.create({"payment_intent": session["payment_intent"]})
    [(_, status, *_rest)] = payments_of(pay_stack, installment)
    assert status == "cancelled"
    [(inst_status, paid)] = pay_stack.sql("select status, paid_amount from public.financial_installments where id = %s",
                                          (installment,))
    assert (inst_status, str(paid)) == ("pending", "0.00")


def test_events_out_of_order_a_refund_before_its_payment(pay_stack, call, tokens):
    installment = new_installment(pay_stack, JOAO, "120.00")
    opened = open_checkout(call, tokens, installment)
    intent = "pi_test_early_" + opened["sessionId"][-8:]
    now = int(time.time())
    refund = event_of("charge.refunded", {"id": "ch_test_early", "object": "charge", "payment_intent": intent,
                                          "amount": 12000, "amount_refunded": 2000}, created=now)
    old_refund = event_of("charge.refunded", {"id": "ch_test_early", "object": "charge", "payment_intent": intent,
                                              "amount": 12000, "amount_refunded": 1000}, created=now - 5)
    assert signed_post(pay_stack, refund).json()["outcome"] == "waiting"
    completed = event_of("checkout.session.completed", {"id": opened["sessionId"], "object": "checkout.session",
                                                        "payment_status": "paid", "payment_intent": intent,
                                                        "amount_total": 12000, "currency": "usd"}, created=now - 10)
    assert signed_post(pay_stack, completed).status_code == 200
    signed_post(pay_stack, old_refund)       # the older cumulative figure arrives last: nothing goes back
    [(refunded,)] = pay_stack.sql("select refunded_amount from public.financial_payments where installment_id = %s",
                                  (installment,))
    assert str(refunded) == "20.00"
    # a dispute opened, then closed: the newest state stays even when the older arrives last
    closed = event_of("charge.dispute.closed", {"id": "dp_1", "object": "dispute", "payment_intent": intent,
                                                "status": "won"}, created=now + 20)
    created = event_of("charge.dispute.created", {"id": "dp_1", "object": "dispute", "payment_intent": intent,
                                                  "status": "needs_response"}, created=now + 10)
    signed_post(pay_stack, closed)
    signed_post(pay_stack, created)
    [(*_, dispute, _method)] = payments_of(pay_stack, installment)
    assert dispute == "won"
    [(waiting,)] = pay_stack.sql("select count(*) from public.payment_events where processed_at is null "
                                 "and object_id = %s", (intent,))
    assert waiting == 0


def test_stripe_settings_are_sealed_and_hosts_checked(pay_stack, call, tokens):
    admin = tokens["admin@escritorio.test"]
    [(stored,)] = pay_stack.sql("select value from public.system_settings where key = 'stripe'")
    assert stored["secretKey"].startswith("enc:v1:") and stored["webhookSecret"].startswith("enc:v1:")
    shown = call("system-settings", admin, method="GET", params={"key": "stripe"}).json()["data"]
    assert SECRET_KEY not in str(shown) and WEBHOOK_SECRET not in str(shown)
    bad = call("system-settings", admin, {"key": "stripe", "value": {"secretKey": "sk_x", "webhookSecret": "whsec_x",
                                                                    "apiBaseUrl": "ftp://127.0.0.1/x"}})
    assert bad.status_code == 400
    assert call("system-settings", tokens["assistente@escritorio.test"], method="GET",
                params={"key": "stripe"}).status_code == 403
    from edgekit.payments import endpoint_refusal
    assert endpoint_refusal("http://127.0.0.1:9/fake", production=True)
    assert endpoint_refusal("https://api.stripe.com", production=True) is None
    # the fake does not answer a wrong secret key
    wrong = stripe.StripeClient("sk_test_wrong", base_addresses={"api": f"{pay_stack.url}/functions/v1/stripe-fake"})
    try:
        wrong.v1.checkout.sessions.retrieve("cs_test_x")
        raise AssertionError("the fake accepted a wrong key")
    except stripe.AuthenticationError:
        pass


def test_reconciliation_lists_charges_against_recorded_payments(pay_stack, call, tokens):
    installment = new_installment(pay_stack, JOAO, "90.00")
    opened = open_checkout(call, tokens, installment)
    session = pay(pay_stack, opened["sessionId"])
    httpx.post(f"{pay_stack.url}/functions/v1/stripe-fake/_fake/payouts", timeout=30)
    # a charge Stripe has that the office never recorded (its session unknown to the office)
    other = fake_api(pay_stack).checkout.sessions.create({
        "mode": "payment", "success_url": "http://127.0.0.1/x", "line_items": [
            {"quantity": 1, "price_data": {"currency": "usd", "unit_amount": 777, "product_data": {"name": "x"}}}]})
    pay(pay_stack, other.id)
    report = call("payments-reconciliation", tokens["admin@escritorio.test"], method="GET")
    assert report.status_code == 200, report.text
    by_intent = {row["paymentIntent"]: row for row in report.json()["charges"]}
    assert by_intent[session["payment_intent"]]["status"] == "ok"
    assert by_intent[session["payment_intent"]]["payout"]
    assert any(row["status"] == "not_recorded" and row["amount"] == "7.77" for row in report.json()["charges"])
    assert report.json()["payouts"]
    assert call("payments-reconciliation", tokens["assistente@escritorio.test"], method="GET").status_code == 403
    assert call("payments-reconciliation", tokens[JOAO_EMAIL], method="GET").status_code == 403


def test_the_fake_is_not_served_in_production(monkeypatch):
    import importlib.util
    from pathlib import Path

    from fastapi.testclient import TestClient

    path = Path(__file__).resolve().parents[3] / "functions" / "stripe-fake" / "main.py"
    spec = importlib.util.spec_from_file_location("stripe_fake_main", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setenv("SUPASTACK_PRODUCTION", "1")
    client = TestClient(module.app)
    assert client.get("/pay/cs_test_x").status_code == 404
    assert client.post("/v1/checkout/sessions", data={"mode": "payment"}).status_code == 404
