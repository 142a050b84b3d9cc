"""Filters: `col=op.value` (negation, quantifiers, full-text configurations, `in` lists) and the logic trees
of `or=`/`and=` (whose array, JSON and range literals are one value).

>>> parse_in_list('(1,"a,b",c)')
['1', 'a,b', 'c']
"""
from __future__ import annotations

import re

from supastack.rest.errors import parse_error
from supastack.rest.lexing import check_nesting, parse_field, split_top, unquote
from supastack.rest.terms import Field, Filter, Logic

OPERATORS = {"eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch", "is", "isdistinct",
             "in", "cs", "cd", "ov", "sl", "sr", "nxl", "nxr", "adj", "fts", "plfts", "phfts", "wfts"}
QUANTIFIABLE = {"eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"}
FTS = {"fts", "plfts", "phfts", "wfts"}
IS_VALUES = {"null", "not_null", "true", "false", "unknown"}


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


def parse_in_list(text: str) -> list[str]:
    if not (text.startswith("(") and text.endswith(")")):
        raise parse_error(f"failed to parse filter (in.{text})", "expected a parenthesised list")
    inner = text[1:-1]
    if inner == "":
        return []
    return [unquote(v) for v in split_top(inner)]


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
    parsed: str | list[str] = value
    if op == "is":
        if value.lower() not in IS_VALUES:
            raise parse_error(f"failed to parse filter ({text})", "is accepts null, not_null, true, false, unknown")
        parsed = value.lower()
    elif op == "in":
        parsed = parse_in_list(value)
    elif quantifier:
        if not (value.startswith("{") and value.endswith("}")):
            raise parse_error(f"failed to parse filter ({text})", "expected a {list}")
        parsed = [unquote(v) for v in split_top(value[1:-1])] if value != "{}" else []
    return Filter(field, op, parsed, negated, quantifier, config)


def parse_logic(operator: str, text: str, negated: bool = False, nested: bool = False) -> Logic:
    """`(a.eq.1,and(b.gt.2,not.c.is.null))`."""
    if not nested:
        check_nesting(text, "logic tree")
    if not (text.startswith("(") and text.endswith(")")):
        raise parse_error(f'"failed to parse logic tree ({text})"', "expecting \"(\"")
    terms: list[Filter | Logic] = []
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
