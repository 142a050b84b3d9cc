"""The embedded PostgreSQL of an installation: a password of its own (kept 0600 in the data folder, printed by
`status` in DB_URL, changeable by the office), and supervised: after a kill -9 of its postmaster the running
stack starts it again and the API answers again by itself, without anybody running `start`."""
from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psycopg
import pytest

from harness import REPO_ROOT, free_port

# the longest we accept between a kill -9 of PostgreSQL and the API's next 200 (measured 5 s on a quiet machine,
# 18 s on a loaded one; the test prints it)
RECOVERY_SECONDS = 45


class Installation:
    """`python -m supastack` with a data folder and ports of its own (an embedded, durable PostgreSQL)."""

    def __init__(self, tmp: Path) -> None:
        os.chmod(tmp, 0o755)
        self.data_dir = tmp / "data"
        self.env = {**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
                    "SUPASTACK_DATA_DIR": str(self.data_dir), "API_PORT": str(free_port()),
                    "APP_PORT": str(free_port()), "DB_PORT": str(free_port()),
                    "INBUCKET_PORT": str(free_port()), "INBUCKET_SMTP_PORT": str(free_port())}

    def run(self, *args: str, stdin: str | None = None, timeout: float = 240) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "supastack", *args], env=self.env, capture_output=True,
                              text=True, timeout=timeout, cwd=REPO_ROOT, input=stdin,
                              stdin=None if stdin is not None else subprocess.DEVNULL)

    def status(self) -> dict[str, str]:
        out = self.run("status")
        assert out.returncode == 0, out.stderr
        return {k: v.strip('"') for k, v in (line.split("=", 1) for line in out.stdout.splitlines() if "=" in line)}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.env['API_PORT']}"

    def postmaster_pid(self) -> int:
        return int((self.data_dir / "pg" / "postmaster.pid").read_text().split()[0])


@pytest.fixture(scope="module")
def installation(tmp_path_factory):
    inst = Installation(tmp_path_factory.mktemp("deploy-pg"))
    started = inst.run("start", "--no-seed")
    assert started.returncode == 0, started.stdout + started.stderr
    yield inst
    inst.run("stop")


def test_the_database_password_is_generated_kept_0600_and_in_db_url(installation):
    password_file = installation.data_dir / "db-password"
    password = password_file.read_text().strip()
    assert len(password) >= 24 and password != "postgres"
    assert stat.S_IMODE(password_file.stat().st_mode) == 0o600
    db_url = installation.status()["DB_URL"]
    assert password in db_url
    with psycopg.connect(db_url) as conn:
        assert conn.execute("select current_user").fetchone() == ("postgres",)
    # PostgreSQL's classic development password no longer opens it
    port = installation.env["DB_PORT"]
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(f"postgresql://postgres:postgres@127.0.0.1:{port}/postgres", connect_timeout=5)


def test_the_office_sets_the_database_password(installation):
    chosen = "uma senha do escritório 2026"
    changed = installation.run("db-password", "--stdin", stdin=chosen + "\n")
    assert changed.returncode == 0, changed.stderr
    assert (installation.data_dir / "db-password").read_text().strip() == chosen
    db_url = installation.status()["DB_URL"]
    with psycopg.connect(db_url) as conn:     # the URL-quoted password connects
        assert conn.execute("select 1").fetchone() == (1,)
    too_short = installation.run("db-password", "--stdin", stdin="curta\n")
    assert too_short.returncode == 2 and "shorter than 12" in too_short.stderr
    # back to a generated one, as an installation would have
    assert installation.run("db-password").returncode == 0
    with psycopg.connect(installation.status()["DB_URL"]) as conn:
        assert conn.execute("select 1").fetchone() == (1,)


def _api_ok(url: str) -> bool:
    try:
        return httpx.get(f"{url}/rest/v1/", timeout=2).status_code == 200 and \
            httpx.get(f"{url}/auth/v1/health", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def test_after_kill_9_of_postgres_the_api_recovers_by_itself(installation):
    # a password change above: the stack restarted by `start` connects with the current one
    installation.run("stop")
    assert installation.run("start", "--no-seed").returncode == 0
    assert _api_ok(installation.url)
    before = installation.postmaster_pid()
    os.kill(before, signal.SIGKILL)
    killed_at = time.monotonic()
    while not _api_ok(installation.url):
        assert time.monotonic() - killed_at < RECOVERY_SECONDS, \
            "the API did not recover by itself:\n" + (installation.data_dir / "stack.log").read_text()[-3000:]
        time.sleep(0.2)
    took = time.monotonic() - killed_at
    print(f"\nAPI answering 200 again {took:.1f} s after kill -9 of the postmaster (no restart by hand)")
    assert installation.postmaster_pid() != before
    log = (installation.data_dir / "stack.log").read_text()
    assert "PostgreSQL is running again" in log
    # an authenticated round trip through the pool, not only the health answers
    key = installation.status()["SERVICE_ROLE_KEY"]
    r = httpx.get(f"{installation.url}/auth/v1/admin/users", headers={"apikey": key, "Authorization": f"Bearer {key}"})
    assert r.status_code == 200


def test_a_server_stopped_on_purpose_stays_stopped(installation):
    """`stop` while a server is serving (e.g. run by hand beside systemd): the supervisor does not fight it."""
    from supastack.cli import _postgres
    from supastack.core.config import load_settings
    from supastack.db.postgres import postmaster_alive
    pg = _postgres(load_settings(REPO_ROOT, installation.data_dir, installation.env))
    pg.stop()
    time.sleep(3)     # three supervisor rounds
    assert not postmaster_alive(pg.pgdata)
    assert installation.run("start", "--no-seed").returncode == 0    # started again, supervised again
    assert _api_ok(installation.url)


def test_reset_works_on_a_database_made_by_start(installation):
    """`make reset` after `make up`: the platform's cron, net and supastack schemas are dropped too."""
    reset = installation.run("reset")
    assert reset.returncode == 0, reset.stdout + reset.stderr
    assert "database reset" in reset.stdout
    with psycopg.connect(installation.status()["DB_URL"]) as conn:
        assert conn.execute("select count(*) from auth.users").fetchone()[0] == 6     # the seed, again
