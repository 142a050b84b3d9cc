"""Messages the sink received, one .eml file each under its folder (they survive a restart of the stack).

A message whose Message-ID the recipient already has is not stored twice: senders that retry after a crash
(the outbox) reuse the Message-ID, as receiving mail systems expect, so a retry is not a second e-mail."""
from __future__ import annotations

import email
import email.policy
import email.utils
import os
import threading
import time
import uuid
from email.message import EmailMessage
from pathlib import Path


def _address(value: str) -> str:
    return email.utils.parseaddr(value)[1].lower()


class MailStore:
    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)   # other people's mail: ours only
        self._lock = threading.Lock()

    def _paths(self) -> list[Path]:
        return sorted(self.folder.glob("*.eml"))

    @staticmethod
    def _parse(path: Path) -> EmailMessage:
        return email.message_from_bytes(path.read_bytes(), policy=email.policy.default)  # type: ignore[return-value]

    def save(self, raw: bytes, recipients: list[str]) -> list[str]:
        """Store one copy per recipient that does not have this Message-ID yet; returns the new ids."""
        message = email.message_from_bytes(raw, policy=email.policy.default)
        message_id = (message.get("Message-ID") or "").strip()
        ids = []
        with self._lock:
            known = {(m["to"], m["message_id"]) for m in self.summaries()} if message_id else set()
            for rcpt in dict.fromkeys(_address(r) for r in recipients):
                if message_id and (rcpt, message_id) in known:
                    continue
                now = time.time_ns()
                mail_id = f"{now}-{uuid.uuid4().hex[:8]}"
                header = f"X-Sink-Recipient: {rcpt}\r\n".encode()
                tmp = self.folder / f"{mail_id}.tmp"
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "wb") as out:
                    out.write(header + raw)
                tmp.replace(self.folder / f"{mail_id}.eml")   # a reader never sees half a message
                ids.append(mail_id)
        return ids

    def summaries(self, mailbox: str | None = None) -> list[dict]:
        """Oldest first. `mailbox` is an address or its local part (Inbucket names mailboxes so)."""
        out = []
        for path in self._paths():
            summary = self._summary(path.stem, self._parse(path))
            if mailbox is None or mailbox.lower() in (summary["to"], summary["to"].split("@")[0]):
                out.append(summary)
        return out

    @staticmethod
    def _summary(mail_id: str, message: EmailMessage) -> dict:
        return {"id": mail_id, "to": str(message.get("X-Sink-Recipient", "")), "from": str(message.get("From", "")),
                "subject": str(message.get("Subject", "")), "date": str(message.get("Date", "")),
                "message_id": str(message.get("Message-ID", "")).strip(),
                "received_at": int(mail_id.split("-")[0]) / 1e9}

    def message(self, mail_id: str) -> dict | None:
        path = self.folder / f"{mail_id}.eml"
        if "/" in mail_id or not path.is_file():
            return None
        message = self._parse(path)
        text = message.get_body(("plain",))
        html = message.get_body(("html",))
        return {**self._summary(mail_id, message),
                "header": {k: str(v) for k, v in message.items() if k != "X-Sink-Recipient"},
                "body": {"text": text.get_content() if text else "", "html": html.get_content() if html else ""}}

    def delete(self, mailbox: str | None = None) -> int:
        with self._lock:
            gone = [s["id"] for s in self.summaries(mailbox)]
            for mail_id in gone:
                (self.folder / f"{mail_id}.eml").unlink(missing_ok=True)
        return len(gone)
