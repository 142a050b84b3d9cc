"""The database half of a backup: a custom-format pg_dump taken in a snapshot that also lists the stored
objects, the API roles it needs, and the restore that replaces the database in one transaction."""
from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from psycopg import sql

from supastack.core.rows import one
from supastack.db.pgtools import PgTools, find_tools, without_password


class DatabaseRestoreError(RuntimeError):
    pass


@dataclass
class Snapshot:
    """What one repeatable-read transaction saw: everything in the backup agrees with it."""

    snapshot_id: str
    server_version: str
    server_major: int
    objects: list[tuple[str, str, str | None]] = field(default_factory=list)   # (bucket_id, name, version)
    buckets: list[str] = field(default_factory=list)
    row_counts: dict[str, int] = field(default_factory=dict)
    roles: list[dict] = field(default_factory=list)
    latest_migration: str | None = None


_ROLES = """
select r.rolname, r.rolcanlogin, r.rolinherit, r.rolbypassrls,
       array(select g.rolname from pg_auth_members m join pg_roles g on g.oid = m.roleid
             where m.member = r.oid order by 1) as member_of
from pg_roles r
where r.rolname !~ '^pg_' and not r.rolsuper and r.rolname <> current_user
order by 1"""

_MEMBER_OF_CURRENT = """
select g.rolname from pg_auth_members m join pg_roles g on g.oid = m.roleid
where m.member = (select oid from pg_roles where rolname = current_user) and g.rolname !~ '^pg_'"""

_TABLES = """
select format('%I.%I', n.nspname, c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname !~ '^pg_' order by 1"""


@contextmanager
def snapshot(db_url: str) -> Iterator[Snapshot]:
    """Hold an exported repeatable-read snapshot open while the caller dumps and copies objects."""
    with psycopg.connect(db_url) as conn:
        conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        conn.read_only = True
        snap_id = one(conn.execute("select pg_export_snapshot()").fetchone())[0]
        version = one(conn.execute("show server_version").fetchone())[0]
        major = int(one(conn.execute("show server_version_num").fetchone())[0]) // 10000
        snap = Snapshot(snap_id, version, major)
        if one(conn.execute("select to_regclass('storage.objects') is not null").fetchone())[0]:
            snap.objects = [tuple(row) for row in conn.execute(
                "select bucket_id, name, version from storage.objects order by bucket_id, name")]
            snap.buckets = [b for (b,) in conn.execute("select id from storage.buckets order by id")]
        if one(conn.execute("select to_regclass('supabase_migrations.schema_migrations') is not null").fetchone())[0]:
            snap.latest_migration = one(conn.execute(
                "select max(version) from supabase_migrations.schema_migrations").fetchone())[0]
        for (table,) in conn.execute(_TABLES).fetchall():
            snap.row_counts[table] = one(conn.execute(f"select count(*) from {table}").fetchone())[0]
        member_of_current = {g for (g,) in conn.execute(_MEMBER_OF_CURRENT)}
        snap.roles = [{"name": name, "login": login, "inherit": inherit, "bypassrls": bypass,
                       "member_of": list(member_of), "granted_to_owner": name in member_of_current}
                      for name, login, inherit, bypass, member_of in conn.execute(_ROLES)]
        yield snap
        conn.rollback()


def dump(db_url: str, tools: PgTools, snapshot_id: str, target: Path) -> None:
    """pg_dump -Fc of the whole database as the snapshot saw it."""
    proc = subprocess.run([tools.path("pg_dump"), "--format=custom", f"--snapshot={snapshot_id}",
                           f"--file={target}", f"--dbname={without_password(db_url)}"],
                          env=tools.env(db_url), capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"pg_dump failed: {proc.stderr.strip()}")


def _create_missing_roles(conn: psycopg.Connection, roles: list[dict]) -> None:
    """A new server lacks the API roles the dump grants to; create them as they were (no passwords)."""
    existing = {r for (r,) in conn.execute("select rolname from pg_roles")}
    for role in roles:
        if role["name"] in existing:
            continue
        options = ["login" if role["login"] else "nologin", "inherit" if role["inherit"] else "noinherit"]
        if role["bypassrls"]:
            options.append("bypassrls")
        conn.execute(sql.SQL("create role {} " + " ".join(options)).format(sql.Identifier(role["name"])))
    names = {r["name"] for r in roles}
    for role in roles:
        for group in role["member_of"]:
            if group in names:
                conn.execute(sql.SQL("grant {} to {}").format(sql.Identifier(group), sql.Identifier(role["name"])))
        if role["granted_to_owner"]:
            conn.execute(sql.SQL("grant {} to current_user").format(sql.Identifier(role["name"])))


# Everything a dump can bring back is removed first, in the same transaction as the restore: either the
# backup's database replaces the current one entirely, or nothing changes.
_CLEAR = r"""
do $clear$
declare r record;
begin
  for r in select pubname from pg_publication loop
    execute format('drop publication %I', r.pubname);
  end loop;
  for r in select evtname from pg_event_trigger loop
    execute format('drop event trigger %I', r.evtname);
  end loop;
  perform lo_unlink(oid) from pg_largeobject_metadata;
  for r in select nspname from pg_namespace
           where nspname not in ('pg_catalog', 'information_schema') and nspname !~ '^pg_' loop
    execute format('drop schema %I cascade', r.nspname);
  end loop;
end
$clear$;
create schema public;
"""


def restore(db_url: str, workdir: Path, dump_file: Path, roles: list[dict]) -> None:
    """Replace the database's contents with the dump (pg_restore piped into one psql transaction)."""
    with psycopg.connect(db_url, autocommit=True) as conn:
        major = int(one(conn.execute("show server_version_num").fetchone())[0]) // 10000
        with conn.transaction():
            _create_missing_roles(conn, roles)
    tools = find_tools(workdir, major)
    env = {**tools.env(db_url), "PGOPTIONS": "-c client_min_messages=warning"}
    script = subprocess.Popen([tools.path("pg_restore"), "--no-owner", "--file=-", str(dump_file)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    psql = subprocess.run([tools.path("psql"), "--no-psqlrc", "--quiet", "--single-transaction",
                           "--set=ON_ERROR_STOP=1", f"--dbname={without_password(db_url)}",
                           "--command", _CLEAR, "--file=-"],
                          stdin=script.stdout, capture_output=True, text=True, env=env)
    assert script.stdout is not None and script.stderr is not None     # both are pipes (Popen above)
    script.stdout.close()
    script_errors = script.stderr.read().decode(errors="replace")
    script.wait()
    if script.returncode != 0:
        raise DatabaseRestoreError(f"pg_restore could not read the dump: {script_errors.strip()}")
    if psql.returncode != 0:
        raise DatabaseRestoreError(f"the database was left as it was; restoring failed: {psql.stderr.strip()}")
