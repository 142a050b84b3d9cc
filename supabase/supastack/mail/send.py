"""Handing a built message to the server `smtp_config` chose: blocking (auth answers only once its mail is
accepted, as GoTrue does) or asynchronous (workers that deliver many at a time)."""
from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage

import aiosmtplib

from supastack.mail.settings import SmtpConfig


def send_now(config: SmtpConfig, message: EmailMessage, timeout: float) -> None:
    """Blocking send; a refusal is an OSError (the caller answers an error)."""
    try:
        smtp_class = smtplib.SMTP_SSL if config.use_tls else smtplib.SMTP
        with smtp_class(config.host, config.port, timeout=timeout) as smtp:
            if not config.use_tls and not config.local_sink:
                smtp.ehlo()
                if smtp.has_extn("starttls"):
                    smtp.starttls(context=ssl.create_default_context())
            if config.user:
                smtp.login(config.user, config.password)
            smtp.send_message(message)
    except smtplib.SMTPException as exc:
        raise OSError(f"mail server refused the message: {exc}") from exc


async def send(config: SmtpConfig, message: EmailMessage, timeout: float = 30.0) -> str:
    """Asynchronous send (aiosmtplib, STARTTLS when offered except to the local sink); returns the message's
    Message-ID."""
    await aiosmtplib.send(message, hostname=config.host, port=config.port, username=config.user or None,
                          password=config.password or None, use_tls=config.use_tls,
                          start_tls=False if config.local_sink else None, timeout=timeout)
    return str(message["Message-ID"])
