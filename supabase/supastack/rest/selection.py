"""`select=`: columns, aliases, casts, JSON paths, aggregates and embedded resources (with hints and spreads)."""
from __future__ import annotations

import re

from supastack.rest.errors import parse_error
from supastack.rest.lexing import check_nesting, parse_field, split_top, strip_whitespace
from supastack.rest.terms import Field, SelectEmbed, SelectField

_EMBED = re.compile(r"^(?:(?P<alias>[^:!()]+):)?(?P<spread>\.\.\.)?(?P<name>[^!():]+)"
                    r"(?P<hints>(?:![^!()]+)*)\((?P<items>.*)\)$", re.S)
_AGG = re.compile(r"^(?:(?P<field>.+)\.)?(?P<fn>count|sum|avg|max|min)\(\)$")   # not `discount()`: an embed
# a whole select item that is an aggregate: `[alias:][field[::cast].]fn()[::cast]`, no other parentheses
_AGG_ITEM = re.compile(r"^(?:[^()]*[.:])?(?:count|sum|avg|max|min)\(\)(?:::[^()]*)?$")


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


def _select_item(part: str, whole: str) -> SelectEmbed | SelectField:
    if part.endswith(")") and "(" in part and not _AGG_ITEM.match(part):
        m = _EMBED.match(part)
        if not m or (m.group("alias") and m.group("spread")):   # a spread has no name of its own to alias
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
