"""`order=`, `limit=`/`offset=` and the Range header: which rows, in which order, which page.

>>> [(t.field.name, t.descending, t.nulls) for t in parse_order("name.desc.nullslast,id")]
[('name', True, 'last'), ('id', False, None)]
"""
from __future__ import annotations

import re

from supastack.rest.errors import RestError, parse_error
from supastack.rest.lexing import parse_field, split_top
from supastack.rest.terms import OrderTerm


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


def parse_limit(name: str, value: str) -> int:
    if not value.isdigit():
        raise parse_error(f'"failed to parse {name} parameter ({value})"', "expecting a non-negative integer")
    return int(value)


def page(method: str, top: tuple[int | None, int | None], range_header: str | None) -> tuple[int, int | None]:
    """(offset, limit) of the top-level rows from `limit=`/`offset=` (`top`) and a GET's Range header."""
    range_offset, range_limit = 0, None
    if top[1] is not None:
        range_offset = top[1]
    if range_header and method == "GET":   # RFC 9110: other methods ignore Range (PostgREST too)
        m = re.fullmatch(r"\s*(?:items=)?(\d+)-(\d*)\s*", range_header)
        if m:
            lower = int(m.group(1))
            upper = int(m.group(2)) if m.group(2) else None
            range_offset = lower if top[1] is None else range_offset
            if upper is not None:
                if upper < lower:
                    raise RestError(416, "PGRST103", "Requested range not satisfiable",
                                    "The lower boundary must be lower than or equal to the upper boundary in the "
                                    "Range header.")
                range_limit = upper - lower + 1
    if top[0] is not None:
        range_limit = top[0] if range_limit is None else min(range_limit, top[0])
    return range_offset, range_limit
