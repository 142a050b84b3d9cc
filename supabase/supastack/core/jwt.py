"""JWTs: signing, verification, and the gateway's mapping of API keys to a bearer token.

Two kinds of keys are accepted, as GoTrue's asymmetric signing keys made usual:
- the project's HS256 secret (the legacy keys, the anon/service_role API keys, storage's signed URLs);
- asymmetric keys (ES256, RS256) found by the token's `kid` in the key ring `use_keys` installs. A token
  whose kid is unknown makes the ring reload once (another process may have rotated the keys).
"""
from __future__ import annotations

import hmac
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from jose import jwk as jose_jwk
from jose import jwt as jose_jwt
from jose.exceptions import ExpiredSignatureError, JWTError

ALGORITHM = "HS256"
ASYMMETRIC = ("ES256", "RS256")


Jwk = dict[str, Any]
Claims = dict[str, Any]


class ApiKeys(Protocol):
    """What the key mapping reads of the settings (core.config.Settings has these)."""

    jwt_secret: str
    anon_key: str
    service_role_key: str
    publishable_key: str
    secret_key: str


class InvalidToken(Exception):
    """The token is malformed, wrongly signed, uses another algorithm, or has expired."""

    def __init__(self, message: str, expired: bool = False):
        super().__init__(message)
        self.expired = expired


class KeyRing:
    """The asymmetric keys of this process: the signing key (private JWK or None) and every public JWK by kid."""

    def __init__(self, load: Callable[[], tuple[Jwk | None, list[Jwk]]]):
        self._load = load
        self._lock = threading.Lock()
        self._loaded_at = 0.0
        self.signing: Jwk | None = None
        self.public: dict[str, Jwk] = {}
        self.reload()

    def reload(self) -> None:
        signing, public = self._load()
        with self._lock:
            self.signing = signing
            self.public = {k["kid"]: k for k in public}
            self._loaded_at = time.monotonic()

    def fresh(self, max_age: float) -> KeyRing:
        """Reloaded when older than `max_age` seconds (a rotation by another process or by hand)."""
        if time.monotonic() - self._loaded_at > max_age:
            self.reload()
        return self

    def find(self, kid: str) -> Jwk | None:
        key = self.public.get(kid)
        if key is None:
            key = self.fresh(1.0).public.get(kid)  # at most one reload a second for unknown kids
        return key


_ring: KeyRing | None = None


def use_keys(ring: KeyRing | None) -> None:
    """Install (or remove) the asymmetric key ring of this process; the auth service does it at start-up."""
    global _ring
    _ring = ring


def key_ring() -> KeyRing | None:
    return _ring


def sign(claims: Mapping[str, Any], secret: str) -> str:
    """HS256 with the project secret (API keys, signed URLs, tokens of tests)."""
    token: str = jose_jwt.encode(dict(claims), secret, algorithm=ALGORITHM)
    return token


def sign_session(claims: Mapping[str, Any], secret: str) -> str:
    """An access token: with the ring's signing key (and its kid) when there is one, else HS256."""
    key = _ring.fresh(5.0).signing if _ring else None
    if not key:
        return sign(claims, secret)
    token: str = jose_jwt.encode(dict(claims), key, algorithm=key["alg"], headers={"kid": key["kid"]})
    return token


def _bad(header_alg: object = None) -> InvalidToken:
    if header_alg:
        return InvalidToken("invalid JWT: unable to parse or verify signature, signing method "
                            f"{header_alg} is invalid")
    return InvalidToken("invalid JWT: unable to parse or verify signature")


def verify(token: str, secret: str) -> Claims:
    """Claims of a valid token: HS256 under `secret`, or ES256/RS256 under the ring's key named by `kid`.
    `alg: none` and other algorithms are refused."""
    try:
        header = jose_jwt.get_unverified_header(token)
    except JWTError as exc:
        raise _bad() from exc
    alg = header.get("alg")
    if alg == ALGORITHM:
        key, algorithms = secret, [ALGORITHM]
    elif alg in ASYMMETRIC and _ring is not None and isinstance(header.get("kid"), str):
        public = _ring.find(header["kid"])
        if public is None or public.get("alg", alg) != alg:
            raise _bad()
        key, algorithms = jose_jwk.construct(public, alg), [alg]
    else:
        raise _bad(alg)
    try:
        claims: Claims = jose_jwt.decode(token, key, algorithms=algorithms,
                                 options={"verify_aud": False, "verify_sub": False})
    except ExpiredSignatureError as exc:
        raise InvalidToken("JWT expired", expired=True) from exc
    except JWTError as exc:
        raise _bad() from exc
    return claims


def same_secret(given: str, expected: str) -> bool:
    """Compares a presented key with ours in constant time (no timing hint of how much of it matched)."""
    return bool(given) and hmac.compare_digest(given.encode(), expected.encode())


def bearer_token(headers: Mapping[str, str], settings: ApiKeys) -> str | None:
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


def request_claims(headers: Mapping[str, str], settings: ApiKeys) -> Claims:
    """Claims for a request: the verified bearer token's, or `{"role": "anon"}` without one.

    Raises InvalidToken for a bad or expired token.
    """
    token = bearer_token(headers, settings)
    if not token:
        return {"role": "anon"}
    return verify(token, settings.jwt_secret)
