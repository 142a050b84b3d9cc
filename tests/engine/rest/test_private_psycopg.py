"""REST's round trip converts its statements with psycopg's PostgresQuery, a private module (psycopg._queries):
it turns `%(name)s` placeholders into the protocol's $1, $2... with the types and formats psycopg's own adapters
choose, which no public API exposes and which would otherwise be re-implemented here. psycopg is pinned; this
test fails first if an upgrade moves or changes it."""
from __future__ import annotations

from supastack.rest.execute import main_step
from supastack.rest.sql import MainQuery


def test_psycopg_private_query_converter_is_where_rest_expects_it():
    from psycopg._queries import PostgresQuery  # noqa: F401  (the import itself is the check)
    from psycopg.adapt import Transformer

    converted = PostgresQuery(Transformer())
    converted.convert(b"select %(a)s::int, %(b)s::text, %(a)s::int", {"a": 7, "b": "x"})
    assert converted.query == b"select $1::int, $2::text, $1::int"
    assert converted.params is not None and len(converted.params) == 2
    assert converted.types is not None and len(converted.types) == 2


def test_main_step_sends_numbered_parameters():
    step = main_step(MainQuery(text="select %(a)s::int, %(a)s::int", params={"a": 1}))
    assert step.sql == b"select $1::int, $1::int"
    assert step.params is not None and len(step.params) == 1
