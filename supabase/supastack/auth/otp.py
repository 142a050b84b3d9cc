"""One-time tokens as GoTrue makes them: a 6-digit code, stored as sha224(email + code), linked by its hash."""
from __future__ import annotations

import hashlib
import secrets
from urllib.parse import urlencode, urlsplit

OTP_TTL_SECONDS = 3600          # mailer.otp_exp
EMAIL_SEND_INTERVAL_SECONDS = 60  # smtp.max_frequency


def new_code() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def token_hash(email_or_phone: str, code: str) -> str:
    return hashlib.sha224((email_or_phone + code).encode()).hexdigest()


def safe_redirect(requested: str | None, site_url: str, api_url: str) -> str:
    """`redirect_to` only when it points at the site (or the API) origin; otherwise the site URL."""
    if requested:
        want = urlsplit(requested)
        for allowed in (site_url, api_url):
            ok = urlsplit(allowed)
            if (want.scheme, want.netloc) == (ok.scheme, ok.netloc):
                return requested
    return site_url


def verify_link(api_url: str, hashed: str, kind: str, redirect_to: str) -> str:
    return f"{api_url}/auth/v1/verify?" + urlencode({"token": hashed, "type": kind, "redirect_to": redirect_to})
