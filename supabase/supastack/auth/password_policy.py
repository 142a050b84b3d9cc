"""GoTrue's password strength check (length only: no character classes, no HIBP)."""
from __future__ import annotations

from supastack.auth.errors import ErrorCode, bad_request, weak_password
from supastack.auth.passwords import MAX_PASSWORD_BYTES, too_long


def check_strength(password: str, minimum_length: int) -> None:
    if too_long(password):
        raise bad_request(ErrorCode.VALIDATION_FAILED,
                          f"Password cannot be longer than {MAX_PASSWORD_BYTES} characters")
    if len(password) < minimum_length:
        raise weak_password(f"Password should be at least {minimum_length} characters.", ["length"])
