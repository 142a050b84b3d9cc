"""Local stand-ins for the providers: an SMTP server and a WhatsApp Graph API (graph_fake), on free loopback ports,
each recording what it received and able to be slow or to fail."""
from __future__ import annotations

import asyncio
import email
import email.policy
import time

from aiosmtpd.controller import Controller
from graph_fake import FakeGraph  # noqa: F401  (the outbox tests take it from here)

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
