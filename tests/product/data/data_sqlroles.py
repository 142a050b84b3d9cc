"""Acting as a demo user directly in PostgreSQL: the role and claims PostgREST would set."""
from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from data_actors import Actor
from psycopg import sql
from psycopg.types.json import Jsonb


class Rollback(Exception):
    """Raised to undo everything a case did."""


def act_as(conn: psycopg.Connection, actor: Actor) -> None:
    """Inside a transaction: switch to the actor's API role with its JWT claims."""
    conn.execute(sql.SQL("set local role {}").format(sql.Identifier("anon" if actor.is_anon else "authenticated")))
    conn.execute("select set_config('request.jwt.claims', %s, true)", (json.dumps(actor.claims()),))


@contextmanager
def undone(conn: psycopg.Connection) -> Iterator[psycopg.Connection]:
    """A transaction that is always rolled back."""
    try:
        with conn.transaction():
            yield conn
            raise Rollback
    except Rollback:
        pass


def adapt(value):
    return Jsonb(value) if isinstance(value, dict | list) else value


def insert(conn: psycopg.Connection, table: str, row: dict, returning: str | None = None):
    query = sql.SQL("insert into public.{} ({}) values ({})").format(
        sql.Identifier(table),
        sql.SQL(", ").join(map(sql.Identifier, row)),
        sql.SQL(", ").join(sql.Placeholder() * len(row)),
    )
    if returning:
        query += sql.SQL(" returning {}").format(sql.Identifier(returning))
    cur = conn.execute(query, [adapt(v) for v in row.values()])
    return cur.fetchone()[0] if returning else cur.rowcount
