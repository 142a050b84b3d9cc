"""Auth settings read from config.toml's [auth.*] sections (settings.raw) and the environment, in the CLI's
key names. Kept here rather than in core/config.py: they concern the auth service only."""
from __future__ import annotations

import os

from supastack.core.config import Settings


def _section(settings: Settings, *path: str) -> dict:
    node = settings.raw or {}
    for name in path:
        node = node.get(name) or {}
    return node if isinstance(node, dict) else {}


def _flag(env_name: str, configured, default: bool) -> bool:
    raw = os.environ.get(env_name)
    if raw:
        return raw.lower() == "true"
    return default if configured is None else bool(configured)


def sms_enabled(settings: Settings) -> bool:
    """Phone one-time codes (the CLI's [auth.sms] enable_signup): sent to the local SMS sink."""
    return _flag("AUTH_SMS_ENABLED", _section(settings, "auth", "sms").get("enable_signup"), False)


def secure_password_change(settings: Settings) -> bool:
    """[auth.email] secure_password_change: a password change in a session older than 24 h needs a nonce."""
    return _flag("AUTH_SECURE_PASSWORD_CHANGE",
                 _section(settings, "auth", "email").get("secure_password_change"), False)


def secure_email_change(settings: Settings) -> bool:
    """[auth.email] double_confirm_changes (GoTrue's GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, on by default):
    an e-mail change mails a code to the current address too; with confirmations on, both must be confirmed."""
    raw = settings.mailer_env.get("GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED")
    if raw:
        return raw.lower() == "true"
    return _flag("AUTH_SECURE_EMAIL_CHANGE", _section(settings, "auth", "email").get("double_confirm_changes"), True)


def totp_enroll_enabled(settings: Settings) -> bool:
    return _flag("AUTH_MFA_TOTP_ENROLL", _section(settings, "auth", "mfa", "totp").get("enroll_enabled"), True)


def totp_verify_enabled(settings: Settings) -> bool:
    return _flag("AUTH_MFA_TOTP_VERIFY", _section(settings, "auth", "mfa", "totp").get("verify_enabled"), True)


def max_enrolled_factors(settings: Settings) -> int:
    return int(_section(settings, "auth", "mfa").get("max_enrolled_factors") or 10)
