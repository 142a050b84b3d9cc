"""Reading the mails a stack sent, from its local mail sink's JSON API (Inbucket's shape).

    from mail_sink import Mailbox
    box = Mailbox(stack)
    mail = box.wait_for("ana@example.test", subject="Redefinição")   # the newest matching message
    mail["body"]["text"]
"""
from __future__ import annotations

import time

import httpx

from supastack.mail.sink.server import endpoint


class Mailbox:
    def __init__(self, stack=None, *, url: str | None = None) -> None:
        if url is None:
            found = endpoint(stack.data_dir)
            if found is None:
                raise RuntimeError("the stack runs no mail sink (see [inbucket] enabled)")
            url = f"http://{found['host']}:{found['port']}"
        self.url = url.rstrip("/")

    def list(self, address: str | None = None) -> list[dict]:
        path = f"/api/v1/mailbox/{address}" if address else "/api/v1/messages"
        r = httpx.get(self.url + path, timeout=5)
        r.raise_for_status()
        return r.json()

    def get(self, address: str, mail_id: str) -> dict:
        r = httpx.get(f"{self.url}/api/v1/mailbox/{address}/{mail_id}", timeout=5)
        r.raise_for_status()
        return r.json()

    def messages(self, address: str) -> list[dict]:
        """Every message of the address, oldest first, with header and body."""
        return [self.get(address, m["id"]) for m in self.list(address)]

    def latest(self, address: str, subject: str | None = None) -> dict | None:
        for summary in reversed(self.list(address)):
            if subject is None or subject in summary["subject"]:
                return self.get(address, summary["id"])
        return None

    def wait_for(self, address: str, subject: str | None = None, *, after: int = 0,
                 timeout: float = 10.0) -> dict:
        """The newest message (matching `subject`) once the address has more than `after` of them."""
        deadline = time.monotonic() + timeout
        while True:
            if len(self.list(address)) > after:
                found = self.latest(address, subject)
                if found is not None:
                    return found
            if time.monotonic() > deadline:
                raise AssertionError(f"no mail for {address} (subject {subject!r}) within {timeout}s")
            time.sleep(0.05)

    def count(self, address: str) -> int:
        return len(self.list(address))

    def clear(self, address: str | None = None) -> None:
        path = f"/api/v1/mailbox/{address}" if address else "/api/v1/messages"
        httpx.delete(self.url + path, timeout=5).raise_for_status()
