"""Test harness: one embedded PostgreSQL per test session, and stack processes on free ports.

Under pytest-xdist (`-n 2`) every worker is a session of its own: its own cluster (folder, port), its own
templates, and ports from a slice of the range no other worker picks from.

`StackProcess(workdir, cluster)` gets a fresh database in the session's cluster with the project's
migrations (and seed) applied, and runs `supastack serve` against it in a subprocess. Every test suite
gets its own ports, data folder and database, so suites never collide.

A migrated database is a copy (`CREATE DATABASE ... TEMPLATE`) of a template the session builds once per
set of migrations and seed: the migrations run once per session instead of once per suite, and each suite
still gets a database of its own, as new as one migrated for it.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from supastack.core import jwt
from supastack.core.config import REPO_ROOT, Settings, load_settings
from supastack.db.migrate import BOOTSTRAP_DIR, migrate
from supastack.db.postgres import EmbeddedPostgres, wait_for

sys.path.insert(0, str(REPO_ROOT / "scripts"))
import live_ports  # noqa: E402  (the live stack's port rules, shared with the tests' own stacks)


def access_token(stack, sub: str | None = None, *, role: str = "authenticated", ttl: int = 3600,
                 **claims) -> str:
    """An access token shaped like GoTrue's, signed with the stack's secret: for tests that need a caller
    but are not about signing in (a random `sub` when none is given; a negative ttl makes it expired)."""
    now = int(time.time())
    return jwt.sign({"sub": sub or str(uuid.uuid4()), "role": role, "aud": "authenticated", "iat": now,
                     "exp": now + ttl, **claims}, stack.settings.jwt_secret)


_handed_out: set[int] = set()


def session_claims(stack, token: str) -> dict:
    """The claims of an access token the stack signed, verified as a client would: HS256 with the project's
    secret, ES256/RS256 with the key of its `kid` in the stack's published JWKS."""
    header = jwt.jose_jwt.get_unverified_header(token)
    if header.get("alg") == "HS256":
        return jwt.verify(token, stack.settings.jwt_secret)
    keys = httpx.get(f"{stack.url}/auth/v1/.well-known/jwks.json", headers={"apikey": stack.anon_key}).json()["keys"]
    [key] = [k for k in keys if k["kid"] == header["kid"]]
    return jwt.jose_jwt.decode(token, key, algorithms=[key["alg"]], options={"verify_aud": False})


def free_port() -> int:
    """A port no one listens on, below the kernel's ephemeral range (scripts/live_ports.py says why), in this
    worker's slice of it."""
    low = live_ports.ephemeral_start()
    start, end = _worker_slice(max(1024, low - 12000), low)
    rng = random.Random()
    for _ in range(200):
        port = rng.randrange(start, end)
        if port not in _handed_out and live_ports.is_free(port):
            _handed_out.add(port)
            return port
    raise RuntimeError("no free port below the ephemeral range")


def worker_id() -> str:
    """The pytest-xdist worker this process is ("gw0", "gw1", ...), or "" in a run without workers."""
    return os.environ.get("PYTEST_XDIST_WORKER", "")


def _worker_slice(start: int, end: int) -> tuple[int, int]:
    """The part of [start, end) this process picks ports from: under pytest-xdist each worker has a slice of
    its own, so two workers never hand out the same port (each checks only its own `_handed_out`)."""
    worker, count = worker_id(), int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 1)
    if not worker.startswith("gw") or count <= 1:
        return start, end
    size = (end - start) // count
    index = int(worker[2:]) % count
    return start + index * size, start + (index + 1) * size


TEST_DIR_PREFIX = "supastack-test-"
OWNER_FILE = "owner.pid"


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _started(pid: int) -> str:
    """When the process started (clock ticks since boot, /proc/PID/stat's 22nd field), "" when unknown: with
    the pid it names one process, never a later one the kernel gave the same pid."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return ""


def owner_mark(pid: int | None = None) -> str:
    """What a session writes in its folder's owner file: its pid and when it started ("PID START")."""
    pid = pid or os.getpid()
    return f"{pid} {_started(pid)}".strip()


def _owner_alive(mark: str) -> bool:
    pid, _, started = mark.partition(" ")
    if not _process_alive(int(pid)):
        return False
    return not started or _started(int(pid)) in ("", started)


def _server_answers(folder: Path) -> bool:
    """Whether the folder's PostgreSQL still accepts connections (its postmaster.pid names the port): a
    session whose pid this process cannot see (another PID namespace) still owns a folder whose server runs."""
    try:
        port = int((folder / "pg" / "postmaster.pid").read_text().splitlines()[3])
    except (OSError, ValueError, IndexError):
        return False
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def sweep_abandoned_test_dirs(root: Path | None = None) -> list[Path]:
    """Removes the folders of test sessions whose process is gone (killed before it could clean up):
    a full test run leaves over a gigabyte of cluster data, and a machine that runs the tests all day
    must not fill its disk with them. A folder without an owner file is left alone (another tool's, or
    one being created right now), and so is one whose server still answers. The owner file holds the pid
    and its start time ("PID START"; a bare pid from older sessions is read too)."""
    removed = []
    for folder in Path(root or tempfile.gettempdir()).glob(TEST_DIR_PREFIX + "*"):
        try:
            mark = (folder / OWNER_FILE).read_text().strip()
            owner = int(mark.partition(" ")[0])
        except (OSError, ValueError):
            continue
        if owner != os.getpid() and not _owner_alive(mark) and not _server_answers(folder):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


class Cluster:
    """A PostgreSQL server for the session: embedded, or TEST_DATABASE_URL's server when set. Its folder
    (cluster data, stacks' data folders and logs) is removed by `stop()`; SUPASTACK_KEEP_TEST_DATA=1 keeps
    it to read the logs after a failure."""

    # migrated databases the session made, and how many of them ran the migrations (the templates)
    copies = 0
    templates = 0

    def __init__(self) -> None:
        sweep_abandoned_test_dirs()
        self.tmp = Path(tempfile.mkdtemp(prefix=TEST_DIR_PREFIX))
        os.chmod(self.tmp, 0o755)
        (self.tmp / OWNER_FILE).write_text(owner_mark())
        external = os.environ.get("TEST_DATABASE_URL")
        self.pg: EmbeddedPostgres | None = None
        if external:
            self.base_url = external
        else:
            # a throwaway cluster: speed over crash safety, explicitly (the product runs durable)
            self.pg = EmbeddedPostgres(self.tmp, free_port(), durable=False)
            self.pg.init()
            self.pg.start()
            self.base_url = self.pg.url
        wait_for(self.base_url)
        self._templates: dict[str, str] = {}     # content hash of migrations + seed -> template's name

    def url_of(self, name: str) -> str:
        """The URL of database `name` on this server (a multi-host URL keeps its hosts and parameters)."""
        head, sep, query = self.base_url.partition("?")
        return head.rsplit("/", 1)[0] + "/" + name + sep + query

    def create_database(self, prefix: str = "t", template: str | None = None) -> str:
        name = f"{prefix}_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(self.base_url, autocommit=True) as conn:
            conn.execute(f'create database "{name}"' + (f' template "{template}"' if template else ""))
        return self.url_of(name)

    def migrated_database(self, prefix: str, migrations_dir: Path, seed_file: Path | None = None) -> str:
        """A new database as `migrate(url, migrations_dir, seed_file)` on an empty one leaves it, copied from
        the session's template for these files (built on first use). What a copy does not carry over is
        redone in it: the bootstrap runs again (the database's own settings, such as its search_path, as at
        every start), and the scheduled jobs are as the migration left them: they name the copy
        (`cron.job.database` defaults to the database that ran it) and start from now (a job's first slot
        is the time it was scheduled: one the template's jobs passed since would run at once)."""
        key = _content_key(migrations_dir, seed_file)
        template = self._templates.get(key)
        if template is None:
            # named per worker too: workers sharing one server (TEST_DATABASE_URL) each build their own
            url = self.create_database(f"template_{key[:12]}{worker_id()}")
            template = _database_name(url)
            migrate(url, migrations_dir, seed_file, log=lambda *_: None)
            with psycopg.connect(self.base_url, autocommit=True) as conn:
                conn.execute(f'alter database "{template}" with is_template true allow_connections false')
            self._templates[key] = template
            Cluster.templates += 1
        url = self.create_database(prefix, template)
        Cluster.copies += 1
        self._copy_database_settings(template, _database_name(url))
        report = migrate(url, migrations_dir, seed_file, log=lambda *_: None)
        assert not report.applied and not report.new_database, report
        with psycopg.connect(url, autocommit=True) as conn:
            row = conn.execute("select to_regclass('cron.job') is not null").fetchone()
            if row and row[0]:
                conn.execute("update cron.job set database = current_database() where database = %s", (template,))
                conn.execute("update cron.job_slot set last_slot = now()")
        return url

    def _copy_database_settings(self, template: str, name: str) -> None:
        """Settings made `in database` (ALTER ROLE ... IN DATABASE, ALTER DATABASE ... SET) belong to the
        database's oid, so a copy does not have them: set them again on the copy, as the migrations left them."""
        with psycopg.connect(self.base_url, autocommit=True) as conn:
            rows = conn.execute(
                "select r.rolname, s.setconfig from pg_db_role_setting s "
                "join pg_database d on d.oid = s.setdatabase left join pg_roles r on r.oid = s.setrole "
                "where d.datname = %s", (template,)).fetchall()
            for role, config in rows:
                for item in config:
                    key, value = item.split("=", 1)
                    target = (sql.SQL("alter role {} in database {}").format(sql.Identifier(role), sql.Identifier(name))
                              if role else sql.SQL("alter database {}").format(sql.Identifier(name)))
                    setting = sql.SQL(" set {} = {}").format(sql.Identifier(*key.split(".")), sql.Literal(value))
                    conn.execute(target + setting)

    def stop(self) -> None:
        if self.pg is None:
            # a shared server (TEST_DATABASE_URL): drop the session's templates (the suites' copies stay, as
            # their databases always did)
            with psycopg.connect(self.base_url, autocommit=True) as conn:
                for template in self._templates.values():
                    conn.execute(f'alter database "{template}" with is_template false')
                    conn.execute(f'drop database if exists "{template}"')
        if self.pg:
            self.pg.stop()
        if os.environ.get("SUPASTACK_KEEP_TEST_DATA") != "1":
            shutil.rmtree(self.tmp, ignore_errors=True)


def _database_name(url: str) -> str:
    return str(conninfo_to_dict(url)["dbname"])


def _content_key(migrations_dir: Path, seed_file: Path | None) -> str:
    """A hash of everything a migrated database is made from: the bootstrap, the migrations, the seed."""
    digest = hashlib.sha256()
    files = sorted(BOOTSTRAP_DIR.rglob("*.sql"))
    files += sorted(migrations_dir.glob("*.sql")) if migrations_dir.is_dir() else []
    files += [seed_file] if seed_file and seed_file.is_file() else []
    for path in files:
        digest.update(f"{path.relative_to(path.parent.parent)}\0".encode() + path.read_bytes() + b"\0")
    digest.update(b"seed" if seed_file and seed_file.is_file() else b"no seed")
    return digest.hexdigest()


DEMO_PASSWORD = "Demo@12345"


def signed_in(stack: StackProcess, email: str, password: str = DEMO_PASSWORD):
    """A supabase-py client signed in as `email` on `stack` (the demo password unless given): no refresh thread,
    no stored session, as a test's short-lived client should be."""
    from supabase import ClientOptions, create_client  # here: most users of the harness need no client

    client = create_client(stack.url, stack.anon_key,
                           options=ClientOptions(auto_refresh_token=False, persist_session=False))
    client.auth.sign_in_with_password({"email": email, "password": password})
    return client


class StackProcess:
    def __init__(self, cluster: Cluster, workdir: Path = REPO_ROOT, seed: bool = True,
                 env: dict | None = None, name: str = "stack") -> None:
        self.workdir = Path(workdir)
        self.data_dir = cluster.tmp / f"{name}-{uuid.uuid4().hex[:6]}"
        self.data_dir.mkdir(parents=True)
        env = {"API_PORT": str(free_port()), "APP_PORT": str(free_port()), **(env or {})}
        settings = load_settings(self.workdir, self.data_dir, {**os.environ, **env})
        self.db_url = cluster.migrated_database(name.replace("-", "_"), settings.migrations_dir,
                                                settings.seed_file if seed else None)
        self.env = {**os.environ, "DATABASE_URL": self.db_url, **env}
        self.settings: Settings = load_settings(self.workdir, self.data_dir, self.env)
        self.proc: subprocess.Popen | None = None
        self.start()

    # -- lifecycle -----------------------------------------------------------------
    def start(self) -> None:
        log = open(self.data_dir / "stack.log", "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "supastack", "--workdir", str(self.workdir), "--data-dir", str(self.data_dir),
             "serve"], env=self.env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 120   # a busy two-core machine can take over a minute to import and start
        while True:
            try:
                if httpx.get(f"{self.url}/auth/v1/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()   # one that never answered must not run on after the test
                raise RuntimeError("stack did not start:\n" + self.log_tail())
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def log_tail(self, n: int = 4000) -> str:
        path = self.data_dir / "stack.log"
        return path.read_text(errors="replace")[-n:] if path.exists() else ""

    # -- handy values ----------------------------------------------------------------
    @property
    def url(self) -> str:
        return self.settings.api_url

    @property
    def app_url(self) -> str:
        return self.settings.app_url

    @property
    def anon_key(self) -> str:
        return self.settings.anon_key

    @property
    def service_role_key(self) -> str:
        return self.settings.service_role_key

    def sql(self, query: str, params=None) -> list[tuple]:
        """Run SQL as the owner (for arranging and checking tests, never as the API would)."""
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            cur = conn.execute(query, params)
            return cur.fetchall() if cur.description else []


@contextlib.contextmanager
def moto_server(log_dir: Path):
    """A local S3 (moto's server) on a free port, for the S3 backends: yields its URL, stops it after."""
    port = free_port()
    log = open(Path(log_dir) / "moto.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
                            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url, timeout=1)
            break
        except httpx.HTTPError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("moto server did not start") from None
            time.sleep(0.1)
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
