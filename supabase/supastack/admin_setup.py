"""The one-time code that guards a production installation's first administrator.

In production mode (supastack.production) whoever reaches a fresh installation first must not be able to
claim it: the project's set-up function (create-admin-user) then also asks for a code that only the server's
operator can read, printed by `supastack admin-setup-code`. The data folder keeps only its SHA-256 (mode 0600)
with an expiry; the code works once: the function deletes it when the administrator has been created.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import time
from pathlib import Path

FILE_NAME = "admin-setup-code.json"
LIFETIME_SECONDS = 24 * 3600
# no 0/O, 1/I/L: read off a terminal and typed into a browser
_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
_GROUPS, _GROUP_LENGTH = 4, 4     # 16 characters of 31: about 79 bits


def code_file(data_dir: Path) -> Path:
    return Path(data_dir) / FILE_NAME


def _digest(code: str) -> str:
    return hashlib.sha256(normalise(code).encode()).hexdigest()


def normalise(code: str) -> str:
    """What a person types: spaces, dashes and case do not matter."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def new_code(data_dir: Path, now: float | None = None) -> str:
    """A fresh code (any earlier one stops working); returns it for the operator, keeps only its digest."""
    code = "-".join("".join(secrets.choice(_ALPHABET) for _ in range(_GROUP_LENGTH)) for _ in range(_GROUPS))
    issued = time.time() if now is None else now
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    tmp = data_dir / f".{FILE_NAME}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump({"sha256": _digest(code), "expires_at": int(issued + LIFETIME_SECONDS)}, out)
    os.chmod(tmp, 0o600)
    tmp.replace(code_file(data_dir))
    return code


def matches(path: Path, code: str, now: float | None = None) -> bool:
    """The code is the current one and has not expired (constant-time comparison)."""
    try:
        stored = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return False
    if not isinstance(stored, dict) or not isinstance(stored.get("sha256"), str):
        return False
    if (time.time() if now is None else now) > float(stored.get("expires_at") or 0):
        return False
    return hmac.compare_digest(stored["sha256"], _digest(code or ""))


def spend(path: Path) -> None:
    """The code has done its work: it never works again."""
    Path(path).unlink(missing_ok=True)
