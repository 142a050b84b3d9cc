"""bcrypt hashing and verification off the event loop, compatible with GoTrue's and pgcrypto's `$2a$` hashes."""
from __future__ import annotations

import asyncio

import bcrypt

COST = 10
MAX_PASSWORD_BYTES = 72  # bcrypt ignores (bcrypt 5: refuses) anything longer

# Verified against when the e-mail is unknown, so both answers cost one bcrypt run (of COST: a test checks it).
# Written out, not hashed at import: that cost every process 70 ms of CPU at start.
_DUMMY_HASH = "$2a$10$vlVJkb2WFH2d2N4pXJJa6eN0RHZhJSLQURg534tW4J30i0LwHvzMa"


def too_long(password: str) -> bool:
    return len(password.encode()) > MAX_PASSWORD_BYTES


def _hash(password: str) -> str:
    return bcrypt.hashpw(password.encode(), bcrypt.gensalt(COST, prefix=b"2a")).decode()


def _verify(password: str, hashed: str | None) -> bool:
    candidate = hashed if hashed and hashed.startswith("$2") else _DUMMY_HASH
    try:
        ok = bcrypt.checkpw(password.encode(), candidate.encode())
    except ValueError:  # malformed stored hash or over-long password
        return False
    return ok and candidate is not _DUMMY_HASH


async def hash_password(password: str) -> str:
    """The bcrypt hash (cost 10, `$2a$`) of a password of at most 72 bytes."""
    return await asyncio.to_thread(_hash, password)


async def verify_password(password: str, hashed: str | None) -> bool:
    """Whether `password` matches `hashed`; always spends one bcrypt run, even without a hash."""
    if too_long(password):
        await asyncio.to_thread(_verify, "x", None)
        return False
    return await asyncio.to_thread(_verify, password, hashed)
