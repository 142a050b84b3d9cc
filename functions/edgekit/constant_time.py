"""Comparing secrets (keys, tokens, masks) in constant time, so that timing does not reveal how much matched."""
from __future__ import annotations

import hmac


def same_secret(a: str | None, b: str | None) -> bool:
    """True when both are non-empty and equal; the time taken does not depend on where they differ."""
    if not a or not b:
        return False
    return hmac.compare_digest(a.encode(), b.encode())
