"""One-time tokens as GoTrue makes them: a 6-digit code, stored as a 56-hex-digit hash, linked by that hash.

GoTrue's hash is sha224(email + code); ours is keyed (HMAC-SHA224 under a key derived from the JWT secret),
so a link's hash cannot be computed from a guessed code: guessing must go through the code form of
POST /verify, which counts the guesses per e-mail (see otp_attempts).
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from urllib.parse import urlencode, urlsplit

OTP_TTL_SECONDS = 3600          # mailer.otp_exp


def new_code() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def token_hash(email_or_phone: str, code: str, secret: str) -> str:
    """The stored (and linked) form of a code sent to `email_or_phone`; `secret` is the project's JWT secret."""
    key = hmac.new(secret.encode(), b"supastack auth one-time codes v1", hashlib.sha256).digest()
    return hmac.new(key, (email_or_phone + code).encode(), hashlib.sha224).hexdigest()


def safe_redirect(requested: str | None, site_url: str, *api_urls: str) -> str:
    """`redirect_to` only when it points at the site (or the API's) origin; otherwise the site URL."""
    if requested:
        want = urlsplit(requested)
        for allowed in (site_url, *api_urls):
            ok = urlsplit(allowed)
            if (want.scheme, want.netloc) == (ok.scheme, ok.netloc):
                return requested
    return site_url


def verify_link(api_url: str, hashed: str, kind: str, redirect_to: str) -> str:
    return f"{api_url}/auth/v1/verify?" + urlencode({"token": hashed, "type": kind, "redirect_to": redirect_to})
