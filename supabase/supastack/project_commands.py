"""The Supabase CLI's everyday project commands on the stack's own command line:

  migration new <name>     an empty migrations/<UTC timestamp>_<name>.sql, as `supabase migration new`
  migration list           local migrations beside those recorded in the database
  db diff [-f name]        SQL that brings the migrations to the database as it is now (changes made by hand
                           or in a SQL console): the migrations are applied to a throwaway shadow database on
                           the same server and the two are compared with migra, as the Supabase CLI did
  db dump [-f file]        the project's schemas (or --data-only their rows) with pg_dump, without the platform's
  db push --db-url URL     apply the pending migrations to another database (--dry-run lists them)
  functions new <name>     functions/<name>/main.py: a FastAPI app the gateway mounts at /functions/v1/<name>
"""
from __future__ import annotations

import argparse
import re
import secrets
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from supastack.core.config import Settings

NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")
FUNCTION_TEMPLATE = '''"""POST {{name?}} -> {{message}}: {name}."""
from fastapi import FastAPI, Request

app = FastAPI()


@app.post("/")
async def handle(request: Request) -> dict:
    body = await request.json() if await request.body() else {{}}
    return {{"message": f"Olá, {{body.get('name') or 'mundo'}}!"}}
'''


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    migration = subparsers.add_parser("migration", help="`migration new <name>` and `migration list`")
    migration_sub = migration.add_subparsers(dest="action", required=True)
    new = migration_sub.add_parser("new", help="create an empty migration file named with the UTC time")
    new.add_argument("name")
    listing = migration_sub.add_parser("list", help="local migrations and those applied to the database")
    listing.add_argument("--db-url", help="the database to compare with (default: this project's)")

    db = subparsers.add_parser("db", help="`db diff`, `db dump`, `db push`")
    db_sub = db.add_subparsers(dest="action", required=True)
    diff = db_sub.add_parser("diff", help="SQL from the migrations (applied to a shadow database) to the database")
    diff.add_argument("-f", "--file", help="write it as a new migration with this name instead of printing it")
    diff.add_argument("-s", "--schema", action="append", help="schema to compare (repeatable; default public)")
    diff.add_argument("--db-url", help="the database to compare (default: this project's)")
    dump = db_sub.add_parser("dump", help="pg_dump of the project's schemas (the platform's left out)")
    dump.add_argument("-f", "--file", help="write to this file instead of standard output")
    dump.add_argument("--data-only", action="store_true", help="the rows (as COPY) instead of the schema")
    dump.add_argument("-s", "--schema", action="append", help="schema to dump (repeatable; default: the project's)")
    dump.add_argument("--db-url", help="the database to dump (default: this project's)")
    push = db_sub.add_parser("push", help="apply the pending migrations to another database")
    push.add_argument("--db-url", required=True, help="the database to migrate")
    push.add_argument("--dry-run", action="store_true", help="list the pending migrations and change nothing")
    push.add_argument("--include-seed", action="store_true", help="also load seed.sql (a new database only)")

    functions = subparsers.add_parser("functions", help="`functions new <name>`")
    functions_sub = functions.add_subparsers(dest="action", required=True)
    fnew = functions_sub.add_parser("new", help="create functions/<name>/main.py")
    fnew.add_argument("name")


def run(command: str, s: Settings, args: argparse.Namespace) -> int:
    try:
        handler = {("migration", "new"): migration_new, ("migration", "list"): migration_list,
                   ("db", "diff"): db_diff, ("db", "dump"): db_dump, ("db", "push"): db_push,
                   ("functions", "new"): functions_new}[(command, args.action)]
        return handler(s, args)
    except (CommandError, psycopg.OperationalError) as exc:
        print(str(exc).strip(), file=sys.stderr)
        return 1


class CommandError(RuntimeError):
    pass


def _name(raw: str, what: str) -> str:
    name = raw.strip().lower().replace(" ", "_")
    if not NAME.match(name):
        raise CommandError(f"invalid {what} name {raw!r}: lowercase letters, digits, '_' and '-' only")
    return name


def _timestamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%d%H%M%S")


def _new_migration(s: Settings, name: str, text: str) -> Path:
    folder = s.migrations_dir
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{_timestamp()}_{_name(name, 'migration')}.sql"
    if path.exists():
        raise CommandError(f"{path.name} already exists")
    path.write_text(text)
    return path


def migration_new(s: Settings, args: argparse.Namespace) -> int:
    print(f"Created new migration at {_new_migration(s, args.name, '')}")
    return 0


def _local_versions(s: Settings) -> dict[str, str]:
    from supastack.db.migrate import version_and_name
    return dict(version_and_name(p) for p in sorted(s.migrations_dir.glob("*.sql")))


def _applied_versions(db_url: str) -> set[str]:
    with psycopg.connect(db_url, autocommit=True) as conn:
        if conn.execute("select to_regclass('supabase_migrations.schema_migrations')").fetchone() == (None,):
            return set()
        return {r[0] for r in conn.execute("select version from supabase_migrations.schema_migrations")}


def migration_list(s: Settings, args: argparse.Namespace) -> int:
    local, applied = _local_versions(s), _applied_versions(args.db_url or s.db_url)
    print(f"{'Local':<16} | {'Remote':<16} | Name")
    for version in sorted(set(local) | applied):
        print(f"{version if version in local else '':<16} | {version if version in applied else '':<16} | "
              f"{local.get(version, '')}")
    return 0


def db_push(s: Settings, args: argparse.Namespace) -> int:
    from supastack.db.migrate import migrate
    pending = [f"{v}_{n}" for v, n in _local_versions(s).items() if v not in _applied_versions(args.db_url)]
    if args.dry_run:
        print("\n".join(["Would push these migrations:", *pending]) if pending else "Remote database is up to date.")
        return 0
    report = migrate(args.db_url, s.migrations_dir, s.seed_file if args.include_seed else None, log=print)
    print(f"Applied {len(report.applied)} migration(s)" + (" and the seed" if report.seeded else "") + ".")
    return 0


def _dump_args(s: Settings, db_url: str, schemas: list[str] | None, data_only: bool) -> tuple[list[str], dict]:
    from supastack.db.pgtools import find_tools, server_major, without_password
    from supastack.db.schemadoc import product_schemas
    tools = find_tools(s.workdir, server_major(db_url))
    if not schemas:
        with psycopg.connect(db_url, autocommit=True) as conn:
            schemas = product_schemas(conn)
    what = ["--data-only", "--no-privileges"] if data_only else ["--schema-only"]
    command = [tools.path("pg_dump"), "--no-owner", "--no-tablespaces", *what]
    for schema in schemas:
        command += ["--schema", schema]
    return command + ["--dbname", without_password(db_url)], tools.env(db_url)


def db_dump(s: Settings, args: argparse.Namespace) -> int:
    command, env = _dump_args(s, args.db_url or s.db_url, args.schema, args.data_only)
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise CommandError(f"pg_dump failed: {done.stderr.strip()}")
    if args.file:
        Path(args.file).write_text(done.stdout)
        print(f"Dumped schema to {args.file}." if not args.data_only else f"Dumped data to {args.file}.",
              file=sys.stderr)
    else:
        sys.stdout.write(done.stdout)
    return 0


def _with_database(db_url: str, name: str) -> str:
    return make_conninfo(db_url, dbname=name)


def _sqlalchemy_url(conninfo: str) -> str:
    """migra reads through SQLAlchemy (psycopg2): the same connection as a URL."""
    from urllib.parse import quote
    p = conninfo_to_dict(conninfo)
    password = f":{quote(str(p['password']), safe='')}" if p.get("password") else ""
    user = quote(str(p.get("user") or "postgres"), safe="")
    return (f"postgresql+psycopg2://{user}{password}@{p.get('host') or '127.0.0.1'}:{p.get('port') or 5432}/"
            f"{quote(str(p['dbname']), safe='')}")


def schema_difference(source_url: str, target_url: str, schemas: list[str]) -> str:
    """The SQL that turns source's schemas into target's (migra, privileges and policies included)."""
    from migra import Migration
    from sqlbag import S
    statements = []
    for schema in schemas:
        with S(_sqlalchemy_url(source_url)) as source, S(_sqlalchemy_url(target_url)) as target:
            migration = Migration(source, target, schema=schema)
            migration.set_safety(False)
            migration.add_all_changes(privileges=True)
            statements.append(migration.sql)
    return _without_engine_triggers("".join(statements))


# The realtime service puts its capture trigger on each published table while it runs: the engine's, never a
# migration's, so a shadow database built from the migrations lacks them by design.
ENGINE_TRIGGER = re.compile(r'^(create trigger "?realtime_capture"? |drop trigger if exists "?realtime_capture"? )',
                            re.IGNORECASE)


def _without_engine_triggers(text: str) -> str:
    blocks = text.split("\n\n")
    return "\n\n".join(b for b in blocks if not ENGINE_TRIGGER.match(b.strip()))


def db_diff(s: Settings, args: argparse.Namespace) -> int:
    from supastack.db.migrate import migrate
    db_url = args.db_url or s.db_url
    shadow = f"supastack_shadow_{secrets.token_hex(4)}"
    with psycopg.connect(db_url, autocommit=True) as conn:
        conn.execute(sql.SQL("create database {}").format(sql.Identifier(shadow)))
    try:
        shadow_url = _with_database(db_url, shadow)
        migrate(shadow_url, s.migrations_dir, None, log=lambda _message: None)
        difference = schema_difference(shadow_url, db_url, args.schema or ["public"])
    finally:
        with psycopg.connect(db_url, autocommit=True) as conn:
            conn.execute(sql.SQL("drop database if exists {} with (force)").format(sql.Identifier(shadow)))
    if not difference.strip():
        print("No schema changes found", file=sys.stderr)
        return 0
    if args.file:
        print(f"Created new migration at {_new_migration(s, args.file, difference)}", file=sys.stderr)
    else:
        sys.stdout.write(difference)
    return 0


def functions_new(s: Settings, args: argparse.Namespace) -> int:
    name = _name(args.name, "function")
    folder = s.functions_dir / name
    if folder.exists():
        raise CommandError(f"function {name} already exists: {folder}")
    folder.mkdir(parents=True)
    (folder / "main.py").write_text(FUNCTION_TEMPLATE.format(name=name))
    print(f"Created new Function at {folder}")
    return 0
