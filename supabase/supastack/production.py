"""Production mode: the stack listens beyond this machine (or behind a proxy with a public URL) only with a
real JWT secret, without the seed's demo log-ins, whose password is written in the project's seed file for
anyone to read, and with a real SMTP server (or an explicit opt-out), so that e-mails reach people."""
from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Mapping
from urllib.parse import urlsplit

import psycopg

from supastack.core.config import CLI_JWT_SECRET as CLI_DEVELOPMENT_SECRET  # public, in every tutorial
from supastack.core.config import Settings
from supastack.core.rows import one

MINIMUM_SECRET_LENGTH = 32

_PASSWORD_IN_SEED = re.compile(r"crypt\(\s*'((?:[^']|'')*)'", re.I)
_EMAIL_IN_SEED = re.compile(r"'([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})'")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def weak_secret_reason(secret: str) -> str | None:
    if secret == CLI_DEVELOPMENT_SECRET:
        return "the JWT secret is the Supabase CLI's public development secret"
    if len(secret) < MINIMUM_SECRET_LENGTH:
        return f"the JWT secret is shorter than {MINIMUM_SECRET_LENGTH} characters"
    return None


def seed_log_ins(seed_text: str) -> tuple[list[str], list[str]]:
    """The e-mail addresses and the passwords (crypt('...') literals) that a seed file writes."""
    passwords = [m.replace("''", "'") for m in _PASSWORD_IN_SEED.findall(seed_text)]
    emails = sorted({m.lower() for m in _EMAIL_IN_SEED.findall(seed_text)})
    return emails, passwords


def demo_log_ins_present(settings: Settings) -> list[str]:
    """E-mails of accounts that still sign in with a password written in the seed file."""
    if not settings.seed_file.is_file():
        return []
    emails, passwords = seed_log_ins(settings.seed_file.read_text(errors="replace"))
    if not emails or not passwords:
        return []
    with psycopg.connect(settings.db_url, connect_timeout=10) as conn:
        if one(conn.execute("select to_regclass('auth.users') is null").fetchone())[0]:
            return []
        rows = conn.execute(
            """select u.email from auth.users u
                where lower(u.email) = any(%s) and u.encrypted_password like '$2%%'
                  and exists (select 1 from unnest(%s::text[]) p(pw)
                               where u.encrypted_password = extensions.crypt(p.pw, u.encrypted_password))
                order by 1""", (emails, passwords)).fetchall()
    return [r[0] for r in rows]


def public_addresses(settings: Settings, env: Mapping[str, str] | None = None) -> list[str]:
    """Where the stack is reachable beyond this machine: its listen address, or the public URLs of a proxy in
    front of it (API_EXTERNAL_URL, SITE_URL) when it listens on loopback."""
    environ: Mapping[str, str] = os.environ if env is None else env
    found = [] if is_loopback(settings.host) else [settings.host]
    for url in (environ.get("API_EXTERNAL_URL") or settings.api_external_url, settings.site_url):
        host = urlsplit(url).hostname if url else None
        if host and not is_loopback(host):
            found.append(host)
    return found


def is_production(settings: Settings, env: Mapping[str, str] | None = None) -> bool:
    """Production mode: the stack is reachable beyond this machine (see public_addresses)."""
    return bool(public_addresses(settings, env))


LOCAL_SINK_OPT_OUT = "ALLOW_LOCAL_MAIL_SINK"


def _flag(value: object) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def mail_sink_allowed(settings: Settings, env: Mapping[str, str] | None = None) -> bool:
    """The explicit opt-out of real e-mail in production (ALLOW_LOCAL_MAIL_SINK=true, or
    `[auth.email.smtp] allow_local_sink = true`): invitations and resets then never leave the machine."""
    environ: Mapping[str, str] = os.environ if env is None else env
    section = settings.raw.get("auth", {}).get("email", {}).get("smtp", {})
    return _flag(environ.get(LOCAL_SINK_OPT_OUT) or section.get("allow_local_sink", False))


def smtp_host(settings: Settings, env: Mapping[str, str] | None = None) -> str:
    """The configured SMTP server's host ("" when mail would go to the local sink), as the mailers read it."""
    environ: Mapping[str, str] = os.environ if env is None else env
    section = settings.raw.get("auth", {}).get("email", {}).get("smtp", {})
    enabled = str(environ.get("SMTP_ENABLED", section.get("enabled", True))).lower() not in ("false", "0", "off")
    return environ.get("SMTP_HOST") or (str(section.get("host") or "") if enabled else "")


def mail_route(settings: Settings, env: Mapping[str, str] | None = None) -> tuple[str, str]:
    """Where e-mail goes: ("smtp", "host:port"), ("local_sink", its inbox URL) or ("none", "")."""
    environ: Mapping[str, str] = os.environ if env is None else env
    host = smtp_host(settings, environ)
    if host:
        section = settings.raw.get("auth", {}).get("email", {}).get("smtp", {})
        port = environ.get("SMTP_PORT") or section.get("port") or 587
        return "smtp", f"{host}:{port}"
    from supastack.mail.sink.server import inbucket_config
    sink = inbucket_config(settings, dict(environ))
    if sink.enabled:
        return "local_sink", f"http://127.0.0.1:{sink.port}"
    return "none", ""


def mail_delivery(settings: Settings, env: Mapping[str, str] | None = None) -> str:
    """Where e-mail goes, in one line for `status`: `smtp://host:port`, or the local sink's inbox."""
    kind, address = mail_route(settings, env)
    if kind == "smtp":
        return f"smtp://{address}"
    if kind == "local_sink":
        return f"local sink {address} (nothing leaves this machine)"
    return "nowhere (no SMTP server and no local sink)"


def refusal(settings: Settings, env: Mapping[str, str] | None = None) -> str | None:
    """Why the stack must not serve, with what to set; None when it may. Reachable beyond loopback (listening
    there, or behind a proxy with a public URL) it needs a real JWT secret and the demo log-ins gone."""
    public = public_addresses(settings, env)
    if not public:
        return None
    problems = []
    weak = weak_secret_reason(settings.jwt_secret)
    if weak:
        problems.append(f"{weak}: set JWT_SECRET (or [auth] jwt_secret) to a random value of at least "
                        f"{MINIMUM_SECRET_LENGTH} characters, e.g. `openssl rand -base64 48`")
    environ: Mapping[str, str] = os.environ if env is None else env
    sealing = environ.get("SETTINGS_ENCRYPTION_KEY", "")
    if len(sealing) < MINIMUM_SECRET_LENGTH or sealing == settings.jwt_secret:
        # otherwise the sealed settings' key derives from the JWT secret, which every backup archive holds
        problems.append("set SETTINGS_ENCRYPTION_KEY to a random value of at least "
                        f"{MINIMUM_SECRET_LENGTH} characters, other than the JWT secret (the key of the secrets "
                        "that system-settings stores sealed), e.g. `openssl rand -base64 48`")
    try:
        demo = demo_log_ins_present(settings)
    except psycopg.Error as exc:
        demo = []
        problems.append(f"could not check the database for demo log-ins ({exc}); start PostgreSQL first")
    if demo:
        problems.append(f"{len(demo)} demo log-in(s) from {settings.seed_file.name} still use the seed's published "
                        f"password ({', '.join(demo)}): delete those accounts or change their passwords, and do "
                        "not seed production databases")
    if not smtp_host(settings, env) and not mail_sink_allowed(settings, env):
        problems.append("no SMTP server: invitations and password resets would stay on this machine: set SMTP_HOST "
                        "(and SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_ADMIN_EMAIL), or "
                        f"{LOCAL_SINK_OPT_OUT}=true to keep every e-mail in the local sink on purpose")
    if not problems:
        return None
    return (f"refusing to serve {', '.join(public)} (beyond this machine) in development mode:\n  - "
            + "\n  - ".join(problems)
            + "\nFor local development keep SUPASTACK_HOST, SITE_URL and API_EXTERNAL_URL on 127.0.0.1.")
