"""Production mode as an office's server runs it (loopback behind a proxy with public URLs): the first
administrator needs the operator's one-time code, mail must go to a real SMTP server (or an explicit opt-out),
`status` says where mail goes, the office's settings live in an untracked config.local.toml, and `reset`
works on a database `start` made."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import httpx
import psycopg
import pytest

from harness import REPO_ROOT, StackProcess, free_port
from supastack import admin_setup
from supastack.core.config import load_settings
from supastack.db.migrate import migrate, reset_database

STRONG_SECRET = "q3Zr8Xw1Lm5Tn0Vb7Kc2Hd9Jf4Gs6Pa1Ye8Ui3Oo5Rr7"
FIRST_ADMIN = "socia@escritorio.example.com"
PUBLIC = {"SITE_URL": "https://app.escritorio.example.com", "API_EXTERNAL_URL": "https://api.escritorio.example.com",
          "JWT_SECRET": STRONG_SECRET, "SETTINGS_ENCRYPTION_KEY": "Wm4kP9sX2vB7nQ1tY6rE3cL8dF5gH0jZ4aU7iO2pS9x"}


def _cli(*args: str, env: dict, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "supastack", *args], env=env, capture_output=True, text=True,
                          timeout=timeout, cwd=REPO_ROOT, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def office(cluster):
    """A fresh production installation: no seed, no administrator yet."""
    s = StackProcess(cluster, seed=False, name="deploy-prod",
                     env={**PUBLIC, "ADMIN_EMAIL": FIRST_ADMIN, "SMTP_HOST": "127.0.0.1",
                          "SMTP_PORT": str(free_port())})
    yield s
    s.stop()


def _setup(office, **body):
    return httpx.post(f"{office.url}/functions/v1/create-admin-user", headers={"apikey": office.anon_key},
                      json={"email": FIRST_ADMIN, "password": "Primeira123", "full_name": "Sócia Fundadora", **body},
                      timeout=30)


def _users(office) -> int:
    return office.sql("select count(*) from auth.users")[0][0]


def test_a_stranger_cannot_claim_a_fresh_installation(office):
    env_js = httpx.get(f"{office.app_url}/env.js").text
    assert '"ADMIN_SETUP_CODE_REQUIRED": true' in env_js     # the screen asks for the code
    no_code = _setup(office)
    assert no_code.status_code == 403 and "supastack admin-setup-code" in no_code.json()["error"]
    # no code issued yet: nothing works, however it is guessed
    assert _setup(office, setup_code="AAAA-BBBB-CCCC-DDDD").status_code == 403
    code = admin_setup.new_code(office.data_dir)
    wrong = _setup(office, setup_code=code[:-1] + ("A" if code[-1] != "A" else "B"))
    assert wrong.status_code == 403 and "inválido" in wrong.json()["error"]
    assert _users(office) == 0


def test_the_printed_code_works_once(office):
    printed = _cli("--data-dir", str(office.data_dir), "admin-setup-code", env=office.env)
    assert printed.returncode == 0, printed.stderr
    code = next(line.strip() for line in printed.stdout.splitlines() if line.strip().count("-") == 3)
    path = admin_setup.code_file(office.data_dir)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and code not in path.read_text()  # only its digest
    created = _setup(office, setup_code=code.lower().replace("-", " "))   # as a person may type it
    assert created.status_code == 200, created.text
    user_id = created.json()["user"]["id"]
    assert office.sql("select role from user_roles where user_id = %s", (user_id,)) == [("administrator",)]
    assert not path.exists()
    again = _setup(office, setup_code=code, password="Segunda456")
    assert again.status_code == 403
    assert _users(office) == 1


def test_administrators_see_that_mail_goes_to_the_smtp_server(office):
    signed_in = httpx.post(f"{office.url}/auth/v1/token?grant_type=password", headers={"apikey": office.anon_key},
                           json={"email": FIRST_ADMIN, "password": "Primeira123"})
    token = signed_in.json()["access_token"]
    answer = httpx.get(f"{office.url}/functions/v1/mail-delivery",
                       headers={"apikey": office.anon_key, "Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"kind": "smtp", "address": f"127.0.0.1:{office.env['SMTP_PORT']}"}


def test_an_expired_code_is_refused(tmp_path):
    code = admin_setup.new_code(tmp_path, now=time.time() - admin_setup.LIFETIME_SECONDS - 1)
    assert not admin_setup.matches(admin_setup.code_file(tmp_path), code)
    fresh = admin_setup.new_code(tmp_path)
    assert admin_setup.matches(admin_setup.code_file(tmp_path), fresh)
    assert not admin_setup.matches(admin_setup.code_file(tmp_path), code)   # the earlier one stops working


def test_production_refuses_to_start_without_smtp_unless_opted_out(cluster, tmp_path):
    db = cluster.migrated_database("deploy_smtp", REPO_ROOT / "migrations")
    env = {**os.environ, **PUBLIC, "DATABASE_URL": db, "SUPASTACK_DATA_DIR": str(tmp_path / "data"),
           "API_PORT": str(free_port()), "APP_PORT": str(free_port())}
    env.pop("SMTP_HOST", None)
    refused = _cli("serve", env=env)
    assert refused.returncode == 2
    assert "no SMTP server" in refused.stderr and "ALLOW_LOCAL_MAIL_SINK=true" in refused.stderr

    status = _cli("status", env={**env, "SMTP_HOST": "smtp.escritorio.example.com", "SMTP_PORT": "587"})
    assert 'MAIL_DELIVERY="smtp://smtp.escritorio.example.com:587"' in status.stdout
    sink = _cli("status", env={**env, "INBUCKET_ENABLED": "true", "INBUCKET_PORT": "54999"})
    assert 'MAIL_DELIVERY="local sink http://127.0.0.1:54999 (nothing leaves this machine)"' in sink.stdout

    s = StackProcess(cluster, seed=False, name="deploy-optout", env={**PUBLIC, "ALLOW_LOCAL_MAIL_SINK": "true"})
    try:
        assert httpx.get(f"{s.url}/auth/v1/health").status_code == 200
    finally:
        s.stop()


def test_the_offices_settings_live_in_config_local_toml(tmp_path):
    project = tmp_path / "project"
    (project / "supabase").mkdir(parents=True)
    (project / "supabase" / "config.toml").write_text(
        '[api]\nport = 54321\n[backup]\nschedule = "off"\nkeep = 14\n[auth]\nsite_url = "http://127.0.0.1:3000"\n')
    # the guide's [backup] table: in the untracked file it merges instead of duplicating the tracked one
    (project / "supabase" / "config.local.toml").write_text(
        '[backup]\nschedule = "02:30"\n[auth]\nsite_url = "https://app.escritorio.example.com"\n[api]\nport = "x"\n')
    with pytest.raises(Exception) as bad:
        load_settings(project, tmp_path / "data", env={})
    assert "config.local.toml" in str(bad.value)             # an error names the file that set the value
    (project / "supabase" / "config.local.toml").write_text(
        '[backup]\nschedule = "02:30"\n[auth]\nsite_url = "https://app.escritorio.example.com"\n')
    s = load_settings(project, tmp_path / "data", env={})
    assert s.raw["backup"] == {"schedule": "02:30", "keep": 14}
    assert s.site_url == "https://app.escritorio.example.com" and s.api_port == 54321
    ignored = subprocess.run(["git", "check-ignore", "-q", "supabase/config.local.toml"], cwd=REPO_ROOT)
    assert ignored.returncode == 0, "supabase/config.local.toml must be git-ignored"


def test_reset_works_on_a_database_made_by_start(cluster):
    """`make reset` after `make up`: the platform's cron, net and supastack schemas go too."""
    db = cluster.migrated_database("deploy_reset", REPO_ROOT / "migrations", REPO_ROOT / "seed.sql")
    with psycopg.connect(db, autocommit=True) as conn:
        conn.execute("create schema if not exists supastack")
        conn.execute("create table if not exists supastack.leftover (id int)")
    reset_database(db)
    report = migrate(db, REPO_ROOT / "migrations", REPO_ROOT / "seed.sql", log=lambda *_: None)
    assert report.seeded and report.applied
    with psycopg.connect(db) as conn:
        assert conn.execute("select to_regclass('supastack.leftover')").fetchone() == (None,)
        assert conn.execute("select count(*) from auth.users").fetchone()[0] == 6
