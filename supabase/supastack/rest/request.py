"""Stage 1, parse: HTTP method, path, query string, headers and body -> ApiRequest.

Knows the PostgREST grammar, nothing about the schema or SQL.

>>> parse_order("name.desc.nullslast,id")
(OrderTerm(path=(), field=Field(name='name', json_path=()), descending=True, nulls='last'), OrderTerm(path=(), field=Field(name='id', json_path=()), descending=False, nulls=None))
>>> parse_in_list('(1,"a,b",c)')
['1', 'a,b', 'c']
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from supastack.rest.errors import RestError, parse_error

OPERATORS = {"eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch", "is", "isdistinct",
             "in", "cs", "cd", "ov", "sl", "sr", "nxl", "nxr", "adj", "fts", "plfts", "phfts", "wfts"}
QUANTIFIABLE = {"eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"}
FTS = {"fts", "plfts", "phfts", "wfts"}
IS_VALUES = {"null", "not_null", "true", "false", "unknown"}
SINGLE_OBJECT = "application/vnd.pgrst.object+json"
# an RPC body's media type -> what it carries (anything else is read as JSON)
BODY_KINDS = {"application/json": "json", "text/plain": "text", "text/xml": "xml", "application/xml": "xml",
              "application/octet-stream": "bytea", "application/x-www-form-urlencoded": "form"}


# ---------------------------------------------------------------------------------------------- types
@dataclass(frozen=True, slots=True)
class Field:
    """A column, optionally followed by a JSON path: `data->a->>b` is ('data', (('->','a'), ('->>','b')))."""
    name: str
    json_path: tuple[tuple[str, str], ...] = ()

    @property
    def output_name(self) -> str:
        return self.json_path[-1][1] if self.json_path else self.name


@dataclass(frozen=True, slots=True)
class SelectField:
    field: Field
    alias: str | None = None
    cast: str | None = None
    aggregate: str | None = None          # count, sum, avg, max, min
    aggregate_cast: str | None = None


@dataclass(frozen=True, slots=True)
class SelectEmbed:
    name: str
    alias: str | None
    hint: str | None
    join: str | None                      # 'inner' | 'left' | None
    spread: bool
    items: tuple


@dataclass(frozen=True, slots=True)
class Filter:
    field: Field
    operator: str
    value: object                         # str, list[str] for `in`
    negated: bool = False
    quantifier: str | None = None         # any | all
    config: str | None = None             # text-search configuration


@dataclass(frozen=True, slots=True)
class Logic:
    operator: str                         # and | or
    terms: tuple                          # Filter | Logic
    negated: bool = False


@dataclass(frozen=True, slots=True)
class OrderTerm:
    path: tuple[str, ...]                 # to-one embed to order by: `author(name)`
    field: Field
    descending: bool = False
    nulls: str | None = None


@dataclass(frozen=True, slots=True)
class Preferences:
    representation: str | None = None     # full (representation) | minimal | headers-only
    count: str | None = None
    resolution: str | None = None
    missing: str | None = None
    tx: str | None = None
    handling: str | None = None
    max_affected: int | None = None
    params: str | None = None

    def applied(self, action: str) -> str | None:
        out = []
        if self.params:
            out.append(f"params={self.params}")
        if self.resolution and action in ("insert", "upsert"):
            out.append(f"resolution={self.resolution}")
        if self.missing and action in ("insert", "upsert"):
            out.append(f"missing={self.missing}")
        if self.representation and action in ("insert", "update", "delete", "upsert", "put"):
            out.append(f"return={self.representation}")
        if self.count:
            out.append(f"count={self.count}")
        if self.tx:
            out.append(f"tx={self.tx}")
        if self.handling:
            out.append(f"handling={self.handling}")
        if self.max_affected is not None and self.handling == "strict":
            out.append(f"max-affected={self.max_affected}")
        return ", ".join(out) or None


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


# --------------------------------------------------------------------------------------- small parsers
# Deeper select or logic trees are refused before parsing: each level re-scans the text, and
# recursion this deep would only serve to exhaust the parser.
MAX_NESTING = 50


def check_nesting(text: str, what: str) -> None:
    """PGRST100 when `text` nests parentheses (outside double quotes) deeper than MAX_NESTING."""
    depth = deepest = 0
    quoted = escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif quoted:
            escaped = ch == "\\"
            quoted = ch != '"'
        elif ch == '"':
            quoted = True
        elif ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth -= 1
    if deepest > MAX_NESTING:
        raise parse_error(f"failed to parse {what}", f"nesting deeper than {MAX_NESTING} levels")


def split_top(text: str, sep: str = ",") -> list[str]:
    """Split on `sep` outside parentheses and double quotes."""
    parts, depth, quoted, start, i = [], 0, False, 0, 0
    while i < len(text):
        ch = text[i]
        if quoted:
            if ch == "\\":
                i += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise parse_error(f'"failed to parse {text}"', "unexpected \")\"")
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    if depth != 0 or quoted:
        raise parse_error(f"failed to parse {text}", "unbalanced parentheses or quotes")
    parts.append(text[start:])
    return parts


# In a logic tree a value may be an array or JSON literal (`{a,b}`, `{"k":1}`) or a range (`[1,5)`, `(1,5]`),
# whose commas and unbalanced brackets belong to the value, not to the list of terms.
_RANGE_VALUE_START = re.compile(r"\.(?:not\.)?(?:sl|sr|nxl|nxr|adj|ov|cs|cd)\.$")


def split_logic(text: str) -> list[str]:
    """Split the terms of `(...)` in a logic tree on commas outside parentheses, quotes and literals."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            i = _after_quoted(text, i)
            continue
        if ch == "{":
            i = _after_braces(text, i)
            continue
        if ch in "[(" and _RANGE_VALUE_START.search(text, start, i):
            ends = [j for j in (text.find(")", i + 1), text.find("]", i + 1)) if j != -1]
            if not ends:
                raise parse_error(f"failed to parse logic tree ({text})", "unterminated range literal")
            i = min(ends) + 1
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise parse_error(f"failed to parse logic tree ({text})", "unexpected \")\"")
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    if depth != 0:
        raise parse_error(f"failed to parse logic tree ({text})", "unbalanced parentheses")
    parts.append(text[start:])
    return parts


def _after_quoted(text: str, i: int) -> int:
    """The index after the double-quoted string starting at `i` (backslash escapes)."""
    i += 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == '"':
            return i + 1
        i += 1
    raise parse_error(f"failed to parse logic tree ({text})", "unterminated quoted value")


def _after_braces(text: str, i: int) -> int:
    """The index after the `{...}` literal starting at `i` (nested braces, quoted strings)."""
    depth = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            i = _after_quoted(text, i)
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise parse_error(f"failed to parse logic tree ({text})", "unterminated {} literal")


def unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        return re.sub(r'\\(.)', r"\1", text[1:-1])
    return text


def strip_whitespace(text: str) -> str:
    """Whitespace is ignored in `select` outside double quotes."""
    out, quoted = [], False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if quoted or not ch.isspace():
            out.append(ch)
    return "".join(out)


_ARROW = re.compile(r"(->>|->)")


def parse_field(text: str) -> Field:
    """`col`, `"odd col"`, `data->a->>b`, `arr->0`."""
    if not text:
        raise parse_error("failed to parse field", "empty column name")
    parts = _ARROW.split(text)
    name = unquote(parts[0])
    if not name:
        raise parse_error(f"failed to parse field ({text})")
    path = []
    for i in range(1, len(parts), 2):
        key = parts[i + 1] if i + 1 < len(parts) else ""
        if key == "":
            raise parse_error(f"failed to parse json path ({text})")
        path.append((parts[i], unquote(key)))
    return Field(name, tuple(path))


def parse_in_list(text: str) -> list[str]:
    if not (text.startswith("(") and text.endswith(")")):
        raise parse_error(f"failed to parse filter (in.{text})", "expected a parenthesised list")
    inner = text[1:-1]
    if inner == "":
        return []
    return [unquote(v) for v in split_top(inner)]


# ------------------------------------------------------------------------------------------- select
_EMBED = re.compile(r"^(?:(?P<alias>[^:!()]+):)?(?P<spread>\.\.\.)?(?P<name>[^!():]+)(?P<hints>(?:![^!()]+)*)\((?P<items>.*)\)$", re.S)
_AGG = re.compile(r"^(?:(?P<field>.+)\.)?(?P<fn>count|sum|avg|max|min)\(\)$")   # not `discount()`: an embed


def parse_select(text: str, nested: bool = False) -> tuple:
    text = strip_whitespace(text)
    if not nested:
        check_nesting(text, "select parameter")
    if text == "":
        return (SelectField(Field("*")),)
    items = []
    for part in split_top(text):
        if part == "":
            raise parse_error(f"failed to parse select parameter ({text})", "unexpected empty item")
        items.append(_select_item(part, text))
    return tuple(items)


def _split_alias(part: str) -> tuple[str | None, str]:
    # `alias:rest`, but not `col::cast`
    m = re.match(r'^([^:"()]+):(?!:)(.*)$', part, re.S)
    if m:
        return _checked_alias(m.group(1), part), m.group(2)
    return None, part


def _checked_alias(alias: str | None, part: str) -> str | None:
    """An alias becomes a quoted identifier in the statement; `%` would be read there as a placeholder of
    the statement's bound parameters, so it is refused as unparsable."""
    if alias is not None and "%" in alias:
        raise parse_error(f"failed to parse select parameter ({part})", "'%' is not allowed in an alias")
    return alias


def _select_item(part: str, whole: str):
    if part.endswith(")") and "(" in part and not _AGG.match(part.split("::")[0]):
        m = _EMBED.match(part)
        if not m:
            raise parse_error(f"failed to parse select parameter ({whole})")
        join = hint = None
        for h in [h for h in m.group("hints").split("!") if h]:
            if h in ("inner", "left"):
                join = h
            elif hint is None:
                hint = h
            else:
                raise parse_error(f"failed to parse select parameter ({whole})", "too many hints")
        inner = m.group("items")
        # `rel()` selects nothing: the embed only joins (and filters, with !inner) and is left out of the body
        return SelectEmbed(m.group("name"), _checked_alias(m.group("alias"), part), hint, join, bool(m.group("spread")),
                           parse_select(inner, nested=True) if inner else ())
    alias, rest = _split_alias(part)
    aggregate = aggregate_cast = cast = None
    # aggregate: col.sum()::int or count()
    segs = rest.split("::")
    base = segs[0]
    m = _AGG.match(base)
    if m:
        aggregate = m.group("fn")
        base = m.group("field") or "*"
        if len(segs) > 1:
            aggregate_cast = segs[1]
        if len(segs) > 2:
            raise parse_error(f"failed to parse select parameter ({whole})")
    else:
        # `col::type`; also `col::type.sum()`
        if len(segs) == 2:
            m2 = _AGG.match(segs[1])
            if m2 and m2.group("field"):
                cast, aggregate = m2.group("field"), m2.group("fn")
            else:
                cast = segs[1]
        elif len(segs) == 3:
            m2 = _AGG.match(segs[1])
            if not (m2 and m2.group("field")):
                raise parse_error(f"failed to parse select parameter ({whole})")
            cast, aggregate, aggregate_cast = m2.group("field"), m2.group("fn"), segs[2]
        elif len(segs) > 3:
            raise parse_error(f"failed to parse select parameter ({whole})")
    if base == "*" and aggregate is None and (alias or cast):
        raise parse_error(f"failed to parse select parameter ({whole})")
    return SelectField(parse_field(base) if base != "*" else Field("*"), alias, cast, aggregate, aggregate_cast)


# ------------------------------------------------------------------------------------------ filters
def parse_filter_value(field: Field, text: str) -> Filter:
    """`not.in.(1,2)`, `eq.5`, `fts(english).cat`, `like(any).{a*,b*}`."""
    negated = False
    rest = text
    if rest.startswith("not."):
        negated, rest = True, rest[4:]
    op, dot, value = rest.partition(".")
    if not dot:
        raise parse_error(f'"failed to parse filter ({text})" (line 1, column {len(text) + 1})',
                          "unexpected end of input expecting operator (eq, gt, ...)")
    quantifier = config = None
    m = re.fullmatch(r"([a-z]+)\(([^()]*)\)", op)
    if m:
        op, arg = m.group(1), m.group(2)
        if op in FTS:
            config = arg
        elif op in QUANTIFIABLE and arg in ("any", "all"):
            quantifier = arg
        else:
            raise parse_error(f"failed to parse filter ({text})")
    if op not in OPERATORS:
        raise parse_error(f"failed to parse filter ({text})", f"unknown operator {op!r}")
    if op == "is":
        if value.lower() not in IS_VALUES:
            raise parse_error(f"failed to parse filter ({text})", "is accepts null, not_null, true, false, unknown")
        value = value.lower()
    elif op == "in":
        value = parse_in_list(value)
    elif quantifier:
        if not (value.startswith("{") and value.endswith("}")):
            raise parse_error(f"failed to parse filter ({text})", "expected a {list}")
        value = [unquote(v) for v in split_top(value[1:-1])] if value != "{}" else []
    return Filter(field, op, value, negated, quantifier, config)


def parse_logic(operator: str, text: str, negated: bool = False, nested: bool = False) -> Logic:
    """`(a.eq.1,and(b.gt.2,not.c.is.null))`."""
    if not nested:
        check_nesting(text, "logic tree")
    if not (text.startswith("(") and text.endswith(")")):
        raise parse_error(f'"failed to parse logic tree ({text})"', "expecting \"(\"")
    terms = []
    for term in split_logic(text[1:-1]):
        if term == "":
            raise parse_error(f"failed to parse logic tree ({text})")
        neg = False
        t = term
        if t.startswith("not.") and re.match(r"^not\.(and|or)\(", t):
            neg, t = True, t[4:]
        m = re.match(r"^(and|or)(\(.*\))$", t, re.S)
        if m:
            terms.append(parse_logic(m.group(1), m.group(2), neg, nested=True))
            continue
        field_text, dot, condition = _split_field_condition(term)
        if not dot:
            raise parse_error(f"failed to parse logic tree ({text})", f"bad term {term!r}")
        terms.append(parse_filter_value(parse_field(field_text), unquote_value(condition)))
    return Logic(operator, tuple(terms), negated)


def _split_field_condition(term: str) -> tuple[str, str, str]:
    """In a logic tree the field ends at the first dot that is followed by an operator."""
    for m in re.finditer(r"\.", term):
        after = term[m.end():]
        op = re.match(r"(not\.)?([a-z]+)(\([^()]*\))?\.", after)
        if op and op.group(2) in OPERATORS:
            return term[:m.start()], ".", after
    return term, "", ""


def unquote_value(condition: str) -> str:
    """`eq."a,b"` -> `eq.a,b`; lists keep their own quoting."""
    m = re.match(r'^((?:not\.)?[a-z]+(?:\([^()]*\))?\.)("(?:[^"\\]|\\.)*")$', condition, re.S)
    if m:
        return m.group(1) + unquote(m.group(2))
    return condition


# ------------------------------------------------------------------------------------------- order
def parse_order(text: str) -> tuple:
    terms = []
    for term in split_top(text):
        if term == "":
            raise parse_error(f'"failed to parse order ({text})"')
        path: tuple[str, ...] = ()
        m = re.match(r"^([^()]+)\(([^()]+)\)(.*)$", term)
        if m:
            path, term = (m.group(1),), m.group(2) + m.group(3)
        pieces = term.split(".")
        # the field may contain `->` but not dots; modifiers follow
        name, mods = pieces[0], pieces[1:]
        descending, nulls = False, None
        for mod in mods:
            if mod == "asc":
                descending = False
            elif mod == "desc":
                descending = True
            elif mod == "nullsfirst":
                nulls = "first"
            elif mod == "nullslast":
                nulls = "last"
            else:
                raise parse_error(f'"failed to parse order ({text})"', f"unexpected {mod!r}")
        terms.append(OrderTerm(path, parse_field(name), descending, nulls))
    return tuple(terms)


# --------------------------------------------------------------------------------------- prefer etc.
def parse_prefer(values: list[str]) -> Preferences:
    prefs: dict = {}
    for value in values:
        for token in value.split(","):
            key, _, val = token.strip().partition("=")
            key, val = key.strip(), val.strip()
            if key == "return" and val in ("representation", "minimal", "headers-only"):
                prefs["representation"] = val
            elif key == "count" and val in ("exact", "planned", "estimated"):
                prefs["count"] = val
            elif key == "resolution" and val in ("merge-duplicates", "ignore-duplicates"):
                prefs["resolution"] = val
            elif key == "missing" and val in ("default", "null"):
                prefs["missing"] = val
            elif key == "tx" and val in ("commit", "rollback"):
                prefs["tx"] = val
            elif key == "handling" and val in ("strict", "lenient"):
                prefs["handling"] = val
            elif key == "max-affected" and val.isdigit():
                prefs["max_affected"] = int(val)
            elif key == "params" and val == "single-object":
                prefs["params"] = val
    return Preferences(**prefs)


def parse_accept(value: str | None) -> tuple[str, bool]:
    """(json | object | csv, whether nulls are stripped) for the first acceptable media type."""
    if not value:
        return "json", False
    for part in value.split(","):
        media, *params = [p.strip().lower() for p in part.split(";")]
        stripped = "nulls=stripped" in [p.replace(" ", "") for p in params]
        if media in ("application/json", "*/*", "application/*"):
            return "json", False
        if media in ("application/vnd.pgrst.array+json", "application/vnd.pgrst.array"):
            return "json", stripped
        if media in (SINGLE_OBJECT, "application/vnd.pgrst.object"):
            return "object", stripped
        if media == "text/csv":
            return "csv", False
    raise RestError(406, "PGRST107", f"None of these media types are available: {value}")


def parse_limit(name: str, value: str) -> int:
    if not value.isdigit():
        raise parse_error(f'"failed to parse {name} parameter ({value})"', "expecting a non-negative integer")
    return int(value)


# ---------------------------------------------------------------------------------------- request
def parse_request(method: str, path: str, query_string: str, headers, body: bytes,
                  exposed_schemas: tuple[str, ...] = ("public", "graphql_public")) -> ApiRequest:
    method = method.upper()
    write = method in ("POST", "PATCH", "PUT", "DELETE")
    profile = headers.get("content-profile" if write else "accept-profile")
    if profile is not None and profile not in exposed_schemas:
        raise RestError(406, "PGRST106", f"Invalid schema: {profile}",
                        hint=f"Only the following schemas are exposed: {', '.join(exposed_schemas)}")
    schema = profile if profile is not None else exposed_schemas[0]
    segments = [s for s in path.strip("/").split("/") if s]
    is_rpc = len(segments) == 2 and segments[0] == "rpc"
    if not segments or len(segments) > 2 or (len(segments) == 2 and not is_rpc):
        raise RestError(404, "PGRST125", f"Invalid path specified in request URL")
    resource = segments[-1]

    prefs = parse_prefer([v for k, v in headers.items() if k.lower() == "prefer"] if not hasattr(headers, "getlist")
                         else headers.getlist("prefer"))
    accept, strip_nulls = parse_accept(headers.get("accept"))

    select_text = None
    filters: dict = {}
    order: dict = {}
    limits: dict = {}
    columns = on_conflict = None
    rpc_args: dict | None = {} if is_rpc and method in ("GET", "HEAD") else None
    rpc_pairs: list[tuple[str, str]] = []

    for key, value in parse_qsl(query_string, keep_blank_values=True):
        if key == "select":
            select_text = value
            continue
        if key == "columns":
            columns = tuple(unquote(c.strip()) for c in split_top(value) if c.strip())
            continue
        if key == "on_conflict":
            on_conflict = tuple(unquote(c.strip()) for c in split_top(value) if c.strip())
            continue
        embed_path, last = _key_path(key)
        if last == "order":
            order[embed_path] = order.get(embed_path, ()) + parse_order(value)
        elif last == "limit":
            limits.setdefault(embed_path, [None, None])[0] = parse_limit("limit", value)
        elif last == "offset":
            limits.setdefault(embed_path, [None, None])[1] = parse_limit("offset", value)
        elif last in ("or", "and"):
            negated = embed_path[-1:] == ("not",)
            if negated:
                embed_path = embed_path[:-1]
            filters.setdefault(embed_path, []).append(parse_logic(last, value, negated))
        elif rpc_args is not None and not embed_path:
            rpc_args[key] = value   # an argument or a filter on the result: the plan knows which
            rpc_pairs.append((key, value))
        else:
            filters.setdefault(embed_path, []).append(parse_filter_value(parse_field(last), value))

    range_offset, range_limit = 0, None
    top = limits.get((), [None, None])
    if top[1] is not None:
        range_offset = top[1]
    range_header = headers.get("range")
    if range_header and method == "GET":   # RFC 9110: other methods ignore Range (PostgREST too)
        m = re.fullmatch(r"\s*(?:items=)?(\d+)-(\d*)\s*", range_header)
        if m:
            lower = int(m.group(1))
            upper = int(m.group(2)) if m.group(2) else None
            range_offset = lower if top[1] is None else range_offset
            if upper is not None:
                if upper < lower:
                    raise RestError(416, "PGRST103", "Requested range not satisfiable",
                                    "The lower boundary must be lower than or equal to the upper boundary in the Range header.")
                range_limit = upper - lower + 1
    if top[0] is not None:
        range_limit = top[0] if range_limit is None else min(range_limit, top[0])

    action = "read"
    if is_rpc:
        action = "call"
        if method not in ("GET", "HEAD", "POST"):
            raise RestError(405, "PGRST117", f"Unsupported HTTP method: {method}")
    elif method == "POST":
        action = "upsert" if prefs.resolution else "insert"
    elif method == "PUT":
        action = "put"
    elif method == "PATCH":
        action = "update"
    elif method == "DELETE":
        action = "delete"
    elif method not in ("GET", "HEAD"):
        raise RestError(405, "PGRST117", f"Unsupported HTTP method: {method}")

    payload = None
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

    return ApiRequest(
        method=method, action=action, resource=resource,
        select=parse_select(select_text) if select_text is not None else (SelectField(Field("*")),),
        filters={k: tuple(v) for k, v in filters.items()}, order=order,
        limits={k: tuple(v) for k, v in limits.items()}, preferences=prefs, accept=accept,
        range_offset=range_offset, range_limit=range_limit, columns=columns, on_conflict=on_conflict,
        payload=payload, raw_body=body, body_kind=body_kind, rpc_args=rpc_args, rpc_pairs=tuple(rpc_pairs), headers_only=method == "HEAD",
        select_given=select_text is not None, schema=schema, strip_nulls=strip_nulls,
        profile_negotiated=profile is not None or len(exposed_schemas) != 1,
    )


def _key_path(key: str) -> tuple[tuple[str, ...], str]:
    """`clients.orders.amount` -> (('clients', 'orders'), 'amount'); JSON arrows stay in the field."""
    head, arrow, tail = key.partition("->")
    parts = head.split(".")
    return tuple(parts[:-1]), parts[-1] + arrow + tail


def _csv_payload(body: bytes) -> list[dict]:
    import csv
    import io
    try:
        rows = list(csv.reader(io.StringIO(body.decode())))
    except (UnicodeDecodeError, csv.Error) as exc:
        raise RestError(400, "PGRST102", "Invalid CSV", str(exc)) from None
    if not rows:
        return []
    header = rows[0]
    return [{h: (None if v == "NULL" else v) for h, v in zip(header, row)} for row in rows[1:]]
