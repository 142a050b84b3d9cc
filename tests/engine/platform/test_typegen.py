"""`gen types typescript`: what a call may pass to a function and what an insert may leave out, as the database
decides it (not only as the catalog's defaults say)."""
from __future__ import annotations

import re

import psycopg
import pytest

from supastack.db.typegen import filled_by_triggers, typescript

SCHEMA = """
create table public.items (
  id uuid primary key default gen_random_uuid(),
  product text,
  description text not null,
  unit_price numeric not null,
  email text not null,
  kind text not null
);
create function public.items_fill() returns trigger language plpgsql as $$
begin
  if new.unit_price is null then new.unit_price := 10; end if;   -- filled from the product
  select 'from the product' into new.description;                -- filled too
  new.email := lower(btrim(new.email));                           -- only reworks what was given
  if tg_op = 'UPDATE' then new.kind := old.kind; end if;          -- keeps the old row's value
  return new;
end $$;
create trigger items_fill before insert or update on public.items for each row execute function public.items_fill();

create table public.notes (id int primary key, body text not null);
create function public.notes_after() returns trigger language plpgsql as $$
begin new.body := 'x'; return new; end $$;
create trigger notes_after after insert on public.notes for each row execute function public.notes_after();

create function public.make_contract(quote uuid, first_due date, step interval default '1 month',
                                     note text default null) returns int language sql as $$ select 1 $$;
create function public.strict_sum(a int, b int) returns int language sql strict as $$ select a + b $$;
"""


@pytest.fixture(scope="module")
def types(cluster) -> str:
    url = cluster.create_database("typegen")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(SCHEMA)
    return typescript(url, ["public"])


def _block(text: str, start: str) -> str:
    """What follows `start` (matched whitespace-insensitively) up to the first closing brace."""
    found = re.search(r"\s+".join(re.escape(part) for part in start.split()), text)
    assert found, start
    return text[found.end():text.index("}", found.end())]


def test_a_column_a_before_insert_trigger_fills_may_be_left_out(types):
    insert = _block(types, "items: { Row: { id: string; product: string | null; description: string; "
                           "unit_price: number; email: string; kind: string; }; Insert: {")
    assert "unit_price?: number" in insert and "description?: string" in insert
    # reworking the given value or copying the old row's fills nothing: still required
    assert "email: string" in insert and "kind: string" in insert
    # an AFTER trigger cannot fill a NOT NULL column
    assert "body: string" in _block(types, "notes: { Row: { id: number; body: string; }; Insert: {")


def test_function_arguments_accept_null_unless_the_function_is_strict(types):
    args = _block(types, "make_contract: {")
    # a required argument stays required (the call must name it) but may be null; a default makes it optional
    assert "quote: string | null;" in args and "first_due: string | null;" in args
    assert "step?: string | null;" in args and "note?: string | null;" in args
    strict = _block(types, "strict_sum: {")
    assert "a: number;" in strict and "b: number;" in strict


def test_filled_columns_are_read_from_the_trigger_source():
    source = ('begin new."Total" := 1; new.a := coalesce(new.a, 2); select 1 into new.b; '
              "new.c := old.c; return new; end")
    assert filled_by_triggers([("t", source)]) == {"t": {"total", "b"}}
