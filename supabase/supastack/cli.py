"""Command line: start · stop · status · reset · migrate · serve · backup · restore · gen · migration · db ·
functions, for any Supabase CLI project folder."""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING

import httpx

from supastack import project_commands, runtime
from supastack.backup import commands as backup_commands
from supastack.core.config import ConfigError, Settings, load_settings
from supastack.core.processes import die_with_parent

if TYPE_CHECKING:   # imported where used: each command loads only what it needs
    import socket

    from supastack.db.postgres import EmbeddedPostgres


def _postgres(s: Settings) -> EmbeddedPostgres:
    from supastack.db.postgres import EmbeddedPostgres
    return EmbeddedPostgres(s.data_dir, s.db_port, s.host, s.workdir)


def ensure_database(s: Settings) -> None:
    """Start the embedded server when no external DATABASE_URL is set."""
    from supastack.db.postgres import wait_for
    if s.embedded_db:
        pg = _postgres(s)
        if pg.init():
            print(f"initialised PostgreSQL in {pg.pgdata}")
        pg.start()
    wait_for(s.db_url)


def should_seed(s: Settings, args: argparse.Namespace) -> bool:
    """The seed (demo data with known passwords) goes only into local development databases: the embedded
    one, or an external DATABASE_URL when asked explicitly with --seed."""
    if getattr(args, "no_seed", False):
        return False
    return s.embedded_db or getattr(args, "seed", False)


def migrate(s: Settings, args: argparse.Namespace) -> None:
    from supastack.db.migrate import migrate as run_migrations
    seed = should_seed(s, args)
    report = run_migrations(s.db_url, s.migrations_dir, s.seed_file if seed else None)
    if report.new_database and not seed and s.seed_file.is_file():
        print(f"{s.seed_file.name} not applied: DATABASE_URL is set (pass --seed to load the demo data)")
    if not report.applied and not report.seeded:
        print("database up to date")


def healthy(s: Settings, timeout: float = 2.0) -> bool:
    try:
        a = httpx.get(f"{s.api_url}/auth/v1/health", timeout=timeout)
        r = httpx.get(f"{s.api_url}/rest/v1/", timeout=timeout)
        return a.status_code == 200 and r.status_code == 200
    except httpx.HTTPError:
        return False


def seed_bucket_objects(s: Settings) -> int:
    """Upload the files of `[storage.buckets.<id>] objects_path` (as the Supabase CLI seeds buckets),
    skipping objects that already exist. Needs the stack running; returns how many were uploaded."""
    import mimetypes
    buckets = s.raw.get("storage", {}).get("buckets", {})
    headers = {"Authorization": f"Bearer {s.service_role_key}", "apikey": s.service_role_key}
    uploaded = 0
    with httpx.Client(base_url=f"{s.api_url}/storage/v1", headers=headers, timeout=30) as http:
        for bucket, cfg in buckets.items():
            root = (s.workdir / "supabase" / cfg.get("objects_path", "")).resolve()
            if not cfg.get("objects_path") or not root.is_dir():
                continue
            for path in sorted(p for p in root.rglob("*") if p.is_file()):
                name = path.relative_to(root).as_posix()
                if http.head(f"/object/{bucket}/{name}").status_code == 200:
                    continue
                mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
                r = http.post(f"/object/{bucket}/{name}", content=path.read_bytes(),
                              headers={"Content-Type": mime, "x-upsert": "true"})
                if r.status_code >= 300:
                    print(f"could not seed {bucket}/{name}: {r.text}", file=sys.stderr)
                    continue
                uploaded += 1
    if uploaded:
        print(f"seeded {uploaded} storage object(s)")
    return uploaded


def print_status(s: Settings) -> None:
    from supastack.mail.sink.server import status_env
    from supastack.production import mail_delivery
    # MAIL_DELIVERY: where invitations, resets and notifications go (an SMTP server, or the local sink)
    for key, value in sorted({**s.status_env(), **status_env(s), "MAIL_DELIVERY": mail_delivery(s)}.items()):
        print(f'{key}="{value}"')


def _wait_healthy(s: Settings, seconds: float, alive: Callable[[], bool] = lambda: True) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if healthy(s):
            return True
        if not alive():
            return False
        time.sleep(0.2)
    return False


def _port_taken(host: str, port: int) -> bool:
    import socket
    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex((host, port)) == 0


def _print_log_tail(s: Settings) -> None:
    log = s.data_dir / "stack.log"
    if log.exists():
        print(log.read_text(errors="replace")[-3000:], file=sys.stderr)


def _launch(s: Settings) -> int:
    """Start `serve` in the background and wait until it answers; 0 when it does."""
    for name, port in (("API", s.api_port), ("app", s.app_port)):
        if _port_taken(s.host, port):
            print(f"cannot start: the {name} port {s.host}:{port} is already in use by another program "
                  f"(set {'API_PORT' if name == 'API' else 'APP_PORT'} to another port, or stop that program)",
                  file=sys.stderr)
            return 1
    log = open(s.data_dir / "stack.log", "ab")
    cmd = [sys.executable, "-m", "supastack", "--workdir", str(s.workdir), "--data-dir", str(s.data_dir), "serve"]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True, env=os.environ.copy())
    started = runtime.start_time_of(proc.pid)
    running = runtime.Running(proc.pid, started, s.host, s.api_port, s.app_port, s.db_port)
    runtime.record(s.data_dir, running)
    if _wait_healthy(s, 90, alive=lambda: proc.poll() is None):
        return 0
    print(f"the stack did not become healthy; see {s.data_dir / 'stack.log'}", file=sys.stderr)
    _print_log_tail(s)
    if proc.poll() is None:
        runtime.stop(running)
    runtime.forget(s.data_dir)
    return 1


def cmd_start(s: Settings, args: argparse.Namespace) -> int:
    _secure_data_dir(s)
    ensure_database(s)
    migrate(s, args)
    running = runtime.current(s.data_dir)
    if running:
        # A server from an earlier start: after a database crash it may still be reconnecting.
        if _wait_healthy(s, 30):
            print(f"stack already running (pid {running.pid})")
        else:
            print(f"the running stack (pid {running.pid}) does not answer; restarting it", file=sys.stderr)
            runtime.stop(running)
            running = None
    if running is None and _launch(s) != 0:
        return 1
    if should_seed(s, args):
        seed_bucket_objects(s)
    print(f"\nStack running.  API {s.api_url}   App {s.app_url}   DB {s.db_url}\n")
    print_status(s)
    print_demo_log_ins(s)
    from supastack.production import is_production
    if is_production(s):
        print("\nFirst administrator: `python -m supastack admin-setup-code` prints the one-time code that "
              "\"Configurar Administrador\" asks for.")
    return 0


def print_demo_log_ins(s: Settings) -> None:
    """The log-ins the seed file's header lists, those still there with the seed's password."""
    from supastack.production import demo_log_ins_present
    if not s.seed_file.is_file():
        return
    listed = seed_log_in_table(s.seed_file.read_text(errors="replace"))
    if listed is None:
        return
    password, rows = listed
    present = set(demo_log_ins_present(s))
    rows = [row for row in rows if any(email in present for email in _EMAIL.findall(row.lower()))]
    if not rows:
        return
    print(f"\nDemo log-ins (password {password}):")
    for row in rows:
        print(f"  {row}")


_EMAIL = re.compile(r"[\w.%+-]+@[\w.-]+\.[a-z]{2,}")
_LOG_INS_HEADING = re.compile(r"^--\s*log-ins\b.*\bpassword\b[^)]*?[:\s]`?([^`\s)]+)`?\s*\)", re.I)
_UUID_COLUMN = re.compile(r"\s+[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\s*$", re.I)


def seed_log_in_table(seed_text: str) -> tuple[str, list[str]] | None:
    """A seed file's list of log-ins, from its header comment: a line `-- Log-ins (password ...: <password>)`
    followed by one `--` line per account (e-mail first); None when the seed lists none.

    >>> seed_log_in_table("-- Log-ins (password for all: pw1)\\n--   a@b.test  admin\\n--\\n-- Other")
    ('pw1', ['a@b.test  admin'])
    """
    lines = seed_text.splitlines()
    for i, line in enumerate(lines):
        heading = _LOG_INS_HEADING.match(line.strip())
        if not heading:
            continue
        rows = []
        for row in lines[i + 1:]:
            text = row.strip()
            if not text.startswith("--") or not _EMAIL.search(text[2:]):
                break
            rows.append(_UUID_COLUMN.sub("", text[2:].strip()))
        return (heading.group(1), rows) if rows else None
    return None


def cmd_stop(s: Settings, args: argparse.Namespace) -> int:
    running = runtime.current(s.data_dir)
    if running:
        runtime.stop(running)
        print(f"stopped stack (pid {running.pid})")
    runtime.forget(s.data_dir)
    if s.embedded_db:
        pg = _postgres(s)
        if pg.initialised and pg.is_running():
            pg.stop()
            print("stopped PostgreSQL")
    return 0


def cmd_reset(s: Settings, args: argparse.Namespace) -> int:
    from supastack.db.migrate import reset_database
    ensure_database(s)
    reset_database(s.db_url)
    shutil.rmtree(s.storage_dir, ignore_errors=True)
    migrate(s, args)
    print("database reset: migrations applied" + (" and seed loaded" if should_seed(s, args) else ""))
    if should_seed(s, args):
        if healthy(s):
            seed_bucket_objects(s)
        else:
            print("storage seed files are uploaded at the next `make up`")
    return 0


def cmd_status(s: Settings, args: argparse.Namespace) -> int:
    running = runtime.current(s.data_dir)
    if running:   # the ports the running stack was started with, whatever this shell's environment says
        s.host, s.api_port, s.app_port, s.db_port = running.host, running.api_port, running.app_port, running.db_port
    print_status(s)
    return 0


def cmd_admin_setup_code(s: Settings, args: argparse.Namespace) -> int:
    """A new one-time code for the first administrator ("Configurar Administrador" asks for it in production)."""
    from supastack import admin_setup
    code = admin_setup.new_code(s.data_dir)
    hours = admin_setup.LIFETIME_SECONDS // 3600
    print(f"One-time code for the first administrator ({s.admin_email or 'ADMIN_EMAIL'}), valid {hours} hours:\n\n"
          f"    {code}\n\n"
          "Type it in the app's \"Configurar Administrador\" form. It works once; an earlier code no longer works.")
    return 0


def cmd_db_password(s: Settings, args: argparse.Namespace) -> int:
    """Changes the embedded server's superuser password (a random one, or one line read from stdin) and keeps
    it in the data folder (0600), where the stack and `status` read it."""
    import secrets

    import psycopg
    from psycopg import sql

    from supastack.core.config import write_embedded_db_password
    if not s.embedded_db:
        print("DATABASE_URL is set: change that server's password there, then DATABASE_URL", file=sys.stderr)
        return 2
    password = sys.stdin.readline().rstrip("\n") if args.stdin else secrets.token_urlsafe(24)
    if len(password) < 12:
        print("refusing a database password shorter than 12 characters", file=sys.stderr)
        return 2
    ensure_database(s)
    with psycopg.connect(s.db_url, autocommit=True) as conn:
        conn.execute(sql.SQL("alter role postgres with password {}").format(sql.Literal(password)))
    write_embedded_db_password(s.data_dir, password)
    print(f"database password changed (kept in {s.data_dir / 'db-password'}); restart a running stack so that "
          "its new connections use it")
    return 0


def cmd_migrate(s: Settings, args: argparse.Namespace) -> int:
    ensure_database(s)
    migrate(s, args)
    return 0


def _listening_socket(host: str, port: int) -> socket.socket:
    """Bound before the workers fork, so that they all accept on it (pre-fork)."""
    import socket
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # accepted connections inherit it: no Nagle delay between a response's head and body
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _event_loop_runner() -> Callable[[Coroutine[object, object, None]], None]:
    """uvloop when installed (uvicorn[standard]): it roughly halves the per-request cost of the API."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run
    return uvloop.run


def proxy_settings() -> dict:
    """Client addresses (per-IP sign-in limits, audit log) come from X-Forwarded-For only when the proxy in front
    is named in FORWARDED_ALLOW_IPS (e.g. 127.0.0.1 for a Caddy on the same machine); otherwise nobody can
    choose the address they are counted under."""
    trusted = os.environ.get("FORWARDED_ALLOW_IPS", "").strip()
    return {"proxy_headers": True, "forwarded_allow_ips": trusted} if trusted else {"proxy_headers": False}


def _supervise_postgres(s: Settings, stopping: threading.Event) -> None:
    """The embedded PostgreSQL of this data folder is started again whenever it dies while the stack serves
    (a thread of the serving process; `stop` ends the stack first, then the server)."""
    from supastack.db.postgres import PostgresError, supervise
    try:
        pg = _postgres(s)
    except PostgresError as exc:
        print(f"PostgreSQL is not supervised: {exc}", file=sys.stderr)
        return
    if not pg.initialised:
        return

    def log(message: str) -> None:
        print(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {message}", file=sys.stderr, flush=True)

    threading.Thread(target=supervise, args=(pg, stopping), kwargs={"log": log}, name="postgres-supervisor",
                     daemon=True).start()


def production_warnings(s: Settings) -> None:
    """What a production installation accepted on purpose but must not forget, at every start."""
    from supastack.production import is_production, mail_delivery, smtp_host
    if is_production(s) and not smtp_host(s):
        print(f"WARNING: production without an SMTP server (ALLOW_LOCAL_MAIL_SINK): every e-mail, invitations and "
              f"password resets included, goes to {mail_delivery(s)}", file=sys.stderr, flush=True)


def cmd_serve(s: Settings, args: argparse.Namespace) -> int:
    """Foreground: the API on api_port and the built app on app_port (whose origin answers the API's paths
    too), in `api_workers` processes sharing the two listening sockets, pre-fork style."""
    import uvicorn

    from supastack.gateway.app import create_app
    from supastack.gateway.app_server import create_app_server
    from supastack.gateway.lean_rest import lean_rest
    from supastack.gateway.one_write import one_write
    from supastack.gateway.slow_clients import guarded_protocol
    from supastack.production import refusal

    refused = refusal(s)
    if refused:
        print(refused, file=sys.stderr)
        return 2
    production_warnings(s)
    _secure_data_dir(s)
    from supastack.auth.signing_keys import ensure as ensure_signing_keys
    ensure_signing_keys(s)   # before the fork: every API process signs with the one key

    sock = _listening_socket(s.host, s.api_port)
    app_sock = _listening_socket(s.host, s.app_port)
    from supastack.mail.sink.server import prepare as prepare_mail_sink
    sink = prepare_mail_sink(s)   # bound before the fork: every worker's mailer reads where it listens
    children: list[int] = []
    is_parent = True
    for _ in range(max(1, s.api_workers) - 1):
        pid = os.fork()
        if pid == 0:
            is_parent = False
            die_with_parent(signal.SIGTERM)   # a forked API worker must not outlive the process that serves
            break
        children.append(pid)

    # one socket write per small response (gateway/one_write.py), around the slow-client time limits; plain
    # REST requests answered without the ASGI layers (gateway/lean_rest.py)
    http = lean_rest(one_write(guarded_protocol(s.request_header_timeout, s.request_body_timeout)))

    async def main() -> None:
        gateway = create_app(s)
        api = uvicorn.Server(uvicorn.Config(gateway, log_level="warning", **proxy_settings(),
                                            ws="websockets", http=http))
        # the API app starts (database, workers) with its own server; the app's origin only forwards to it
        site = uvicorn.Server(uvicorn.Config(create_app_server(s, s.api_external_url or None, gateway),
                                             log_level="warning", **proxy_settings(), ws="websockets", http=http,
                                             lifespan="off"))
        api_serving = asyncio.ensure_future(api.serve(sockets=[sock]))
        while not api.started and not api_serving.done():
            await asyncio.sleep(0.02)
        if api.started:
            await asyncio.gather(api_serving, site.serve(sockets=[app_sock]))
        else:
            await api_serving

    if is_parent and sink is not None:
        sink.start()
    stopping = threading.Event()
    if is_parent and s.embedded_db:
        _supervise_postgres(s, stopping)
    try:
        _event_loop_runner()(main())
    finally:
        stopping.set()
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
    return 0


COMMANDS = {
    "start": "start PostgreSQL (embedded unless DATABASE_URL), migrate, seed a new local database, and run the "
             "stack in the background until it answers",
    "stop": "stop the stack this data folder started, and its embedded PostgreSQL",
    "status": "print URLs and keys as `supabase status -o env` does (the running stack's ports)",
    "reset": "drop and recreate the database: migrations, then the seed on a local database",
    "migrate": "apply pending migrations (and the seed on a new local database)",
    "serve": "run the API and the app server in the foreground (what `start` runs; for systemd and the like)",
    "admin-setup-code": "print a new one-time code for creating the first administrator in production",
    "db-password": "change the embedded PostgreSQL's password (random, or --stdin) and keep it in the data folder",
    "gen": "generate code from the database: `gen types typescript [--schema s]...` prints supabase-js's Database "
           "type of the running stack's database (or --db-url)",
}
SERVE_HELP = """Environment: DATABASE_URL (external PostgreSQL), SUPASTACK_HOST (listen address, default 127.0.0.1;
another address needs a real JWT_SECRET and no demo log-ins), API_PORT, APP_PORT, DB_PORT, API_WORKERS,
JWT_SECRET, SITE_URL, CORS_ALLOWED_ORIGINS, API_EXTERNAL_URL (the API URL in /env.js; default the app origin),
FORWARDED_ALLOW_IPS (the proxy in front, trusted for X-Forwarded-For), STORAGE_BACKEND and STORAGE_S3_*,
REQUEST_HEADER_TIMEOUT, REQUEST_BODY_TIMEOUT, APP_DIST (a built app elsewhere than app/dist); the rest comes from
supabase/config.toml (see README)."""


def _secure_data_dir(s: Settings) -> None:
    runtime.secure_data_dir(s.data_dir, embedded_as_other_user=s.embedded_db and os.geteuid() == 0)


def load_project(workdir: str | Path | None = None, data_dir: str | Path | None = None,
                 env: dict[str, str] | None = None) -> Settings:
    """The project's settings with what the services read from the project folder checked before anything
    starts: the auth e-mail templates config.toml and GOTRUE_MAILER_* name (a missing file stops `start` with
    its reason). Raises ConfigError."""
    from supastack.auth.email_templates import load as load_email_templates
    from supastack.core.gotemplate import TemplateError
    settings = load_settings(workdir, data_dir, env)
    try:
        load_email_templates(settings.workdir, settings.raw, settings.mailer_env)
    except TemplateError as exc:
        raise ConfigError(f"invalid configuration: {exc}") from None
    return settings


def cmd_gen(s: Settings, args: argparse.Namespace) -> int:
    """`gen types typescript`: supabase-js's Database type, as the Supabase CLI prints it."""
    from supastack.db.typegen import typescript
    sys.stdout.write(typescript(args.db_url or s.db_url, args.schema or ["public"]))
    return 0


def main(argv: list[str] | None = None) -> int:
    os.umask(runtime.PRIVATE_UMASK)   # every file the stack (and its PostgreSQL) creates: the owner's only
    parser = argparse.ArgumentParser(prog="supastack", description=__doc__)
    parser.add_argument("--workdir", help="project folder (config.toml, migrations/, seed.sql)")
    parser.add_argument("--data-dir", help="data folder (default: <workdir>/.data)")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, summary in COMMANDS.items():
        command = sub.add_parser(name, help=summary, description=summary,
                                 epilog=SERVE_HELP if name in ("serve", "start") else None)
        if name in ("start", "reset", "migrate"):
            command.add_argument("--seed", action="store_true",
                                 help="also load seed.sql into a new external DATABASE_URL database")
            command.add_argument("--no-seed", action="store_true", help="never load seed.sql")
        if name == "db-password":
            command.add_argument("--stdin", action="store_true", help="read the new password from standard input")
        if name == "gen":
            command.add_argument("what", choices=["types"])
            command.add_argument("language", choices=["typescript"])
            command.add_argument("--schema", action="append", help="schema to include (repeatable; default public)")
            command.add_argument("--db-url", help="the database to read (default: this project's)")
    backup_commands.add_commands(sub)
    project_commands.add_commands(sub)
    args = parser.parse_args(argv)
    try:
        s = load_project(args.workdir, args.data_dir)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.command in ("backup", "restore"):
        return backup_commands.run(args.command, s, args)
    if args.command in ("migration", "db", "functions"):
        return project_commands.run(args.command, s, args)
    return {"start": cmd_start, "stop": cmd_stop, "status": cmd_status, "reset": cmd_reset,
            "migrate": cmd_migrate, "serve": cmd_serve, "admin-setup-code": cmd_admin_setup_code,
            "db-password": cmd_db_password, "gen": cmd_gen}[args.command](s, args)


if __name__ == "__main__":
    sys.exit(main())
