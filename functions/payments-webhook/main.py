"""Stripe's webhook (no JWT: Stripe calls it). POST an event -> 200 {received, outcome}.

Refused with 400 unless `Stripe-Signature` verifies (the official library: HMAC-SHA256 of "<t>.<raw body>" with
the webhook secret, `t` within 5 minutes). Each event is stored once by its id (payment_events): a duplicate or
a replayed delivery changes nothing. Handled:
- checkout.session.completed / checkout.session.async_payment_succeeded (paid): the installment's payment
  through public.record_stripe_checkout -> public.record_payment, with the Stripe ids; the receipt number follows;
- charge.refunded: the refunded amount (cumulative, never backwards; a full refund cancels the payment);
- charge.dispute.*: the dispute's status, the newest event winning;
- checkout.session.expired: the session is closed.
Out of order: a refund or dispute that arrives before its payment waits (processed_at null) and is applied when
the payment is recorded.
"""
import logging
from datetime import UTC, datetime

import stripe
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from postgrest.exceptions import APIError

from edgekit.clients import service_client
from edgekit.env import function_env
from edgekit.payments import SIGNATURE_TOLERANCE, stripe_config
from edgekit.responses import install_error_handler

log = logging.getLogger("functions.payments-webhook")
app = FastAPI()
install_error_handler(app)

PAID = ("checkout.session.completed", "checkout.session.async_payment_succeeded")


def object_key(kind: str, obj: dict) -> str | None:
    """What the event is about: the session for checkout events, else the PaymentIntent."""
    if kind.startswith("checkout.session."):
        return obj.get("id")
    return obj.get("payment_intent")


def at(seconds: object) -> str:
    try:
        return datetime.fromtimestamp(int(seconds), UTC).isoformat()   # type: ignore[arg-type]
    except (TypeError, ValueError):
        return datetime.now(UTC).isoformat()


def found(row: object) -> bool:
    """A function returning a row answers null, or a row of nulls, when there was none."""
    return isinstance(row, dict) and bool(row.get("id"))


async def apply(client, kind: str, obj: dict, created: object) -> str:
    """Record one event; the outcome word stored on it ('waiting' leaves it to be applied later)."""
    if kind in PAID:
        if obj.get("payment_status") != "paid":
            return "unpaid"
        try:
            paid = await client.rpc("record_stripe_checkout", {
                "p_session_id": obj.get("id"), "p_payment_intent": obj.get("payment_intent"),
                "p_amount_total_cents": obj.get("amount_total"), "p_paid_on": at(created)[:10]}).execute()
        except APIError as exc:
            log.warning("checkout %s not recorded: %s", obj.get("id"), exc.message)
            return f"refused: {exc.message}"
        await apply_waiting(client, obj.get("payment_intent"))
        return f"recorded {paid.data['receipt_number']}" if paid.data else "recorded"
    if kind == "charge.refunded":
        done = await client.rpc("record_stripe_refund", {
            "p_payment_intent": obj.get("payment_intent"), "p_refunded_cents": obj.get("amount_refunded") or 0,
            "p_at": at(created)}).execute()
        return "refund recorded" if found(done.data) else "waiting"
    if kind.startswith("charge.dispute."):
        done = await client.rpc("record_stripe_dispute", {
            "p_payment_intent": obj.get("payment_intent"), "p_status": str(obj.get("status") or kind),
            "p_at": at(created)}).execute()
        return "dispute recorded" if found(done.data) else "waiting"
    if kind == "checkout.session.expired":
        await client.table("payment_checkouts").update({"status": "expired"}).eq("session_id", obj.get("id")) \
            .eq("status", "open").execute()
        return "expired"
    return "ignored"


async def apply_waiting(client, payment_intent: str | None) -> None:
    """Refunds and disputes that arrived before their payment, oldest first."""
    if not payment_intent:
        return
    rows = (await client.table("payment_events").select("id, type, created, payload")
            .eq("object_id", payment_intent).is_("processed_at", "null").order("created").execute()).data
    for row in rows:
        outcome = await apply(client, row["type"], row["payload"]["data"]["object"], row["payload"].get("created"))
        if outcome != "waiting":
            await mark(client, row["id"], outcome)


async def mark(client, event_id: str, outcome: str) -> None:
    await client.table("payment_events").update({"processed_at": datetime.now(UTC).isoformat(),
                                                 "outcome": outcome}).eq("id", event_id).execute()


@app.post("/")
async def receive(request: Request):
    env = function_env(request)
    config = await stripe_config(env)
    if config is None:
        return JSONResponse({"error": "Stripe não configurado"}, 503)
    body = await request.body()
    try:
        event = stripe.Webhook.construct_event(body, request.headers.get("stripe-signature") or "",
                                               config.webhook_secret, tolerance=SIGNATURE_TOLERANCE)
    except stripe.SignatureVerificationError:
        return JSONResponse({"error": "Assinatura inválida"}, 400)
    except ValueError:
        return JSONResponse({"error": "Corpo JSON inválido"}, 400)
    payload = event.to_dict()
    kind, obj = str(payload.get("type") or ""), (payload.get("data") or {}).get("object") or {}
    if not payload.get("id") or not kind:
        return JSONResponse({"error": "Evento inválido"}, 400)
    client = service_client(env)
    stored = (await client.table("payment_events").upsert({
        "id": payload["id"], "type": kind, "object_id": object_key(kind, obj), "created": at(payload.get("created")),
        "payload": payload}, on_conflict="id", ignore_duplicates=True).execute()).data
    if not stored:
        previous = (await client.table("payment_events").select("processed_at, outcome")
                    .eq("id", payload["id"]).execute()).data
        if previous and (previous[0]["processed_at"] or previous[0]["outcome"] == "waiting"):
            return {"received": True, "duplicate": True, "outcome": previous[0]["outcome"]}
    outcome = await apply(client, kind, obj, payload.get("created"))
    if outcome == "waiting":
        await client.table("payment_events").update({"outcome": "waiting"}).eq("id", payload["id"]).execute()
    else:
        await mark(client, payload["id"], outcome)
    return {"received": True, "outcome": outcome}
