"""The request body: JSON (rows or arguments), CSV rows, and an RPC's raw text, XML, bytes or form."""
from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from urllib.parse import parse_qsl

from supastack.rest.errors import RestError

# an RPC body's media type -> what it carries (anything else is read as JSON)
BODY_KINDS = {"application/json": "json", "text/plain": "text", "text/xml": "xml", "application/xml": "xml",
              "application/octet-stream": "bytea", "application/x-www-form-urlencoded": "form"}


def parse_body(method: str, action: str, is_rpc: bool, headers: Mapping[str, str],
               body: bytes) -> tuple[object, str | None]:
    """(payload, body kind): kind is json | text | xml | bytea | form for bodies, None without one."""
    payload: object = None
    content_type = (headers.get("content-type") or "application/json").split(";")[0].strip().lower()
    body_kind = None
    if method in ("POST", "PATCH", "PUT"):
        body_kind = BODY_KINDS.get(content_type, "json") if is_rpc else "json"
    if body_kind in ("text", "xml", "bytea"):
        # a raw body for a function's single unnamed parameter
        try:
            payload = body.decode("utf-8") if body_kind != "bytea" else "\\x" + body.hex()
        except UnicodeDecodeError as exc:
            raise RestError(400, "PGRST102", "Empty or invalid json", str(exc)) from None
    elif body_kind == "form":
        payload = dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
    elif method in ("POST", "PATCH", "PUT") and body.strip():
        if content_type == "text/csv":
            payload = _csv_payload(body)
        else:
            try:
                payload = json.loads(body.decode("utf-8"))
            except (ValueError, UnicodeDecodeError, RecursionError) as exc:
                raise RestError(400, "PGRST102", "Empty or invalid json", str(exc)) from None
    elif method in ("POST", "PATCH", "PUT"):
        payload = {} if action in ("call",) or method == "PATCH" else None
        if action in ("insert", "upsert", "put"):
            raise RestError(400, "PGRST102", "Empty or invalid json")
    return payload, body_kind


def _csv_payload(body: bytes) -> list[dict]:
    try:
        rows = list(csv.reader(io.StringIO(body.decode())))
    except (UnicodeDecodeError, csv.Error) as exc:
        raise RestError(400, "PGRST102", "Invalid CSV", str(exc)) from None
    if not rows:
        return []
    header = rows[0]
    return [{h: (None if v == "NULL" else v) for h, v in zip(header, row, strict=False)} for row in rows[1:]]
