"""The `eq` filter index (realtime/changes.py `_Candidates`, filters.eq_key/value_key): with a thousand portal
subscriptions `client_id=eq.<id>` on a table, a change finds its subscribers by a lookup. The index may only
narrow: every binding whose filter matches a row must be among that row's candidates."""
from __future__ import annotations

import uuid
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from supastack.realtime import filters
from supastack.realtime.changes import _Candidates
from supastack.realtime.channels import Binding

TYPES = {"id": "uuid", "name": "text", "n": "int8", "price": "numeric", "done": "bool", "at": "timestamptz"}

filter_values = {
    "id": st.uuids().map(str).flatmap(lambda u: st.sampled_from([u, u.upper(), f" {u} "])),
    "name": st.sampled_from(["Maria", "maria", " Maria", "João", ""]),
    "n": st.sampled_from(["5", " 5", "5.0", "05", "-1", "x", "NaN", "sNaN", "1e2"]),
    "price": st.sampled_from(["10", "10.00", "10.5", "abc", "Infinity"]),
    "done": st.sampled_from(["true", "false"]),
    "at": st.sampled_from(["2026-01-01T00:00:00Z", "2026-01-01"]),
}
row_values = {
    "id": st.sampled_from([None, str(uuid.UUID(int=5)), str(uuid.UUID(int=7))]),
    "name": st.sampled_from([None, "Maria", "maria", "João", ""]),
    "n": st.sampled_from([None, 5, -1, 100, "5", True]),
    "price": st.sampled_from([None, 10, 10.5, "10.00", "10.50"]),
    "done": st.sampled_from([None, True, False]),
    "at": st.sampled_from([None, "2026-01-01T00:00:00+00:00"]),
}


@st.composite
def bindings_and_row(draw):
    bindings = []
    for i in range(draw(st.integers(1, 12))):
        column = draw(st.sampled_from(sorted(TYPES)))
        op = draw(st.sampled_from(["eq", "eq", "eq", "neq", "gt"]))
        value = draw(filter_values[column])
        use_filter = draw(st.booleans())
        flt = filters.parse(f"{column}={op}.{value}") if use_filter else None
        bindings.append((object(), Binding(i, {}, "INSERT", "public", "t", flt)))
    row = {column: draw(strategy) for column, strategy in row_values.items()}
    # ids the filters may want, so that matches happen
    row["id"] = draw(st.sampled_from([row["id"]] + [b.filter.values[0].strip().lower()
                                                    for _, b in bindings if b.filter and b.filter.column == "id"]))
    return bindings, row


@settings(deadline=None, max_examples=300)   # no deadline: the machine may be busy
@given(bindings_and_row())
def test_every_matching_binding_is_a_candidate(case):
    bindings, row = case
    table = SimpleNamespace(column_types=TYPES)
    candidates = {id(b) for _, b in _Candidates(bindings, table).of(table, row)}   # type: ignore[arg-type]
    for _, binding in bindings:
        if binding.filter is None or filters.matches(binding.filter, row, TYPES):
            assert id(binding) in candidates, (binding.filter, row)


def test_a_thousand_portal_filters_are_one_lookup():
    clients = [str(uuid.uuid4()) for _ in range(1000)]
    bindings = [(object(), Binding(i, {}, "INSERT", "public", "messages", filters.parse(f"client_id=eq.{c}")))
                for i, c in enumerate(clients)]
    staff = (object(), Binding(1000, {}, "INSERT", "public", "messages", None))
    table = SimpleNamespace(column_types={"client_id": "uuid"})
    index = _Candidates([*bindings, staff], table)   # type: ignore[arg-type]
    found = index.of(table, {"client_id": clients[417]})   # type: ignore[arg-type]
    assert [b.id for _, b in found] == [1000, 417]
    assert index.in_turn == [staff]
