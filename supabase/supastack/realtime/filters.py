"""postgres_changes filters: parse `column=op.value` and evaluate it against a changed row.

Operators `eq, neq, lt, lte, gt, gte, in` (`in.(a,b,"c,d")`), one filter per binding, as on every
Supabase Realtime server. Values are compared with the column's PostgreSQL type in mind: numbers as
numbers, booleans as booleans, dates and timestamps as instants, everything else as text. A NULL
column never matches (SQL comparison semantics).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

OPERATORS = ("eq", "neq", "lt", "lte", "gt", "gte", "in")
MAX_IN_VALUES = 100
NUMERIC_TYPES = {"int2", "int4", "int8", "float4", "float8", "numeric", "oid", "money"}
TIME_TYPES = {"timestamp", "timestamptz", "date"}


class FilterError(ValueError):
    """The filter string cannot be parsed (reported to the client as Supabase words it)."""


@dataclass(frozen=True, slots=True)
class Filter:
    column: str
    op: str
    values: tuple[str, ...]


_FILTER = re.compile(r"^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$", re.S)


def _split_list(text: str) -> tuple[str, ...]:
    """Values of `in.(a,b,"c,d")`.

    >>> _split_list('(1, 2,"a,b")')
    ('1', '2', 'a,b')
    """
    if not (text.startswith("(") and text.endswith(")")):
        raise FilterError("`in` filter value must be wrapped by parentheses")
    values, current, quoted, was_quoted = [], "", False, False
    for char in text[1:-1]:
        if char == '"':
            quoted, was_quoted = not quoted, True
        elif char == "," and not quoted:
            values.append(current if was_quoted else current.strip())
            current, was_quoted = "", False
        else:
            current += char
    values.append(current if was_quoted else current.strip())
    if len(values) > MAX_IN_VALUES:
        raise FilterError(f"`in` filter accepts at most {MAX_IN_VALUES} values")
    return tuple(values)


def parse(text: str) -> Filter:
    """`column=op.value` -> Filter.

    >>> parse("client_id=eq.6de95fae-dec9-44a4-9d6d-b8b22ff110b4").op
    'eq'
    >>> parse("id=in.(1,2,3)").values
    ('1', '2', '3')
    """
    match = _FILTER.match(text.strip())
    if not match:
        raise FilterError(f"Error parsing `filter` params: {text}")
    column, op, value = match.group(1).strip(), match.group(2), match.group(3)
    values = _split_list(value) if op == "in" else (value,)
    return Filter(column, op, values)


def _coerce(value: str, sample: Any, pg_type: str) -> Any:
    if isinstance(sample, bool) or pg_type == "bool":
        return value.strip().lower() in ("true", "t", "1", "yes", "on")
    if isinstance(sample, (int, float)) or pg_type in NUMERIC_TYPES:
        return Decimal(value.strip())
    if pg_type in TIME_TYPES:
        return _instant(value)
    if pg_type == "uuid":
        return value.strip().lower()
    return value


def _instant(text: str) -> datetime | date:
    text = text.strip().replace(" ", "T").replace("Z", "+00:00")
    if "T" not in text:
        return date.fromisoformat(text)
    return datetime.fromisoformat(text)


def _comparable(sample: Any, pg_type: str) -> Any:
    if isinstance(sample, bool):
        return sample
    if isinstance(sample, (int, float)):
        return Decimal(str(sample))
    if pg_type in NUMERIC_TYPES and isinstance(sample, str):
        return Decimal(sample)
    if pg_type in TIME_TYPES and isinstance(sample, str):
        return _instant(sample)
    if isinstance(sample, (dict, list)):
        return str(sample)
    if pg_type == "uuid" and isinstance(sample, str):
        return sample.lower()
    return sample


def matches(flt: Filter, record: dict, column_types: dict[str, str]) -> bool:
    """Whether a row (as JSON) satisfies the filter.

    >>> matches(parse("n=gt.2"), {"n": 3}, {"n": "int4"}), matches(parse("n=in.(1,2)"), {"n": 3}, {})
    (True, False)
    """
    if flt.column not in record:
        return False
    sample = record[flt.column]
    if sample is None:
        return False
    pg_type = column_types.get(flt.column, "")
    try:
        left = _comparable(sample, pg_type)
        rights = [_coerce(v, sample, pg_type) for v in flt.values]
        if isinstance(left, datetime) and isinstance(rights[0], datetime):
            # naive and aware instants: compare in UTC when both sides carry an offset
            if (left.tzinfo is None) != (rights[0].tzinfo is None):
                left = left.replace(tzinfo=None)
                rights = [r.replace(tzinfo=None) for r in rights]
        right = rights[0]
        if flt.op == "eq":
            return left == right
        if flt.op == "neq":
            return left != right
        if flt.op == "in":
            return left in rights
        if flt.op == "lt":
            return left < right
        if flt.op == "lte":
            return left <= right
        if flt.op == "gt":
            return left > right
        if flt.op == "gte":
            return left >= right
    except (InvalidOperation, ValueError, TypeError):
        return False
    return False


# -- an index of `eq` filters ---------------------------------------------------------------------------------
# A portal subscribes with `client_id=eq.<its id>`: with a thousand of them on a table, testing every filter
# against every change costs more than everything else. Equality on these types has one comparable form on
# both sides, so such filters are found by a dictionary lookup on the changed row's value (and still checked
# with `matches`, so the index can only narrow, never widen, who receives a change).
INDEXABLE_TYPES = {"uuid", "text", "varchar", "int2", "int4", "int8", "numeric"}


def eq_key(flt: Filter, pg_type: str) -> Any:
    """The lookup key of an `eq` filter on an indexable column, or None when it must be tested in turn."""
    if flt.op != "eq" or pg_type not in INDEXABLE_TYPES:
        return None
    return value_key(flt.values[0], pg_type, from_filter=True)


def value_key(value: Any, pg_type: str, from_filter: bool = False) -> Any:
    """The same key for a filter's text and a row's JSON value that `matches` finds equal; None if there is none."""
    if value is None or isinstance(value, bool):
        return None
    try:
        if pg_type == "uuid":
            return (value.strip() if from_filter else value).lower() if isinstance(value, str) else None
        if pg_type in ("text", "varchar"):
            return value if isinstance(value, str) else None
        if isinstance(value, (int, float, str)):
            number = Decimal(value.strip() if isinstance(value, str) else str(value))
            return number if number.is_finite() else None     # NaN equals nothing, sNaN cannot be hashed
    except (InvalidOperation, ValueError):
        return None
    return None
