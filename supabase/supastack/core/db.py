"""The connection pool and the one door into SQL: `scope(claims)` runs a transaction as the JWT's role."""
from __future__ import annotations

import json
from contextlib import asynccontextmanager
from typing import AsyncIterator

import psycopg
from psycopg_pool import AsyncConnectionPool

API_ROLES = ("anon", "authenticated", "service_role")


def role_of(claims: dict) -> str:
    """The database role a request runs as: the JWT's `role` claim, limited to the API roles."""
    role = claims.get("role") or "anon"
    return role if role in API_ROLES else "authenticated" if claims.get("sub") else "anon"


class Database:
    def __init__(self, url: str, min_size: int = 2, max_size: int = 10):
        self.url = url
        self.pool = AsyncConnectionPool(url, min_size=min_size, max_size=max_size, open=False,
                                        kwargs={"autocommit": True, "prepare_threshold": 0})

    async def open(self) -> None:
        await self.pool.open(wait=True, timeout=30)

    async def close(self) -> None:
        await self.pool.close()

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[psycopg.AsyncConnection]:
        """A raw pooled connection (autocommit, owner role). For platform code only, never for user requests."""
        async with self.pool.connection() as conn:
            yield conn

    @asynccontextmanager
    async def scope(self, claims: dict, extra: dict[str, str] | None = None) -> AsyncIterator[psycopg.AsyncConnection]:
        """A transaction running as the claims' role with `request.jwt.claims` (and `extra` GUCs) set.

        Row-level security sees exactly what PostgREST would give it. Commits on success,
        rolls back on any exception.
        """
        role = role_of(claims)
        gucs = {"request.jwt.claims": json.dumps(claims), "role": role, **(extra or {})}
        async with self.pool.connection() as conn:
            async with conn.transaction():
                names = list(gucs)
                sql = "select " + ", ".join(f"set_config(%s, %s, true)" for _ in names)
                params: list[str] = []
                for name in names:
                    params += [name, gucs[name]]
                await conn.execute(sql, params)
                yield conn

    @asynccontextmanager
    async def as_service(self) -> AsyncIterator[psycopg.AsyncConnection]:
        """The one named door that bypasses RLS: a transaction as service_role."""
        async with self.scope({"role": "service_role"}) as conn:
            yield conn
