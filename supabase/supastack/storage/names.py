"""Rules for bucket names, object names, MIME types and size limits (pure functions)."""
from __future__ import annotations

import re

from supastack.storage import errors

MAX_KEY_BYTES = 1024
MAX_SEGMENT_BYTES = 255          # one path segment becomes one file name on disk
_BUCKET_NAME = re.compile(r"^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$")
_SIZE = re.compile(r"^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$", re.I)


def _is_control(ch: str) -> bool:
    code = ord(ch)
    return code < 0x20 or 0x7F <= code <= 0x9F


def check_object_name(name: str) -> str:
    """The name itself, or InvalidKey.

    Refused: empty, absolute (`/x`), `.`/`..`/empty segments (they would alias or escape another
    name on disk), backslashes, control characters, undecodable bytes (U+FFFD from the URL decoder,
    lone surrogates), more than 1024 UTF-8 bytes or a segment over 255 bytes.

    >>> check_object_name("c1/relatório 2024.pdf")
    'c1/relatório 2024.pdf'
    >>> check_object_name("a/../b")
    Traceback (most recent call last):
    ...
    supastack.storage.errors.StorageError: Invalid key: a/../b
    """
    if not isinstance(name, str) or not name:
        raise errors.invalid_key(name or "")
    try:
        encoded = name.encode("utf-8")
    except UnicodeEncodeError:
        raise errors.invalid_key(name.encode("utf-8", "replace").decode()) from None
    if len(encoded) > MAX_KEY_BYTES or "\\" in name or "\ufffd" in name or any(_is_control(c) for c in name):
        raise errors.invalid_key(name)
    for segment in name.split("/"):
        if segment in ("", ".", "..") or len(segment.encode()) > MAX_SEGMENT_BYTES:
            raise errors.invalid_key(name)
    return name


def check_bucket_name(name: object) -> str:
    """storage-api's bucket-name rule: S3-safe characters, 1-100 long, no slash."""
    if not isinstance(name, str) or not 0 < len(name) < 101 or not _BUCKET_NAME.match(name) or name in (".", ".."):
        raise errors.invalid_bucket_name()
    return name


def parse_size_limit(value: object) -> int | None:
    """A bucket's `file_size_limit`: bytes as a number, or a string like '25MB' / '1.5GB' / '300KB' / '20B'.

    >>> parse_size_limit("1MB"), parse_size_limit(2048), parse_size_limit(None)
    (1000000, 2048, None)
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise errors.invalid_file_size_limit()
    if isinstance(value, int):
        if value < 0:
            raise errors.invalid_file_size_limit()
        return value or None
    if isinstance(value, float) and value.is_integer() and value >= 0:
        return int(value) or None
    if isinstance(value, str):
        if value.strip().isdigit():
            return int(value) or None
        m = _SIZE.match(value.strip())
        if m:
            mult = {"GB": 10**9, "MB": 10**6, "KB": 1000, "B": 1}[m.group(2).upper()]
            return int(float(m.group(1)) * mult)
    raise errors.invalid_file_size_limit()


def mime_allowed(mimetype: str, allowed: list[str] | None) -> bool:
    """Whether `mimetype` (parameters ignored) matches one of `allowed` (`type/sub` or `type/*`).

    >>> mime_allowed("image/png; q=1", ["image/*"]), mime_allowed("text/html", ["text/plain"])
    (True, False)
    """
    if not allowed:
        return True
    base = mimetype.split(";", 1)[0].strip().lower()
    if "/" not in base:
        return False
    kind, sub = base.split("/", 1)
    for entry in allowed:
        a_kind, _, a_sub = entry.strip().lower().partition("/")
        if a_kind == kind and a_sub in ("*", sub):
            return True
    return False
