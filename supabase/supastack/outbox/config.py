"""Where notification e-mails go and how the outbox worker paces itself.

`[auth.email.smtp] host, port, user, pass, admin_email, sender_name` (the Supabase CLI's names; SMTP_HOST,
SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_ADMIN_EMAIL, SMTP_SENDER_NAME override them) name a real server;
without a host, mail goes to the local sink (supastack.mailsink). `[notifications]` paces the worker."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from supastack.core.config import Settings
from supastack.mailsink.server import endpoint

DEFAULT_SENDER = "no-reply@localhost"   # the project names its own ([auth.email.smtp] admin_email)


@dataclass
class SmtpConfig:
    host: str
    port: int
    user: str = ""
    password: str = ""
    sender: str = DEFAULT_SENDER
    sender_name: str = ""
    # implicit TLS on 465; STARTTLS when the server offers it otherwise (aiosmtplib's default)
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


@dataclass
class WorkerConfig:
    enabled: bool = True
    concurrency: int = 8          # deliveries in flight per API process
    batch: int = 32               # rows claimed per round
    max_attempts: int = 6         # then the row is dead (an administrator may re-send it)
    lease_seconds: float = 120.0  # a row left 'sending' by a dead process is retried after this
    poll_seconds: float = 1.0     # the fallback: rounds start at once when a NOTIFY wakes the worker
    listen: bool = True           # LISTEN for that NOTIFY (off behind a transaction-mode pooler)
    backoff_seconds: float = 30.0     # first retry after about this, doubling each attempt
    backoff_max_seconds: float = 3600.0
    send_timeout_seconds: float = 30.0


def email_intros(settings: Settings) -> dict[str, str]:
    """`[notifications.intro]`: the first line of a notification e-mail by kind (the outbox row's template);
    kinds without one get none. The project's words, not the engine's."""
    intros = settings.raw.get("notifications", {}).get("intro", {})
    return {str(k): str(v) for k, v in intros.items()} if isinstance(intros, dict) else {}


def email_footer(settings: Settings) -> str:
    """`[notifications] footer`: the closing lines of every notification e-mail (why the person receives it,
    how to stop); the engine adds none of its own."""
    return str(settings.raw.get("notifications", {}).get("footer") or "")


def worker_config(settings: Settings, env: dict | None = None) -> WorkerConfig:
    """`[notifications]` keys of the same names; OUTBOX_<KEY> variables override them (tests, bench)."""
    env = dict(os.environ if env is None else env)
    section = settings.raw.get("notifications", {})
    out = WorkerConfig()
    for name, default in vars(WorkerConfig()).items():
        value = env.get(f"OUTBOX_{name.upper()}", section.get(name, default))
        if isinstance(default, bool):
            value = str(value).lower() not in ("false", "0", "off", "no")
        setattr(out, name, type(default)(value))
    # a send still under way must never look abandoned: the lease outlasts the provider call's timeout
    out.lease_seconds = max(out.lease_seconds, out.send_timeout_seconds + 1)
    return out
