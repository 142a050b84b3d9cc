"""Migrations: the platform bootstrap, the engine's own versioned migrations, then the project's
migrations/*.sql in name order, each in its own transaction and recorded in
supabase_migrations.schema_migrations; seed.sql on a new database when the caller passes it (the CLI does so
for local development databases only).

The bootstrap runs on every start and must be idempotent without widening anything: what it grants once
(the API roles' privileges on `public`) lives in bootstrap/new_database/ and runs only on a new database.
The engine's services that keep tables of their own beyond it (cron, net, supastack.invoke_function) version
them in bootstrap/versions/<NNNN>_<name>.sql, as GoTrue and Storage version theirs: each runs once, before
any project migration, and is recorded in supastack.schema_migrations. A version must be safe over what an
older installation already holds (if not exists, the same definitions), and is never edited once released:
a change is a new version."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from psycopg import sql

from supastack.core.rows import one

BOOTSTRAP_DIR = Path(__file__).parent / "bootstrap"
NEW_DATABASE_DIR = BOOTSTRAP_DIR / "new_database"
ENGINE_VERSIONS_DIR = BOOTSTRAP_DIR / "versions"
ENGINE_LEDGER = """create schema if not exists supastack;
create table if not exists supastack.schema_migrations (
  version text primary key, name text not null, applied_at timestamptz not null default now());
revoke all on supastack.schema_migrations from public"""


@dataclass
class MigrationReport:
    applied: list[str] = field(default_factory=list)
    seeded: bool = False
    new_database: bool = False


def _bootstrap(conn: psycopg.Connection) -> bool:
    """Apply the platform SQL; True when the database had never been bootstrapped."""
    new = one(conn.execute("select to_regclass('supabase_migrations.schema_migrations') is null").fetchone())[0]
    with conn.transaction():
        for path in sorted(BOOTSTRAP_DIR.glob("*.sql")):
            conn.execute(path.read_text())
        if new:
            for path in sorted(NEW_DATABASE_DIR.glob("*.sql")):
                conn.execute(path.read_text())
        _engine_versions(conn)
        conn.execute("create schema if not exists supabase_migrations")
        conn.execute("""create table if not exists supabase_migrations.schema_migrations (
                          version text primary key, name text, statements text[],
                          applied_at timestamptz not null default now())""")
    return new


def _engine_versions(conn: psycopg.Connection) -> None:
    """The engine's versioned migrations not yet recorded, in version order (inside the bootstrap's transaction,
    under a lock so that two processes starting together apply each once)."""
    conn.execute("select pg_advisory_xact_lock(hashtext('supastack.schema_migrations'))")
    conn.execute(ENGINE_LEDGER)
    done = {r[0] for r in conn.execute("select version from supastack.schema_migrations")}
    for path in sorted(ENGINE_VERSIONS_DIR.glob("*.sql")):
        version, name = version_and_name(path)
        if version not in done:
            conn.execute(path.read_text())
            conn.execute("insert into supastack.schema_migrations (version, name) values (%s, %s)", (version, name))


def version_and_name(path: Path) -> tuple[str, str]:
    """A migration file's version and name: `20260101000000_notes.sql` -> ("20260101000000", "notes")."""
    m = re.match(r"^(\d+)_?(.*)\.sql$", path.name)
    return (m.group(1), m.group(2)) if m else (path.stem, path.stem)


def migrate(db_url: str, migrations_dir: Path, seed_file: Path | None = None,
            log: Callable[[str], object] = print) -> MigrationReport:
    report = MigrationReport()
    with psycopg.connect(db_url, autocommit=True) as conn:
        report.new_database = _bootstrap(conn)
        done = {r[0] for r in conn.execute("select version from supabase_migrations.schema_migrations")}
        for path in sorted(migrations_dir.glob("*.sql")) if migrations_dir.is_dir() else []:
            version, name = version_and_name(path)
            if version in done:
                continue
            sql = path.read_text()
            try:
                with conn.transaction():
                    conn.execute(sql)
                    conn.execute("insert into supabase_migrations.schema_migrations (version, name, statements) "
                                 "values (%s, %s, array[%s])", (version, name, sql))
            except psycopg.Error as exc:
                raise RuntimeError(f"migration {path.name} failed: {exc}") from exc
            report.applied.append(path.name)
            log(f"applied migration {path.name}")
        if report.new_database and seed_file and seed_file.is_file():
            try:
                with conn.transaction():
                    conn.execute(seed_file.read_text())
            except psycopg.Error as exc:
                raise RuntimeError(f"seed {seed_file.name} failed: {exc}") from exc
            report.seeded = True
            log(f"seeded from {seed_file.name}")
        conn.execute("notify pgrst, 'reload schema'")
    return report


RESET_ATTEMPTS = 5   # a running stack reconnects while the reset drops; each deadlock costs one try


def reset_database(db_url: str) -> None:
    """Drop everything the stack and the project created (like `supabase db reset` before migrating): every
    schema but PostgreSQL's own (the platform's `cron`, `net` and `supastack` too, which the next migrate
    creates again), the publications and event triggers, and the inactive replication slots.

    A running stack keeps connections that read the tables being dropped (the scheduler, the outbox,
    realtime): they are ended first, and the drops run in one transaction, tried again when a connection the
    stack opened meanwhile deadlocks with them (PostgreSQL then cancels one side: either may be ours)."""
    with psycopg.connect(db_url, autocommit=True) as conn:
        for attempt in range(1, RESET_ATTEMPTS + 1):
            _end_other_sessions(conn)
            try:
                with conn.transaction():
                    _drop_everything(conn)
                break
            except (psycopg.errors.DeadlockDetected, psycopg.errors.LockNotAvailable):
                if attempt == RESET_ATTEMPTS:
                    raise
        for (slot,) in conn.execute("select slot_name from pg_replication_slots where not active").fetchall():
            conn.execute("select pg_drop_replication_slot(%s)", (slot,))


def _end_other_sessions(conn: psycopg.Connection) -> None:
    """End the other client sessions of this database, where the role may (a managed database's owner may
    not end every one: those left wait or deadlock, and the caller tries again)."""
    conn.execute("""select pg_terminate_backend(a.pid)
                      from pg_stat_activity a join pg_roles r on r.oid = a.usesysid
                     where a.datname = current_database() and a.pid <> pg_backend_pid()
                       and a.backend_type = 'client backend'
                       and ((select rolsuper from pg_roles where rolname = current_user)
                            or (not r.rolsuper
                                and (pg_has_role(current_user, r.oid, 'member')
                                     or pg_has_role(current_user, 'pg_signal_backend', 'member'))))""")


def _drop_everything(conn: psycopg.Connection) -> None:
    conn.execute("set local lock_timeout = '10s'")
    for (name,) in conn.execute("select pubname from pg_publication").fetchall():
        conn.execute(sql.SQL("drop publication if exists {}").format(sql.Identifier(name)))
    for (name,) in conn.execute("select evtname from pg_event_trigger").fetchall():
        conn.execute(sql.SQL("drop event trigger if exists {}").format(sql.Identifier(name)))
    schemas = conn.execute("""select nspname from pg_namespace
                               where nspname not in ('pg_catalog', 'information_schema')
                                 and nspname !~ '^pg_'""").fetchall()
    for (name,) in schemas:
        conn.execute(sql.SQL("drop schema if exists {} cascade").format(sql.Identifier(name)))
    conn.execute("create schema public")
    conn.execute("grant all on schema public to public")
