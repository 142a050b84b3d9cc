"""A project folder whose config.toml says nothing gets what `supabase start` gives: the CLI's development
secret and keys (unless JWT_SECRET or `[auth] jwt_secret` sets one, or the data folder already holds one),
sign-ups on with a session, `status` listing only what is served, and the demo log-ins its seed lists."""
from __future__ import annotations

import json
import time

import httpx
import pytest
from supabase_auth.errors import AuthApiError

from harness import REPO_ROOT, StackProcess, session_claims
from supabase import create_client
from supastack import cli
from supastack.core import jwt
from supastack.core.config import CLI_KEYS, load_settings

# Published by the Supabase CLI and hard-coded by projects written for `supabase start`: literal on purpose.
CLI_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long"
WELL_KNOWN = {
    "anon": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4"
            "MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0",
    "service_role": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9"
                    "sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU",
}
PUBLISHABLE = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH"
SECRET = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz"


def project(root, config: str = 'project_id = "bare"\n', seed: str | None = None):
    """A Supabase CLI project folder with this config.toml (and seed.sql)."""
    (root / "supabase").mkdir(parents=True, exist_ok=True)
    (root / "supabase" / "config.toml").write_text(config)
    if seed is not None:
        (root / "supabase" / "seed.sql").write_text(seed)
    return root


def test_the_well_known_keys_are_the_cli_claims_signed_with_the_cli_secret():
    for role, key in WELL_KNOWN.items():
        claims = {"iss": "supabase-demo", "role": role, "exp": 1983812996}
        assert jwt.verify(key, CLI_SECRET) == claims
        assert jwt.sign(claims, CLI_SECRET) == key  # byte for byte, header and claim order included
    assert CLI_KEYS == {"jwt_secret": CLI_SECRET, "anon_key": WELL_KNOWN["anon"],
                        "service_role_key": WELL_KNOWN["service_role"], "publishable_key": PUBLISHABLE,
                        "secret_key": SECRET}


def test_a_new_data_folder_with_no_secret_configured_gets_the_cli_keys(tmp_path):
    s = load_settings(project(tmp_path / "p"), tmp_path / "data", env={})
    assert (s.jwt_secret, s.anon_key, s.service_role_key, s.publishable_key, s.secret_key) == (
        CLI_SECRET, WELL_KNOWN["anon"], WELL_KNOWN["service_role"], PUBLISHABLE, SECRET)
    assert json.loads((tmp_path / "data" / "keys.json").read_text()) == CLI_KEYS


def test_a_data_folder_keeps_the_secret_it_already_holds(tmp_path):
    """Installs made before the CLI defaults keep their generated secret: nobody is logged out."""
    data = tmp_path / "data"
    data.mkdir()
    secret = "generated-" + "x" * 40
    now = int(time.time())
    held = {"jwt_secret": secret,
            "anon_key": jwt.sign({"iss": "supabase", "role": "anon", "iat": now, "exp": now + 99}, secret),
            "service_role_key": jwt.sign({"iss": "supabase", "role": "service_role", "iat": now,
                                          "exp": now + 99}, secret),
            "publishable_key": "sb_publishable_own", "secret_key": "sb_secret_own"}
    (data / "keys.json").write_text(json.dumps(held, indent=2))
    before = (data / "keys.json").read_bytes()
    s = load_settings(project(tmp_path / "p"), data, env={})
    assert (s.jwt_secret, s.anon_key, s.publishable_key, s.secret_key) == (
        secret, held["anon_key"], "sb_publishable_own", "sb_secret_own")
    assert (data / "keys.json").read_bytes() == before


def test_a_configured_secret_gets_keys_of_its_own(tmp_path):
    own = "a-project-secret-of-at-least-32-characters!"
    by_env = load_settings(project(tmp_path / "p"), tmp_path / "d1", env={"JWT_SECRET": own})
    by_config = load_settings(project(tmp_path / "q", '[auth]\njwt_secret = "env(MY_SECRET)"\n'),
                              tmp_path / "d2", env={"MY_SECRET": own})
    for s in (by_env, by_config):
        assert s.jwt_secret == own
        assert jwt.verify(s.anon_key, own)["role"] == "anon"
        assert jwt.verify(s.service_role_key, own)["role"] == "service_role"
        # the CLI's opaque keys are public: a project's own secret never comes with them
        assert s.publishable_key.startswith("sb_publishable_") and s.publishable_key != PUBLISHABLE
        assert s.secret_key.startswith("sb_secret_") and s.secret_key != SECRET
    unset = load_settings(project(tmp_path / "r", '[auth]\njwt_secret = "env(MY_SECRET)"\n'), tmp_path / "d3", env={})
    assert unset.jwt_secret == CLI_SECRET


def test_auth_defaults_follow_the_cli_unless_config_toml_says_otherwise(tmp_path):
    bare = load_settings(project(tmp_path / "p"), tmp_path / "d1", env={})
    assert (bare.enable_signup, bare.enable_confirmations, bare.enable_anonymous_sign_ins) == (True, False, False)
    assert bare.anonymous_users_per_hour == 30
    said = load_settings(project(tmp_path / "q", "[auth]\nenable_signup = false\nenable_anonymous_sign_ins = true\n"
                                 "[auth.email]\nenable_confirmations = true\n[auth.rate_limit]\nanonymous_users = 5\n"),
                         tmp_path / "d2", env={})
    assert (said.enable_signup, said.enable_confirmations, said.enable_anonymous_sign_ins) == (False, True, True)
    assert said.anonymous_users_per_hour == 5
    office = load_settings(REPO_ROOT, tmp_path / "d3", env={})
    assert office.enable_signup is False  # the office's config.toml says so


def test_new_projects_sign_access_tokens_with_an_es256_key_unless_config_toml_says_otherwise(tmp_path, monkeypatch):
    """As the current Supabase CLI: a new data folder gets an ES256 signing key (private to the stack's user),
    kept across starts; `[auth] asymmetric_keys = false` keeps HS256; a configured path wins."""
    from supastack.auth import signing_keys
    monkeypatch.delenv("AUTH_SIGNING_KEYS_PATH", raising=False)
    monkeypatch.delenv("AUTH_ASYMMETRIC_KEYS", raising=False)
    s = load_settings(project(tmp_path / "p"), tmp_path / "d", env={})
    path = signing_keys.ensure(s)
    assert path == s.data_dir / "signing_keys.json" and path.stat().st_mode & 0o777 == 0o600
    signing, public = signing_keys.read(path)
    assert signing is not None and signing["alg"] == "ES256" and "d" not in public[0]
    assert signing_keys.ensure(s) == path and signing_keys.read(path)[0] == signing   # the same key next time
    signing_keys._create(path, [signing_keys.new_key()])   # a second process racing to make it keeps the first key
    assert signing_keys.read(path)[0] == signing and [p.name for p in path.parent.glob("signing_keys*")] == [path.name]
    legacy = load_settings(project(tmp_path / "q", '[auth]\nasymmetric_keys = false\n'), tmp_path / "e", env={})
    assert signing_keys.ensure(legacy) is None and not (legacy.data_dir / "signing_keys.json").exists()
    monkeypatch.setenv("AUTH_ASYMMETRIC_KEYS", "false")
    assert signing_keys.configured_path(s) is None
    monkeypatch.setenv("AUTH_SIGNING_KEYS_PATH", str(tmp_path / "own.json"))
    assert signing_keys.configured_path(s) == tmp_path / "own.json"


def test_status_prints_only_what_is_served(tmp_path, capsys):
    s = load_settings(project(tmp_path / "p"), tmp_path / "data", env={"API_PORT": "55999"})
    cli.print_status(s)
    lines = capsys.readouterr().out.splitlines()
    printed = dict(line.split("=", 1) for line in lines)
    assert lines == sorted(lines)
    assert "GRAPHQL_URL" not in printed  # no /graphql/v1 here
    assert printed["API_URL"] == '"http://127.0.0.1:55999"'
    assert printed["REST_URL"] == '"http://127.0.0.1:55999/rest/v1"'
    assert printed["ANON_KEY"] == f'"{WELL_KNOWN["anon"]}"' and printed["PUBLISHABLE_KEY"] == f'"{PUBLISHABLE}"'
    assert printed["SERVICE_ROLE_KEY"] == f'"{WELL_KNOWN["service_role"]}"' and printed["SECRET_KEY"] == f'"{SECRET}"'
    assert printed["JWT_SECRET"] == f'"{CLI_SECRET}"'


@pytest.fixture(scope="module")
def bare_stack(cluster, tmp_path_factory):
    """A project with an empty config.toml, started with no JWT_SECRET in the environment."""
    root = project(tmp_path_factory.mktemp("bare"))
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("JWT_SECRET", raising=False)
        s = StackProcess(cluster, workdir=root, seed=False, name="bare")
    yield s
    s.stop()


def test_a_stack_started_without_jwt_secret_accepts_the_well_known_keys(bare_stack):
    url = bare_stack.url
    for key in (WELL_KNOWN["anon"], PUBLISHABLE):
        headers = {"apikey": key, "Authorization": f"Bearer {key}"}
        assert httpx.get(f"{url}/rest/v1/", headers=headers).status_code == 200
    for key in (WELL_KNOWN["service_role"], SECRET):
        r = httpx.get(f"{url}/auth/v1/admin/users", headers={"apikey": key, "Authorization": f"Bearer {key}"})
        assert r.status_code == 200, r.text
    forged = jwt.sign({"iss": "supabase-demo", "role": "service_role", "exp": 1983812996}, "another-secret" * 3)
    r = httpx.get(f"{url}/auth/v1/admin/users", headers={"apikey": forged, "Authorization": f"Bearer {forged}"})
    assert r.status_code == 403


def test_sign_up_is_on_and_returns_a_session_by_default(bare_stack):
    client = create_client(bare_stack.url, WELL_KNOWN["anon"])
    res = client.auth.sign_up({"email": "nova@example.test", "password": "Segredo@123"})
    assert res.session is not None and res.user.email == "nova@example.test"
    assert res.user.email_confirmed_at is not None
    assert session_claims(bare_stack, res.session.access_token)["role"] == "authenticated"
    settings = httpx.get(f"{bare_stack.url}/auth/v1/settings", headers={"apikey": PUBLISHABLE}).json()
    assert settings["disable_signup"] is False and settings["mailer_autoconfirm"] is True
    assert settings["external"]["anonymous_users"] is False
    with pytest.raises(AuthApiError) as err:  # anonymous sign-ins stay off, as in the CLI
        client.auth.sign_in_anonymously()
    assert (err.value.status, err.value.code) == (422, "anonymous_provider_disabled")


def test_the_demo_log_ins_printed_are_those_the_seed_lists_and_still_work(cluster, tmp_path, capsys):
    s = load_settings(REPO_ROOT, tmp_path / "data", env={})
    db = cluster.migrated_database("demo_logins", s.migrations_dir, s.seed_file)
    s = load_settings(REPO_ROOT, tmp_path / "data", env={"DATABASE_URL": db})
    cli.print_demo_log_ins(s)
    out = capsys.readouterr().out
    assert "Demo log-ins (password Demo@12345):" in out
    assert "admin@escritorio.test" in out and "Ana Administradora" in out and "joao.souza@cliente.test" in out
    assert "10000000-0000-4000-8000" not in out  # the seed's id column is left out

    import psycopg
    with psycopg.connect(db, autocommit=True) as conn:
        conn.execute("update auth.users set encrypted_password = extensions.crypt('changed-1', "
                     "extensions.gen_salt('bf')) where email = 'admin@escritorio.test'")
    cli.print_demo_log_ins(s)
    out = capsys.readouterr().out
    assert "admin@escritorio.test" not in out and "maria.silva@cliente.test" in out


def test_a_project_whose_seed_lists_no_log_ins_prints_none(cluster, tmp_path, capsys):
    seed = ("insert into auth.users (id, email, encrypted_password) values (gen_random_uuid(), 'x@y.test', "
            "extensions.crypt('pw-123456', extensions.gen_salt('bf')));\n")
    root = project(tmp_path / "p", seed=seed)
    s = load_settings(root, tmp_path / "data", env={})
    db = cluster.migrated_database("no_logins", s.migrations_dir, s.seed_file)
    s = load_settings(root, tmp_path / "data", env={"DATABASE_URL": db})
    cli.print_demo_log_ins(s)
    assert capsys.readouterr().out == ""
    assert cli.seed_log_in_table("-- Log-ins (password `pw-123456`)\n--   x@y.test  owner\n") == (
        "pw-123456", ["x@y.test  owner"])
