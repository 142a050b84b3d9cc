"""One-time codes in the outbox: the row never holds the code in clear.

The contract-signing function stores the code sealed (AES-GCM with the settings key, bound to the delivery's
code id) in `payload.sealed_code` and a mask in the text; the worker opens it only in memory, at send time, and
puts it in the message. A code past its `code_expires_at` is not sent at all. Once the row is sent or dead, a
trigger (public.forget_sent_code) removes the sealed value too."""
from __future__ import annotations

import datetime as dt

from edgekit.sealed_settings import SettingsCipher

MASK = "••••••"   # where the code goes in the stored text


class CodeNotSent(Exception):
    """Expired or unreadable: the delivery is dead, never retried."""


def field(code_id: str) -> str:
    """The associated data that binds a sealed code to its own code id."""
    return f"contract-code:{code_id}"


def seal(cipher: SettingsCipher, code_id: str, code: str) -> str:
    return cipher.encrypt(code, field(code_id))


def opened(row: dict, cipher: SettingsCipher, now: dt.datetime | None = None) -> dict:
    """The row with the code in its title and text, for sending; the row itself unchanged."""
    payload = row.get("payload") or {}
    if "sealed_code" not in payload:
        return row
    expires = payload.get("code_expires_at")
    moment = now or dt.datetime.now(dt.UTC)
    if not expires or dt.datetime.fromisoformat(str(expires).replace("Z", "+00:00")) <= moment:
        raise CodeNotSent("código expirado: não enviado")
    try:
        code = cipher.decrypt(str(payload["sealed_code"]), field(str(payload.get("code_id") or "")))
    except Exception:
        raise CodeNotSent("código ilegível: não enviado") from None
    clear = {k: v for k, v in payload.items() if k not in ("sealed_code", "code_id", "code_expires_at")}
    for key in ("title", "body"):
        if isinstance(clear.get(key), str):
            clear[key] = clear[key].replace(MASK, code)
    return {**row, "payload": clear}
