"""Owner-column policies (`owner = auth.uid()`) checked for all subscribers in one set-based statement, with
the exact per-subscriber check for every other shape, and whenever the policies changed since the catalog
was read."""
from __future__ import annotations

import copy
import dataclasses
import json
import uuid
from contextlib import asynccontextmanager

import psycopg
import pytest

from supastack.core.db import Database
from supastack.realtime import authorize, capture, policies

UID = "( SELECT auth.uid() AS uid)"


def shape(*quals: str, permissive: bool = True, roles=("authenticated",), **extra) -> dict:
    base = {
        "rls": True, "self_bypasses": True, "uid": policies.UID_SOURCE, "exempt": ["service_role"],
        "readers": ["anon", "authenticated", "service_role"],
        "columns": {"id": "bigint", "owner": "uuid", "Boss": "uuid", "label": "text"},
        "policies": [{"cmd": "r", "qual": q, "permissive": permissive, "uuid_eq": True, "roles": list(roles),
                      "unsure": []} for q in quals],
    }
    return base | extra


# -- which shapes take the set-based path (no database) ------------------------------------------------
@pytest.mark.parametrize("qual", [f"(owner = {UID})", "(owner = auth.uid())", f"({UID} = owner)"])
def test_an_owner_column_compared_with_auth_uid_is_recognised(qual):
    assert policies.owner_columns(shape(qual)) == {"authenticated": ("owner",)}


def test_several_owner_policies_are_ored_and_quoted_columns_unquoted():
    assert policies.owner_columns(shape(f"(owner = {UID})", f'("Boss" = {UID})')) == {
        "authenticated": ("owner", "Boss")}


@pytest.mark.parametrize("changed", [
    {"policies": shape("(owner = auth.uid())", permissive=False)["policies"]},   # restrictive
    {"uid": "select 'someone else'::uuid"},                                      # auth.uid() redefined
    {"self_bypasses": False},                                                    # the stack would meet RLS itself
    {"exempt": ["authenticated", "service_role"]},                              # owner / BYPASSRLS role
    {"readers": ["service_role"]},                                               # no SELECT privilege
    {"rls": False},
])
def test_anything_else_about_the_table_or_role_takes_the_exact_path(changed):
    assert policies.owner_columns(shape("(owner = auth.uid())", **changed)) == {}


@pytest.mark.parametrize("qual", [
    "((owner = auth.uid()) AND (label = 'x'::text))",       # an extra condition
    "(label = (auth.uid())::text)",                          # not a uuid column
    "((owner = auth.uid()) OR is_staff())",
    "true",
])
def test_one_policy_of_another_shape_sends_the_role_to_the_exact_path(qual):
    assert policies.owner_columns(shape("(owner = auth.uid())", qual)) == {}


def test_a_policy_for_another_role_or_command_does_not_count_but_an_unsure_membership_does():
    other_role = shape("(owner = auth.uid())")
    other_role["policies"].append({"cmd": "r", "qual": "true", "permissive": True, "uuid_eq": False,
                                   "roles": ["anon"], "unsure": []})
    other_role["policies"].append({"cmd": "a", "qual": None, "permissive": True, "uuid_eq": False,
                                   "roles": ["authenticated"], "unsure": []})
    assert policies.owner_columns(other_role) == {"authenticated": ("owner",)}
    unsure = copy.deepcopy(other_role)
    unsure["policies"][1]["unsure"] = ["authenticated"]
    assert policies.owner_columns(unsure) == {}


def test_an_uid_operator_other_than_the_builtin_uuid_equality_is_not_trusted():
    s = shape("(owner = auth.uid())")
    s["policies"][0]["uuid_eq"] = False
    assert policies.owner_columns(s) == {}


@pytest.mark.parametrize(("claims", "fast"), [
    ({"sub": str(uuid.uuid4()), "role": "authenticated"}, True),
    ({"role": "authenticated"}, True),
    ({"sub": "not-a-uuid", "role": "authenticated"}, False),
    ({"sub": "{" + str(uuid.uuid4()) + "}", "role": "authenticated"}, False),   # valid for PG, left to it
    ({"sub": 42, "role": "authenticated"}, False),
])
def test_only_claims_whose_uid_cannot_fail_are_checked_together(claims, fast):
    assert policies.fast_claims(claims) is fast


# -- against the database ------------------------------------------------------------------------------
class Recording:
    """A Database that remembers which check each statement was: `owners` (set-based) or `exact`."""

    def __init__(self, db: Database) -> None:
        self.db, self.kinds = db, []

    @asynccontextmanager
    async def connection(self):
        async with self.db.connection() as conn:
            yield self._Conn(conn, self.kinds)

    class _Conn:
        def __init__(self, conn, kinds) -> None:
            self.conn, self.kinds = conn, kinds

        async def execute(self, query, params=None):
            self.kinds.append("exact" if query is authorize.VISIBLE_ROWS_SQL else "owners")
            return await self.conn.execute(query, params)


async def catalog_table(stack, name: str) -> capture.TableInfo:
    async with await psycopg.AsyncConnection.connect(stack.db_url, autocommit=True) as conn:
        table = (await capture.load(conn)).get("public", name)
    assert table is not None
    return table


async def check(stack, table, records, groups) -> tuple[dict, list[str]]:
    db = Database(stack.db_url, min_size=1, max_size=2)
    await db.open()
    recording = Recording(db)
    try:
        return await authorize.visible_rows(recording, table, records, groups), recording.kinds
    finally:
        await db.pool.close()


def claims(user: str) -> dict:
    return {"sub": user, "role": "authenticated"}


def groups_of(*users: str) -> dict[str, dict]:
    return {authorize.claims_key(claims(u)): claims(u) for u in users}


def by_user(found: dict[str, set[int]]) -> dict[str, set[int]]:
    return {json.loads(key).get("sub", "nobody"): rows for key, rows in found.items()}


@pytest.fixture
def owned_table(rt_stack):
    """A published table of its own per test: `owner = auth.uid()`, rows of 20 users."""
    name = f"owned_{uuid.uuid4().hex[:8]}"
    rt_stack.sql(f"""
        create table public.{name} (id bigint generated always as identity primary key, owner uuid,
                                    secret int not null default 0);
        alter table public.{name} enable row level security;
        create policy "own rows" on public.{name} for select to authenticated using (owner = (select auth.uid()));
        grant select on public.{name} to authenticated;
        alter publication supabase_realtime add table public.{name};""")
    users = [str(uuid.uuid4()) for _ in range(20)]
    rows = rt_stack.sql(f"insert into public.{name} (owner, secret) select (%s::uuid[])[1 + g %% 20], g "
                        f"from generate_series(0, 59) g returning id, owner::text", (users,))
    yield name, users, [{"id": row_id, "owner": owner} for row_id, owner in rows]
    rt_stack.sql(f"alter publication supabase_realtime drop table public.{name}; drop table public.{name}")


async def test_the_fixture_messages_policy_takes_the_set_based_path(rt_stack):
    table = await catalog_table(rt_stack, "messages")
    assert table.owner_columns == {"authenticated": ("client_id",)}


async def test_the_set_based_answer_is_the_exact_answer_in_one_statement(rt_stack, owned_table):
    name, users, records = owned_table
    table = await catalog_table(rt_stack, name)
    assert table.owner_columns == {"authenticated": ("owner",)}
    groups = groups_of(*users) | {authorize.claims_key({"role": "authenticated"}): {"role": "authenticated"}}
    fast, kinds = await check(rt_stack, table, records + [{"id": -1, "owner": users[0]}], groups)
    assert kinds == ["owners"]
    exact_table = dataclasses.replace(table, owner_columns={})
    exact, kinds = await check(rt_stack, exact_table, records, groups)
    assert kinds == ["exact"]
    assert by_user(fast) == by_user(exact) == {u: {i for i, r in enumerate(records) if r["owner"] == u}
                                               for u in users}


async def test_a_policy_added_after_the_catalog_was_read_is_honoured_at_once(rt_stack, owned_table):
    name, users, records = owned_table
    table = await catalog_table(rt_stack, name)           # read before the policy exists
    rt_stack.sql(f"create policy \"small secrets only\" on public.{name} as restrictive for select "
                 f"to authenticated using (secret < 30)")
    found, kinds = await check(rt_stack, table, records, groups_of(*users))
    assert kinds == ["owners", "exact"]                    # the statement saw the change and stepped aside
    secrets = dict(rt_stack.sql(f"select id, secret from public.{name}"))
    assert by_user(found) == {u: {i for i, r in enumerate(records) if r["owner"] == u and secrets[r["id"]] < 30}
                              for u in users}
    assert (await catalog_table(rt_stack, name)).owner_columns == {}


async def test_a_revoked_privilege_is_honoured_at_once(rt_stack, owned_table):
    name, users, records = owned_table
    table = await catalog_table(rt_stack, name)
    rt_stack.sql(f"revoke select on public.{name} from authenticated")
    found, kinds = await check(rt_stack, table, records, groups_of(*users))
    assert kinds[0] == "owners" and "exact" in kinds
    assert found == {}


async def test_claims_that_could_fail_the_cast_are_checked_alone(rt_stack, owned_table):
    name, users, records = owned_table
    table = await catalog_table(rt_stack, name)
    bad = {"sub": "not-a-uuid", "role": "authenticated"}
    groups = groups_of(users[0]) | {authorize.claims_key(bad): bad}
    found, kinds = await check(rt_stack, table, records, groups)
    assert kinds[0] == "owners" and "exact" in kinds
    assert by_user(found) == {users[0]: {i for i, r in enumerate(records) if r["owner"] == users[0]}}


async def test_another_policy_shape_is_checked_exactly(rt_stack, owned_table):
    name, users, records = owned_table
    rt_stack.sql(f"drop policy \"own rows\" on public.{name}; create policy \"own even rows\" on public.{name} "
                 f"for select to authenticated using (owner = auth.uid() and secret % 2 = 0)")
    table = await catalog_table(rt_stack, name)
    assert table.owner_columns == {}
    found, kinds = await check(rt_stack, table, records, groups_of(*users))
    assert set(kinds) == {"exact"}
    secrets = dict(rt_stack.sql(f"select id, secret from public.{name}"))
    expected = {u: {i for i, r in enumerate(records) if r["owner"] == u and secrets[r["id"]] % 2 == 0}
                for u in users}
    assert by_user(found) == {u: rows for u, rows in expected.items() if rows}
