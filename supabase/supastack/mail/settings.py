"""Where e-mails go.

`[auth.email.smtp] host, port, user, pass, admin_email, sender_name` (the Supabase CLI's names; SMTP_HOST,
SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_ADMIN_EMAIL, SMTP_SENDER_NAME override them) name a real server;
without a host, mail goes to the local sink (supastack.mail.sink) when one runs for the data folder."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from supastack.core.config import Settings
from supastack.mail.sink.server import endpoint

DEFAULT_SENDER = "no-reply@localhost"   # the project names its own ([auth.email.smtp] admin_email)


@dataclass
class SmtpConfig:
    host: str
    port: int
    user: str = ""
    password: str = ""
    sender: str = DEFAULT_SENDER
    sender_name: str = ""
    # implicit TLS on 465; STARTTLS when the server offers it otherwise
    use_tls: bool = False
    local_sink: bool = False


def smtp_config(settings: Settings | None, data_dir: Path, env: dict | None = None) -> SmtpConfig | None:
    """The server to send to, or None when there is neither a configured server nor a running sink."""
    env = dict(os.environ if env is None else env)
    raw = settings.raw if settings is not None else {}
    section = raw.get("auth", {}).get("email", {}).get("smtp", {})
    enabled = str(env.get("SMTP_ENABLED", section.get("enabled", True))).lower() not in ("false", "0", "off")
    host = env.get("SMTP_HOST") or (section.get("host", "") if enabled else "")
    sender = env.get("SMTP_ADMIN_EMAIL") or section.get("admin_email") or DEFAULT_SENDER
    name = env.get("SMTP_SENDER_NAME") or section.get("sender_name") or ""
    if host:
        port = int(env.get("SMTP_PORT") or section.get("port") or 587)
        return SmtpConfig(host=host, port=port, user=env.get("SMTP_USER") or section.get("user", ""),
                          password=env.get("SMTP_PASS") or section.get("pass", ""), sender=sender,
                          sender_name=name, use_tls=port == 465)
    sink = endpoint(data_dir)
    if sink is None:
        return None
    return SmtpConfig(host=sink["host"], port=int(sink["smtp_port"]), sender=sender, sender_name=name,
                      local_sink=True)
