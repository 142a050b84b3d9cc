"""The stack as `make up` runs it: the CLI with its own data folder, ports and a durable embedded PostgreSQL.

Crash and recovery: kill -9 of PostgreSQL loses no acknowledged write and leaves no orphan file; during a
database outage requests fail fast with 503 and succeed again as soon as it is back; start/stop know
exactly which process is the stack; status prints the running stack's ports.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx
import pytest

from harness import REPO_ROOT, free_port
from supastack.core.config import load_settings

MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"


class CliStack:
    """`python -m supastack` with a data folder and ports of its own."""

    def __init__(self, tmp: Path) -> None:
        self.data_dir = tmp / "data"
        os.chmod(tmp, 0o755)
        self.env = {**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
                    "SUPASTACK_DATA_DIR": str(self.data_dir), "API_PORT": str(free_port()),
                    "APP_PORT": str(free_port()), "DB_PORT": str(free_port())}

    def run(self, *args: str, env: dict | None = None, timeout: float = 240) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "supastack", *args], env=env or self.env, capture_output=True,
                              text=True, timeout=timeout, cwd=REPO_ROOT, stdin=subprocess.DEVNULL)

    @property
    def settings(self):
        if not hasattr(self, "_settings"):
            self._settings = load_settings(REPO_ROOT, self.data_dir, self.env)
        return self._settings

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.env['API_PORT']}"

    def service_headers(self) -> dict:
        key = self.settings.service_role_key
        return {"apikey": key, "Authorization": f"Bearer {key}"}

    def postmaster_pid(self) -> int:
        return int((self.data_dir / "pg" / "postmaster.pid").read_text().split()[0])

    def crash_postgres(self) -> None:
        """kill -9 of the server and of every backend (what a crash of PostgreSQL looks like)."""
        master = self.postmaster_pid()
        children = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and _ppid(int(p.name)) == master]
        for pid in [master, *children]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in [master, *children]) and time.monotonic() < deadline:
            time.sleep(0.05)


def _ppid(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def cli(tmp_path_factory):
    stack = CliStack(tmp_path_factory.mktemp("lifecycle"))
    started = stack.run("start")
    assert started.returncode == 0, started.stdout + started.stderr
    yield stack
    stack.run("stop")


def test_status_prints_the_running_stacks_ports(cli):
    env = {k: v for k, v in cli.env.items() if k not in ("API_PORT", "APP_PORT", "DB_PORT")}
    status = cli.run("status", env=env)
    assert f'API_URL="{cli.url}"' in status.stdout
    assert f'APP_URL="http://127.0.0.1:{cli.env["APP_PORT"]}"' in status.stdout


def test_a_second_start_reuses_the_running_stack(cli):
    before = (cli.data_dir / "stack.pid").read_text()
    again = cli.run("start")
    assert again.returncode == 0, again.stderr
    assert "already running" in again.stdout
    assert (cli.data_dir / "stack.pid").read_text() == before


def test_the_product_database_runs_durably(cli):
    import psycopg
    with psycopg.connect(cli.settings.db_url) as conn:
        settings = dict(conn.execute("select name, setting from pg_settings where name in "
                                     "('fsync', 'synchronous_commit', 'full_page_writes')").fetchall())
    assert settings == {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on"}


def _write_burst(cli: CliStack, stop_at: float, acknowledged: list, uploads: list) -> None:
    """Keeps writing rows and uploading files until `stop_at`; records what the API acknowledged."""
    headers = cli.service_headers()
    with httpx.Client(base_url=cli.url, headers=headers, timeout=10) as http:
        while time.monotonic() < stop_at:
            marker = uuid.uuid4().hex
            try:
                r = http.post("/rest/v1/messages", json={"client_id": MARIA_CLIENT, "sender_type": "office",
                                                          "content": f"durável {marker}"})
                if r.status_code == 201:
                    acknowledged.append(marker)
                name = f"{MARIA_CLIENT}/crash-{marker}.txt"
                r = http.post(f"/storage/v1/object/client_documents/{name}", content=marker.encode(),
                              headers={"Content-Type": "text/plain"})
                if r.status_code == 200:
                    uploads.append(name)
            except httpx.HTTPError:
                time.sleep(0.05)


def test_kill_9_of_postgres_loses_no_acknowledged_write(cli):
    acknowledged: list[str] = []
    uploads: list[str] = []
    stop_at = time.monotonic() + 4
    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        writers = [pool.submit(_write_burst, cli, stop_at, acknowledged, uploads) for _ in range(6)]
        time.sleep(2)
        cli.crash_postgres()
        for w in writers:
            w.result()
    assert acknowledged, "some writes were acknowledged before the crash"
    restarted = cli.run("start")     # starts PostgreSQL again (crash recovery); the API reconnects
    assert restarted.returncode == 0, restarted.stdout + restarted.stderr

    import psycopg
    with psycopg.connect(cli.settings.db_url) as conn:
        stored = {r[0] for r in conn.execute(
            "select substr(content, 9) from messages where content like 'durável %%'").fetchall()}
        rows = {r[0] for r in conn.execute(
            "select name from storage.objects where bucket_id = 'client_documents' and name like %s",
            (f"{MARIA_CLIENT}/crash-%",)).fetchall()}
    lost = [m for m in acknowledged if m not in stored]
    assert not lost, f"{len(lost)} of {len(acknowledged)} acknowledged writes lost"
    assert set(uploads) <= rows, f"{len(set(uploads) - rows)} acknowledged uploads have no row"
    # every row's bytes are there, and no file is left without a row
    with httpx.Client(base_url=cli.url, headers=cli.service_headers(), timeout=10) as http:
        for name in sorted(rows):
            r = http.get(f"/storage/v1/object/client_documents/{name}")
            assert r.status_code == 200 and r.content.decode() == name.rsplit("crash-", 1)[1][:-4]
    # what a crash leaves (versions stored but never committed) the start-up sweep removes; run it now, with no
    # age limit since no upload is under way, and every file left must be the version its row points at
    asyncio.run(_sweep(cli))
    with psycopg.connect(cli.settings.db_url) as conn:
        versions = dict(conn.execute(
            "select name, version from storage.objects where bucket_id = 'client_documents' and name like %s",
            (f"{MARIA_CLIENT}/crash-%",)).fetchall())
    folder = cli.data_dir / "storage" / "client_documents" / MARIA_CLIENT
    on_disk = {f"{MARIA_CLIENT}/{d.name}": sorted(v.name for v in d.iterdir())
               for d in folder.glob("crash-*") if d.is_dir() and any(d.iterdir())}
    assert on_disk == {name: [version] for name, version in versions.items()}
    assert not list((cli.data_dir / "storage").rglob("*.part"))


async def _sweep(cli: CliStack) -> None:
    from supastack.core.db import Database
    from supastack.storage.backend import create_backend
    from supastack.storage.cleanup import remove_stale_parts, sweep_unreferenced_versions

    db = Database(cli.settings.db_url, min_size=1, max_size=1)
    await db.open()
    try:
        backend = create_backend(cli.settings)
        await sweep_unreferenced_versions(db, backend, older_than=-1)
        remove_stale_parts(backend.staging_dir, older_than=-1)
    finally:
        await db.close()


def test_a_database_outage_fails_fast_and_recovers_at_once(cli):
    headers = cli.service_headers()
    with httpx.Client(base_url=cli.url, headers=headers, timeout=30) as http:
        assert http.get("/rest/v1/clients?select=id&limit=1").status_code == 200
        cli.crash_postgres()
        # the stack starts its PostgreSQL again by itself (tests/engine/deploy): until then, a fast 503, never a hang
        for path in ("/rest/v1/clients?select=id&limit=1", "/auth/v1/admin/users"):
            start = time.monotonic()
            r = http.get(path)
            took = time.monotonic() - start
            assert r.status_code in (503, 200), (path, r.status_code, r.text[:200])
            assert took < 5, (path, took)
        back = cli.run("start")
        assert back.returncode == 0, back.stdout + back.stderr
        start = time.monotonic()
        while http.get("/rest/v1/clients?select=id&limit=1").status_code != 200:
            assert time.monotonic() - start < 5, "no success within 5 s of the database being back"
            time.sleep(0.1)


def test_stop_never_signals_a_process_that_is_not_the_stack(cli, tmp_path):
    """A stale record whose PID now belongs to another process is forgotten, not killed."""
    other = CliStack(tmp_path)
    other.data_dir.mkdir(parents=True)
    bystander = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (other.data_dir / "stack.json").write_text(
            f'{{"pid": {bystander.pid}, "started": "1", "host": "127.0.0.1", "api_port": 1, "app_port": 2, '
            f'"db_port": 3}}')
        stopped = other.run("stop")
        assert stopped.returncode == 0
        assert bystander.poll() is None, "stop killed a process that was not the stack"
        assert not (other.data_dir / "stack.json").exists()
    finally:
        bystander.kill()


def test_start_refuses_a_port_taken_by_another_program(tmp_path):
    import socket
    other = CliStack(tmp_path)
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", int(other.env["API_PORT"])))
        squatter.listen()
        started = other.run("start")
        try:
            assert started.returncode == 1
            assert "already in use" in started.stderr
            assert "Stack running" not in started.stdout
            assert not (other.data_dir / "stack.json").exists()
        finally:
            other.run("stop")
