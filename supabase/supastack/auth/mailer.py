"""Auth e-mails (confirmation, recovery, e-mail change) over SMTP: to `[auth.email.smtp]`'s server when one
is configured, else to the local mail sink (its web inbox, as the Supabase CLI's Inbucket). With neither,
the link is only written to the stack log.

Sent synchronously with a short timeout, as GoTrue does: the caller answers an error when the server
refuses (OSError). The local sink answers in milliseconds; a remote server should be close to the stack."""
from __future__ import annotations

import smtplib
import ssl
import sys
import uuid
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate
from pathlib import Path

from supastack.core.config import Settings
from supastack.outbox.config import smtp_config

TIMEOUT = 10.0
_settings: Settings | None = None


def configure(settings: Settings) -> None:
    """Called at start-up: `[auth.email.smtp]` is read from this project's config.toml."""
    global _settings
    _settings = settings


def send(data_dir: Path, to: str, subject: str, text: str, link: str) -> str | None:
    """Send one message; returns its Message-ID (None when there is no mail server). The link is also
    printed so that it can be found in the stack log."""
    print(f"auth mail to {to}: {subject}: {link}", file=sys.stderr, flush=True)
    config = smtp_config(_settings, data_dir)
    if config is None:
        return None
    message = EmailMessage()
    message["From"] = Address(config.sender_name, addr_spec=config.sender)
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = f"<{uuid.uuid4()}@{config.sender.rsplit('@', 1)[-1]}>"
    message.set_content(f"{text}\n\n{link}\n")
    try:
        smtp_class = smtplib.SMTP_SSL if config.use_tls else smtplib.SMTP
        with smtp_class(config.host, config.port, timeout=TIMEOUT) as smtp:
            if not config.use_tls and not config.local_sink:
                smtp.ehlo()
                if smtp.has_extn("starttls"):
                    smtp.starttls(context=ssl.create_default_context())
            if config.user:
                smtp.login(config.user, config.password)
            smtp.send_message(message)
    except smtplib.SMTPException as exc:
        raise OSError(f"mail server refused the message: {exc}") from exc
    return str(message["Message-ID"])
