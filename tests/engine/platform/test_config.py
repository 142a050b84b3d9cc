"""The settings model: defaults once, config.toml then environment, and malformed values refused with the key
and the file (or the variable) named, never replaced by a default."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from pydantic import ValidationError

from harness import REPO_ROOT
from supastack.core.config import ConfigError, Settings, load_settings


def project(root, config: str = 'project_id = "bare"\n'):
    (root / "supabase").mkdir(parents=True, exist_ok=True)
    (root / "supabase" / "config.toml").write_text(config)
    return root


def test_defaults_when_config_toml_and_environment_say_nothing(tmp_path):
    s = load_settings(project(tmp_path / "p"), tmp_path / "d", env={})
    assert (s.host, s.api_port, s.app_port, s.db_port, s.api_workers) == ("127.0.0.1", 54321, 3000, 54322, 1)
    assert (s.max_request_body, s.storage_file_size_limit) == (10 * 1024**2, 50 * 1024**2)
    assert (s.storage_backend, s.max_rows, s.jwt_expiry, s.site_url) == ("file", 1000, 3600, "http://127.0.0.1:3000")
    assert s.database_url is None and s.embedded_db
    # the general stack knows no office: the administrator address comes from the project
    assert s.admin_email == ""


def test_config_toml_then_environment(tmp_path):
    root = project(tmp_path / "p", '[api]\nport = 6000\nmax_request_body = "2KiB"\n'
                                   '[storage]\nfile_size_limit = "3MB"\n[auth]\nadmin_email = "chefe@example.org"\n'
                                   '[auth.rate_limit]\nsign_in_failures_per_ip = 7\n')
    s = load_settings(root, tmp_path / "d", env={})
    assert (s.api_port, s.max_request_body, s.storage_file_size_limit) == (6000, 2048, 3_000_000)
    assert (s.admin_email, s.sign_in_failures_per_ip) == ("chefe@example.org", 7)
    s = load_settings(root, tmp_path / "d", env={"API_PORT": "6001", "SIGN_IN_FAILURES_PER_IP": "9",
                                                 "ADMIN_EMAIL": "outro@example.org", "DB_PORT": ""})
    assert (s.api_port, s.sign_in_failures_per_ip, s.admin_email) == (6001, 9, "outro@example.org")
    assert s.db_port == 54322  # an empty variable counts as unset


def test_the_office_project_names_its_administrator(tmp_path):
    assert load_settings(REPO_ROOT, tmp_path / "d", env={}).admin_email.endswith("@escritorio.test")


def test_env_references_in_config_toml(tmp_path):
    root = project(tmp_path / "p", '[auth]\nsite_url = "env(MY_SITE)"\n')
    assert load_settings(root, tmp_path / "d", env={"MY_SITE": "https://app.example.org"}).site_url == \
        "https://app.example.org"


@pytest.mark.parametrize(("config", "env", "named", "given"), [
    ("", {"API_PORT": "abc"}, "environment variable API_PORT", "'abc'"),
    ("", {"DB_PORT": "70000"}, "environment variable DB_PORT", "'70000'"),
    ("", {"ENABLE_SIGNUP": "maybe"}, "environment variable ENABLE_SIGNUP", "'maybe'"),
    ("", {"REQUEST_BODY_TIMEOUT": "soon"}, "environment variable REQUEST_BODY_TIMEOUT", "'soon'"),
    ("", {"STORAGE_BACKEND": "ftp"}, "environment variable STORAGE_BACKEND", "'ftp'"),
    ('[api]\nmax_request_body = "10 megas"\n', {}, "[api] max_request_body in ", "'10 megas'"),
    ('[storage]\nfile_size_limit = "-5MiB"\n', {}, "[storage] file_size_limit in ", "'-5MiB'"),
    ('[api]\nport = "x"\n', {}, "[api] port in ", "'x'"),
    ("[auth.rate_limit]\nwindow_seconds = 1.5\n", {}, "[auth.rate_limit] window_seconds in ", "1.5"),
])
def test_malformed_values_are_refused_naming_where_they_came_from(tmp_path, config, env, named, given):
    root = project(tmp_path / "p", config)
    with pytest.raises(ConfigError) as refused:
        load_settings(root, tmp_path / "d", env=env)
    message = str(refused.value)
    assert named in message and given in message
    if not named.startswith("environment"):
        assert str(root / "supabase" / "config.toml") in message
    assert not (tmp_path / "d" / "keys.json").exists()  # nothing written for a configuration refused


def test_every_problem_is_listed_at_once(tmp_path):
    with pytest.raises(ConfigError) as refused:
        load_settings(project(tmp_path / "p"), tmp_path / "d", env={"API_PORT": "a", "APP_PORT": "b"})
    assert "API_PORT" in str(refused.value) and "APP_PORT" in str(refused.value)


def test_a_broken_config_toml_is_named(tmp_path):
    root = project(tmp_path / "p", "[api\nport = 1\n")
    with pytest.raises(ConfigError, match="config.toml is not valid TOML"):
        load_settings(root, tmp_path / "d", env={})


def test_the_process_environment_is_read_only_through_the_field_table(tmp_path, monkeypatch):
    """pydantic-settings would read a variable named like a field (HOST, RAW...): only the names we declare count."""
    monkeypatch.setenv("HOST", "10.9.9.9")
    monkeypatch.setenv("MAX_ROWS", "5")
    s = load_settings(project(tmp_path / "p"), tmp_path / "d")
    assert (s.host, s.max_rows) == ("127.0.0.1", 1000)
    with pytest.raises(ValidationError, match="no_such_setting"):
        Settings(workdir=tmp_path, data_dir=tmp_path, no_such_setting=1)


def test_the_cli_exits_2_with_the_message(tmp_path):
    env = {**os.environ, "API_PORT": "not-a-port", "SUPASTACK_DATA_DIR": str(tmp_path / "d")}
    done = subprocess.run([sys.executable, "-m", "supastack", "--workdir", str(project(tmp_path / "p")), "status"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "environment variable API_PORT" in done.stderr and "not-a-port" in done.stderr
    assert "Traceback" not in done.stderr
