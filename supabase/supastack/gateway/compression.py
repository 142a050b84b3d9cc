"""Chooses the precompressed twin (.br, .gz) of a built file that the request's Accept-Encoding allows."""
from __future__ import annotations

from pathlib import Path

# Best first: brotli is about a fifth smaller than gzip on the app's JavaScript.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def accepted_codings(accept_encoding: str) -> dict[str, float]:
    """Each content-coding the client named, with its q-value (RFC 9110 §12.5.3)."""
    codings: dict[str, float] = {}
    for item in accept_encoding.split(","):
        name, *params = (part.strip() for part in item.split(";"))
        if not name:
            continue
        quality = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        codings[name.lower()] = quality
    return codings


def allows(codings: dict[str, float], coding: str) -> bool:
    """Whether the coding is acceptable: named with q > 0, or covered by a `*` with q > 0."""
    if coding in codings:
        return codings[coding] > 0
    return codings.get("*", 0) > 0


def precompressed_variant(path: Path, accept_encoding: str) -> tuple[Path, str | None]:
    """The file to send and its Content-Encoding: the best twin on disk the client accepts, else the file itself."""
    codings = accepted_codings(accept_encoding)
    candidates = [(coding, suffix) for coding, suffix in PRECOMPRESSED if allows(codings, coding)]
    # The client's preference (q) first; on a tie, ours (brotli). sorted() is stable.
    candidates = sorted(candidates, key=lambda pair: -codings.get(pair[0], codings.get("*", 0)))
    for coding, suffix in candidates:
        twin = path.with_name(path.name + suffix)
        if twin.is_file():
            return twin, coding
    return path, None
