"""Stage 1, parse: HTTP method, path, query string, headers and body -> ApiRequest.

Knows the PostgREST grammar, nothing about the schema or SQL. The grammar's parts live beside it, one module
each: selection (`select=`), filters (`col=op.value`, `or=`/`and=`), order (`order=`, limits, Range),
headers (Prefer, Accept, profiles), body; lexing and terms hold what they share.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from supastack.rest.body import BODY_KINDS, parse_body
from supastack.rest.errors import RestError
from supastack.rest.filters import OPERATORS, parse_filter_value, parse_logic
from supastack.rest.headers import (
    SINGLE_OBJECT,
    PlanRequest,
    Preferences,
    parse_accept,
    parse_prefer,
    prefer_values,
    profile,
)
from supastack.rest.lexing import parse_field, split_top, unquote
from supastack.rest.order import page, parse_limit, parse_order
from supastack.rest.selection import parse_select
from supastack.rest.terms import Field, Filter, Logic, OrderTerm, SelectEmbed, SelectField

# The names other stages import from here (the request's vocabulary), wherever they are defined.
__all__ = ["BODY_KINDS", "OPERATORS", "SINGLE_OBJECT", "ApiRequest", "Field", "Filter", "Logic", "OrderTerm",
           "Preferences", "SelectEmbed", "SelectField", "parse_field", "parse_filter_value", "parse_request"]


@dataclass(frozen=True, slots=True)
class ApiRequest:
    method: str
    action: str                            # read | insert | update | delete | upsert | call
    resource: str                          # table/view or function name
    select: tuple                          # SelectField | SelectEmbed
    filters: dict                          # embed path tuple -> list[Filter | Logic]
    order: dict                            # embed path -> tuple[OrderTerm]
    limits: dict                           # embed path -> (limit, offset)
    preferences: Preferences
    accept: str                            # json | object | csv
    range_offset: int = 0
    range_limit: int | None = None
    columns: tuple[str, ...] | None = None
    on_conflict: tuple[str, ...] | None = None
    payload: object = None                 # parsed JSON body
    raw_body: bytes = b""
    body_kind: str | None = None           # json | text | xml | bytea | form (RPC bodies); None without a body
    rpc_args: dict | None = None           # GET /rpc/fn query arguments (the last value of each name)
    rpc_pairs: tuple = ()                  # ... every (name, value) in order: repeated names, variadic lists
    headers_only: bool = False             # HEAD
    select_given: bool = False
    schema: str = "public"                 # the exposed schema the request addresses (Accept-/Content-Profile)
    profile_negotiated: bool = False       # answer with Content-Profile (a profile was given, or several exposed)
    strip_nulls: bool = False              # Accept: application/vnd.pgrst.{array,object}+json;nulls=stripped
    plan: PlanRequest | None = None        # Accept: application/vnd.pgrst.plan...: EXPLAIN instead of running


@dataclass
class QueryParams:
    """What the query string says, by kind; embed paths key the per-embed ones."""
    select_text: str | None = None
    filters: dict = field(default_factory=dict)
    order: dict = field(default_factory=dict)
    limits: dict = field(default_factory=dict)
    columns: tuple[str, ...] | None = None
    on_conflict: tuple[str, ...] | None = None
    rpc_args: dict | None = None
    rpc_pairs: list[tuple[str, str]] = field(default_factory=list)


def parse_request(method: str, path: str, query_string: str, headers: Mapping[str, str], body: bytes,
                  exposed_schemas: tuple[str, ...] = ("public", "graphql_public"),
                  plan_enabled: bool = False) -> ApiRequest:
    method = method.upper()
    schema, given_profile = profile(method, headers, exposed_schemas)
    resource, is_rpc = _target(path)
    prefs = parse_prefer(prefer_values(headers))
    accept, strip_nulls, plan = parse_accept(headers.get("accept"), plan_enabled)
    query = parse_query(query_string, rpc_query=is_rpc and method in ("GET", "HEAD"))
    range_offset, range_limit = page(method, tuple(query.limits.get((), (None, None))), headers.get("range"))
    action = _action(method, is_rpc, prefs)
    payload, body_kind = parse_body(method, action, is_rpc, headers, body)
    return ApiRequest(
        method=method, action=action, resource=resource,
        select=parse_select(query.select_text) if query.select_text is not None else (SelectField(Field("*")),),
        filters={k: tuple(v) for k, v in query.filters.items()}, order=query.order,
        limits={k: tuple(v) for k, v in query.limits.items()}, preferences=prefs, accept=accept,
        range_offset=range_offset, range_limit=range_limit, columns=query.columns, on_conflict=query.on_conflict,
        payload=payload, raw_body=body, body_kind=body_kind, rpc_args=query.rpc_args,
        rpc_pairs=tuple(query.rpc_pairs), headers_only=method == "HEAD",
        select_given=query.select_text is not None, schema=schema, strip_nulls=strip_nulls, plan=plan,
        profile_negotiated=given_profile is not None or len(exposed_schemas) != 1,
    )


def _target(path: str) -> tuple[str, bool]:
    """(table, view or function name, whether it is /rpc/<function>)."""
    segments = [s for s in path.strip("/").split("/") if s]
    is_rpc = len(segments) == 2 and segments[0] == "rpc"
    if not segments or len(segments) > 2 or (len(segments) == 2 and not is_rpc):
        raise RestError(404, "PGRST125", "Invalid path specified in request URL")
    return segments[-1], is_rpc


def _action(method: str, is_rpc: bool, prefs: Preferences) -> str:
    if is_rpc:
        if method not in ("GET", "HEAD", "POST"):
            raise RestError(405, "PGRST117", f"Unsupported HTTP method: {method}")
        return "call"
    actions = {"GET": "read", "HEAD": "read", "PUT": "put", "PATCH": "update", "DELETE": "delete",
               "POST": "upsert" if prefs.resolution else "insert"}
    if method not in actions:
        raise RestError(405, "PGRST117", f"Unsupported HTTP method: {method}")
    return actions[method]


def parse_query(query_string: str, rpc_query: bool = False) -> QueryParams:
    """The query string by kind; with `rpc_query` (GET/HEAD /rpc/fn) other top-level names are arguments
    or filters on the result, which the plan tells apart."""
    q = QueryParams(rpc_args={} if rpc_query else None)
    for key, value in parse_qsl(query_string, keep_blank_values=True):
        if key == "select":
            q.select_text = value
            continue
        if key == "columns":
            q.columns = tuple(unquote(c.strip()) for c in split_top(value) if c.strip())
            continue
        if key == "on_conflict":
            q.on_conflict = tuple(unquote(c.strip()) for c in split_top(value) if c.strip())
            continue
        embed_path, last = _key_path(key)
        if last == "order":
            q.order[embed_path] = q.order.get(embed_path, ()) + parse_order(value)
        elif last == "limit":
            q.limits.setdefault(embed_path, [None, None])[0] = parse_limit("limit", value)
        elif last == "offset":
            q.limits.setdefault(embed_path, [None, None])[1] = parse_limit("offset", value)
        elif last in ("or", "and"):
            negated = embed_path[-1:] == ("not",)
            if negated:
                embed_path = embed_path[:-1]
            q.filters.setdefault(embed_path, []).append(parse_logic(last, value, negated))
        elif q.rpc_args is not None and not embed_path:
            q.rpc_args[key] = value   # an argument or a filter on the result: the plan knows which
            q.rpc_pairs.append((key, value))
        else:
            q.filters.setdefault(embed_path, []).append(parse_filter_value(parse_field(last), value))
    return q


def _key_path(key: str) -> tuple[tuple[str, ...], str]:
    """`clients.orders.amount` -> (('clients', 'orders'), 'amount'); JSON arrows stay in the field."""
    head, arrow, tail = key.partition("->")
    parts = head.split(".")
    return tuple(parts[:-1]), parts[-1] + arrow + tail
