"""POST {installmentId, returnUrl?} (a signed-in client) -> {url, sessionId}: a Stripe Checkout Session for the
open balance of one of the client's own USD installments, plus the office's card surcharge.

The installment is read with the client's JWT (row-level security) and filtered by its client id; the amount
comes from the database, never from the browser. The session is remembered in payment_checkouts so the webhook
records exactly what was asked. returnUrl must be on the app (SITE_URL); the client comes back to it.
"""
from urllib.parse import urlsplit

import stripe
from fastapi import FastAPI, Request

from edgekit.caller import identify
from edgekit.clients import service_client
from edgekit.env import FunctionEnv, function_env
from edgekit.payments import fee_of, open_balance, own_open_installment, percent, stored_setting, stripe_config
from edgekit.responses import FunctionError, install_error_handler, json_body

app = FastAPI()
install_error_handler(app)


def return_to(env: FunctionEnv, raw: object) -> str:
    site = env.get("SITE_URL", "http://127.0.0.1:3000").rstrip("/")
    if not isinstance(raw, str) or not raw:
        return f"{site}/cliente/financeiro"
    wanted, home = urlsplit(raw), urlsplit(site)
    if (wanted.scheme, wanted.netloc) != (home.scheme, home.netloc):
        raise FunctionError(400, "Endereço de retorno inválido")
    return raw.split("#")[0]


def item_name(installment: dict) -> str:
    """What the client reads on Stripe's page: the down payment (number 0) or the installment's number."""
    return "Entrada" if installment["number"] == 0 else f"Parcela {installment['number']}"


def cents(amount) -> int:
    return int((amount * 100).to_integral_value())


@app.post("/")
async def create_checkout(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    body = await json_body(request)
    installment = await own_open_installment(env, caller, body.get("installmentId"))
    if installment["currency"] != "USD":
        raise FunctionError(409, "Parcelas em reais são pagas por Pix")
    config = await stripe_config(env)
    if config is None:
        raise FunctionError(503, "Pagamento com cartão não configurado pelo escritório")
    back = return_to(env, body.get("returnUrl"))
    amount = open_balance(installment)
    surcharge = fee_of(amount, percent((await stored_setting(env, "payment_fees")).get("cardSurchargePercent")))
    items = [{"quantity": 1, "price_data": {"currency": "usd", "unit_amount": cents(amount),
                                            "product_data": {"name": item_name(installment)}}}]
    if surcharge > 0:
        items.append({"quantity": 1, "price_data": {"currency": "usd", "unit_amount": cents(surcharge),
                                                    "product_data": {"name": "Taxa do cartão"}}})
    separator = "&" if "?" in back else "?"
    try:
        session = await config.client().v1.checkout.sessions.create_async({
            "mode": "payment", "line_items": items, "client_reference_id": installment["id"],
            **({"customer_email": caller.email} if caller.email else {}),
            "metadata": {"installment_id": installment["id"], "client_id": installment["client_id"]},
            "success_url": f"{back}{separator}pagamento=concluido&sessao={{CHECKOUT_SESSION_ID}}",
            "cancel_url": f"{back}{separator}pagamento=cancelado"})
    except stripe.StripeError as exc:
        raise FunctionError(502, "O Stripe recusou a criação do pagamento. Tente novamente.") from exc
    await service_client(env).table("payment_checkouts").insert({
        "installment_id": installment["id"], "client_id": installment["client_id"], "session_id": session.id,
        "amount": str(amount), "surcharge": str(surcharge), "currency": "USD",
        "created_by": caller.user_id}).execute()
    return {"url": session.url, "sessionId": session.id, "amount": str(amount), "surcharge": str(surcharge),
            "currency": "USD"}
