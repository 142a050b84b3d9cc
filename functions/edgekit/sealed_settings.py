"""Secrets inside system_settings values: AES-GCM at rest, masked on the way out.

A field is secret when its setting's shape declares it SECRET (edgekit.setting_schemas), at any depth;
fields the shape does not declare are never stored nor answered. A secret's stored form is
"enc:v1:<base64url(nonce | ciphertext)>", bound to its dotted path (the associated data), with a key
derived by HKDF-SHA256 from SETTINGS_ENCRYPTION_KEY, or else from the project's JWT secret (rotating that
secret makes stored secrets unreadable: set SETTINGS_ENCRYPTION_KEY to keep them across rotations). The browser only
ever sees masks like '••••••••abcd'; sending a mask back keeps the stored secret unchanged.
"""
from __future__ import annotations

import base64
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from edgekit.constant_time import same_secret
from edgekit.setting_schemas import SECRET, Shape

PREFIX = "enc:v1:"
MASK = "••••••••"


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
    def from_env(cls, env) -> SettingsCipher:
        return cls(env.get("SETTINGS_ENCRYPTION_KEY") or env.get("SUPABASE_JWT_SECRET"))

    def encrypt(self, plaintext: str, field: str) -> str:
        nonce = os.urandom(12)
        sealed = self._aead.encrypt(nonce, plaintext.encode(), field.encode())   # field path as AAD: no moving it
        return PREFIX + base64.urlsafe_b64encode(nonce + sealed).decode()

    def decrypt(self, stored: str, field: str) -> str:
        if not is_sealed(stored):
            return stored
        raw = base64.urlsafe_b64decode(stored[len(PREFIX):].encode())
        return self._aead.decrypt(raw[:12], raw[12:], field.encode()).decode()


def is_sealed(value: object) -> bool:
    return isinstance(value, str) and value.startswith(PREFIX)


def seal(value, shape: Shape, cipher: SettingsCipher, previous=None):
    """The declared fields of `value`, each SECRET encrypted; a mask equal to the stored secret's keeps it."""
    def on_secret(where: str, item) -> str:
        if not isinstance(item, str):
            return ""   # nothing secret to keep: empty
        return _seal_field(where, item, _stored_at(previous, where), cipher)

    return _walk(value, shape, on_secret)


def _stored_at(previous, where: str):
    """The previously stored value at the dotted path `where`, or None."""
    for name in where.split("."):
        previous = previous.get(name) if isinstance(previous, dict) else None
    return previous


def _seal_field(where: str, item: str, stored, cipher: SettingsCipher) -> str:
    if is_sealed(stored) and item.startswith(MASK):
        try:
            if same_secret(mask(cipher.decrypt(stored, where)), item):
                return stored
        except (InvalidTag, ValueError):
            pass
    return cipher.encrypt(item, where)


def masked(value, shape: Shape, cipher: SettingsCipher):
    """The stored value as the browser may see it: declared fields only, secrets masked."""
    return _walk(value, shape, lambda where, stored: _mask_field(where, stored, cipher))


def opened(value, shape: Shape, cipher: SettingsCipher):
    """The stored value with secrets in clear: for server-side use only (e.g. an S3 client)."""
    return _walk(value, shape, lambda where, stored: cipher.decrypt(stored, where) if isinstance(stored, str)
                 else None)


def _mask_field(where: str, stored, cipher: SettingsCipher) -> str:
    if not isinstance(stored, str):
        return MASK
    try:
        return mask(cipher.decrypt(stored, where))   # a clear legacy value is masked as well
    except (InvalidTag, ValueError):
        return MASK


def _walk(value, shape: Shape, on_secret, path: str = ""):
    if not isinstance(value, dict):
        return None
    out = {}
    for name, kind in shape.fields.items():
        if name not in value:
            continue
        item, where = value[name], path + name
        if isinstance(kind, Shape):
            out[name] = _walk(item, kind, on_secret, where + ".") if item is not None else None
        elif kind == SECRET:
            out[name] = on_secret(where, item) if item not in (None, "") else item
        else:
            out[name] = item
    return out
