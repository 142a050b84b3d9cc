"""Local stand-ins for the providers: an SMTP server and a WhatsApp Graph API, on free loopback ports,
each recording what it received and able to be slow or to fail."""
from __future__ import annotations

import asyncio
import email
import email.policy
import threading
import time

import uvicorn
from aiosmtpd.controller import Controller
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from harness import free_port


class FakeSmtp:
    """Every DATA received (`raw`), kept once per Message-ID (`unique`, as a mail system does); `delay`
    holds the 250 answer back after the message was taken in (a provider that accepted, then a slow reply)."""

    def __init__(self) -> None:
        self.raw: list[dict] = []
        self.delay = 0.0
        self.fail_with: str | None = None
        fake = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                if fake.fail_with:
                    return fake.fail_with
                msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
                fake.raw.append({"to": list(envelope.rcpt_tos), "message_id": msg["Message-ID"],
                                 "subject": str(msg["Subject"]), "message": msg})
                await asyncio.sleep(fake.delay)
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    @property
    def unique(self) -> dict:
        return {m["message_id"]: m for m in self.raw}

    def wait(self, count: int, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while len(self.raw) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{len(self.raw)} of {count} messages arrived")
            time.sleep(0.05)

    def stop(self) -> None:
        self.controller.stop()


class FakeGraph:
    """POST /{version}/{phone_number_id}/messages: records the request and answers a wamid; `script` is a
    list of status codes to answer first (e.g. [500] once), `delay` seconds per request."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.script: list[int] = []
        self.delay = 0.0
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

        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.02)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(5)
