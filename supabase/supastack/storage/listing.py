"""list-v2 (`POST /object/list-v2/{bucket}`): storage-api's paginated listing with folders and cursors.

The cursor is storage-api's continuation token: base64 of `l:<last name>`, `o:<order>`, `c:<sort column>`,
`a:<the last row's sort value>` lines (only those set), so a page always continues where the last ended.
"""
from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from datetime import datetime

from supastack.storage import errors

SORT_COLUMNS = ("name", "updated_at", "created_at")
MAX_KEYS = 1000
_PARTS = {"l": "start_after", "o": "order", "c": "column", "a": "column_after"}
_PART = re.compile(r"^(\S):(.*)$", re.S)


def encode_cursor(parts: Mapping[str, str | None]) -> str:
    lines = [f"{k}:{parts[v]}" for k, v in _PARTS.items() if parts.get(v)]
    return base64.b64encode("\n".join(lines).encode()).decode()


def decode_cursor(token: str) -> dict[str, str]:
    try:
        text = base64.b64decode(token, validate=False).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise errors.invalid_parameter("continuation token") from None
    result = {"start_after": "", "order": "asc"}
    for line in text.split("\n"):
        match = _PART.match(line)
        if not match or match.group(1) not in _PARTS:
            raise errors.invalid_parameter("continuation token")
        result[_PARTS[match.group(1)]] = match.group(2)
    return result


def options(body: Mapping) -> dict:
    """The request's options as storage-api validates them (a bad field is a 400 naming it)."""
    limit = body.get("limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise errors.invalid_request("body/limit must be >= 1")
    for name in ("prefix", "cursor"):
        if body.get(name) is not None and not isinstance(body[name], str):
            raise errors.invalid_request(f"body/{name} must be string")
    sort = body.get("sortBy")
    if sort is not None:
        if not isinstance(sort, dict) or sort.get("column") not in SORT_COLUMNS:
            raise errors.invalid_request("body/sortBy/column must be equal to one of the allowed values")
        if sort.get("order") is not None and sort["order"] not in ("asc", "desc"):
            raise errors.invalid_request("body/sortBy/order must be equal to one of the allowed values")
    cursor = decode_cursor(body["cursor"]) if body.get("cursor") else {}
    sort = sort or {}
    column = cursor.get("column") or sort.get("column") or "name"
    return {"prefix": body.get("prefix") or "", "delimited": bool(body.get("with_delimiter")),
            "limit": min(limit or MAX_KEYS, MAX_KEYS), "start_after": cursor.get("start_after", ""),
            "order": cursor.get("order") or sort.get("order") or "asc",
            "column": column if column in SORT_COLUMNS else "name", "column_after": cursor.get("column_after"),
            "explicit_column": cursor.get("column") or sort.get("column")}


def page(rows: list[dict], opts: dict) -> dict:
    """storage-api's answer from `limit + 1` rows: folders, objects, hasNext and the next cursor."""
    limit = opts["limit"]
    truncated = len(rows) > limit
    rows = rows[:limit]
    folders, objects = [], []
    for row in rows:
        if row["is_folder"]:
            # a folder always carries its key (its last segment), as storage-py's and storage-js's models read it
            entry = {"id": None, "key": _key(row["name"].rstrip("/")), "name": row["name"]}
            if opts["column"] != "name":
                entry.update(updated_at=row["updated_at"], created_at=row["created_at"], last_accessed_at=None,
                             metadata=None)
            folders.append(entry)
        else:
            entry = {k: row[k] for k in ("id", "name", "metadata", "updated_at", "created_at", "last_accessed_at")}
            if opts["delimited"]:
                entry = {"key": _key(row["name"]), **entry}
            objects.append(entry)
    answer: dict = {"hasNext": truncated, "folders": folders, "objects": objects}
    if truncated:
        last = rows[-1]
        column = opts["explicit_column"]
        after = last.get(column) if column and column != "name" else None
        answer["nextCursor"] = encode_cursor({
            "start_after": last["name"], "order": opts["order"] if opts["order"] != "asc" or column else None,
            "column": column, "column_after": _iso(after) if after else None})
        answer["nextCursorKey"] = last["name"]
    return answer


def _key(name: str) -> str:
    return name.rsplit("/", 1)[-1]


def _iso(value: object) -> str:
    if isinstance(value, datetime):
        return value.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return str(value)
