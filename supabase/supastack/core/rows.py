"""The row a query always returns (`show ...`, `select count(*)`, `insert ... returning`)."""
from __future__ import annotations

from typing import TypeVar

Row = TypeVar("Row")


class NoRow(LookupError):
    """A query that always answers one row answered none: a bug or a database changed under us."""


def one(row: Row | None) -> Row:
    """`row`, which fetchone() types as optional, checked to be there (`one(cur.fetchone())[0]`)."""
    if row is None:
        raise NoRow("the query returned no row")
    return row
