"""How the outbox worker paces itself (`[notifications]`) and the project's words in its e-mails. Where the
e-mails go is the engine's (supastack.mail.settings: `[auth.email.smtp]` or the local sink)."""
from __future__ import annotations

import os
from dataclasses import dataclass

from supastack.core.config import Settings


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
