"""Security notification e-mails (GoTrue's account-change notifications): after a password, e-mail, phone,
identity or second-factor change, the user is told, when the project turned that notification on.

As GoTrue, the change never fails because its notice could not be sent: the failure goes to the stack log."""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from supastack.auth import email_templates, links, mailer
from supastack.core.config import Settings

log = logging.getLogger("supastack.auth")


async def notify(settings: Settings, kind: str, user: dict, to: str | None = None, **values: Any) -> None:
    """Send `kind`'s notice (an email_templates.NOTIFICATIONS name) to `to` (default: the user's address),
    with GoTrue's variables SiteURL, Email (the user's address), Data (user_metadata) and `values`."""
    templates = links.templates(settings)
    to = to if to is not None else user.get("email") or ""
    if kind not in templates.notifications or not to:
        return
    variables = {"SiteURL": settings.site_url, "Email": user.get("email") or "",
                 "Data": user.get("raw_user_meta_data") or {}, **values}
    subject, html = email_templates.render(templates, f"{kind}_notification", variables)
    try:
        await asyncio.to_thread(mailer.send, settings, to, subject, html, f"{kind}_notification")
    except OSError as exc:
        log.warning("auth notification %s to %s not sent: %s", kind, to, exc)
