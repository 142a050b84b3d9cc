"""WhatsApp Cloud API webhook (no JWT: Meta calls it).

GET  ?hub.mode=subscribe&hub.verify_token=<verifyToken>&hub.challenge=<n> -> the challenge, as text
POST a `whatsapp_business_account` change, refused with 401 unless X-Hub-Signature-256 is the HMAC-SHA256 of
     the raw body with the app secret (Integrações > WhatsApp):
     - `statuses` -> each status recorded on its outbox row (public.record_whatsapp_status);
     - `messages` (text, image, document, audio, video, sticker, location, contacts, interactive, button)
       -> public.whatsapp_receive: stored once per message id in the client's conversation (the client found
       by its E.164 number), or as a CRM lead for an unknown number; PARAR/STOP turns WhatsApp off. Media is
       fetched through the Graph media endpoint (edgekit.whatsapp_media) into the client's folder as a client
       document (public.whatsapp_attach_media), which answers the client's only open document request.
"""
import hashlib
import hmac
import json
import logging
from datetime import UTC, datetime, timedelta

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse
from postgrest.exceptions import APIError

from edgekit import whatsapp_media
from edgekit.clients import service_client, shared_http
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


def inbound(payload: dict):
    """(message, sender's profile name) for each inbound message, skipping other numbers' changes."""
    for entry in payload.get("entry") or []:
        for change in entry.get("changes") or []:
            value = change.get("value") or {}
            if not isinstance(value, dict):
                continue
            names = {c.get("wa_id"): (c.get("profile") or {}).get("name")
                     for c in value.get("contacts") or [] if isinstance(c, dict)}
            for message in value.get("messages") or []:
                if isinstance(message, dict):
                    yield message, names.get(message.get("from")), (value.get("metadata") or {})


MEDIA = ("image", "document", "audio", "video", "sticker")


def text_of(message: dict) -> str | None:
    """What a message says, as one line for the conversation (media keep their caption or file name)."""
    kind = message.get("type")
    part = message.get(kind) if isinstance(message.get(kind), dict) else {}
    if kind == "text":
        return part.get("body")
    if kind in MEDIA:
        return part.get("caption") or (f"Documento: {part['filename']}" if part.get("filename") else None)
    if kind == "location":
        place = ", ".join(str(part[k]) for k in ("name", "address") if part.get(k))
        return f"Localização: {place + ' ' if place else ''}({part.get('latitude')}, {part.get('longitude')})"
    if kind == "contacts":
        people = []
        for c in message.get("contacts") or []:
            name = (c.get("name") or {}).get("formatted_name") or ""
            phones = ", ".join(p.get("phone") or "" for p in c.get("phones") or [])
            people.append(f"{name} {phones}".strip())
        return "Contato: " + "; ".join(people) if people else None
    if kind == "interactive":
        reply = part.get("button_reply") or part.get("list_reply") or {}
        return reply.get("title")
    if kind == "button":
        return part.get("text")
    return None


def received_at(message: dict) -> str:
    """When the client sent it. WhatsApp gives whole seconds: a message sent 0.9 s into a second would sort before
    an office reply stored 0.5 s into it, so the time kept is the arrival here, unless the message arrives late
    (Meta retries deliveries), then the end of the second WhatsApp names."""
    now = datetime.now(UTC)
    try:
        sent = datetime.fromtimestamp(int(message.get("timestamp")), UTC) + timedelta(milliseconds=999)
    except (TypeError, ValueError, OverflowError, OSError):
        return now.isoformat()
    return min(now, sent).isoformat()


async def store_media(client, env, config: dict, outcome: dict, message: dict) -> str | None:
    """Downloads the message's media into the client's folder; the reason when it is not kept."""
    kind = message.get("type")
    part = message.get(kind) or {}
    try:
        media = await whatsapp_media.fetch(shared_http(), config, str(part.get("id") or ""), part.get("mime_type"),
                                           env.production)
    except whatsapp_media.MediaRefused as refused:
        return str(refused)
    message_id = outcome["message_id"]
    path = f"{outcome['client_id']}/whatsapp/{message_id}{media.extension}"
    name = part.get("filename") or f"WhatsApp {received_at(message)[:10]}{media.extension}"
    try:
        await client.storage.from_("client_documents").upload(
            path, media.content, {"content-type": media.mime, "upsert": "true"})
        await client.rpc("whatsapp_attach_media",
                         {"p_message_id": message_id, "p_path": path, "p_name": name}).execute()
    except Exception as exc:   # storage or database refused: the message stays, without its file
        log.warning("WhatsApp media not stored: %s", type(exc).__name__)
        return "falha ao guardar o arquivo"
    return None


async def receive_message(client, env, config: dict, message: dict, name: str | None) -> str:
    kind = str(message.get("type") or "unknown")
    try:
        result = await client.rpc("whatsapp_receive", {
            "p_message_id": message.get("id"), "p_from": str(message.get("from") or ""), "p_kind": kind,
            "p_content": text_of(message), "p_at": received_at(message), "p_profile_name": name}).execute()
    except APIError as exc:
        log.warning("WhatsApp message refused: %s", exc.code)
        return "refused"
    outcome = result.data or {}
    if outcome.get("outcome") == "message" and kind in MEDIA:
        refused = await store_media(client, env, config, outcome, message)
        if refused:
            note = f"{text_of(message) or 'Arquivo recebido pelo WhatsApp'} (arquivo não guardado: {refused})"
            await client.table("messages").update({"content": note[:4000]}).eq("id", outcome["message_id"]).execute()
    return str(outcome.get("outcome") or "refused")


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
    config = await settings(env)
    if not signed(body, request.headers.get("x-hub-signature-256"), config.get("appSecret") or ""):
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
    received: dict[str, int] = {}
    for message, name, metadata in inbound(payload if isinstance(payload, dict) else {}):
        if config.get("phoneNumberId") and metadata.get("phone_number_id") not in (None, config["phoneNumberId"]):
            continue   # another number of the same business account
        outcome = await receive_message(client, env, config, message, name)
        received[outcome] = received.get(outcome, 0) + 1
    return {"recorded": recorded, **({"received": received} if received else {})}
