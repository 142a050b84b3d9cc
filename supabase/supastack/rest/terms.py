"""The values the PostgREST grammar parses into: fields, select items, filters, logic trees, order terms.
Plain data, shared by the parsers (selection, filters, order) and the planner."""
from __future__ import annotations

from dataclasses import dataclass


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
