"""One-time codes and links sent by e-mail (or SMS): stored as a keyed hash in the user's token column,
limited to one message per address per minute (GoTrue's smtp max_frequency), then sent after commit."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

from supastack.auth import mailer, otp
from supastack.auth.errors import AuthError, ErrorCode
from supastack.core.config import Settings

# message kind -> (token column, sending-time column, e-mail subject, text before the code)
KINDS = {
    "recovery": ("recovery_token", "recovery_sent_at", "Redefinição de senha",
                 "Para redefinir sua senha, use o código {code} ou abra o link:"),
    "magiclink": ("recovery_token", "recovery_sent_at", "Seu link de acesso",
                  "Para entrar, use o código {code} ou abra o link:"),
    "signup": ("confirmation_token", "confirmation_sent_at", "Confirme seu cadastro",
               "Para confirmar seu e-mail, use o código {code} ou abra o link:"),
    "invite": ("confirmation_token", "confirmation_sent_at", "Você foi convidado",
               "Você foi convidado para o sistema do escritório. Use o código {code} ou abra o link para "
               "definir sua senha:"),
    "email_change": ("email_change_token_new", "email_change_sent_at", "Confirme a alteração de e-mail",
                     "Para confirmar o novo e-mail, use o código {code} ou abra o link:"),
    "reauthentication": ("reauthentication_token", "reauthentication_sent_at", "Confirme sua identidade",
                         "Seu código de confirmação é {code}."),
    "sms": ("confirmation_token", "confirmation_sent_at", "", "Seu código de acesso é {code}"),
    "phone_change": ("phone_change_token", "phone_change_sent_at", "", "Seu código de confirmação é {code}"),
}


@dataclass
class Pending:
    """A code stored in the caller's transaction, to send once it commits."""
    kind: str
    to: str
    code: str
    hashed: str
    link: str


def too_soon(wait: int, sms: bool = False) -> AuthError:
    """GoTrue's frequency limit: over_sms_send_rate_limit for a code to a phone, else the e-mail code."""
    return AuthError(429, ErrorCode.OVER_SMS_SEND_RATE_LIMIT if sms else ErrorCode.OVER_EMAIL_SEND_RATE_LIMIT,
                     f"For security purposes, you can only request this after {wait} seconds.")


async def store(conn, settings: Settings, user_id: str, kind: str, to: str, redirect: str,
                limit: bool = True, code: str | None = None) -> Pending:
    """A new code of `kind` for `to` in the user's row (caller's transaction); 429 within a minute of the last."""
    column, sent_column = KINDS[kind][:2]
    cur = await conn.execute(  # column names come from KINDS only
        f"select extract(epoch from now() - {sent_column}) from auth.users where id = %s for update", (user_id,))
    (age,) = await cur.fetchone()
    if limit and age is not None and age < otp.EMAIL_SEND_INTERVAL_SECONDS:
        raise too_soon(int(otp.EMAIL_SEND_INTERVAL_SECONDS - age), sms=kind in ("sms", "phone_change") or "@" not in to)
    code = code or otp.new_code()
    hashed = otp.token_hash(to, code, settings.jwt_secret)
    extra = ", invited_at = now()" if kind == "invite" else ""
    await conn.execute(f"update auth.users set {column} = %s, {sent_column} = now(){extra} where id = %s",
                       (hashed, user_id))
    link = "" if kind in ("reauthentication", "sms", "phone_change") else \
        otp.verify_link(settings.api_url, hashed, kind, redirect)
    return Pending(kind, to, code, hashed, link)


async def send_mail(settings: Settings, pending: Pending) -> None:
    _, _, subject, text = KINDS[pending.kind]
    await deliver(settings, pending.to, subject, text.format(code=pending.code), pending.link)


async def deliver(settings: Settings, to: str, subject: str, text: str, link: str) -> None:
    """mailer.send off the event loop: it talks SMTP synchronously (and the sink may share this loop)."""
    await asyncio.to_thread(mailer.send, settings.data_dir, to, subject, text, link)
