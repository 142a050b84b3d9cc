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
    enable_signup: bool = False
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
        return self.workdir / "app" / "dist"

    @property
    def storage_dir(self) -> Path:
        return self.data_dir / "storage"

    def status_env(self) -> dict[str, str]:
        """What `supabase status -o env` prints, plus APP_URL."""
        return {
            "ANON_KEY": self.anon_key,
            "API_URL": self.api_url,
            "APP_URL": self.app_url,
            "DB_URL": self.db_url,
            "FUNCTIONS_URL": f"{self.api_url}/functions/v1",
            "GRAPHQL_URL": f"{self.api_url}/graphql/v1",
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


def _load_or_create_keys(data_dir: Path, env: dict, configured_secret: str | None = None) -> dict:
    """JWT secret and API keys, generated once per data folder and kept there; JWT_SECRET (or
    `[auth] jwt_secret`) replaces the secret, and the keys are signed again with it."""
    path = data_dir / "keys.json"
    keys: dict = {}
    if path.is_file():
        keys = json.loads(path.read_text())
    wanted = env.get("JWT_SECRET") or configured_secret
    if wanted and wanted != keys.get("jwt_secret"):
        keys = {"jwt_secret": wanted}
    if not keys.get("jwt_secret"):
        keys = {"jwt_secret": secrets.token_urlsafe(40)}
    secret = keys["jwt_secret"]
    now = int(time.time())
    ten_years = 10 * 365 * 24 * 3600
    if not keys.get("anon_key"):
        keys["anon_key"] = jwt_keys.sign({"iss": "supabase", "role": "anon", "iat": now, "exp": now + ten_years}, secret)
    if not keys.get("service_role_key"):
        keys["service_role_key"] = jwt_keys.sign(
            {"iss": "supabase", "role": "service_role", "iat": now, "exp": now + ten_years}, secret
        )
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
    studio = raw.get("studio", {})
    keys = _load_or_create_keys(data_dir, env, auth.get("jwt_secret") or None)

    def env_int(name: str, default: int) -> int:
        return int(env[name]) if env.get(name) else default

    def env_float(name: str, default: float) -> float:
        return float(env[name]) if env.get(name) else float(default)

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
        enable_signup=(env.get("ENABLE_SIGNUP", str(auth.get("enable_signup", False))).lower() == "true"),
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
