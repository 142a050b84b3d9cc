"""Notification e-mails: pt-BR HTML + text from one template pair, sent with aiosmtplib.

The Message-ID is derived from the delivery's idempotency key, so a retry after a crash carries the same
Message-ID as the first attempt and receiving systems (and the local sink) keep one copy."""
from __future__ import annotations

import uuid
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate

from jinja2 import Environment, PackageLoader, select_autoescape

from supastack.mail import send as mail_send
from supastack.mail.settings import SmtpConfig

_templates = Environment(loader=PackageLoader("office_outbox", "templates"),
                         autoescape=select_autoescape(["html"]), keep_trailing_newline=True)

NAMESPACE = uuid.UUID("5f0c7a52-2f57-4f3c-9a0e-0d4c4f6e6b11")


def message_id(idempotency_key: str, domain: str = "notificacoes.local") -> str:
    return f"<{uuid.uuid5(NAMESPACE, idempotency_key)}@{domain}>"


def build(config: SmtpConfig, to: str, template: str, payload: dict, idempotency_key: str,
          site_url: str = "", intro: str = "", footer: str = "") -> EmailMessage:
    """`intro`: the first line of this kind of notification (the project's `[notifications.intro]`);
    `footer`: the last lines of every notification (`[notifications] footer`), none by default."""
    link = payload.get("link") or ""
    values = {"title": payload.get("title") or "Notificação", "body": payload.get("body") or "",
              "recipient_name": payload.get("recipient_name") or "", "intro": intro,
              "footer": footer.strip(),
              "action": "Pagar agora" if payload.get("pay_link") else "Abrir no portal",
              "url": (site_url.rstrip("/") + link) if link.startswith("/") and site_url else link}
    message = EmailMessage()
    message["From"] = Address(config.sender_name, addr_spec=config.sender)
    message["To"] = to
    message["Subject"] = values["title"]
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = message_id(idempotency_key, config.sender.rsplit("@", 1)[-1])
    message["X-Idempotency-Key"] = idempotency_key
    message.set_content(_templates.get_template("notification.txt").render(values))
    message.add_alternative(_templates.get_template("notification.html").render(values), subtype="html")
    return message


async def send(config: SmtpConfig, message: EmailMessage, timeout: float = 30.0) -> str:
    """Hand the message to the server; returns its Message-ID (the provider id recorded in the outbox)."""
    return await mail_send.send(config, message, timeout)
