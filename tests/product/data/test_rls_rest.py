"""The same RLS matrix through the real supabase-py client and the stack's REST API, plus
create_client_user as an RPC."""
from __future__ import annotations

import time
from datetime import date, datetime
from decimal import Decimal
from uuid import UUID

import httpx
import psycopg
import pytest
from data_actors import ANON, CLIENTS, STAFF, Actor
from data_matrix import ACTORS_BY_NAME, ADMIN, ALL, DENIED, NONE, OK, OWN, RULES_BY_TABLE, cases
from postgrest.exceptions import APIError
from psycopg import sql
from psycopg.types.json import Jsonb

from supabase import Client, create_client
from supastack.core import jwt


@pytest.fixture(scope="module")
def rest_stack(data_stack):
    probe = httpx.get(f"{data_stack.url}/rest/v1/process_stages?select=id",
                      headers={"apikey": data_stack.service_role_key,
                               "Authorization": f"Bearer {data_stack.service_role_key}"})
    assert probe.status_code == 200 and isinstance(probe.json(), list), \
        f"GET /rest/v1/process_stages -> {probe.status_code} {probe.text}"
    return data_stack


def _token(stack, actor: Actor) -> str:
    now = int(time.time())
    return jwt.sign({**actor.claims(), "iss": "supabase", "iat": now, "exp": now + 3600}, stack.settings.jwt_secret)


_clients: dict[str, Client] = {}


def client_for(stack, actor: Actor) -> Client:
    if actor.name not in _clients:
        c = create_client(stack.url, stack.anon_key)
        if not actor.is_anon:
            c.postgrest.auth(_token(stack, actor))
        _clients[actor.name] = c
    return _clients[actor.name]


def _json(value):
    if isinstance(value, UUID | datetime | date):
        return str(value) if not isinstance(value, datetime | date) else value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    return value


@pytest.fixture(scope="module")
def owner(rest_stack):
    """One connection as the owner, for arranging rows and computing expectations."""
    with psycopg.connect(rest_stack.db_url, autocommit=True) as conn:
        yield conn


def _owner_insert(conn, table: str, row: dict, pk: str):
    query = sql.SQL("insert into public.{} ({}) values ({}) returning {}").format(
        sql.Identifier(table), sql.SQL(", ").join(map(sql.Identifier, row)),
        sql.SQL(", ").join(sql.Placeholder() * len(row)), sql.Identifier(pk))
    return conn.execute(query, [Jsonb(v) if isinstance(v, dict) else v for v in row.values()]).fetchone()[0]


def _owner_delete(conn, table: str, pk: str, value) -> None:
    conn.execute(sql.SQL("delete from public.{} where {} = %s").format(sql.Identifier(table), sql.Identifier(pk)),
                 (value,))


def _owner_vacate(conn, table: str, where: str) -> list:
    """Takes out the seeded rows matching `where` and returns them, for _owner_restore."""
    return [r[0] for r in conn.execute(sql.SQL("delete from public.{} t where {} returning to_jsonb(t)").format(
        sql.Identifier(table), sql.SQL(where)))]


def _owner_restore(conn, table: str, rows: list) -> None:
    for row in rows:
        conn.execute(sql.SQL("insert into public.{} select * from jsonb_populate_record(null::public.{}, %s)").format(
            sql.Identifier(table), sql.Identifier(table)), (Jsonb(row),))


def _owner_count(conn, table: str, where: str | None = None, param=None) -> int:
    query = sql.SQL("select count(*) from public.{}").format(sql.Identifier(table))
    if where:
        query += sql.SQL(" where ") + sql.SQL(where)
    return conn.execute(query, (param,) if where else None).fetchone()[0]


@pytest.mark.parametrize(("table", "actor_name", "operation"), cases())
def test_matrix_through_rest(rest_stack, owner, table, actor_name, operation):
    stack = rest_stack
    rule = RULES_BY_TABLE[table]
    actor = ACTORS_BY_NAME[actor_name]
    expected = rule.outcome(actor, operation)
    api = client_for(stack, actor).table(table)
    created = None
    vacated = _owner_vacate(owner, table, rule.vacate) if operation == "insert" and rule.vacate else []
    try:
        if operation in ("update", "delete") and operation not in rule.fixed_target:
            created = _owner_insert(owner, table, rule.new_row(ADMIN), rule.pk)
        target = rule.fixed_target.get(operation, created)
        try:
            if operation == "select":
                total = _owner_count(owner, table)
                own = (_owner_count(owner, table, rule.own, rule.own_param(actor))
                       if rule.own and not actor.is_anon else 0)
                seen = len(api.select(rule.pk).execute().data)
            elif operation == "insert":
                data = api.insert(rule.new_row(actor)).execute().data
                affected = len(data)
                for row in data:
                    _owner_delete(owner, table, rule.pk, row[rule.pk])
            else:
                if operation == "update":
                    current = owner.execute(sql.SQL("select {} from public.{} where {} = %s").format(
                        sql.Identifier(rule.touch_column), sql.Identifier(table), sql.Identifier(rule.pk)),
                        (target,)).fetchone()[0]
                    query = api.update({rule.touch_column: _json(current)})
                else:
                    query = api.delete()
                affected = len(query.eq(rule.pk, str(target)).execute().data)
        except APIError as exc:
            assert expected == DENIED and exc.code == "42501", \
                f"{actor} {operation} on {table}: {exc.code} {exc.message}, expected {expected}"
            return
        assert expected != DENIED, f"{actor} {operation} on {table}: allowed, expected 42501"
        if operation == "select":
            assert seen == {ALL: total, OWN: own, NONE: 0}[expected], f"{actor} select on {table}"
        else:
            assert affected == {OK: 1, NONE: 0}[expected], f"{actor} {operation} on {table}"
    finally:
        if created is not None:
            _owner_delete(owner, table, rule.pk, created)
        _owner_restore(owner, table, vacated)


@pytest.mark.parametrize("actor", [*STAFF, *CLIENTS, ANON], ids=str)
def test_create_client_user_rpc(rest_stack, actor):
    email = f"rpc.{actor.name}@cliente.test"
    api = client_for(rest_stack, actor)
    try:
        if actor in STAFF:
            client_id = api.rpc("create_client_user", {"email": email, "password": "segredo1",
                                                       "full_name": "Cliente RPC", "phone": None,
                                                       "address": None}).execute().data
            assert rest_stack.sql("select email from public.clients where id = %s", (client_id,)) == [(email,)]
        else:
            with pytest.raises(APIError) as err:
                api.rpc("create_client_user", {"email": email, "password": "segredo1", "full_name": "Cliente RPC",
                                               "phone": None, "address": None}).execute()
            assert err.value.code == "42501"
            assert rest_stack.sql("select count(*) from auth.users where email = %s", (email,)) == [(0,)]
    finally:
        rest_stack.sql("delete from public.clients where email = %s", (email,))
        rest_stack.sql("delete from auth.users where email = %s", (email,))


def test_create_client_user_duplicate_message(rest_stack):
    api = client_for(rest_stack, ADMIN)
    with pytest.raises(APIError) as err:
        api.rpc("create_client_user", {"email": "maria.silva@cliente.test", "password": "segredo1",
                                       "full_name": "Outra Maria", "phone": None, "address": None}).execute()
    assert err.value.code == "23505"
    assert err.value.message == "Já existe um usuário com este e-mail"
