"""The local mail sink: auth e-mails are written as .eml files under <data_dir>/mail/ and to the stack log."""
from __future__ import annotations

import sys
import time
import uuid
from email.message import EmailMessage
from pathlib import Path

SENDER = "no-reply@auth.local"


def send(data_dir: Path, to: str, subject: str, text: str, link: str) -> Path:
    """Write one message; the link is also printed so that it can be found in the stack log."""
    message = EmailMessage()
    message["From"] = SENDER
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = f"<{uuid.uuid4()}@auth.local>"
    message.set_content(f"{text}\n\n{link}\n")
    folder = data_dir / "mail"
    folder.mkdir(parents=True, exist_ok=True)
    # Names sort in sending order, also within one second (a second code for the same address).
    now = time.time_ns()
    stamp = time.strftime('%Y%m%dT%H%M%S', time.localtime(now // 10**9))
    path = folder / f"{stamp}.{now % 10**9:09d}-{uuid.uuid4().hex[:8]}.eml"
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(bytes(message))
    tmp.replace(path)  # a reader never sees half a message
    print(f"auth mail to {to}: {subject}: {link}", file=sys.stderr, flush=True)
    return path
