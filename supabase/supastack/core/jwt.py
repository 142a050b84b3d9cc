"""HS256 JWTs: signing, verification, and the gateway's mapping of API keys to a bearer token."""
from __future__ import annotations

import hmac
from typing import Mapping

from jose import jwt as jose_jwt
from jose.exceptions import ExpiredSignatureError, JWTError

ALGORITHM = "HS256"


class InvalidToken(Exception):
    """The token is malformed, wrongly signed, uses another algorithm, or has expired."""

    def __init__(self, message: str, expired: bool = False):
        super().__init__(message)
        self.expired = expired


def sign(claims: Mapping, secret: str) -> str:
    return jose_jwt.encode(dict(claims), secret, algorithm=ALGORITHM)


def verify(token: str, secret: str) -> dict:
    """Claims of a valid token; `alg: none` and other algorithms are refused."""
    try:
        header = jose_jwt.get_unverified_header(token)
    except JWTError as exc:
        raise InvalidToken("invalid JWT: unable to parse or verify signature") from exc
    if header.get("alg") != ALGORITHM:
        raise InvalidToken("invalid JWT: unable to parse or verify signature, signing method " +
                           f"{header.get('alg')} is invalid")
    try:
        claims = jose_jwt.decode(token, secret, algorithms=[ALGORITHM],
                                 options={"verify_aud": False, "verify_sub": False})
    except ExpiredSignatureError as exc:
        raise InvalidToken("JWT expired", expired=True) from exc
    except JWTError as exc:
        raise InvalidToken("invalid JWT: unable to parse or verify signature") from exc
    return claims


def same_secret(given: str, expected: str) -> bool:
    """Compares a presented key with ours in constant time (no timing hint of how much of it matched)."""
    return bool(given) and hmac.compare_digest(given.encode(), expected.encode())


def bearer_token(headers: Mapping[str, str], settings) -> str | None:
    """The bearer token the services see, after the gateway's key mapping (Supabase CLI's Kong).

    1. an incoming `Authorization: Bearer <jwt>` that is not an `sb_` key;
    2. the service_role JWT if the key (apikey or bearer) is the secret key;
    3. the anon JWT if it is the publishable key;
    4. the raw `apikey` value (legacy JWT keys); else None (anon).
    """
    auth = headers.get("authorization") or ""
    token = auth[7:].strip() if auth[:7].lower() == "bearer " else ""
    apikey = headers.get("apikey") or ""
    if token and not token.startswith("sb_"):
        return token
    key = token or apikey
    if same_secret(key, settings.secret_key):
        return settings.service_role_key
    if same_secret(key, settings.publishable_key):
        return settings.anon_key
    if apikey and not apikey.startswith("sb_"):
        return apikey
    return None


def request_claims(headers: Mapping[str, str], settings) -> dict:
    """Claims for a request: the verified bearer token's, or `{"role": "anon"}` without one.

    Raises InvalidToken for a bad or expired token.
    """
    token = bearer_token(headers, settings)
    if not token:
        return {"role": "anon"}
    return verify(token, settings.jwt_secret)
