"""POST {installmentId} (a signed-in client) -> {charge, brCode, qrSvg}: a static Pix BR Code for the open balance of
one of the client's own installments, in BRL.

A USD installment is converted at the day's PTAX (public.exchange_rate_on); the rate, its date, the BRL amount and
a txid of its own are locked on the pix_charges row, so asking again answers the same charge (until staff confirm
it). The office's Pix key, name and city come from the `pix` system setting; the Pix fee from `payment_fees`.
Staff confirm receipt with public.confirm_pix_charge (or a bank statement, payments-statement).
"""
import io
from decimal import ROUND_HALF_UP, Decimal

import segno
from fastapi import FastAPI, Request
from postgrest.exceptions import APIError

from edgekit.caller import identify
from edgekit.clients import service_client
from edgekit.env import function_env
from edgekit.payments import (
    CENT,
    br_code,
    fee_of,
    new_txid,
    open_balance,
    own_open_installment,
    percent,
    pix_refusal,
    stored_setting,
)
from edgekit.responses import FunctionError, install_error_handler, json_body

app = FastAPI()
install_error_handler(app)
CHARGE_COLUMNS = ("id, installment_id, txid, amount, currency, amount_brl, exchange_rate, exchange_rate_date, "
                  "br_code, status, created_at")


def qr_svg(text: str) -> str:
    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(out, kind="svg", scale=6, border=2, xmldecl=False,
                                                  svgns=True, title="QR Code Pix")
    return out.getvalue().decode()


def answer(charge: dict) -> dict:
    return {"charge": charge, "brCode": charge["br_code"], "qrSvg": qr_svg(charge["br_code"])}


@app.post("/")
async def create_pix(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    body = await json_body(request)
    installment = await own_open_installment(env, caller, body.get("installmentId"))
    service = service_client(env)
    existing = (await service.table("pix_charges").select(CHARGE_COLUMNS).eq("installment_id", installment["id"])
                .eq("client_id", installment["client_id"]).eq("status", "open").execute()).data
    amount = open_balance(installment)
    if existing and Decimal(str(existing[0]["amount"])) == amount:
        return answer(existing[0])
    pix = await stored_setting(env, "pix")
    if pix_refusal(pix):
        raise FunctionError(503, "Pix não configurado pelo escritório")
    rate = rate_date = None
    if installment["currency"] == "USD":
        found = (await service.rpc("exchange_rate_on", {"p_on": None}).execute()).data
        found = found[0] if isinstance(found, list) and found else found
        if not found or not found.get("rate"):
            raise FunctionError(503, "Cotação do dólar (PTAX) do dia indisponível")
        if env.production and found.get("source") == "demo":
            raise FunctionError(503, "Cotação de demonstração não é permitida em produção")
        rate, rate_date = Decimal(str(found["rate"])), found["rate_date"]
        amount_brl = (amount * rate).quantize(CENT, ROUND_HALF_UP)
    else:
        amount_brl = amount
    amount_brl += fee_of(amount_brl, percent((await stored_setting(env, "payment_fees")).get("pixFeePercent")))
    txid = new_txid()
    code = br_code(pix["key"], pix["merchantName"], pix["merchantCity"], amount_brl, txid)
    if existing:   # the balance changed since (a partial payment): the old code is withdrawn
        await service.table("pix_charges").update({"status": "cancelled"}).eq("id", existing[0]["id"]).execute()
    try:
        created = (await service.table("pix_charges").insert({
            "installment_id": installment["id"], "client_id": installment["client_id"], "txid": txid,
            "amount": str(amount), "currency": installment["currency"], "amount_brl": str(amount_brl),
            "exchange_rate": None if rate is None else str(rate), "exchange_rate_date": rate_date,
            "br_code": code}).execute()).data
    except APIError as exc:
        if exc.code == "23505":   # two requests at once: the other one's charge
            again = (await service.table("pix_charges").select(CHARGE_COLUMNS)
                     .eq("installment_id", installment["id"]).eq("status", "open").execute()).data
            if again:
                return answer(again[0])
        raise
    row = created[0]
    return answer({key: row[key] for key in CHARGE_COLUMNS.split(", ")})
