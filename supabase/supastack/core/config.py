"""Typed settings of one stack: config.toml of a Supabase CLI project folder, overridden by environment.

One pydantic-settings model holds every setting with its default (written once, on the field) and where it
comes from: a config.toml key, an environment variable, or both (the variable wins). A value that does not
fit its type is an error naming the key and the file, or the variable, never a silent default.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import time
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import quote

from pydantic import BeforeValidator, Field, ValidationError
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

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

# Browsers on these origins may always call a local stack (Vite's dev server and preview, the app server).
LOCAL_DEV_ORIGINS = ("http://localhost:3000", "http://127.0.0.1:3000", "http://localhost:5173",
                     "http://127.0.0.1:5173", "http://localhost:4173", "http://127.0.0.1:4173")


# The embedded server's superuser password: generated for each new cluster and kept in the data folder (0600);
# a cluster made before there was one keeps PostgreSQL's classic development password.
DB_PASSWORD_FILE = "db-password"
LEGACY_DB_PASSWORD = "postgres"


def embedded_db_password(data_dir: Path) -> str:
    try:
        return (Path(data_dir) / DB_PASSWORD_FILE).read_text().strip() or LEGACY_DB_PASSWORD
    except OSError:
        return LEGACY_DB_PASSWORD


def write_embedded_db_password(data_dir: Path, password: str) -> None:
    """Readable by the stack's own user only."""
    path = Path(data_dir) / DB_PASSWORD_FILE
    tmp = path.with_name(f".{DB_PASSWORD_FILE}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(password + "\n")
    os.chmod(tmp, 0o600)
    tmp.replace(path)


class ConfigError(ValueError):
    """A malformed configuration value; the message names each key and file, or variable, at fault."""


_UNITS = {"": 1, "KB": 1000, "KIB": 1024, "MB": 1000**2, "MIB": 1024**2, "GB": 1000**3, "GIB": 1024**3}


def parse_size(value: object) -> object:
    """'50MiB' / '25MB' / 1048576 -> bytes; anything else is left for the int check to refuse."""
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(\d+)\s*([KMG]i?B)?\s*", value, re.I)
        if not m:
            raise ValueError("expected a size such as 1048576, '512KiB', '10MiB' or '1GB'")
        return int(m.group(1)) * _UNITS[(m.group(2) or "").upper()]
    return value


def _comma_list(value: object) -> object:
    """CORS_ALLOWED_ORIGINS is comma-separated; config.toml gives a list."""
    if isinstance(value, str):
        return [item.strip() for item in value.split(",") if item.strip()]
    return value


Port = Annotated[int, Field(ge=1, le=65535)]
Size = Annotated[int, BeforeValidator(parse_size), Field(ge=0)]


def setting(default: Any, *, toml: str | None = None, env: str | None = None) -> Any:
    """A field with its default and its sources: `toml` is a dotted config.toml key, `env` a variable name."""
    return Field(default, json_schema_extra={"toml": toml, "env": env})


class Settings(BaseSettings):
    """Everything the services read. Built by `load_settings`; only the values given to it count (the process
    environment is read there, through the same field table, so tests can pass an environment of their own)."""

    model_config = SettingsConfigDict(extra="forbid", arbitrary_types_allowed=True)

    workdir: Path                      # the project folder: config.toml (in supabase/), migrations/, seed.sql
    data_dir: Path                     # git-ignored: PostgreSQL cluster, keys, storage files, logs
    host: str = setting("127.0.0.1", env="SUPASTACK_HOST")
    api_port: Port = setting(54321, toml="api.port", env="API_PORT")
    # API processes sharing the port (scale up on one machine)
    api_workers: Annotated[int, Field(ge=1)] = setting(1, toml="api.workers", env="API_WORKERS")
    app_port: Port = setting(3000, toml="studio.port", env="APP_PORT")
    db_port: Port = setting(54322, toml="db.port", env="DB_PORT")
    # external PostgreSQL (then no embedded server is started)
    database_url: str | None = setting(None, env="DATABASE_URL")
    jwt_secret: str = ""               # these five come from the data folder's keys.json
    anon_key: str = ""
    service_role_key: str = ""
    publishable_key: str = ""
    secret_key: str = ""
    jwt_expiry: Annotated[int, Field(ge=1)] = setting(3600, toml="auth.jwt_expiry", env="JWT_EXPIRY")
    site_url: str = setting("http://127.0.0.1:3000", toml="auth.site_url", env="SITE_URL")
    # the API's address as people off the server reach it (a proxy's https origin): auth e-mail links point
    # there; `[auth] external_url` is read too (empty: api_url)
    api_external_url: str = setting("", toml="api.external_url", env="API_EXTERNAL_URL")
    # the CLI's default; a project's config.toml may turn it off
    enable_signup: bool = setting(True, toml="auth.enable_signup", env="ENABLE_SIGNUP")
    enable_anonymous_sign_ins: bool = setting(False, toml="auth.enable_anonymous_sign_ins",
                                              env="ENABLE_ANONYMOUS_SIGN_INS")
    # [auth.email]: off, so a sign-up returns a session
    enable_confirmations: bool = setting(False, toml="auth.email.enable_confirmations",
                                         env="ENABLE_EMAIL_CONFIRMATIONS")
    # [auth.rate_limit] anonymous_users, per IP address
    anonymous_users_per_hour: int = setting(30, toml="auth.rate_limit.anonymous_users",
                                            env="ANONYMOUS_USERS_PER_HOUR")
    minimum_password_length: int = setting(6, toml="auth.minimum_password_length")
    refresh_token_reuse_interval: int = setting(10, toml="auth.refresh_token_reuse_interval")
    # the project's administrator address (its config.toml or ADMIN_EMAIL); the engine knows none
    admin_email: str = setting("", toml="auth.admin_email", env="ADMIN_EMAIL")
    sign_in_failures_per_email: int = setting(10, toml="auth.rate_limit.sign_in_failures_per_email",
                                              env="SIGN_IN_FAILURES_PER_EMAIL")
    sign_in_failures_per_ip: int = setting(30, toml="auth.rate_limit.sign_in_failures_per_ip",
                                           env="SIGN_IN_FAILURES_PER_IP")
    rate_limit_window: int = setting(300, toml="auth.rate_limit.window_seconds")
    # auth e-mails and SMS that anyone may ask for (/otp, /recover, /resend, /signup): per IP address per hour
    # (GoTrue's email_sent / sms_sent, there per project), and per address at most one each `interval`
    email_sent_per_hour: Annotated[int, Field(ge=0)] = setting(30, toml="auth.rate_limit.email_sent",
                                                              env="RATE_LIMIT_EMAIL_SENT")
    sms_sent_per_hour: Annotated[int, Field(ge=0)] = setting(30, toml="auth.rate_limit.sms_sent",
                                                            env="RATE_LIMIT_SMS_SENT")
    email_send_interval: Annotated[int, Field(ge=0)] = setting(60, toml="auth.rate_limit.email_interval_seconds",
                                                              env="RATE_LIMIT_EMAIL_INTERVAL")
    max_rows: int | None = setting(1000, toml="api.max_rows")
    # JSON APIs (storage uploads have their own limits)
    max_request_body: Size = setting(10 * 1024**2, toml="api.max_request_body")
    # seconds for a request's head to arrive once it started
    request_header_timeout: float = setting(10.0, toml="api.request_header_timeout", env="REQUEST_HEADER_TIMEOUT")
    # seconds a request body may send nothing
    request_body_timeout: float = setting(30.0, toml="api.request_body_timeout", env="REQUEST_BODY_TIMEOUT")
    # browser origins allowed to call the API; empty: the site URL, the app server and LOCAL_DEV_ORIGINS
    cors_allowed_origins: Annotated[list[str], BeforeValidator(_comma_list)] = setting(
        [], toml="api.cors_allowed_origins", env="CORS_ALLOWED_ORIGINS")
    storage_backend: Literal["file", "s3"] = setting("file", toml="storage.backend", env="STORAGE_BACKEND")
    storage_file_size_limit: Size = setting(50 * 1024**2, toml="storage.file_size_limit")
    s3: dict[str, Any] = {}            # [storage.s3] and STORAGE_S3_* variables
    functions: dict[str, Any] = {}     # per-function config (verify_jwt, ...)
    providers: dict[str, Any] = {}     # [providers] and PROVIDER_* variables
    raw: dict[str, Any] = {}           # the whole parsed config.toml
    # GoTrue's GOTRUE_MAILER_SUBJECTS_* / _TEMPLATES_* / _NOTIFICATIONS_* variables (over config.toml's e-mails)
    mailer_env: dict[str, str] = {}
    app_dist_dir: Path | None = setting(None, env="APP_DIST")   # a built app elsewhere than app/dist

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings],
                                   init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource,
                                   dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource,
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Only what load_settings passes: it reads config.toml and the environment through ProjectSource, so
        # that an error can name where a value came from and tests can hand in an environment of their own.
        return (init_settings,)

    @property
    def api_url(self) -> str:
        return f"http://{self.host}:{self.api_port}"

    @property
    def public_api_url(self) -> str:
        """The API URL that goes into links people follow (auth e-mails): the external URL when set."""
        return (self.api_external_url or self.api_url).rstrip("/")

    @property
    def app_url(self) -> str:
        return f"http://{self.host}:{self.app_port}"

    @property
    def db_url(self) -> str:
        if self.database_url:
            return self.database_url
        password = quote(embedded_db_password(self.data_dir), safe="")
        return f"postgresql://postgres:{password}@{self.host}:{self.db_port}/postgres"

    @property
    def embedded_db(self) -> bool:
        return not self.database_url

    @property
    def migrations_dir(self) -> Path:
        return self._project_path("migrations", Path.is_dir)

    @property
    def seed_file(self) -> Path:
        return self._project_path("seed.sql", Path.is_file)

    @property
    def functions_dir(self) -> Path:
        return self._project_path("functions", Path.is_dir)

    def _project_path(self, name: str, exists: Any) -> Path:
        """<workdir>/<name>, or the Supabase CLI's <workdir>/supabase/<name>; the first when neither exists."""
        for candidate in (self.workdir / name, self.workdir / "supabase" / name):
            if exists(candidate):
                return candidate
        return self.workdir / name

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


_ENV_REFERENCE = re.compile(r"\s*env\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)\s*")


def _from_env(value: Any, env: dict[str, str]) -> Any:
    """config.toml's `env(NAME)` form: the variable's value ("" when unset); other values as they are."""
    if isinstance(value, str):
        m = _ENV_REFERENCE.fullmatch(value)
        if m:
            return env.get(m.group(1), "")
    return value


class ProjectSource(PydanticBaseSettingsSource):
    """The values a project folder and an environment give the fields that name a `toml` key or an `env`
    variable (the variable wins; an empty one counts as unset), and where each came from."""

    def __init__(self, settings_cls: type[BaseSettings], raw: dict[str, Any], config_file: Path | None,
                 env: dict[str, str]):
        super().__init__(settings_cls)
        self.raw, self.config_file, self.env = raw, config_file, env
        self.origin: dict[str, str] = {}

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        sources = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        name, key = sources.get("env"), sources.get("toml")
        if isinstance(name, str) and self.env.get(name):
            self.origin[field_name] = f"environment variable {name}"
            return self.env[name], field_name, False
        if isinstance(key, str):
            value: Any = self.raw
            for part in key.split("."):
                value = value.get(part) if isinstance(value, dict) else None
            value = _from_env(value, self.env)
            if value is not None and value != "":
                section, _, leaf = key.rpartition(".")
                where = self._file_of(key)
                self.origin[field_name] = f"[{section}] {leaf} in {where}" if section else f"{leaf} in {where}"
                return value, field_name, False
        return None, field_name, False

    def _file_of(self, key: str) -> Path | None:
        """config.local.toml when it sets `key`, else config.toml."""
        local = local_config_file(self.config_file)
        value: Any = _read_config(local) if local is not None else {}
        for part in key.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        return local if value is not None else self.config_file

    def __call__(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for field_name, field in self.settings_cls.model_fields.items():
            value, _, _ = self.get_field_value(field, field_name)
            if value is not None:
                values[field_name] = value
        return values

    def explain(self, error: ValidationError) -> ConfigError:
        lines = []
        for problem in error.errors():
            name = str(problem["loc"][0]) if problem["loc"] else "settings"
            where = self.origin.get(name, name)
            lines.append(f"{where}: {problem['msg']} (got {problem['input']!r})")
        return ConfigError("invalid configuration:\n  " + "\n  ".join(lines))


def _config_file(workdir: Path) -> Path | None:
    for candidate in (workdir / "supabase" / "config.toml", workdir / "config.toml"):
        if candidate.is_file():
            return candidate
    return None


def _read_config(path: Path | None) -> dict[str, Any]:
    if path is None or not path.is_file():
        return {}
    try:
        return tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"invalid configuration: {path} is not valid TOML: {exc}") from exc


LOCAL_CONFIG_NAME = "config.local.toml"


def local_config_file(config_file: Path | None) -> Path | None:
    """The installation's own settings next to the project's config.toml (git-ignored: an office edits this
    one, so that `git pull` never meets a local change to a tracked file)."""
    return config_file.with_name(LOCAL_CONFIG_NAME) if config_file is not None else None


def merge_config(base: dict[str, Any], overlay: dict[str, Any]) -> dict[str, Any]:
    """`overlay` over `base`, table by table: a key of the overlay replaces the base's, a table is merged.

    >>> merge_config({"backup": {"schedule": "off", "keep": 14}}, {"backup": {"schedule": "02:30"}})
    {'backup': {'schedule': '02:30', 'keep': 14}}
    """
    merged = dict(base)
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge_config(merged[key], value)
        else:
            merged[key] = value
    return merged


def _load_or_create_keys(data_dir: Path, env: dict[str, str], configured_secret: str | None = None) -> dict[str, str]:
    """JWT secret and API keys, kept in the data folder. JWT_SECRET (or `[auth] jwt_secret`) sets the secret,
    and the keys are signed again when it changes; a data folder that already holds a secret keeps it (its
    sessions stay valid); a new one with nothing configured gets the Supabase CLI's development keys."""
    path = data_dir / "keys.json"
    keys: dict[str, str] = {}
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
        keys["anon_key"] = jwt_keys.sign(
            {"iss": "supabase", "role": "anon", "iat": now, "exp": now + ten_years}, secret
        )
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


def _prefixed(env: dict[str, str], prefix: str) -> dict[str, str]:
    """STORAGE_S3_ENDPOINT=... -> {"endpoint": ...}"""
    return {k[len(prefix):].lower(): v for k, v in env.items() if k.startswith(prefix)}


def load_settings(workdir: str | Path | None = None, data_dir: str | Path | None = None,
                  env: dict[str, str] | None = None) -> Settings:
    """The settings of a project folder: its config.toml, overridden by `env` (default: the process
    environment). Raises ConfigError for a malformed value."""
    env = dict(os.environ if env is None else env)
    root = Path(workdir or env.get("SUPASTACK_WORKDIR") or REPO_ROOT).resolve()
    data = Path(data_dir or env.get("SUPASTACK_DATA_DIR") or root / ".data").resolve()
    config_file = _config_file(root)
    raw = merge_config(_read_config(config_file), _read_config(local_config_file(config_file)))
    source = ProjectSource(Settings, raw, config_file, env)
    values = source()
    storage = raw.get("storage", {})
    secret = _from_env(raw.get("auth", {}).get("jwt_secret"), env) or None
    try:
        settings = Settings(
            workdir=root, data_dir=data, **values,
            s3={**storage.get("s3", {}), **_prefixed(env, "STORAGE_S3_")},
            functions=raw.get("functions", {}),
            providers={**raw.get("providers", {}), **_prefixed(env, "PROVIDER_")},
            raw=raw,
            mailer_env={k: v for k, v in env.items() if k.startswith("GOTRUE_MAILER_") and v},
        )
    except ValidationError as exc:
        raise source.explain(exc) from None
    if settings.app_dist_dir is not None:
        settings.app_dist_dir = settings.app_dist_dir.resolve()
    if not settings.api_external_url:
        settings.api_external_url = str(_from_env(raw.get("auth", {}).get("external_url"), env) or "")
    # An app server on another port is the site, unless SITE_URL says otherwise.
    if not env.get("SITE_URL") and settings.app_port != 3000:
        settings.site_url = settings.app_url
    settings.cors_allowed_origins = _cors_origins(settings)
    keys = _load_or_create_keys(data, env, secret)
    for name in ("jwt_secret", "anon_key", "service_role_key", "publishable_key", "secret_key"):
        setattr(settings, name, keys[name])
    return settings


def _cors_origins(settings: Settings) -> list[str]:
    """`[api] cors_allowed_origins` (or CORS_ALLOWED_ORIGINS, comma-separated); by default the site URL, the
    app server and the local development origins. `*` allows any origin."""
    if settings.cors_allowed_origins:
        return [o.rstrip("/") for o in settings.cors_allowed_origins]
    defaults = [settings.site_url, settings.app_url, f"http://localhost:{settings.app_port}", *LOCAL_DEV_ORIGINS]
    return list(dict.fromkeys(o.rstrip("/") for o in defaults))
