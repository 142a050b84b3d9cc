"""Stage 5, respond: DbResult + ApiRequest -> status, headers and body as PostgREST sends them."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

from supastack.rest.errors import RestError
from supastack.rest.execute import DbResult
from supastack.rest.request import ApiRequest

JSON = "application/json; charset=utf-8"
OBJECT = "application/vnd.pgrst.object+json; charset=utf-8"
CSV = "text/csv; charset=utf-8"
ARRAY_STRIPPED = "application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8"
OBJECT_STRIPPED = "application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8"


@dataclass(slots=True)
class RestResponse:
    status: int
    headers: dict[str, str]
    body: bytes


def singular_check(result: DbResult) -> None:
    """`Accept: application/vnd.pgrst.object+json` needs exactly one row (else the transaction is undone)."""
    if result.page != 1:
        raise RestError(406, "PGRST116", "Cannot coerce the result to a single JSON object",
                        f"The result contains {result.page} rows")


def max_affected_check(limit: int) -> Callable[[DbResult], None]:
    def check(result: DbResult) -> None:
        if result.page > limit:
            raise RestError(400, "PGRST124", "Query result exceeds max-affected preference constraint",
                            f"The query affects {result.page} rows")
    return check


def content_range(lower: int, page: int, total: int | None) -> str:
    upper = lower + page - 1
    span = f"{lower}-{upper}" if page > 0 else "*"
    return f"{span}/{total if total is not None else '*'}"


def _query_encode(text: str) -> str:
    return quote(text, safe="-_.~")


def location(resource: str, key_json: str) -> str:
    """`/table?id=eq.5`: the inserted row's key as filters, each name and value percent-encoded."""
    pairs = json.loads(key_json)
    return f"/{resource}?" + "&".join(
        _query_encode(name) + "=" + _query_encode("is.null" if value is None else "eq." + value)
        for name, value in pairs)


def _body(req: ApiRequest, result: DbResult) -> tuple[bytes, str]:
    if req.accept == "csv":
        return result.body or b"\n", CSV   # PostgreSQL wrote it (sql.CSV_BODY)
    if req.accept == "object":
        return result.body or b"null", OBJECT_STRIPPED if req.strip_nulls else OBJECT
    return result.body or b"[]", ARRAY_STRIPPED if req.strip_nulls else JSON


def respond(req: ApiRequest, result: DbResult, body_kind: str = "array") -> RestResponse:
    response = _respond(req, result, body_kind)
    if req.profile_negotiated and "Content-Type" in response.headers:
        response.headers["Content-Profile"] = req.schema   # PostgREST names the schema beside the media type
    return response


def _respond(req: ApiRequest, result: DbResult, body_kind: str) -> RestResponse:
    headers: dict[str, str] = {}
    applied = req.preferences.applied(req.action)
    if applied:
        headers["Preference-Applied"] = applied
    action = req.action
    if action in ("read", "call"):
        lower = req.range_offset
        total = result.total
        status = 200
        if total is not None:
            if lower > total:
                raise RestError(416, "PGRST103", "Requested range not satisfiable",
                                f"An offset of {lower} was requested, but there are only {total} rows.",
                                headers={"Content-Range": f"*/{total}"})
            if result.page < total:
                status = 206
        headers["Content-Range"] = content_range(lower, result.page, total)
        if body_kind == "void":
            return RestResponse(204, headers, b"")
        if body_kind == "scalar":
            body, ctype = result.body or b"null", JSON
        else:
            body, ctype = _body(req, result)
        headers["Content-Type"] = ctype
        return RestResponse(status, headers, b"" if req.headers_only else body)

    representation = req.preferences.representation
    total = result.total
    if action in ("insert", "upsert"):
        headers["Content-Range"] = f"*/{total if total is not None else '*'}"
        if representation == "headers-only" and result.location:
            headers["Location"] = location(req.resource, result.location)
        # merging duplicates that inserted nothing (every row was an update) is a 200, as in PostgREST 12+
        status = 200 if req.preferences.resolution == "merge-duplicates" and result.inserted == 0 else 201
        if representation == "representation":
            body, ctype = _body(req, result)
            headers["Content-Type"] = ctype
            return RestResponse(status, headers, body)
        return RestResponse(status, headers, b"")
    if action == "put":
        # a single-row upsert: 201 when it inserted the row, 200 when it replaced it; no Content-Range
        if representation == "representation":
            body, ctype = _body(req, result)
            headers["Content-Type"] = ctype
            return RestResponse(201 if result.inserted else 200, headers, body)
        return RestResponse(204, headers, b"")
    # update, delete
    headers["Content-Range"] = content_range(0, result.page, total)
    if representation == "representation":
        body, ctype = _body(req, result)
        headers["Content-Type"] = ctype
        return RestResponse(200, headers, body)
    return RestResponse(204, headers, b"")
