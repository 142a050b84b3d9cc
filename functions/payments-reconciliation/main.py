"""GET (administrator) -> what Stripe says against what the office recorded.

{charges: [{id, paymentIntent, amount, refunded, payout, recorded: {receiptNumber, amount, refunded} | null,
            status: 'ok' | 'not_recorded' | 'amount_differs' | 'refund_differs'}],
 unmatchedPayments: [payments recorded as Stripe's that Stripe does not know],
 payouts: [{id, amount, arrivalDate, charges, recordedTotal}], totals: {stripe, recorded}}  (USD)
The charges and payouts come from Stripe's API (the account in Integrações; the local fake in development);
the recorded payments are read with the administrator's own JWT.
"""
from decimal import Decimal

import stripe
from fastapi import FastAPI, Request

from edgekit.caller import identify
from edgekit.clients import user_client
from edgekit.env import function_env
from edgekit.payments import stripe_config
from edgekit.responses import FunctionError, install_error_handler

app = FastAPI()
install_error_handler(app)


def dollars(cents: object) -> Decimal:
    return (Decimal(int(cents or 0)) / 100).quantize(Decimal("0.01"))   # type: ignore[call-overload]


@app.get("/")
async def report(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    if not caller.is_administrator:
        raise FunctionError(403, "Apenas administradores veem a conciliação")
    config = await stripe_config(env)
    if config is None:
        raise FunctionError(503, "Stripe não configurado")
    try:
        api = config.client().v1
        charges = [c.to_dict() for c in (await api.charges.list_async({"limit": 100})).data]
        payouts = [p.to_dict() for p in (await api.payouts.list_async({"limit": 100})).data]
    except stripe.StripeError as exc:
        raise FunctionError(502, "O Stripe não respondeu à consulta") from exc
    recorded = (await user_client(env, caller.access_token).table("financial_payments")
                .select("id, receipt_number, amount, refunded_amount, provider_payment_id, payment_date, status")
                .eq("provider", "stripe").execute()).data
    by_intent = {row["provider_payment_id"]: row for row in recorded}
    rows, seen = [], set()
    for charge in charges:
        mine = by_intent.get(charge.get("payment_intent"))
        paid, refunded = dollars(charge.get("amount")), dollars(charge.get("amount_refunded"))
        if mine is None:
            status = "not_recorded"
        else:
            seen.add(mine["provider_payment_id"])
            # the charge may carry the card surcharge: what was recorded never exceeds it
            amount = Decimal(str(mine["amount"]))
            status = ("amount_differs" if amount > paid
                      else "refund_differs" if Decimal(str(mine["refunded_amount"])) != min(refunded, amount)
                      else "ok")
        rows.append({"id": charge["id"], "paymentIntent": charge.get("payment_intent"), "amount": str(paid),
                     "refunded": str(refunded), "payout": charge.get("payout"), "status": status,
                     "recorded": None if mine is None else {
                         "receiptNumber": mine["receipt_number"], "amount": mine["amount"],
                         "refunded": mine["refunded_amount"], "paymentDate": mine["payment_date"]}})
    unmatched = [row for row in recorded if row["provider_payment_id"] not in seen]
    payout_rows = []
    for payout in payouts:
        mine_total = sum((Decimal(str(by_intent[c["payment_intent"]]["amount"]))
                          - Decimal(str(by_intent[c["payment_intent"]]["refunded_amount"]))
                          for c in charges if c.get("payout") == payout["id"] and c.get("payment_intent") in by_intent),
                         Decimal(0))
        payout_rows.append({"id": payout["id"], "amount": str(dollars(payout.get("amount"))),
                            "arrivalDate": payout.get("arrival_date"), "recordedTotal": str(mine_total)})
    return {"charges": rows, "unmatchedPayments": unmatched, "payouts": payout_rows, "currency": "USD",
            "totals": {"stripe": str(sum((dollars(c.get("amount")) - dollars(c.get("amount_refunded"))
                                          for c in charges), Decimal(0))),
                       "recorded": str(sum((Decimal(str(r["amount"])) - Decimal(str(r["refunded_amount"]))
                                            for r in recorded), Decimal(0)))}}
