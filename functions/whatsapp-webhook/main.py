"""WhatsApp Cloud API webhook (no JWT: Meta calls it).

GET  ?hub.mode=subscribe&hub.verify_token=<verifyToken>&hub.challenge=<n> -> the challenge, as text
POST a `whatsapp_business_account` change with `statuses` -> each status recorded on its outbox row
     (public.record_whatsapp_status); refused with 401 unless X-Hub-Signature-256 is the HMAC-SHA256 of
     the raw body with the app secret (Integrações > WhatsApp).
"""
import hashlib
import hmac
import json
import logging
from datetime import UTC, datetime

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse

from edgekit.clients import service_client
from edgekit.constant_time import same_secret
from edgekit.env import function_env
from edgekit.responses import install_error_handler
from edgekit.sealed_settings import SettingsCipher, opened
from edgekit.setting_schemas import SETTINGS

log = logging.getLogger("functions.whatsapp-webhook")
KEY = "whatsapp"

app = FastAPI()
install_error_handler(app)


async def settings(env) -> dict:
    rows = (await service_client(env).table("system_settings").select("value").eq("key", KEY).execute()).data
    if not rows:
        return {}
    return opened(rows[0]["value"], SETTINGS[KEY], SettingsCipher.from_env(env)) or {}


def signed(body: bytes, header: str | None, secret: str) -> bool:
    if not secret or not header or not header.startswith("sha256="):
        return False
    expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return same_secret(expected, header[len("sha256="):])


def statuses(payload: dict):
    for entry in payload.get("entry") or []:
        for change in entry.get("changes") or []:
            yield from (change.get("value") or {}).get("statuses") or []


@app.get("/")
async def verify(request: Request):
    env = function_env(request)
    q = request.query_params
    token = (await settings(env)).get("verifyToken") or ""
    if q.get("hub.mode") == "subscribe" and token and same_secret(token, q.get("hub.verify_token") or ""):
        return PlainTextResponse(q.get("hub.challenge") or "")
    return JSONResponse({"error": "Token de verificação inválido"}, 403)


@app.post("/")
async def receive(request: Request):
    env = function_env(request)
    body = await request.body()
    if not signed(body, request.headers.get("x-hub-signature-256"), (await settings(env)).get("appSecret") or ""):
        return JSONResponse({"error": "Assinatura inválida"}, 401)
    try:
        payload = json.loads(body)
    except ValueError:
        return JSONResponse({"error": "Corpo JSON inválido"}, 400)
    client = service_client(env)
    recorded = 0
    for status in statuses(payload if isinstance(payload, dict) else {}):
        errors = status.get("errors") or [{}]
        error = " ".join(str(errors[0].get(k) or "") for k in ("code", "title")).strip() or None
        try:
            at = datetime.fromtimestamp(int(status.get("timestamp")), UTC).isoformat()
        except (TypeError, ValueError):
            at = datetime.now(UTC).isoformat()
        result = await client.rpc("record_whatsapp_status", {
            "p_message_id": status.get("id"), "p_status": status.get("status"),
            "p_idempotency_key": status.get("biz_opaque_callback_data"),
            "p_error": f"WhatsApp: {error}" if error else None, "p_at": at}).execute()
        recorded += int(result.data or 0)
    return {"recorded": recorded}
