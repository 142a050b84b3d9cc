"""A local stand-in for Stripe's API, for development stacks and tests (never in production: 404).

The official `stripe` library is pointed at it (api_base `<SUPABASE_URL>/functions/v1/stripe-fake`):
  POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}    Checkout Sessions (form-encoded, as Stripe)
  POST /v1/refunds                                              a refund of a PaymentIntent -> charge.refunded
  GET  /v1/charges, /v1/payouts, /v1/events/{id}                lists for the reconciliation report
  GET  /pay/{session}  POST /pay/{session}                      the hosted checkout page a browser pays on
Helpers for tests: POST /_fake/sessions/{id}/pay, /_fake/disputes {payment_intent, status},
/_fake/events/{id}/deliver (send again), /_fake/payouts (pays out what is available), GET /_fake/events.
Events go to payments-webhook signed as Stripe signs them: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
"<t>.<body>" with the webhook secret>`. State lives in this process's memory.
"""
from __future__ import annotations

import hashlib
import hmac
import html
import json
import re
import secrets
import time
from typing import Any

import httpx
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse

from edgekit.env import FunctionEnv, function_env
from edgekit.payments import stripe_config

app = FastAPI()
STATE: dict[str, dict[str, dict[str, Any]]] = {"sessions": {}, "intents": {}, "charges": {}, "refunds": {},
                                              "events": {}, "payouts": {}}
API_VERSION = "2025-06-30.basil"


def new_id(prefix: str) -> str:
    return f"{prefix}_test_{secrets.token_hex(12)}"


def error(status: int, message: str, kind: str = "invalid_request_error") -> JSONResponse:
    return JSONResponse({"error": {"type": kind, "message": message}}, status)


def nested(form: list[tuple[str, str]]) -> dict:
    """Stripe's form encoding (`a[b][0][c]=v`) as nested dicts; list indexes stay dict keys."""
    out: dict = {}
    for key, value in form:
        parts = re.findall(r"[^\[\]]+", key)
        where = out
        for part in parts[:-1]:
            where = where.setdefault(part, {})
        where[parts[-1]] = value
    return out


def listing(items: list[dict], url: str) -> dict:
    return {"object": "list", "data": items, "has_more": False, "url": url}


async def authorised(request: Request, env: FunctionEnv) -> bool:
    config = await stripe_config(env)
    header = request.headers.get("authorization") or ""
    return bool(config) and hmac.compare_digest(header.encode(), f"Bearer {config.secret_key}".encode())


def signature(payload: str, secret: str, at: int | None = None) -> str:
    at = int(time.time()) if at is None else at
    mac = hmac.new(secret.encode(), f"{at}.{payload}".encode(), hashlib.sha256).hexdigest()
    return f"t={at},v1={mac}"


async def deliver(env: FunctionEnv, event: dict) -> int:
    """POST the event to payments-webhook, signed with the webhook secret in effect; the answer's status."""
    config = await stripe_config(env)
    if not config:
        return 0
    payload = json.dumps(event, separators=(",", ":"))
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            answer = await http.post(f"{env.supabase_url}/functions/v1/payments-webhook", content=payload,
                                     headers={"content-type": "application/json",
                                              "stripe-signature": signature(payload, config.webhook_secret)})
    except httpx.HTTPError:
        return 0
    event["delivery_status"] = answer.status_code
    return answer.status_code


def emit(kind: str, obj: dict) -> dict:
    event = {"id": new_id("evt"), "object": "event", "api_version": API_VERSION, "created": int(time.time()),
             "type": kind, "livemode": False, "pending_webhooks": 1, "data": {"object": dict(obj)}}
    STATE["events"][event["id"]] = event
    return event


@app.middleware("http")
async def development_only(request: Request, call_next):
    if function_env(request).production:
        return JSONResponse({"error": "Not found"}, 404)
    return await call_next(request)


@app.post("/v1/checkout/sessions")
async def create_session(request: Request):
    env = function_env(request)
    if not await authorised(request, env):
        return error(401, "Invalid API Key provided", "authentication_error")
    body = nested(list((await request.form()).multi_items()))   # type: ignore[arg-type]
    items = body.get("line_items") or {}
    try:
        total = sum(int(item["price_data"]["unit_amount"]) * int(item.get("quantity", 1)) for item in items.values())
        currency = {item["price_data"]["currency"] for item in items.values()}
    except (KeyError, TypeError, ValueError):
        return error(400, "line_items[].price_data is required")
    if not items or total <= 0 or len(currency) != 1 or not body.get("success_url"):
        return error(400, "Missing required param: line_items or success_url")
    session_id = new_id("cs")
    session = {"id": session_id, "object": "checkout.session", "mode": body.get("mode", "payment"),
               "amount_total": total, "amount_subtotal": total, "currency": currency.pop(),
               "client_reference_id": body.get("client_reference_id"), "metadata": body.get("metadata") or {},
               "customer_email": body.get("customer_email"), "payment_intent": None, "payment_status": "unpaid",
               "status": "open", "success_url": body["success_url"], "cancel_url": body.get("cancel_url"),
               "created": int(time.time()), "expires_at": int(time.time()) + 86400, "livemode": False,
               "url": f"{env.supabase_url}/functions/v1/stripe-fake/pay/{session_id}",
               "line_items_display": [{"name": (item.get("price_data", {}).get("product_data") or {}).get("name"),
                                       "amount": int(item["price_data"]["unit_amount"])} for item in items.values()]}
    STATE["sessions"][session_id] = session
    return session


@app.get("/v1/checkout/sessions/{session_id}")
async def retrieve_session(session_id: str, request: Request):
    if not await authorised(request, function_env(request)):
        return error(401, "Invalid API Key provided", "authentication_error")
    session = STATE["sessions"].get(session_id)
    return session if session else error(404, f"No such checkout.session: '{session_id}'")


async def pay(env: FunctionEnv, session: dict) -> dict:
    """The card was accepted: PaymentIntent and Charge succeed, checkout.session.completed is sent."""
    if session["status"] != "open":
        return session
    intent_id, charge_id = new_id("pi"), new_id("ch")
    STATE["intents"][intent_id] = {"id": intent_id, "object": "payment_intent", "amount": session["amount_total"],
                                   "currency": session["currency"], "status": "succeeded",
                                   "latest_charge": charge_id, "metadata": session["metadata"]}
    STATE["charges"][charge_id] = {"id": charge_id, "object": "charge", "amount": session["amount_total"],
                                   "amount_refunded": 0, "currency": session["currency"], "paid": True,
                                   "refunded": False, "status": "succeeded", "payment_intent": intent_id,
                                   "created": int(time.time()), "metadata": session["metadata"], "payout": None}
    session.update(status="complete", payment_status="paid", payment_intent=intent_id)
    await deliver(env, emit("checkout.session.completed", session))
    return session


@app.get("/pay/{session_id}", response_class=HTMLResponse)
async def hosted_page(session_id: str):
    session = STATE["sessions"].get(session_id)
    if not session:
        return HTMLResponse("<h1>Sessão não encontrada</h1>", 404)
    lines = "".join(f"<li>{html.escape(str(item['name'] or ''))}: US$ {item['amount'] / 100:.2f}</li>"
                    for item in session["line_items_display"])
    done = session["status"] != "open"
    return HTMLResponse(f"""<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout de teste</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<p>Ambiente de teste (Stripe local)</p>
<h1>Total: US$ {session['amount_total'] / 100:.2f}</h1><ul>{lines}</ul>
{'<p>Esta sessão já foi encerrada.</p>' if done else f'''
<form method="post" action="{html.escape(session_id)}">
<label>Número do cartão <input name="card" value="4242 4242 4242 4242" inputmode="numeric"></label><br><br>
<button type="submit">Pagar US$ {session['amount_total'] / 100:.2f}</button></form>'''}
</body></html>""")


@app.post("/pay/{session_id}")
async def hosted_pay(session_id: str, request: Request):
    session = STATE["sessions"].get(session_id)
    if not session:
        return HTMLResponse("<h1>Sessão não encontrada</h1>", 404)
    await pay(function_env(request), session)
    target = session["success_url"].replace("{CHECKOUT_SESSION_ID}", session_id)
    return RedirectResponse(target, 303)


@app.post("/_fake/sessions/{session_id}/pay")
async def test_pay(session_id: str, request: Request):
    session = STATE["sessions"].get(session_id)
    if not session:
        return error(404, "no such session")
    return await pay(function_env(request), session)


@app.post("/v1/refunds")
async def refund(request: Request):
    env = function_env(request)
    if not await authorised(request, env):
        return error(401, "Invalid API Key provided", "authentication_error")
    body = nested(list((await request.form()).multi_items()))   # type: ignore[arg-type]
    intent = STATE["intents"].get(body.get("payment_intent") or "")
    if not intent:
        return error(404, "No such payment_intent")
    charge = STATE["charges"][intent["latest_charge"]]
    amount = int(body.get("amount") or charge["amount"] - charge["amount_refunded"])
    if amount <= 0 or charge["amount_refunded"] + amount > charge["amount"]:
        return error(400, "Refund amount exceeds the charge")
    charge["amount_refunded"] += amount
    charge["refunded"] = charge["amount_refunded"] == charge["amount"]
    refund_id = new_id("re")
    STATE["refunds"][refund_id] = {"id": refund_id, "object": "refund", "amount": amount, "charge": charge["id"],
                                   "payment_intent": intent["id"], "status": "succeeded"}
    await deliver(env, emit("charge.refunded", charge))
    return STATE["refunds"][refund_id]


@app.post("/_fake/disputes")
async def dispute(request: Request):
    body = await request.json()
    intent = STATE["intents"].get(body.get("payment_intent") or "")
    if not intent:
        return error(404, "No such payment_intent")
    charge = STATE["charges"][intent["latest_charge"]]
    kind = "charge.dispute.created" if body.get("status", "needs_response") == "needs_response" \
        else "charge.dispute.closed"
    event = emit(kind, {"id": new_id("dp"), "object": "dispute", "amount": charge["amount"], "charge": charge["id"],
                        "payment_intent": intent["id"], "status": body.get("status", "needs_response"),
                        "reason": "fraudulent"})
    await deliver(function_env(request), event)
    return event


@app.post("/_fake/events/{event_id}/deliver")
async def redeliver(event_id: str, request: Request):
    event = STATE["events"].get(event_id)
    if not event:
        return error(404, "No such event")
    return {"status": await deliver(function_env(request), event)}


@app.get("/_fake/events")
async def events():
    return listing(list(STATE["events"].values()), "/_fake/events")


@app.post("/_fake/payouts")
async def payout():
    due = [c for c in STATE["charges"].values() if c["payout"] is None]
    payout_id = new_id("po")
    amount = sum(c["amount"] - c["amount_refunded"] for c in due)
    for charge in due:
        charge["payout"] = payout_id
    STATE["payouts"][payout_id] = {"id": payout_id, "object": "payout", "amount": amount, "currency": "usd",
                                   "status": "paid", "arrival_date": int(time.time()),
                                   "charges": [c["id"] for c in due]}
    return STATE["payouts"][payout_id]


@app.get("/v1/charges")
async def charges(request: Request):
    if not await authorised(request, function_env(request)):
        return error(401, "Invalid API Key provided", "authentication_error")
    return listing(sorted(STATE["charges"].values(), key=lambda c: -c["created"]), "/v1/charges")


@app.get("/v1/payouts")
async def payouts(request: Request):
    if not await authorised(request, function_env(request)):
        return error(401, "Invalid API Key provided", "authentication_error")
    return listing(list(STATE["payouts"].values()), "/v1/payouts")


@app.get("/v1/events/{event_id}")
async def event(event_id: str, request: Request):
    if not await authorised(request, function_env(request)):
        return error(401, "Invalid API Key provided", "authentication_error")
    found = STATE["events"].get(event_id)
    return found if found else error(404, f"No such event: '{event_id}'")
