"""Secrets inside system_settings values: AES-GCM at rest, masked on the way out.

A field is secret when its name matches /secret|password|token|private/i (e.g. `secretAccessKey`).
Its stored form is "enc:v1:<base64url(nonce | ciphertext)>", with a key derived by HKDF-SHA256 from
SETTINGS_ENCRYPTION_KEY, or else from the project's JWT secret (rotating that secret makes stored
secrets unreadable: set SETTINGS_ENCRYPTION_KEY to keep them across rotations). The browser only
ever sees masks like '••••••••abcd'; sending a mask back keeps the stored secret unchanged.
"""
from __future__ import annotations

import base64
import os
import re

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

SECRET_FIELD = re.compile(r"secret|password|token|private", re.I)
PREFIX = "enc:v1:"
MASK = "••••••••"


def is_secret_field(name: str) -> bool:
    return bool(SECRET_FIELD.search(name))


def mask(plaintext: str) -> str:
    """Enough to recognise which secret is stored, never enough to use it."""
    return MASK + plaintext[-4:] if len(plaintext) >= 12 else MASK


class SettingsCipher:
    def __init__(self, key_material: str):
        if not key_material:
            raise ValueError("no key material for settings encryption")
        key = HKDF(algorithm=hashes.SHA256(), length=32, salt=b"system-settings",
                   info=b"system_settings secret fields v1").derive(key_material.encode())
        self._aead = AESGCM(key)

    @classmethod
    def from_env(cls, env) -> "SettingsCipher":
        return cls(env.get("SETTINGS_ENCRYPTION_KEY") or env.get("SUPABASE_JWT_SECRET"))

    def encrypt(self, plaintext: str, field: str) -> str:
        nonce = os.urandom(12)
        sealed = self._aead.encrypt(nonce, plaintext.encode(), field.encode())   # field name as AAD
        return PREFIX + base64.urlsafe_b64encode(nonce + sealed).decode()

    def decrypt(self, stored: str, field: str) -> str:
        if not is_sealed(stored):
            return stored
        raw = base64.urlsafe_b64decode(stored[len(PREFIX):].encode())
        return self._aead.decrypt(raw[:12], raw[12:], field.encode()).decode()


def is_sealed(value: object) -> bool:
    return isinstance(value, str) and value.startswith(PREFIX)


def seal(value, cipher: SettingsCipher, previous=None):
    """Encrypt every secret string field; a mask equal to the stored secret's keeps the stored one."""
    if isinstance(value, dict):
        prev = previous if isinstance(previous, dict) else {}
        out = {}
        for name, item in value.items():
            if is_secret_field(name) and isinstance(item, str) and item:
                out[name] = _seal_field(name, item, prev.get(name), cipher)
            else:
                out[name] = seal(item, cipher, prev.get(name))
        return out
    if isinstance(value, list):
        return [seal(item, cipher) for item in value]
    return value


def _seal_field(name: str, item: str, stored, cipher: SettingsCipher) -> str:
    if is_sealed(stored) and item.startswith(MASK):
        try:
            if mask(cipher.decrypt(stored, name)) == item:
                return stored
        except (InvalidTag, ValueError):
            pass
    return cipher.encrypt(item, name)


def masked(value, cipher: SettingsCipher):
    """The stored value as the browser may see it: secret fields masked."""
    return _walk(value, lambda name, stored: _mask_field(name, stored, cipher))


def opened(value, cipher: SettingsCipher):
    """The stored value with secrets in clear: for server-side use only (e.g. an S3 client)."""
    return _walk(value, lambda name, stored: cipher.decrypt(stored, name))


def _mask_field(name: str, stored: str, cipher: SettingsCipher) -> str:
    try:
        return mask(cipher.decrypt(stored, name))
    except (InvalidTag, ValueError):
        return MASK


def _walk(value, on_secret):
    if isinstance(value, dict):
        return {name: on_secret(name, item) if is_secret_field(name) and isinstance(item, str) and item
                else _walk(item, on_secret) for name, item in value.items()}
    if isinstance(value, list):
        return [_walk(item, on_secret) for item in value]
    return value
