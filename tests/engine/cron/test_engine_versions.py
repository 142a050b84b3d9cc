"""cron, net and supastack.invoke_function are the engine's own versioned migrations: a project without any
migration gets them, each version runs once, and an installation whose project migration 20251125001500_cron.sql
created them before (the text it had then, replayed here) takes the engine's versions without losing a job."""
from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from supastack.core.config import REPO_ROOT
from supastack.db.migrate import ENGINE_VERSIONS_DIR, migrate, reset_database

# the project migration's text as installations made before the engine's versions applied it (kept as a
# fixture so the test needs no git history)
OLD_CRON = Path(__file__).parent / "fixtures" / "20251125001500_cron.before-engine-versions.sql"


def _old_cron_sql() -> str:
    return OLD_CRON.read_text()


def _versions(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        return [r[0] for r in conn.execute("select version from supastack.schema_migrations order by 1")]


def test_a_project_without_migrations_gets_cron_and_net(cluster, tmp_path: Path) -> None:
    url = cluster.create_database("engine")
    migrate(url, tmp_path / "no-migrations", log=lambda _: None)
    expected = sorted(p.name.split("_", 1)[0] for p in ENGINE_VERSIONS_DIR.glob("*.sql"))
    assert _versions(url) == expected == ["0001", "0002", "0003", "0004"]
    with psycopg.connect(url, autocommit=True) as conn:
        jobid = conn.execute("select cron.schedule('tick', '*/5 * * * *', 'select 1')").fetchone()[0]
        assert conn.execute("select schedule from cron.job where jobid = %s", (jobid,)).fetchone() == ("*/5 * * * *",)
        assert conn.execute("select supastack.invoke_function('hello')").fetchone()[0] > 0
        # the API roles reach none of it
        for role in ("anon", "authenticated"):
            assert not conn.execute("select has_schema_privilege(%s, 'cron', 'usage') or "
                                    "has_schema_privilege(%s, 'net', 'usage')", (role, role)).fetchone()[0]
            assert not conn.execute("select has_table_privilege(%s, 'auth.oauth_clients', 'select') or "
                                    "has_table_privilege(%s, 'auth.oauth_clients', 'insert')",
                                    (role, role)).fetchone()[0]
    migrate(url, tmp_path / "no-migrations", log=lambda _: None)   # a restart applies nothing again
    assert _versions(url) == expected


def test_an_installation_from_the_project_migration_keeps_its_jobs(cluster, tmp_path: Path) -> None:
    url = cluster.create_database("engine_old")
    old = tmp_path / "old"
    old.mkdir()
    # the bootstrap as it was: no engine versions yet; then the project's cron migration of that time
    with psycopg.connect(url, autocommit=True) as conn:
        for path in sorted((ENGINE_VERSIONS_DIR.parent).glob("*.sql")):
            conn.execute(path.read_text())
        conn.execute("create schema supabase_migrations")
        conn.execute("create table supabase_migrations.schema_migrations (version text primary key, name text, "
                     "statements text[], applied_at timestamptz not null default now())")
        conn.execute(_old_cron_sql().replace("public.has_role('administrator')", "true"))
        conn.execute("insert into supabase_migrations.schema_migrations (version, name) "
                     "values ('20251125001500', 'cron')")
        conn.execute("select cron.schedule('kept', '0 6 * * *', 'select 2')")
        conn.execute("select net.http_get('http://127.0.0.1:9/')")
    (old / OLD_CRON).write_text(_old_cron_sql())
    migrate(url, old, log=lambda _: None)
    assert _versions(url) == ["0001", "0002", "0003", "0004"]
    with psycopg.connect(url, autocommit=True) as conn:
        assert conn.execute("select jobname, schedule from cron.job").fetchall() == [("kept", "0 6 * * *")]
        assert conn.execute("select count(*) from net.http_request_queue").fetchone() == (1,)
        assert conn.execute("select cron.schedule('new', '1 seconds', 'select 3')").fetchone()[0] > 0


def test_reset_drops_the_versions_and_the_next_migrate_creates_them_again(cluster, tmp_path: Path) -> None:
    url = cluster.create_database("engine_reset")
    migrate(url, REPO_ROOT / "migrations", log=lambda _: None)
    reset_database(url)
    with psycopg.connect(url) as conn:
        assert conn.execute("select to_regclass('supastack.schema_migrations')").fetchone() == (None,)
    report = migrate(url, REPO_ROOT / "migrations", log=lambda _: None)
    assert report.new_database and "20251125001500_cron.sql" in report.applied
    assert _versions(url) == ["0001", "0002", "0003", "0004"]
    with psycopg.connect(url) as conn:
        assert conn.execute("select to_regprocedure('public.cron_jobs()') is not null").fetchone() == (True,)


def test_reset_ends_the_sessions_of_a_running_stack_that_hold_its_tables(cluster, tmp_path: Path) -> None:
    """`make reset` while the stack runs: its scheduler, outbox and realtime hold locks on the tables being
    dropped; those sessions are ended instead of blocking the reset or deadlocking with it."""
    url = cluster.create_database("engine_reset_busy")
    migrate(url, tmp_path / "no-migrations", log=lambda _: None)
    busy = psycopg.connect(url)                      # a transaction left open on cron.job, as a reader mid-claim
    busy.execute("select count(*) from cron.job").fetchone()
    try:
        reset_database(url)
        with psycopg.connect(url) as conn:
            assert conn.execute("select to_regnamespace('cron')").fetchone() == (None,)
        with pytest.raises(psycopg.OperationalError):   # the reset ended it
            busy.execute("select 1")
    finally:
        busy.close()
