"""WhatsApp Cloud API: business-initiated messages are approved templates (type template, pt_BR), sent with
POST {api}/{version}/{phone-number-id}/messages. The settings live in system_settings under `whatsapp`
(Integrações), the access token and app secret encrypted (edgekit.sealed_settings).

The delivery's idempotency key travels as biz_opaque_callback_data: status webhooks carry it back, so a
message accepted just before the stack died is recognised by its webhook and not sent again.

The base URL is configurable for local fakes only: in production mode (off loopback) messages go to the official
Graph host and nowhere else (edgekit.whatsapp_endpoint). What the provider answers is never stored as it came: a
delivery keeps the HTTP status, Graph's numeric error code and a well-formed message id, nothing of its text."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

import httpx
import psycopg

from edgekit.sealed_settings import SettingsCipher, opened
from edgekit.setting_schemas import SETTINGS
from edgekit.whatsapp_endpoint import OFFICIAL_API, endpoint_refusal

KEY = "whatsapp"
DEFAULT_API = OFFICIAL_API
DEFAULT_VERSION = "v21.0"
MESSAGE_ID = re.compile(r"[A-Za-z0-9._:=+/-]{1,256}")   # Graph's wamid.<base64>
VERSION = re.compile(r"v[0-9]{1,3}\.[0-9]{1,2}")


@dataclass
class WhatsAppConfig:
    phone_number_id: str
    access_token: str
    app_secret: str = ""
    api_base_url: str = DEFAULT_API
    api_version: str = DEFAULT_VERSION
    template_name: str = ""
    language: str = "pt_BR"
    templates: dict = field(default_factory=dict)     # kind -> template name, overriding template_name

    def template_for(self, kind: str) -> str:
        return self.templates.get(kind) or self.template_name


def cipher(jwt_secret: str) -> SettingsCipher:
    """The same key system-settings seals with: SETTINGS_ENCRYPTION_KEY, else the JWT secret."""
    return SettingsCipher.from_env({**os.environ, "SUPABASE_JWT_SECRET": jwt_secret})


def parse(value: dict | None, jwt_secret: str) -> WhatsAppConfig | None:
    if not value:
        return None
    clear = opened(value, SETTINGS[KEY], cipher(jwt_secret)) or {}
    if not (clear.get("phoneNumberId") and clear.get("accessToken") and clear.get("templateName")):
        return None
    return WhatsAppConfig(
        phone_number_id=clear["phoneNumberId"], access_token=clear["accessToken"],
        app_secret=clear.get("appSecret") or "",
        api_base_url=(clear.get("apiBaseUrl") or DEFAULT_API).rstrip("/"),
        api_version=clear.get("apiVersion") or DEFAULT_VERSION,
        template_name=clear["templateName"], language=clear.get("languageCode") or "pt_BR",
        templates={k: v for k, v in (clear.get("templates") or {}).items() if v})


async def stored(conn: psycopg.AsyncConnection) -> dict | None:
    """The settings as Integrações stored them (sealed), or None: what parse() opens."""
    cur = await conn.execute("select value from public.system_settings where key = %s", (KEY,))
    row = await cur.fetchone()
    return row[0] if row else None


class SendError(Exception):
    def __init__(self, message: str, permanent: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent


def pay_line(payload: dict, site_url: str) -> str:
    """An installment reminder's pay link (payload pay_link, a portal path) as the text's last line."""
    link = payload.get("pay_link")
    if not isinstance(link, str) or not link.startswith("/") or link.startswith("//") or not site_url:
        return ""
    return f"\nPagar agora: {site_url.rstrip('/')}{link}"


def body(config: WhatsAppConfig, to: str, kind: str, payload: dict, idempotency_key: str,
         site_url: str = "") -> dict:
    """The template's body parameters are the notification's title and text ({{1}}, {{2}}); an installment
    reminder's text ends with its pay link on the app (`site_url`). A staff reply inside the client's 24-hour
    window (payload type 'text', checked by public.send_whatsapp_reply) is a free-form text message."""
    if payload.get("type") == "text":
        return {"messaging_product": "whatsapp", "recipient_type": "individual", "to": to.lstrip("+"),
                "type": "text", "text": {"preview_url": False, "body": str(payload.get("text") or "")[:4096]},
                "biz_opaque_callback_data": idempotency_key}
    pay = pay_line(payload, site_url)
    text = (payload.get("body") or payload.get("title") or "")[:1000 - len(pay)] + pay
    texts = [payload.get("title") or "Notificação", text]
    return {
        "messaging_product": "whatsapp", "recipient_type": "individual", "to": to.lstrip("+"),
        "type": "template",
        "template": {"name": config.template_for(kind), "language": {"code": config.language},
                     "components": [{"type": "body",
                                     "parameters": [{"type": "text", "text": t} for t in texts]}]},
        "biz_opaque_callback_data": idempotency_key,
    }


def _graph_error_code(r: httpx.Response) -> int | None:
    """Graph's numeric error code (e.g. 131026), the only part of an error answer that is kept."""
    try:
        code = r.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return None
    return code if isinstance(code, int) and not isinstance(code, bool) and 0 <= code < 10**9 else None


async def send(client: httpx.AsyncClient, config: WhatsAppConfig, to: str, kind: str, payload: dict,
               idempotency_key: str, production: bool = False, site_url: str = "") -> str:
    """Returns the wamid. Rate limits, server errors and timeouts are retried; other 4xx are permanent.
    In production mode only the official Graph host is called (a stored local address is refused)."""
    refused = endpoint_refusal(config.api_base_url, production)
    if refused:
        raise SendError(refused, permanent=True)
    if not VERSION.fullmatch(config.api_version) or not re.fullmatch(r"[0-9]{1,32}", config.phone_number_id):
        raise SendError("WhatsApp: versão da API ou ID do número de telefone inválido", permanent=True)
    url = f"{config.api_base_url}/{config.api_version}/{config.phone_number_id}/messages"
    try:
        r = await client.post(url, json=body(config, to, kind, payload, idempotency_key, site_url),
                              headers={"Authorization": f"Bearer {config.access_token}"}, follow_redirects=False)
    except httpx.HTTPError as exc:
        raise SendError(f"WhatsApp: {type(exc).__name__}") from exc
    if r.status_code >= 300:
        code = _graph_error_code(r)
        permanent = 400 <= r.status_code < 500 and r.status_code not in (401, 403, 408, 429)
        raise SendError(f"WhatsApp {r.status_code}" + (f" (código {code})" if code is not None else ""),
                        permanent=permanent)
    try:
        message_id = r.json()["messages"][0]["id"]
    except (ValueError, KeyError, IndexError, TypeError):
        message_id = None
    if not isinstance(message_id, str) or not MESSAGE_ID.fullmatch(message_id):
        raise SendError(f"WhatsApp: resposta inesperada (HTTP {r.status_code})")
    return message_id
