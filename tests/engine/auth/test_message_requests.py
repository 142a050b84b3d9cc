"""Auth's e-mail and SMS budgets live in a table that says what it holds (auth.message_requests), no longer as
'email_sent:*' rows of auth.failed_sign_ins: an installation's rows move there once at start-up, the API roles
cannot read it, and a restart moves nothing twice."""
from __future__ import annotations

from pathlib import Path

import psycopg

from supastack.auth import ratelimit, schema
from supastack.core.db import Database
from supastack.db.migrate import migrate


async def _ensure(url: str) -> None:
    db = Database(url)
    await db.open()
    try:
        await ratelimit.ensure_schema(db)
        await schema.ensure_schema(db)
    finally:
        await db.close()


async def test_old_budget_rows_move_once_and_stay_out_of_reach(cluster, tmp_path: Path) -> None:
    url = cluster.create_database("budgets")
    migrate(url, tmp_path / "none", log=lambda _: None)
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        await conn.execute("drop table if exists auth.message_requests")
    await _ensure(url)
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        await conn.execute("drop table auth.message_requests")   # as before this table existed
        await conn.execute("""insert into auth.failed_sign_ins (kind, email, ip) values
            ('email_sent:recovery', 'ana@example.test', '203.0.113.7'),
            ('sms_sent:otp', '+5511999990000', '203.0.113.7'),
            ('password', 'ana@example.test', '203.0.113.7')""")
    await _ensure(url)
    await _ensure(url)   # a restart
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        moved = await (await conn.execute("select channel, purpose, address, ip from auth.message_requests "
                                          "order by channel")).fetchall()
        assert moved == [("email", "recovery", "ana@example.test", "203.0.113.7"),
                         ("sms", "otp", "+5511999990000", "203.0.113.7")]
        left = await (await conn.execute("select kind from auth.failed_sign_ins")).fetchall()
        assert left == [("password",)]
        for role in ("anon", "authenticated"):
            cur = await conn.execute("select has_table_privilege(%s, 'auth.message_requests', 'select')", (role,))
            assert await cur.fetchone() == (False,)
