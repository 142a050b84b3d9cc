"""A local stand-in for the WhatsApp Cloud (Graph) API, on a free loopback port: it takes the office's messages,
serves media as the media endpoint does (GET /{version}/{media-id} -> {url, mime_type, file_size}, then the URL),
and builds and signs the webhook events Meta would post (inbound messages and statuses) with the app secret."""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import itertools
import json
import threading
import time

import httpx
import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from harness import free_port

_ids = itertools.count(1)


class FakeGraph:
    """POST /{version}/{phone_number_id}/messages: records the request and answers a wamid; `script` is a
    list of status codes to answer first (e.g. [500] once), `delay` seconds per request. `add_media` makes a
    file downloadable by media id (`declared_size` lets it lie about its size, `declared_mime` about its type)."""

    def __init__(self, access_token: str | None = None) -> None:
        self.requests: list[dict] = []
        self.media_requests: list[dict] = []
        self.script: list[int] = []
        self.delay = 0.0
        self.media: dict[str, dict] = {}
        self.access_token = access_token
        self.port = free_port()
        app = FastAPI()
        fake = self

        @app.post("/{version}/{phone_id}/messages")
        async def messages(version: str, phone_id: str, request: Request):
            body = await request.json()
            fake.requests.append({"version": version, "phone_id": phone_id, "body": body,
                                  "authorization": request.headers.get("authorization")})
            if fake.delay:
                await asyncio.sleep(fake.delay)
            if fake.script:
                code = fake.script.pop(0)
                return JSONResponse({"error": {"message": f"falha simulada {code}", "code": code}}, code)
            return {"messaging_product": "whatsapp", "contacts": [{"input": body["to"], "wa_id": body["to"]}],
                    "messages": [{"id": f"wamid.TESTE{len(fake.requests)}"}]}

        def allowed(request: Request) -> bool:
            fake.media_requests.append({"path": request.url.path,
                                        "authorization": request.headers.get("authorization")})
            return fake.access_token is None or \
                request.headers.get("authorization") == f"Bearer {fake.access_token}"

        @app.get("/download/{media_id}")
        async def download(media_id: str, request: Request):
            if not allowed(request):
                return JSONResponse({"error": {"message": "token inválido", "code": 190}}, 401)
            item = fake.media.get(media_id)
            if item is None:
                return JSONResponse({"error": {"message": "não encontrado", "code": 100}}, 404)
            return Response(item["content"], media_type=item["mime"])

        @app.get("/{version}/{media_id}")
        async def media_info(version: str, media_id: str, request: Request):
            if not allowed(request):
                return JSONResponse({"error": {"message": "token inválido", "code": 190}}, 401)
            item = fake.media.get(media_id)
            if item is None:
                return JSONResponse({"error": {"message": "não encontrado", "code": 100}}, 404)
            return {"messaging_product": "whatsapp", "id": media_id, "url": f"{fake.url}/download/{media_id}",
                    "mime_type": item["declared_mime"], "file_size": item["declared_size"],
                    "sha256": hashlib.sha256(item["content"]).hexdigest()}

        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.02)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def add_media(self, content: bytes, mime: str, declared_size: int | None = None,
                  declared_mime: str | None = None) -> str:
        media_id = f"{int(time.time())}{next(_ids):06d}"
        self.media[media_id] = {"content": content, "mime": mime, "declared_mime": declared_mime or mime,
                                "declared_size": len(content) if declared_size is None else declared_size}
        return media_id

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(5)


def inbound_event(wa_from: str, message: dict, name: str | None = "Cliente", phone_number_id: str = "1234567890",
                  message_id: str | None = None) -> dict:
    """A Cloud API `messages` change as Meta posts it: one message from `wa_from` (digits, no +)."""
    message = {"from": wa_from, "id": message_id or f"wamid.IN{int(time.time() * 1000)}{next(_ids)}",
               "timestamp": str(int(time.time())), **message}
    return {"object": "whatsapp_business_account", "entry": [{"id": "0", "changes": [{"field": "messages", "value": {
        "messaging_product": "whatsapp",
        "metadata": {"display_phone_number": "15550000000", "phone_number_id": phone_number_id},
        "contacts": [{"profile": {"name": name}, "wa_id": wa_from}] if name else [],
        "messages": [message]}}]}]}


def status_event(wamid: str, status: str, recipient: str) -> dict:
    return {"object": "whatsapp_business_account", "entry": [{"changes": [{"field": "messages", "value": {
        "statuses": [{"id": wamid, "status": status, "timestamp": str(int(time.time())),
                      "recipient_id": recipient}]}}]}]}


def signature(app_secret: str, raw: bytes) -> str:
    return "sha256=" + hmac.new(app_secret.encode(), raw, hashlib.sha256).hexdigest()


def post_event(webhook_url: str, app_secret: str, event: dict) -> httpx.Response:
    """Posts an event to the whatsapp-webhook signed with the app secret (X-Hub-Signature-256)."""
    raw = json.dumps(event).encode()
    return httpx.post(webhook_url, content=raw, timeout=60,
                      headers={"Content-Type": "application/json", "X-Hub-Signature-256": signature(app_secret, raw)})
