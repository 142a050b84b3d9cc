"""Typed settings of one stack: config.toml of a Supabase CLI project folder, overridden by environment."""
from __future__ import annotations

import json
import os
import re
import secrets
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from supastack.core import jwt as jwt_keys

REPO_ROOT = Path(__file__).resolve().parents[3]

# The Supabase CLI's local development secret and keys (`supabase start` when config.toml sets none). They
# are public: projects and test suites written for `supabase start` hard-code them. The two JWTs are the
# CLI's claims {"iss": "supabase-demo", "role": ..., "exp": 1983812996} signed with the secret.
CLI_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long"
CLI_KEY_EXPIRY = 1983812996
CLI_KEYS = {
    "jwt_secret": CLI_JWT_SECRET,
    "anon_key": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5"
                "ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0",
    "service_role_key": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vf"
                        "cm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU",
    "publishable_key": "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH",
    "secret_key": "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz",
}


def _size(value: str | int | None, default: int) -> int:
    """'50MiB' / '25MB' / 1048576 -> bytes."""
    if value is None or value == "":
        return default
    if isinstance(value, int):
        return value
    m = re.fullmatch(r"\s*(\d+)\s*([KMG]i?B)?\s*", str(value), re.I)
    if not m:
        return default
    n, unit = int(m.group(1)), (m.group(2) or "").upper()
    mult = {"": 1, "KB": 1000, "KIB": 1024, "MB": 1000**2, "MIB": 1024**2, "GB": 1000**3, "GIB": 1024**3}[unit]
    return n * mult


@dataclass
class Settings:
    workdir: Path                      # the project folder: config.toml (in supabase/), migrations/, seed.sql
    data_dir: Path                     # git-ignored: PostgreSQL cluster, keys, storage files, logs
    host: str = "127.0.0.1"
    api_port: int = 54321
    api_workers: int = 1               # API processes sharing the port (scale up on one machine)
    app_port: int = 3000
    db_port: int = 54322
    database_url: str | None = None    # external PostgreSQL (then no embedded server is started)
    jwt_secret: str = ""
    anon_key: str = ""
    service_role_key: str = ""
    publishable_key: str = ""
    secret_key: str = ""
    jwt_expiry: int = 3600
    site_url: str = "http://127.0.0.1:3000"
    enable_signup: bool = True                 # the CLI's default; a project's config.toml may turn it off
    enable_anonymous_sign_ins: bool = False
    enable_confirmations: bool = False         # [auth.email]: off, so a sign-up returns a session
    anonymous_users_per_hour: int = 30         # [auth.rate_limit] anonymous_users, per IP address
    minimum_password_length: int = 6
    refresh_token_reuse_interval: int = 10
    admin_email: str = "admin@escritorio.test"
    sign_in_failures_per_email: int = 10
    sign_in_failures_per_ip: int = 30
    rate_limit_window: int = 300
    max_rows: int | None = 1000
    max_request_body: int = 10 * 1024**2   # JSON APIs (storage uploads have their own limits)
    request_header_timeout: float = 10.0    # seconds for a request's head to arrive once it started
    request_body_timeout: float = 30.0      # seconds a request body may send nothing
    cors_allowed_origins: list[str] = field(default_factory=list)   # browser origins allowed to call the API
    storage_backend: str = "file"
    storage_file_size_limit: int = 50 * 1024**2
    s3: dict = field(default_factory=dict)
    functions: dict = field(default_factory=dict)   # per-function config (verify_jwt, ...)
    providers: dict = field(default_factory=dict)
    raw: dict = field(default_factory=dict)         # the whole parsed config.toml
    app_dist_dir: Path | None = None                # APP_DIST: a built app elsewhere than app/dist

    @property
    def api_url(self) -> str:
        return f"http://{self.host}:{self.api_port}"

    @property
    def app_url(self) -> str:
        return f"http://{self.host}:{self.app_port}"

    @property
    def db_url(self) -> str:
        return self.database_url or f"postgresql://postgres:postgres@{self.host}:{self.db_port}/postgres"

    @property
    def embedded_db(self) -> bool:
        return not self.database_url

    @property
    def migrations_dir(self) -> Path:
        for candidate in (self.workdir / "migrations", self.workdir / "supabase" / "migrations"):
            if candidate.is_dir():
                return candidate
        return self.workdir / "migrations"

    @property
    def seed_file(self) -> Path:
        for candidate in (self.workdir / "seed.sql", self.workdir / "supabase" / "seed.sql"):
            if candidate.is_file():
                return candidate
        return self.workdir / "seed.sql"

    @property
    def functions_dir(self) -> Path:
        for candidate in (self.workdir / "functions", self.workdir / "supabase" / "functions"):
            if candidate.is_dir():
                return candidate
        return self.workdir / "functions"

    @property
    def app_dist(self) -> Path:
        return self.app_dist_dir or self.workdir / "app" / "dist"

    @property
    def storage_dir(self) -> Path:
        return self.data_dir / "storage"

    def status_env(self) -> dict[str, str]:
        """What `supabase status -o env` prints of the services this stack serves (no GraphQL, Studio, MCP
        or S3 protocol), plus APP_URL and STORAGE_URL."""
        return {
            "ANON_KEY": self.anon_key,
            "API_URL": self.api_url,
            "APP_URL": self.app_url,
            "DB_URL": self.db_url,
            "FUNCTIONS_URL": f"{self.api_url}/functions/v1",
            "JWT_SECRET": self.jwt_secret,
            "PUBLISHABLE_KEY": self.publishable_key,
            "REST_URL": f"{self.api_url}/rest/v1",
            "SECRET_KEY": self.secret_key,
            "SERVICE_ROLE_KEY": self.service_role_key,
            "STORAGE_URL": f"{self.api_url}/storage/v1",
        }


def _config_file(workdir: Path) -> Path | None:
    for candidate in (workdir / "supabase" / "config.toml", workdir / "config.toml"):
        if candidate.is_file():
            return candidate
    return None


def _from_env(value, env: dict):
    """config.toml's `env(NAME)` form: the variable's value ("" when unset); other values as they are."""
    if isinstance(value, str):
        m = re.fullmatch(r"\s*env\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)\s*", value)
        if m:
            return env.get(m.group(1), "")
    return value


def _load_or_create_keys(data_dir: Path, env: dict, configured_secret: str | None = None) -> dict:
    """JWT secret and API keys, kept in the data folder. JWT_SECRET (or `[auth] jwt_secret`) sets the secret,
    and the keys are signed again when it changes; a data folder that already holds a secret keeps it (its
    sessions stay valid); a new one with nothing configured gets the Supabase CLI's development keys."""
    path = data_dir / "keys.json"
    keys: dict = {}
    if path.is_file():
        keys = json.loads(path.read_text())
    wanted = env.get("JWT_SECRET") or configured_secret
    if wanted and wanted != keys.get("jwt_secret"):
        keys = {"jwt_secret": wanted}
    if not keys.get("jwt_secret"):
        keys = {"jwt_secret": CLI_JWT_SECRET}
    secret = keys["jwt_secret"]
    if secret == CLI_JWT_SECRET:
        for name, value in CLI_KEYS.items():
            keys.setdefault(name, value)
    now = int(time.time())
    ten_years = 10 * 365 * 24 * 3600
    if not keys.get("anon_key"):
        keys["anon_key"] = jwt_keys.sign({"iss": "supabase", "role": "anon", "iat": now, "exp": now + ten_years}, secret)
    if not keys.get("service_role_key"):
        keys["service_role_key"] = jwt_keys.sign(
            {"iss": "supabase", "role": "service_role", "iat": now, "exp": now + ten_years}, secret
        )
    # A project's own secret gets keys of its own: the CLI's sb_secret_ key is public.
    keys.setdefault("publishable_key", "sb_publishable_" + secrets.token_urlsafe(24))
    keys.setdefault("secret_key", "sb_secret_" + secrets.token_urlsafe(24))
    data_dir.mkdir(parents=True, exist_ok=True)
    if path.is_file() and json.loads(path.read_text()) == keys:
        return keys
    # a name of this writer's own: several processes may load the settings of one data folder at once
    tmp = path.with_suffix(f".{os.getpid()}.{secrets.token_hex(4)}.tmp")
    tmp.write_text(json.dumps(keys, indent=2))
    os.chmod(tmp, 0o600)
    tmp.replace(path)
    return keys


def load_settings(workdir: str | Path | None = None, data_dir: str | Path | None = None,
                  env: dict | None = None) -> Settings:
    env = dict(os.environ if env is None else env)
    workdir = Path(workdir or env.get("SUPASTACK_WORKDIR") or REPO_ROOT).resolve()
    data_dir = Path(data_dir or env.get("SUPASTACK_DATA_DIR") or workdir / ".data").resolve()
    cfg_path = _config_file(workdir)
    raw = tomllib.loads(cfg_path.read_text()) if cfg_path else {}
    api, db, auth = raw.get("api", {}), raw.get("db", {}), raw.get("auth", {})
    rate, storage = auth.get("rate_limit", {}), raw.get("storage", {})
    studio, auth_email = raw.get("studio", {}), auth.get("email", {})
    keys = _load_or_create_keys(data_dir, env, _from_env(auth.get("jwt_secret"), env) or None)

    def env_int(name: str, default: int) -> int:
        return int(env[name]) if env.get(name) else default

    def env_float(name: str, default: float) -> float:
        return float(env[name]) if env.get(name) else float(default)

    def env_bool(name: str, default: bool) -> bool:
        return str(env.get(name) or default).lower() == "true"

    settings = Settings(
        workdir=workdir,
        data_dir=data_dir,
        host=env.get("SUPASTACK_HOST", "127.0.0.1"),
        api_port=env_int("API_PORT", api.get("port", 54321)),
        api_workers=env_int("API_WORKERS", api.get("workers", 1)),
        app_port=env_int("APP_PORT", studio.get("port", 3000)),
        db_port=env_int("DB_PORT", db.get("port", 54322)),
        database_url=env.get("DATABASE_URL") or None,
        jwt_secret=keys["jwt_secret"],
        anon_key=keys["anon_key"],
        service_role_key=keys["service_role_key"],
        publishable_key=keys["publishable_key"],
        secret_key=keys["secret_key"],
        jwt_expiry=env_int("JWT_EXPIRY", auth.get("jwt_expiry", 3600)),
        site_url=env.get("SITE_URL", auth.get("site_url", "http://127.0.0.1:3000")),
        enable_signup=env_bool("ENABLE_SIGNUP", auth.get("enable_signup", True)),
        enable_anonymous_sign_ins=env_bool("ENABLE_ANONYMOUS_SIGN_INS", auth.get("enable_anonymous_sign_ins", False)),
        enable_confirmations=env_bool("ENABLE_EMAIL_CONFIRMATIONS", auth_email.get("enable_confirmations", False)),
        anonymous_users_per_hour=env_int("ANONYMOUS_USERS_PER_HOUR", rate.get("anonymous_users", 30)),
        minimum_password_length=auth.get("minimum_password_length", 6),
        refresh_token_reuse_interval=auth.get("refresh_token_reuse_interval", 10),
        admin_email=env.get("ADMIN_EMAIL", auth.get("admin_email", "admin@escritorio.test")),
        sign_in_failures_per_email=env_int("SIGN_IN_FAILURES_PER_EMAIL", rate.get("sign_in_failures_per_email", 10)),
        sign_in_failures_per_ip=env_int("SIGN_IN_FAILURES_PER_IP", rate.get("sign_in_failures_per_ip", 30)),
        rate_limit_window=rate.get("window_seconds", 300),
        max_rows=api.get("max_rows", 1000),
        max_request_body=_size(api.get("max_request_body"), 10 * 1024**2),
        request_header_timeout=env_float("REQUEST_HEADER_TIMEOUT", api.get("request_header_timeout", 10)),
        request_body_timeout=env_float("REQUEST_BODY_TIMEOUT", api.get("request_body_timeout", 30)),
        storage_backend=env.get("STORAGE_BACKEND", storage.get("backend", "file")),
        storage_file_size_limit=_size(storage.get("file_size_limit"), 50 * 1024**2),
        s3={**storage.get("s3", {}), **{k[len("STORAGE_S3_"):].lower(): v for k, v in env.items()
                                        if k.startswith("STORAGE_S3_")}},
        functions=raw.get("functions", {}),
        providers={**raw.get("providers", {}), **{k[len("PROVIDER_"):].lower(): v for k, v in env.items()
                                                  if k.startswith("PROVIDER_")}},
        raw=raw,
        app_dist_dir=Path(env["APP_DIST"]).resolve() if env.get("APP_DIST") else None,
    )
    if "SITE_URL" not in env and settings.app_port != 3000:
        settings.site_url = settings.app_url
    settings.cors_allowed_origins = _cors_origins(env, api, settings)
    return settings


# Browsers on these origins may always call a local stack (Vite's dev server and preview, the app server).
LOCAL_DEV_ORIGINS = ("http://localhost:3000", "http://127.0.0.1:3000", "http://localhost:5173",
                     "http://127.0.0.1:5173", "http://localhost:4173", "http://127.0.0.1:4173")


def _cors_origins(env: dict, api: dict, settings: Settings) -> list[str]:
    """`[api] cors_allowed_origins` (or CORS_ALLOWED_ORIGINS, comma-separated); by default the site URL, the
    app server and the local development origins. `*` allows any origin."""
    if env.get("CORS_ALLOWED_ORIGINS"):
        configured = [o.strip() for o in env["CORS_ALLOWED_ORIGINS"].split(",") if o.strip()]
    else:
        configured = list(api.get("cors_allowed_origins") or [])
    if configured:
        return [o.rstrip("/") for o in configured]
    defaults = [settings.site_url, settings.app_url, f"http://localhost:{settings.app_port}", *LOCAL_DEV_ORIGINS]
    return list(dict.fromkeys(o.rstrip("/") for o in defaults))
