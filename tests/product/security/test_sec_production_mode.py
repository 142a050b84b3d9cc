"""Demo data and development keys stay on the developer's machine: an external database is not seeded
unless asked, and the stack refuses to listen beyond loopback with a development secret or demo log-ins."""
from __future__ import annotations

import os
import subprocess
import sys

import httpx

from harness import REPO_ROOT, StackProcess, free_port
from supastack.production import CLI_DEVELOPMENT_SECRET, seed_log_ins

STRONG_SECRET = "x7Vq2m9L0pT4s8Wb1nR6yK3cZ5hJ0fGd2aQe7uI9oP1"
SEALING_KEY = "Qm3vT8rL1pZ6wX0cN4bH7yK2sD9fG5jA8eU1oI3tR6q"


def _cli(cluster, tmp_path, *args, **env):
    full = {**os.environ, "SUPASTACK_DATA_DIR": str(tmp_path / "data"), "API_PORT": str(free_port()),
            "APP_PORT": str(free_port()), **env}
    return subprocess.run([sys.executable, "-m", "supastack", *args], env=full, capture_output=True, text=True,
                          timeout=120, cwd=REPO_ROOT, stdin=subprocess.DEVNULL)


def _users(db_url: str) -> int:
    import psycopg
    with psycopg.connect(db_url) as conn:
        return conn.execute("select count(*) from auth.users").fetchone()[0]


def test_an_external_database_is_not_seeded_unless_asked(cluster, tmp_path):
    plain = cluster.create_database("external")
    r = _cli(cluster, tmp_path, "migrate", DATABASE_URL=plain)
    assert r.returncode == 0, r.stderr
    assert _users(plain) == 0
    assert "not applied" in r.stdout and "--seed" in r.stdout

    asked = cluster.create_database("external_seeded")
    r = _cli(cluster, tmp_path, "migrate", "--seed", DATABASE_URL=asked)
    assert r.returncode == 0, r.stderr
    assert _users(asked) == 6


def test_the_seed_log_ins_are_found_in_the_seed_file():
    emails, passwords = seed_log_ins((REPO_ROOT / "seed.sql").read_text())
    assert "admin@escritorio.test" in emails and passwords == ["Demo@12345"]


def test_serving_beyond_loopback_is_refused_with_demo_log_ins_or_a_development_secret(cluster, tmp_path):
    seeded = cluster.create_database("prod_demo")
    assert _cli(cluster, tmp_path, "migrate", "--seed", DATABASE_URL=seeded).returncode == 0
    r = _cli(cluster, tmp_path, "serve", DATABASE_URL=seeded, SUPASTACK_HOST="0.0.0.0",
             JWT_SECRET=CLI_DEVELOPMENT_SECRET)
    assert r.returncode == 2
    assert "refusing to serve 0.0.0.0" in r.stderr
    assert "JWT_SECRET" in r.stderr and "admin@escritorio.test" in r.stderr

    # the demo accounts' passwords changed: only the secret is left to fix
    import psycopg
    with psycopg.connect(seeded, autocommit=True) as conn:
        conn.execute("update auth.users set encrypted_password = extensions.crypt(gen_random_uuid()::text, "
                     "extensions.gen_salt('bf'))")
    r = _cli(cluster, tmp_path, "serve", DATABASE_URL=seeded, SUPASTACK_HOST="0.0.0.0", JWT_SECRET="short")
    assert r.returncode == 2 and "shorter than 32" in r.stderr and "demo log-in" not in r.stderr


def test_a_production_configuration_serves_beyond_loopback(cluster):
    s = StackProcess(cluster, name="prod_clean", seed=False,
                     env={"SUPASTACK_HOST": "0.0.0.0", "JWT_SECRET": STRONG_SECRET,   # waits until healthy
                          "SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(free_port()),
                          "SETTINGS_ENCRYPTION_KEY": SEALING_KEY})
    try:
        port = s.settings.api_port
        assert httpx.get(f"http://127.0.0.1:{port}/auth/v1/health").status_code == 200
    finally:
        s.stop()


def test_behind_a_proxy_with_a_public_address_the_development_secret_is_refused(cluster, tmp_path):
    """Listening on loopback behind Caddy is still serving the world: the public secret is refused."""
    clean = cluster.create_database("proxy_dev")
    assert _cli(cluster, tmp_path, "migrate", DATABASE_URL=clean).returncode == 0
    r = _cli(cluster, tmp_path, "serve", DATABASE_URL=clean, SUPASTACK_HOST="127.0.0.1",
             SITE_URL="https://app.escritorio.example.com", API_EXTERNAL_URL="https://api.escritorio.example.com",
             JWT_SECRET=CLI_DEVELOPMENT_SECRET)
    assert r.returncode == 2, r.stderr
    assert "api.escritorio.example.com" in r.stderr and "JWT_SECRET" in r.stderr


def test_production_needs_a_settings_key_of_its_own(cluster, tmp_path):
    """Sealed settings (WhatsApp, Stripe secrets) must not be keyed by the JWT secret, which backups carry."""
    clean = cluster.create_database("prod_sealing")
    assert _cli(cluster, tmp_path, "migrate", DATABASE_URL=clean).returncode == 0
    for sealing in ({}, {"SETTINGS_ENCRYPTION_KEY": "short"}, {"SETTINGS_ENCRYPTION_KEY": STRONG_SECRET}):
        r = _cli(cluster, tmp_path, "serve", DATABASE_URL=clean, SUPASTACK_HOST="0.0.0.0", JWT_SECRET=STRONG_SECRET,
                 **sealing)
        assert r.returncode == 2, r.stderr
        assert "SETTINGS_ENCRYPTION_KEY" in r.stderr and "JWT_SECRET (or" not in r.stderr
