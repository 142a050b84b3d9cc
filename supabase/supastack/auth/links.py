"""One-time codes and links sent by e-mail (or SMS): stored as a keyed hash in the user's token column,
limited to one message per address per minute (GoTrue's smtp max_frequency), then sent after commit.
The words of each message come from the project's templates (auth.email_templates)."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from supastack.auth import email_templates, mailer, otp
from supastack.auth.errors import AuthError, ErrorCode
from supastack.core.config import Settings

# message kind -> (token column, sending-time column)
KINDS = {
    "recovery": ("recovery_token", "recovery_sent_at"),
    "magiclink": ("recovery_token", "recovery_sent_at"),
    "signup": ("confirmation_token", "confirmation_sent_at"),
    "invite": ("confirmation_token", "confirmation_sent_at"),
    "email_change": ("email_change_token_new", "email_change_sent_at"),
    "email_change_current": ("email_change_token_current", "email_change_sent_at"),
    "reauthentication": ("reauthentication_token", "reauthentication_sent_at"),
    "sms": ("confirmation_token", "confirmation_sent_at"),
    "phone_change": ("phone_change_token", "phone_change_sent_at"),
}


@dataclass
class Pending:
    """A code stored in the caller's transaction, to send once it commits."""
    kind: str
    to: str
    code: str
    hashed: str
    link: str
    redirect: str = ""
    email: str = ""                 # the user's current address (`to` is the new one for an e-mail change)
    data: dict[str, Any] = field(default_factory=dict)   # user_metadata, the templates' .Data
    new_email: str = ""             # an e-mail change's new address (`to` is the current one in its first mail)


def too_soon(wait: int, sms: bool = False) -> AuthError:
    """GoTrue's frequency limit: over_sms_send_rate_limit for a code to a phone, else the e-mail code."""
    return AuthError(429, ErrorCode.OVER_SMS_SEND_RATE_LIMIT if sms else ErrorCode.OVER_EMAIL_SEND_RATE_LIMIT,
                     f"For security purposes, you can only request this after {wait} seconds.")


async def store(conn, settings: Settings, user_id: str, kind: str, to: str, redirect: str,
                limit: bool = True, code: str | None = None) -> Pending:
    """A new code of `kind` for `to` in the user's row (caller's transaction); 429 within a minute of the last."""
    column, sent_column = KINDS[kind]
    cur = await conn.execute(  # column names come from KINDS only
        f"select extract(epoch from now() - {sent_column}), email, raw_user_meta_data from auth.users"
        " where id = %s for update", (user_id,))
    age, email, data = await cur.fetchone()
    interval = settings.email_send_interval
    if limit and age is not None and age < interval:
        raise too_soon(int(interval - age), sms=kind in ("sms", "phone_change") or "@" not in to)
    code = code or otp.new_code()
    hashed = otp.token_hash(to, code, settings.jwt_secret)
    extra = ", invited_at = now()" if kind == "invite" else ""
    await conn.execute(f"update auth.users set {column} = %s, {sent_column} = now(){extra} where id = %s",
                       (hashed, user_id))
    link = "" if kind in ("reauthentication", "sms", "phone_change") else \
        otp.verify_link(settings.public_api_url, hashed, "email_change" if kind.startswith("email_change") else kind,
                        redirect)
    return Pending(kind, to, code, hashed, link, redirect, email or to, data or {})


async def store_email_change(conn, settings: Settings, user: dict, new_email: str, redirect: str,
                             secure: bool) -> list[Pending]:
    """GoTrue's sendEmailChange (caller's transaction): a code for the new address and, with secure e-mail
    change, one for the current address too (its mail first); 429 within the send interval of the last change
    mail."""
    user_id, current = str(user["id"]), user.get("email") or ""
    cur = await conn.execute("select extract(epoch from now() - email_change_sent_at) from auth.users"
                             " where id = %s for update", (user_id,))
    (age,) = await cur.fetchone()
    interval = settings.email_send_interval
    if age is not None and age < interval:
        raise too_soon(int(interval - age))
    data = user.get("raw_user_meta_data") or {}
    code = otp.new_code()
    hashed = otp.token_hash(new_email, code, settings.jwt_secret)
    pending = [Pending("email_change", new_email, code, hashed,
                       otp.verify_link(settings.public_api_url, hashed, "email_change", redirect),
                       redirect, current, data, new_email)]
    hashed_current = ""
    if secure and current:
        code_current = otp.new_code()
        hashed_current = otp.token_hash(current, code_current, settings.jwt_secret)
        pending.insert(0, Pending("email_change", current, code_current, hashed_current,
                                  otp.verify_link(settings.public_api_url, hashed_current, "email_change", redirect),
                                  redirect, current, data, new_email))
    await conn.execute(
        """update auth.users set email_change = %s, email_change_token_new = %s, email_change_token_current = %s,
                  email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now()
            where id = %s""", (new_email, hashed, hashed_current, user_id))
    return pending


def redirect_to(settings: Settings, requested: str | None) -> str:
    """Where a link's verification sends the browser: `requested` on the site's or the API's origin (local or
    external), else the site URL."""
    return otp.safe_redirect(requested, settings.site_url, settings.api_url, settings.public_api_url)


def templates(settings: Settings) -> email_templates.Templates:
    return email_templates.load(settings.workdir, settings.raw, settings.mailer_env)


def sms_text(settings: Settings, code: str) -> str:
    """An SMS code's text: `[auth.sms] template` (GoTrue's default: "Your code is {{ .Code }}")."""
    return email_templates.render_sms(templates(settings), code)


def message(settings: Settings, pending: Pending) -> tuple[str, str]:
    """(subject, HTML) of a pending code's e-mail, with the variables GoTrue gives its templates."""
    values: dict[str, Any] = {"SiteURL": settings.site_url, "ConfirmationURL": pending.link,
                              "Email": pending.email or pending.to, "Token": pending.code,
                              "TokenHash": pending.hashed, "Data": pending.data, "RedirectTo": pending.redirect}
    if pending.kind == "email_change":
        values.update(NewEmail=pending.new_email or pending.to, SendingTo=pending.to)
    return email_templates.render_mail(templates(settings), pending.kind, values)


async def send_mail(settings: Settings, pending: Pending) -> None:
    subject, html = message(settings, pending)
    await asyncio.to_thread(mailer.send, settings, pending.to, subject, html, pending.kind)
