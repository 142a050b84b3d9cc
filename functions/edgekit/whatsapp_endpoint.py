"""Where WhatsApp messages may be sent: the official Graph host; another base URL (a local fake) only on a
development stack. Shared by system-settings (which refuses to store it) and the outbox (which refuses to
call it)."""
from __future__ import annotations

from urllib.parse import urlsplit

OFFICIAL_API = "https://graph.facebook.com"


def endpoint_refusal(url: str | None, production: bool) -> str | None:
    """Why `url` may not receive the office's messages (pt-BR), or None. Empty means the official host."""
    if not url:
        return None
    text = url.strip().rstrip("/")
    if text == OFFICIAL_API:
        return None
    if production:
        return f"Em produção, a API do WhatsApp é somente {OFFICIAL_API}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return "Endereço da API do WhatsApp inválido"
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password \
            or parts.query or parts.fragment or (port is not None and not 0 < port < 65536):
        return "Endereço da API do WhatsApp inválido (use http:// ou https:// e um servidor)"
    return None
