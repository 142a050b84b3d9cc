"""A replicated PostgreSQL from the embedded binaries: a primary and a streaming hot standby.

The standby is made the way an operator (or Patroni, or CloudNativePG) makes one: a dedicated login with the
REPLICATION attribute only, `pg_basebackup -R` through a physical replication slot, and `primary_conninfo`
naming the standby (`application_name`) so that `synchronous_standby_names` can require its flush before a
commit is acknowledged. The stack reaches it through one multi-host URL with `target_session_attrs=read-write`:
libpq tries the hosts in order and keeps the one that accepts writes, so after a promotion new connections land
on the new primary with no change of configuration.

`ReplicatedCluster` is also a `harness.Cluster`: `StackProcess(cluster)` gets a migrated database on it.
"""
from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

import psycopg

from harness import OWNER_FILE, TEST_DIR_PREFIX, Cluster, free_port, owner_mark, sweep_abandoned_test_dirs
from supastack.core.config import REPO_ROOT, embedded_db_password, write_embedded_db_password
from supastack.db.pgtools import find_tools
from supastack.db.postgres import EmbeddedPostgres, wait_for

STANDBY_NAME = "standby1"
SLOT_NAME = "standby1_slot"
REPLICATION_USER = "replicator"

# The settings both servers run with (the primary's extra ones below). Crash safety of a single server is not
# what these tests measure (fsync off keeps them fast on a shared machine); what reaches the standby does.
COMMON = ("-c wal_level=logical -c max_replication_slots=10 -c max_wal_senders=10 -c max_connections=200 "
          "-c shared_buffers=64MB -c fsync=off -c full_page_writes=off -c hot_standby=on "
          "-c wal_receiver_status_interval=1s -c hot_standby_feedback=on")


def _children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


class Node:
    """One server of the pair: its folder, port and the `pg_ctl` calls on it."""

    def __init__(self, root: Path, name: str) -> None:
        self.pg = EmbeddedPostgres(root / name, free_port(), durable=False)
        self.name = name

    @property
    def port(self) -> int:
        return self.pg.port

    def start(self, extra: str = "") -> None:
        opts = f"-h 127.0.0.1 -p {self.port} -k {self.pg.pgdata} {COMMON} {extra}"
        self.pg._run("pg_ctl", "-D", str(self.pg.pgdata), "-l", str(self.pg.pgdata / "server.log"), "-w",
                     "-t", "60", "-o", opts, "start")

    def postmaster_pid(self) -> int:
        return int((self.pg.pgdata / "postmaster.pid").read_text().split()[0])

    def kill_9(self) -> float:
        """The machine is gone: SIGKILL to the postmaster and every backend (their sockets close at once).
        Returns the time (monotonic) when the last of them was sent its SIGKILL."""
        pid = self.postmaster_pid()
        children = _children_of(pid)
        os.kill(pid, signal.SIGKILL)
        for child in children:
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
        killed_at = time.monotonic()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() and
                                                  "Z" not in Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1][:3]
                                                  for p in [pid, *children] if Path(f"/proc/{p}").exists()):
            time.sleep(0.05)
        return killed_at

    def promote(self) -> None:
        self.pg._run("pg_ctl", "-D", str(self.pg.pgdata), "-w", "-t", "60", "promote")

    def stop(self) -> None:
        if self.pg.initialised and self.pg.is_running():
            self.pg._run("pg_ctl", "-D", str(self.pg.pgdata), "-w", "-m", "immediate", "stop", check=False)


class ReplicatedCluster(Cluster):
    """A primary and a hot standby streaming from it (synchronously when `synchronous`), reached through a
    multi-host URL. `failover()` kills the primary with SIGKILL and promotes the standby."""

    def __init__(self, synchronous: bool) -> None:  # not super().__init__: that starts a single server
        sweep_abandoned_test_dirs()
        self.tmp = Path(tempfile.mkdtemp(prefix=TEST_DIR_PREFIX))
        os.chmod(self.tmp, 0o755)
        (self.tmp / OWNER_FILE).write_text(owner_mark())
        self.synchronous = synchronous
        self._templates: dict[str, str] = {}
        self.primary = Node(self.tmp, "primary")
        self.standby = Node(self.tmp, "standby")
        self.pg = None
        try:
            self.primary.pg.init()
            # synchronous_standby_names is set once the standby streams (before, every commit would wait for it)
            self.primary.start("-c synchronous_commit=on" if synchronous else "-c synchronous_commit=local")
            password = embedded_db_password(self.primary.pg.data_dir)
            single = self.primary.pg.url
            wait_for(single)
            # the replication login: REPLICATION only (no superuser, no database rights), a random password
            self.replication_password = secrets.token_urlsafe(24)
            with psycopg.connect(single, autocommit=True) as conn:
                conn.execute(f"create role {REPLICATION_USER} with login replication password "
                             f"'{self.replication_password}'")
            self._base_backup()
            # the superuser's password is the same on both (the standby is a copy); the stack's settings read it
            write_embedded_db_password(self.standby.pg.data_dir, password)
            # the standby runs without synchronous_standby_names: once promoted it is alone, and a commit waiting
            # for a standby that does not exist would never return (Patroni sets it again when a new one joins)
            self.standby.start()
            hosts = f"127.0.0.1:{self.primary.port},127.0.0.1:{self.standby.port}"
            self.base_url = (f"postgresql://postgres:{quote(password, safe='')}@{hosts}/postgres"
                             "?target_session_attrs=read-write&connect_timeout=2")
            wait_for(self.base_url)
            if synchronous:
                with psycopg.connect(single, autocommit=True) as conn:
                    conn.execute(f"alter system set synchronous_standby_names = '{STANDBY_NAME}'")
                    conn.execute("select pg_reload_conf()")
            self.wait_streaming()
        except BaseException:
            self.stop()   # a half-built pair must not leave its primary running for the rest of the run
            raise

    def _base_backup(self, source: Node | None = None, target: Node | None = None) -> None:
        """`target` made a streaming standby of `source` (the standby of the primary by default)."""
        source, target = source or self.primary, target or self.standby
        pg = target.pg
        if pg.pgdata.exists():
            shutil.rmtree(pg.pgdata)
        pg.pgdata.parent.mkdir(parents=True, exist_ok=True)
        pg.pgdata.mkdir(mode=0o700)
        pg._own(pg.pgdata)
        pg._make_reachable()   # the server's user (not us, under root) reads the password file in its folder
        passfile = pg.data_dir / "replication.pgpass"
        fd = os.open(passfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(f"127.0.0.1:{source.port}:*:{REPLICATION_USER}:{self.replication_password}\n")
        pg._own(passfile)
        conninfo = (f"host=127.0.0.1 port={source.port} user={REPLICATION_USER} "
                    f"application_name={STANDBY_NAME} passfile={passfile}")
        # the server package ships no client programs: pg_basebackup comes with pg_dump (supastack.db.pgtools)
        tools = find_tools(REPO_ROOT, 18)
        kwargs: dict = {}
        if pg.run_as:
            kwargs = {"user": pg.run_as.pw_uid, "group": pg.run_as.pw_gid, "extra_groups": []}
        done = subprocess.run([tools.path("pg_basebackup"), "-d", conninfo, "-D", str(pg.pgdata), "-R", "-w",
                               "-X", "stream", "-C", "-S", SLOT_NAME, "--no-sync", "-c", "fast"], env=tools.env(),
                              capture_output=True, text=True, timeout=120, cwd="/", **kwargs)
        if done.returncode != 0:
            raise RuntimeError(f"pg_basebackup failed: {done.stderr}")

    def rejoin_old_primary(self, synchronous: bool) -> None:
        """After `failover()`: the old primary's machine comes back as the standby of the new one (a fresh
        base backup into its folder, on its old port, so the stack's URL stays the same), streaming
        synchronously or not. The two swap names: `primary` is the promoted one, `standby` the rejoined one."""
        old, new = self.primary, self.standby
        self._base_backup(new, old)
        old.start()
        self.primary, self.standby = new, old
        self.synchronous = synchronous
        with psycopg.connect(self.primary_url(new), autocommit=True) as conn:
            conn.execute(f"alter system set synchronous_standby_names = '{STANDBY_NAME if synchronous else ''}'")
            conn.execute(f"alter system set synchronous_commit = '{'on' if synchronous else 'local'}'")
            conn.execute("select pg_reload_conf()")
        self.wait_streaming()

    def primary_url(self, node: Node, name: str = "postgres") -> str:
        password = quote(embedded_db_password(self.primary.pg.data_dir), safe="")
        return f"postgresql://postgres:{password}@127.0.0.1:{node.port}/{name}"

    def wait_streaming(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        want = "sync" if self.synchronous else "async"
        while True:
            with psycopg.connect(self.primary_url(self.primary), autocommit=True) as conn:
                rows = conn.execute("select sync_state from pg_stat_replication where application_name = %s",
                                    (STANDBY_NAME,)).fetchall()
            if rows and rows[0][0] == want:
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"standby not streaming ({want}): {rows}")
            time.sleep(0.1)

    def failover(self, detection_delay: float = 0.0) -> float:
        """Kills the primary (SIGKILL, all its processes), waits `detection_delay` (what Patroni's TTL or the
        managed service's health check would take), promotes the standby; returns the time of the kill (monotonic)."""
        killed_at = self.primary.kill_9()
        time.sleep(detection_delay)
        self.standby.promote()
        return killed_at

    def stop(self) -> None:
        self.standby.stop()
        self.primary.stop()
        if os.environ.get("SUPASTACK_KEEP_TEST_DATA") != "1":
            shutil.rmtree(self.tmp, ignore_errors=True)
