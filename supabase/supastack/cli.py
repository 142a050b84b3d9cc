"""Command line: start · stop · status · reset · migrate · serve, for any Supabase CLI project folder."""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from supastack.core.config import Settings, load_settings

DEMO_LOGINS = [
    ("admin@escritorio.test", "administrator", "Ana Administradora"),
    ("assistente@escritorio.test", "legal_assistant", "Bruno Assistente"),
    ("comercial@escritorio.test", "commercial", "Carla Comercial"),
    ("secretaria@escritorio.test", "secretary", "Daniela Secretária"),
    ("maria.silva@cliente.test", "client", "Maria Silva"),
    ("joao.souza@cliente.test", "client", "João Souza"),
]
DEMO_PASSWORD = "Demo@12345"


def _pid_file(s: Settings) -> Path:
    return s.data_dir / "stack.pid"


def _read_pid(s: Settings) -> int | None:
    try:
        pid = int(_pid_file(s).read_text().strip())
        os.kill(pid, 0)
        return pid
    except (FileNotFoundError, ValueError, ProcessLookupError, PermissionError):
        return None


def _postgres(s: Settings):
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


def migrate(s: Settings) -> None:
    from supastack.db.migrate import migrate as run_migrations
    report = run_migrations(s.db_url, s.migrations_dir, s.seed_file)
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
    for key, value in sorted(s.status_env().items()):
        print(f'{key}="{value}"')


def cmd_start(s: Settings, args) -> int:
    ensure_database(s)
    migrate(s)
    if _read_pid(s) and healthy(s):
        print("stack already running")
    else:
        log = open(s.data_dir / "stack.log", "ab")
        cmd = [sys.executable, "-m", "supastack", "--workdir", str(s.workdir), "--data-dir", str(s.data_dir), "serve"]
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True, env=os.environ.copy())
        _pid_file(s).write_text(str(proc.pid))
        deadline = time.monotonic() + 60
        while not healthy(s):
            if proc.poll() is not None or time.monotonic() > deadline:
                print(f"the stack did not become healthy; see {s.data_dir / 'stack.log'}", file=sys.stderr)
                tail = (s.data_dir / "stack.log").read_text(errors="replace")[-3000:]
                print(tail, file=sys.stderr)
                return 1
            time.sleep(0.2)
    seed_bucket_objects(s)
    print(f"\nStack running.  API {s.api_url}   App {s.app_url}   DB {s.db_url}\n")
    print_status(s)
    print(f"\nDemo log-ins (password {DEMO_PASSWORD}):")
    for email, role, name in DEMO_LOGINS:
        print(f"  {email:32} {role:16} {name}")
    return 0


def cmd_stop(s: Settings, args) -> int:
    pid = _read_pid(s)
    if pid:
        os.killpg(pid, signal.SIGTERM) if _is_group_leader(pid) else os.kill(pid, signal.SIGTERM)
        for _ in range(100):
            if _read_pid(s) is None:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
        print(f"stopped stack (pid {pid})")
    _pid_file(s).unlink(missing_ok=True)
    if s.embedded_db:
        pg = _postgres(s)
        if pg.initialised and pg.is_running():
            pg.stop()
            print("stopped PostgreSQL")
    return 0


def _is_group_leader(pid: int) -> bool:
    try:
        return os.getpgid(pid) == pid
    except ProcessLookupError:
        return False


def cmd_reset(s: Settings, args) -> int:
    from supastack.db.migrate import reset_database
    ensure_database(s)
    reset_database(s.db_url)
    shutil.rmtree(s.storage_dir, ignore_errors=True)
    migrate(s)
    print("database reset: migrations applied and seed loaded")
    if healthy(s):
        seed_bucket_objects(s)
    else:
        print("storage seed files are uploaded at the next `make up`")
    return 0


def cmd_status(s: Settings, args) -> int:
    print_status(s)
    return 0


def cmd_migrate(s: Settings, args) -> int:
    ensure_database(s)
    migrate(s)
    return 0


def _api_socket(s: Settings):
    import socket
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # accepted connections inherit it: no Nagle delay between a response's head and body
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((s.host, s.api_port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _die_with_parent() -> None:
    """A forked API worker must not outlive the process that serves (Linux: parent-death signal)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _event_loop_runner():
    """uvloop when installed (uvicorn[standard]): it roughly halves the per-request cost of the API."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run
    return uvloop.run


def cmd_serve(s: Settings, args) -> int:
    """Foreground: the API on api_port (in `api_workers` processes sharing one listening socket,
    pre-fork style) and the built app on app_port, served by the first process."""
    import uvicorn
    from supastack.gateway.app import create_app
    from supastack.gateway.app_server import create_app_server

    sock = _api_socket(s)
    children: list[int] = []
    is_parent = True
    for _ in range(max(1, s.api_workers) - 1):
        pid = os.fork()
        if pid == 0:
            is_parent = False
            _die_with_parent()
            break
        children.append(pid)

    async def main() -> None:
        api = uvicorn.Server(uvicorn.Config(create_app(s), log_level="warning", proxy_headers=False,
                                            ws="websockets"))
        servers = [api.serve(sockets=[sock])]
        if is_parent:
            app = uvicorn.Server(uvicorn.Config(create_app_server(s), host=s.host, port=s.app_port,
                                                log_level="warning"))
            servers.append(app.serve())
        await asyncio.gather(*servers)

    try:
        _event_loop_runner()(main())
    finally:
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="supastack", description=__doc__)
    parser.add_argument("--workdir", help="project folder (config.toml, migrations/, seed.sql)")
    parser.add_argument("--data-dir", help="data folder (default: <workdir>/.data)")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("start", "stop", "status", "reset", "migrate", "serve"):
        sub.add_parser(name)
    args = parser.parse_args(argv)
    s = load_settings(args.workdir, args.data_dir)
    return {"start": cmd_start, "stop": cmd_stop, "status": cmd_status, "reset": cmd_reset,
            "migrate": cmd_migrate, "serve": cmd_serve}[args.command](s, args)


if __name__ == "__main__":
    sys.exit(main())
