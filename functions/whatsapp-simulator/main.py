"""Trying two-way WhatsApp without Meta, on a development stack only (404 in production mode).

POST /            administrator: "Simular mensagem recebida": builds a Cloud API `messages` event from a number
                  (E.164), a text and optionally a file (base64: JPEG, PNG, WebP or PDF), signs it with the app
                  secret of Integrações > WhatsApp and posts it to whatsapp-webhook, as Meta would.
GET  /            administrator: whether the tool is available here (the app shows it only then).
/graph/...        a local stand-in for the Graph API, for apiBaseUrl = <API>/functions/v1/whatsapp-simulator/graph:
                  POST /{version}/{phone-number-id}/messages answers a wamid and, a moment later, posts the signed
                  statuses `delivered` and `read` back to the webhook (the client "read" the message);
                  GET /{version}/{media-id} and GET /download/{media-id} serve the files posted to POST /.
                  Each Graph call must carry the configured access token.
"""
from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import hmac
import itertools
import json
import logging
import re
import time
from collections import OrderedDict

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from edgekit.caller import identify
from edgekit.clients import service_client, shared_http
from edgekit.constant_time import same_secret
from edgekit.env import FunctionEnv, function_env
from edgekit.responses import FunctionError, install_error_handler, json_body
from edgekit.sealed_settings import SettingsCipher, opened
from edgekit.setting_schemas import SETTINGS
from edgekit.whatsapp_media import ACCEPTED, MAX_BYTES

log = logging.getLogger("functions.whatsapp-simulator")
app = FastAPI()
install_error_handler(app)

PHONE = re.compile(r"\+[1-9][0-9]{7,14}")
_media: OrderedDict[str, tuple[bytes, str]] = OrderedDict()   # media id -> (bytes, mime), the last few only
_ids = itertools.count(1)
_tasks: set[asyncio.Task] = set()


def development(env: FunctionEnv) -> None:
    if env.production:
        raise FunctionError(404, "Não disponível em produção", "message")


async def whatsapp_settings(env: FunctionEnv) -> dict:
    rows = (await service_client(env).table("system_settings").select("value").eq("key", "whatsapp").execute()).data
    if not rows:
        return {}
    return opened(rows[0]["value"], SETTINGS["whatsapp"], SettingsCipher.from_env(env)) or {}


async def administrator(request: Request, env: FunctionEnv) -> None:
    caller = await identify(request, env, message="Autenticação necessária", field="message")
    if not caller.is_administrator:
        raise FunctionError(403, "Apenas administradores simulam mensagens", "message")


async def post_signed(env: FunctionEnv, secret: str, event: dict) -> dict:
    raw = json.dumps(event).encode()
    signature = "sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()
    r = await shared_http().post(f"{env.supabase_url}/functions/v1/whatsapp-webhook", content=raw,
                                 headers={"Content-Type": "application/json", "X-Hub-Signature-256": signature})
    try:
        return r.json() if r.status_code == 200 else {"status": r.status_code}
    except ValueError:
        return {"status": r.status_code}


def change(value: dict, phone_number_id: str) -> dict:
    return {"object": "whatsapp_business_account", "entry": [{"id": "0", "changes": [{"field": "messages", "value": {
        "messaging_product": "whatsapp",
        "metadata": {"display_phone_number": "15550000000", "phone_number_id": phone_number_id}, **value}}]}]}


@app.get("/")
async def available(request: Request):
    env = function_env(request)
    development(env)
    await administrator(request, env)
    config = await whatsapp_settings(env)
    return {"available": True, "configured": bool(config.get("appSecret"))}


@app.post("/")
async def simulate(request: Request):
    env = function_env(request)
    development(env)
    await administrator(request, env)
    body = await json_body(request, "message")
    config = await whatsapp_settings(env)
    if not config.get("appSecret"):
        raise FunctionError(409, "Configure o WhatsApp em Integrações antes de simular", "message")
    phone = re.sub(r"[^0-9+]", "", str(body.get("from") or ""))
    if not PHONE.fullmatch(phone):
        raise FunctionError(400, "Telefone inválido: use o formato internacional, ex.: +5511912345678", "message")
    text = str(body.get("text") or "").strip()[:4000]
    message: dict = {"from": phone[1:], "id": f"wamid.SIM{int(time.time() * 1000)}{next(_ids)}",
                     "timestamp": str(int(time.time()))}
    if body.get("file"):
        mime = str(body.get("mimeType") or "").lower()
        if mime not in ACCEPTED:
            raise FunctionError(400, "Arquivo deve ser JPEG, PNG, WebP ou PDF", "message")
        try:
            content = base64.b64decode(str(body["file"]), validate=True)
        except (binascii.Error, ValueError):
            raise FunctionError(400, "Arquivo inválido", "message") from None
        if not content or len(content) > MAX_BYTES:
            raise FunctionError(400, "Arquivo vazio ou grande demais", "message")
        media_id = f"{int(time.time())}{next(_ids):06d}"
        _media[media_id] = (content, mime)
        while len(_media) > 20:
            _media.popitem(last=False)
        kind = "document" if mime == "application/pdf" else "image"
        part: dict = {"id": media_id, "mime_type": mime}
        if text:
            part["caption"] = text
        if kind == "document":
            part["filename"] = str(body.get("fileName") or "documento.pdf")[:120]
        message.update({"type": kind, kind: part})
    elif text:
        message.update({"type": "text", "text": {"body": text}})
    else:
        raise FunctionError(400, "Escreva a mensagem ou escolha um arquivo", "message")
    name = str(body.get("name") or "").strip()[:80]
    event = change({"contacts": [{"profile": {"name": name or "Contato"}, "wa_id": phone[1:]}],
                    "messages": [message]}, str(config.get("phoneNumberId") or ""))
    return {"messageId": message["id"], "webhook": await post_signed(env, config["appSecret"], event)}


async def graph_caller(request: Request) -> tuple[FunctionEnv, dict]:
    env = function_env(request)
    development(env)
    config = await whatsapp_settings(env)
    header = request.headers.get("authorization") or ""
    if not header.startswith("Bearer ") or not same_secret(header[7:], config.get("accessToken") or ""):
        raise FunctionError(401, "Token de acesso inválido", "error")
    return env, config


async def acknowledge(env: FunctionEnv, config: dict, wamid: str, to: str) -> None:
    for status in ("delivered", "read"):
        await asyncio.sleep(1.0)
        event = change({"statuses": [{"id": wamid, "status": status, "timestamp": str(int(time.time())),
                                      "recipient_id": to}]}, str(config.get("phoneNumberId") or ""))
        try:
            await post_signed(env, config["appSecret"], event)
        except Exception as exc:   # a stand-in: a lost status is only logged
            log.warning("simulated status not posted: %s", type(exc).__name__)


@app.post("/graph/{version}/{phone_id}/messages")
async def graph_messages(version: str, phone_id: str, request: Request):
    env, config = await graph_caller(request)
    body = await json_body(request)
    to = str(body.get("to") or "")
    wamid = f"wamid.SIMOUT{int(time.time() * 1000)}{next(_ids)}"
    if config.get("appSecret"):
        task = asyncio.create_task(acknowledge(env, config, wamid, to))
        _tasks.add(task)
        task.add_done_callback(_tasks.discard)
    return {"messaging_product": "whatsapp", "contacts": [{"input": to, "wa_id": to}],
            "messages": [{"id": wamid}]}


@app.get("/graph/download/{media_id}")
async def graph_download(media_id: str, request: Request):
    await graph_caller(request)
    item = _media.get(media_id)
    if item is None:
        return JSONResponse({"error": {"message": "não encontrado", "code": 100}}, 404)
    return Response(item[0], media_type=item[1])


@app.get("/graph/{version}/{media_id}")
async def graph_media(version: str, media_id: str, request: Request):
    env, _ = await graph_caller(request)
    item = _media.get(media_id)
    if item is None:
        return JSONResponse({"error": {"message": "não encontrado", "code": 100}}, 404)
    return {"messaging_product": "whatsapp", "id": media_id, "mime_type": item[1], "file_size": len(item[0]),
            "sha256": hashlib.sha256(item[0]).hexdigest(),
            "url": f"{env.supabase_url}/functions/v1/whatsapp-simulator/graph/download/{media_id}"}
