"""Asymmetric signing keys for access tokens, in the Supabase CLI's `signing_keys_path` format.

The file is a JSON array of private JWKs (`supabase gen signing-key`): the one whose key_ops holds "sign"
signs new tokens; the others only verify, so tokens they signed stay valid until the key is removed
(rotation without logging anybody out). Configured by `[auth] signing_keys_path` (relative to the folder
of config.toml, as the CLI reads it) or AUTH_SIGNING_KEYS_PATH; without either, as the current Supabase CLI
does for new projects, the data folder's `signing_keys.json`. A file that does not exist yet is created with a
fresh ES256 key on first start. `[auth] asymmetric_keys = false` (or AUTH_ASYMMETRIC_KEYS=false) keeps access
tokens HS256. HS256 tokens signed with the JWT secret (the anon and service_role keys, older sessions) are
accepted either way.

    python -m supastack.auth.signing_keys rotate <file>   # a new signing key; the old one only verifies
"""
from __future__ import annotations

import json
import os
import sys
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric import ec
from jose import jwk as jose_jwk

from supastack.core import jwt
from supastack.core.config import Settings

PUBLIC_FIELDS = ("kty", "crv", "x", "y", "n", "e")


DEFAULT_FILE = "signing_keys.json"
_OFF = ("0", "false", "no", "off")


def configured_path(settings: Settings) -> Path | None:
    """The key file: configured, else the data folder's; None when the project keeps HS256 access tokens."""
    auth = settings.raw.get("auth") or {}
    raw = os.environ.get("AUTH_SIGNING_KEYS_PATH") or auth.get("signing_keys_path")
    if not raw:
        wanted = os.environ.get("AUTH_ASYMMETRIC_KEYS", auth.get("asymmetric_keys", True))
        if str(wanted).strip().lower() in _OFF:
            return None
        return settings.data_dir / DEFAULT_FILE
    path = Path(raw)
    if not path.is_absolute():
        path = settings.workdir / "supabase" / path
    return path


def ensure(settings: Settings) -> Path | None:
    """Create the key file when it is due and absent (the CLI calls this before its API processes fork, so that
    they all sign with one key)."""
    path = configured_path(settings)
    if path is not None and not path.exists():
        _create(path, [new_key()])
    return path


def _create(path: Path, keys: list[dict]) -> None:
    """Write a new key file unless another process made one meanwhile (its key is kept: one key for all)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.new")
    tmp.write_text(json.dumps(keys, indent=2))
    os.chmod(tmp, 0o600)
    try:
        os.link(tmp, path)   # fails when the file exists: never replaces a key that may have signed tokens
    except FileExistsError:
        pass
    finally:
        tmp.unlink()


def new_key() -> dict:
    """A private ES256 JWK as the CLI writes it."""
    private = jose_jwk.construct(ec.generate_private_key(ec.SECP256R1()), "ES256").to_dict()
    return {**{k: private[k] for k in ("kty", "crv", "x", "y", "d")}, "kid": str(uuid.uuid4()), "use": "sig",
            "key_ops": ["sign", "verify"], "alg": "ES256", "ext": True}


def _write(path: Path, keys: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(keys, indent=2))
    os.chmod(tmp, 0o600)
    tmp.replace(path)


def public_jwk(jwk: dict) -> dict:
    """What GoTrue publishes of a key: public parts, kid, alg, and key_ops verify."""
    public = {name: jwk[name] for name in PUBLIC_FIELDS if name in jwk}
    return {**public, "kid": jwk["kid"], "alg": jwk.get("alg", "ES256"), "use": "sig", "key_ops": ["verify"],
            "ext": True}


def read(path: Path) -> tuple[dict | None, list[dict]]:
    """(signing key, public keys) of the file."""
    keys = json.loads(path.read_text())
    if not isinstance(keys, list):
        raise ValueError(f"{path}: expected a JSON array of JWKs")
    signing = [k for k in keys if "sign" in (k.get("key_ops") or []) and "d" in k]
    if len(signing) > 1:
        raise ValueError(f"{path}: multiple signing keys detected, only 1 signing key is supported")
    for key in keys:
        if key.get("alg") not in jwt.ASYMMETRIC or not key.get("kid"):
            raise ValueError(f"{path}: every key needs a kid and alg ES256 or RS256")
    return (signing[0] if signing else None), [public_jwk(k) for k in keys]


def install(settings: Settings) -> None:
    """Install this project's key ring in core.jwt (a new key file is created when configured but absent)."""
    path = ensure(settings)
    if path is None:
        jwt.use_keys(None)
        return
    jwt.use_keys(jwt.KeyRing(lambda: read(path)))


def jwks() -> list[dict]:
    ring = jwt.key_ring()
    return list(ring.public.values()) if ring else []


def rotate(path: Path) -> dict:
    """A new signing key first; the former signing keys keep verifying."""
    keys = json.loads(path.read_text()) if path.exists() else []
    for key in keys:
        key["key_ops"] = ["verify"]
    fresh = new_key()
    _write(path, [fresh, *keys])
    return fresh


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "rotate":
        sys.exit("usage: python -m supastack.auth.signing_keys rotate <file>")
    print(rotate(Path(sys.argv[2]))["kid"])
