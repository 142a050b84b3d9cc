"""docs/deploy.md rehearsed with the guide's own files (`make deploy-rehearsal`).

An installation in a temporary prefix, run as an unprivileged user (`nobody` when the tests run as root, else
the current user): the guide's stack.env (its placeholders filled in), its wrapper, the commands of its systemd
units run by hand through the wrapper (no systemd here), and its Caddyfile with `tls internal` (Caddy from
Debian, host names resolved to 127.0.0.1 by curl's --resolve; without Caddy those steps go to the loopback
ports and the TLS check is skipped). Then: the first administrator with the one-time code, a staff invitation
followed through the public address, a backup restored on a second data folder and compared, an upgrade by
`git pull` to the next commit that keeps the data, and the permissions of every file of the data folder.
"""
from __future__ import annotations

import base64
import json
import os
import pwd
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import psycopg
import pytest
from mail_sink import Mailbox

from harness import REPO_ROOT, free_port

GUIDE = REPO_ROOT / "docs" / "deploy.md"
APP_HOST, API_HOST = "app.escritorio.example.com", "api.escritorio.example.com"
ADMIN = "socia@escritorio.example.com"
ADMIN_PASSWORD = "Fundadora2026"
STAFF = "secretaria.nova@escritorio.example.com"
UPGRADE_MIGRATION = "29991231000000_rehearsal_upgrade.sql"


def guide_files() -> dict[str, str]:
    """The files the guide asks to write: `<!-- file: PATH -->` followed by a fenced block."""
    text = GUIDE.read_text()
    return {m.group(1): m.group(2) for m in re.finditer(r"<!-- file: (\S+) -->\n```[a-z]*\n(.*?)```", text, re.S)}


def unit_commands(unit: str) -> dict[str, list[str]]:
    """A unit's Exec* lines, as arguments of the wrapper (`python -m <module> ...` -> [module, ...])."""
    found: dict[str, list[str]] = {}
    for line in unit.splitlines():
        key, _, value = line.partition("=")
        if key.startswith("Exec"):
            found[key] = value.split(" -m ", 1)[1].split()
    return found


def _caddy() -> str | None:
    """Debian's Caddy, installed here when missing and possible (never a download of our own)."""
    if shutil.which("caddy") is None and os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "-qq", "caddy"], capture_output=True, timeout=180,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    return shutil.which("caddy")


class Rehearsal:
    def __init__(self) -> None:
        self.prefix = Path(tempfile.mkdtemp(prefix="supastack-rehearsal-"))
        os.chmod(self.prefix, 0o755)
        if os.geteuid() == 0:
            self.user = pwd.getpwnam("nobody")
            import grp
            self.group = grp.getgrgid(self.user.pw_gid).gr_name
        else:
            self.user = pwd.getpwuid(os.getuid())
            self.group = ""
        self.app = self.prefix / "srv" / "app"
        self.data = self.prefix / "srv" / "data"
        self.home = self.prefix / "home"
        self.logs = self.prefix / "logs"
        self.files = guide_files()
        self.processes: list[subprocess.Popen] = []
        self.ports = {name: free_port() for name in ("API_PORT", "APP_PORT", "DB_PORT", "INBUCKET_PORT",
                                                        "INBUCKET_SMTP_PORT", "https", "http", "mail", "smtp")}
        self.caddy = _caddy()
        self.public_port = self.ports["https"]
        self.site_url = f"https://{APP_HOST}:{self.public_port}"
        self.api_url = f"https://{API_HOST}:{self.public_port}"

    # ------------------------------------------------------------------ installing, as the guide says
    def install(self) -> None:
        upstream = self.prefix / "upstream"
        subprocess.run(["git", "clone", "-q", str(REPO_ROOT), str(upstream)], check=True)
        subprocess.run(["git", "clone", "-q", str(upstream), str(self.app)], check=True)
        # `make install build`, from this checkout's own packages (the rehearsal must stay fast)
        for name in (".venv", "node_modules", "app/dist"):
            if (REPO_ROOT / name).exists():
                (self.app / name).symlink_to(REPO_ROOT / name)
        for folder in (self.home, self.logs, self.prefix / "caddy"):
            folder.mkdir(parents=True)
        if os.geteuid() == 0:
            subprocess.run(["chown", "-R", f"{self.user.pw_uid}:{self.user.pw_gid}", str(self.prefix / "srv"),
                            str(self.home), str(self.prefix / "caddy"), str(upstream)], check=True)
        (self.prefix / "etc").mkdir()
        self.env_file = self.write_env(self.prefix / "etc" / "stack.env", self.data, self.ports)
        self.wrapper = self.write_wrapper(self.prefix / "bin" / "escritorio", self.env_file)

    def write_env(self, path: Path, data: Path, ports: dict[str, int]) -> Path:
        filled = {"SUPASTACK_DATA_DIR": str(data), "JWT_SECRET": "rehearsal-" + "k" * 40 + "-secret",
                  "SITE_URL": self.site_url, "CORS_ALLOWED_ORIGINS": self.site_url, "API_EXTERNAL_URL": self.api_url,
                  "ADMIN_EMAIL": ADMIN, "SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(self.ports["smtp"]),
                  "SMTP_USER": "", "SMTP_PASS": "", "SMTP_ADMIN_EMAIL": "no-reply@escritorio.example.com",
                  "SETTINGS_ENCRYPTION_KEY": "rehearsal-" + "s" * 40,
                  "BACKUP_ENCRYPTION_KEY": base64.b64encode(b"rehearsal-backup-key-32-bytes-ok").decode()}
        lines = []
        for line in self.files["/etc/escritorio/stack.env"].splitlines():
            key, sep, _ = line.partition("=")
            if sep and not line.startswith("#") and key in filled:
                line = f"{key}={filled[key]}"
            assert line.startswith("#") or "<" not in line, f"a placeholder the rehearsal does not fill: {line}"
            lines.append(line)
        # what a real server has by default (ports, the code's folder); here several stacks share one machine
        lines += ["# rehearsal only", f"SUPASTACK_WORKDIR={self.app}",
                  *(f"{k}={v}" for k, v in ports.items() if k.isupper())]
        path.write_text("\n".join(lines) + "\n")
        os.chmod(path, 0o600)
        return path

    def write_wrapper(self, path: Path, env_file: Path) -> Path:
        text = self.files["/usr/local/bin/escritorio"]
        text = text.replace("/etc/escritorio/stack.env", str(env_file)).replace("/srv/escritorio/app", str(self.app))
        if os.geteuid() == 0:
            text = text.replace("--reuid=escritorio --regid=escritorio",
                                f"--reuid={self.user.pw_name} --regid={self.group}")
        else:
            text = re.sub(r"setpriv \S+ \S+ --init-groups ", "", text)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        os.chmod(path, 0o755)
        return path

    # ------------------------------------------------------------------ running
    def run(self, *args: str, wrapper: Path | None = None, check: bool = True,
            timeout: float = 180) -> subprocess.CompletedProcess:
        env = {"PATH": os.environ["PATH"], "HOME": str(self.home), "LANG": "C.UTF-8"}
        done = subprocess.run([str(wrapper or self.wrapper), *args], env=env, capture_output=True, text=True,
                              timeout=timeout, cwd=self.prefix, stdin=subprocess.DEVNULL)
        if check:
            assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
        return done

    def as_user(self, cmd: list[str]) -> list[str]:
        if os.geteuid() != 0:
            return cmd
        return ["setpriv", f"--reuid={self.user.pw_name}", f"--regid={self.group}", "--init-groups", *cmd]

    def git(self, *args: str) -> None:
        """git as the stack's user (who owns both the installation and, here, the upstream it pulls from)."""
        who = ["-c", "user.name=Rehearsal", "-c", "user.email=rehearsal@example.com"]
        done = subprocess.run(self.as_user(["git", *who, *args]), capture_output=True, text=True, cwd=self.prefix,
                              env={"PATH": os.environ["PATH"], "HOME": str(self.home)})
        assert done.returncode == 0, f"git {args}: {done.stderr}"

    def background(self, name: str, cmd: list[str], env: dict | None = None) -> subprocess.Popen:
        log = open(self.logs / f"{name}.log", "ab")
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.prefix,
                                env=env or {"PATH": os.environ["PATH"], "HOME": str(self.home), "LANG": "C.UTF-8"})
        self.processes.append(proc)
        return proc

    def unit(self, name: str) -> dict[str, list[str]]:
        return unit_commands(self.files[f"/etc/systemd/system/{name}"])

    def start_units(self) -> None:
        """`systemctl start escritorio-db escritorio`, by hand: their Exec lines through the wrapper."""
        self.run(*self.unit("escritorio-db.service")["ExecStart"])
        service = self.unit("escritorio.service")
        self.run(*service["ExecStartPre"])
        self.serve = self.background("stack", [str(self.wrapper), *service["ExecStart"]])
        deadline = time.monotonic() + 60
        while not self.healthy():
            assert self.serve.poll() is None and time.monotonic() < deadline, self.log("stack")
            time.sleep(0.2)

    def stop_service(self) -> None:
        self.serve.terminate()
        self.serve.wait(30)

    def healthy(self) -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{self.ports['API_PORT']}/auth/v1/health", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def log(self, name: str) -> str:
        path = self.logs / f"{name}.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""

    def status(self, wrapper: Path | None = None) -> dict[str, str]:
        out = self.run("supastack", "status", wrapper=wrapper).stdout
        return {k: v.strip('"') for k, v in (line.split("=", 1) for line in out.splitlines() if "=" in line)}

    # ------------------------------------------------------------------ the public side: Caddy, or loopback
    def start_caddy(self) -> None:
        if not self.caddy:
            return
        caddyfile = self.files["/etc/caddy/Caddyfile"]
        caddyfile = caddyfile.replace("127.0.0.1:54321", f"127.0.0.1:{self.ports['API_PORT']}")
        caddyfile = caddyfile.replace("127.0.0.1:3000", f"127.0.0.1:{self.ports['APP_PORT']}")
        caddyfile = re.sub(r"^(\S+\.example\.com) \{$", r"\1 {\n\ttls internal", caddyfile, flags=re.M)
        storage = self.prefix / "caddy"
        glob = (f"{{\n\thttp_port {self.ports['http']}\n\thttps_port {self.public_port}\n\tadmin off\n"
                f"\tskip_install_trust\n\tstorage file_system {storage}\n}}\n\n")
        path = self.prefix / "etc" / "Caddyfile"
        path.write_text(glob + caddyfile)
        env = {"PATH": os.environ["PATH"], "HOME": str(storage), "XDG_DATA_HOME": str(storage),
               "XDG_CONFIG_HOME": str(storage)}
        cmd = ["caddy", "run", "--config", str(path), "--adapter", "caddyfile"]
        self.background("caddy", self.as_user(cmd), env)
        self.root_cert = storage / "pki" / "authorities" / "local" / "root.crt"
        deadline = time.monotonic() + 30
        while self.public("GET", f"{self.site_url}/env.js")[0] != 200:
            assert time.monotonic() < deadline, self.log("caddy")
            time.sleep(0.3)

    def public(self, method: str, url: str, body: dict | None = None,
               headers: dict | None = None) -> tuple[int, dict[str, str], str]:
        """A request to a public address: through Caddy (curl --resolve, Caddy's own CA), or without Caddy to
        the loopback port that host's reverse_proxy names."""
        headers = dict(headers or {})
        if body is not None:
            headers["Content-Type"] = "application/json"
        if not self.caddy:
            parts = urlsplit(url)
            port = self.ports["API_PORT"] if parts.hostname == API_HOST else self.ports["APP_PORT"]
            r = httpx.request(method, f"http://127.0.0.1:{port}{parts.path}?{parts.query}", headers=headers,
                              json=body, timeout=30)
            return r.status_code, {k.lower(): v for k, v in r.headers.items()}, r.text
        if not self.root_cert.exists():
            return 0, {}, ""
        out = self.prefix / "curl.out"
        head = self.prefix / "curl.head"
        cmd = ["curl", "-sS", "-o", str(out), "-D", str(head), "-w", "%{http_code}", "-X", method,
               "--resolve", f"{APP_HOST}:{self.public_port}:127.0.0.1",
               "--resolve", f"{API_HOST}:{self.public_port}:127.0.0.1", "--cacert", str(self.root_cert)]
        for k, v in headers.items():
            cmd += ["-H", f"{k}: {v}"]
        if body is not None:
            cmd += ["--data-binary", json.dumps(body)]
        done = subprocess.run([*cmd, url], capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            return 0, {}, done.stderr
        parsed = {}
        for line in head.read_text().splitlines()[1:]:
            k, _, v = line.partition(":")
            parsed[k.strip().lower()] = v.strip()
        return int(done.stdout), parsed, out.read_text()

    def close(self) -> None:
        for proc in reversed(self.processes):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
        for wrapper in (self.wrapper, self.prefix / "bin" / "escritorio-2"):
            if wrapper.exists():
                self.run("supastack", "stop", wrapper=wrapper, check=False)
        if os.environ.get("SUPASTACK_KEEP_TEST_DATA") != "1":
            shutil.rmtree(self.prefix, ignore_errors=True)


@pytest.fixture(scope="module")
def office():
    r = Rehearsal()
    try:
        r.install()
        mail_dir = r.prefix / "mail"
        # the office's SMTP server: a mail sink of its own, outside the stack
        r.background("smtp", [sys.executable, "-m", "supastack.mail.sink", str(mail_dir), str(r.ports["mail"]),
                              str(r.ports["smtp"])], env={**os.environ})
        r.mailbox = Mailbox(url=f"http://127.0.0.1:{r.ports['mail']}")
        r.start_units()
        r.start_caddy()
        yield r
    finally:
        r.close()


def test_the_guides_installation_runs_in_production_mode(office):
    status = office.status()
    assert status["MAIL_DELIVERY"] == f"smtp://127.0.0.1:{office.ports['smtp']}"
    assert office.data.stat().st_uid == office.user.pw_uid      # the stack's own user, never root
    with psycopg.connect(status["DB_URL"]) as conn:                # the generated password in DB_URL
        assert conn.execute("select count(*) from auth.users").fetchone() == (0,)   # --no-seed: no demo data
    assert "postgres:postgres@" not in status["DB_URL"]


def test_caddy_serves_the_app_over_tls_with_the_public_api_address(office):
    if not office.caddy:
        pytest.skip("Caddy is not installed and cannot be installed here: the TLS step was not rehearsed")
    status, _, env_js = office.public("GET", f"{office.site_url}/env.js")
    assert status == 200
    assert office.api_url in env_js and '"ADMIN_SETUP_CODE_REQUIRED": true' in env_js
    health, _, _ = office.public("GET", f"{office.api_url}/auth/v1/health")
    assert health == 200


def _anon(office) -> dict:
    if not hasattr(office, "anon_key"):
        office.anon_key = office.status()["ANON_KEY"]
    return {"apikey": office.anon_key}


def test_the_first_administrator_needs_the_setup_code(office):
    url = f"{office.api_url}/functions/v1/create-admin-user"
    body = {"email": ADMIN, "password": ADMIN_PASSWORD, "full_name": "Sócia Fundadora"}
    stranger, _, _ = office.public("POST", url, body, _anon(office))
    assert stranger == 403
    printed = office.run("supastack", "admin-setup-code").stdout
    code = re.search(r"\b[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}\b", printed).group(0)
    created, _, text = office.public("POST", url, {**body, "setup_code": code}, _anon(office))
    assert created == 200, text
    again, _, _ = office.public("POST", url, {**body, "setup_code": code, "password": "Outra2026x"}, _anon(office))
    assert again == 403


def test_an_invited_staff_member_follows_the_emailed_link_through_the_public_address(office):
    status, _, text = office.public("POST", f"{office.api_url}/auth/v1/token?grant_type=password",
                                    {"email": ADMIN, "password": ADMIN_PASSWORD}, _anon(office))
    assert status == 200, text
    token = json.loads(text)["access_token"]
    redirect = f"{office.site_url}/definir-senha"
    status, _, text = office.public(
        "POST", f"{office.api_url}/functions/v1/invite-staff",
        {"email": STAFF, "full_name": "Daniela Nova", "role": "secretary", "redirect_to": redirect},
        {**_anon(office), "Authorization": f"Bearer {token}"})
    assert status == 200, text
    mail = office.mailbox.wait_for(STAFF, timeout=20)
    link = re.search(r"https?://\S+/auth/v1/verify\?\S+", mail["body"]["text"]).group(0)
    parts = urlsplit(link)
    status, headers, _ = office.public("GET", f"{office.api_url}{parts.path}?{parts.query}")
    assert status in (302, 303)
    landing = headers["location"]
    assert landing.startswith(redirect + "#")
    access = parse_qs(urlsplit(landing).fragment)["access_token"][0]
    status, _, _ = office.public("PUT", f"{office.api_url}/auth/v1/user", {"password": "Secretaria2026"},
                                 {**_anon(office), "Authorization": f"Bearer {access}"})
    assert status == 200


def _snapshot(db_url: str) -> dict:
    with psycopg.connect(db_url) as conn:
        return {
            "users": conn.execute("select email from auth.users order by 1").fetchall(),
            "roles": conn.execute("select p.email, r.role from user_roles r join profiles p on p.id = r.user_id "
                                  "order by 1, 2").fetchall(),
            "migrations": conn.execute("select version from supabase_migrations.schema_migrations "
                                       "order by 1").fetchall(),
        }


def test_a_backup_restores_on_a_second_data_folder(office):
    office.run("supastack.backup", "backup")
    archives = sorted((office.data / "backups").glob("*.tar.enc"))
    assert archives, office.run("supastack.backup", "backup").stdout
    second_ports = {k: free_port() if k.isupper() else v for k, v in office.ports.items()}
    env2 = office.write_env(office.prefix / "etc" / "stack-2.env", office.prefix / "srv" / "data-2", second_ports)
    wrapper2 = office.write_wrapper(office.prefix / "bin" / "escritorio-2", env2)
    office.run("supastack.backup", "restore", str(archives[-1]), wrapper=wrapper2, timeout=240)
    office.run(*office.unit("escritorio-db.service")["ExecStart"], wrapper=wrapper2)   # as the units would
    first, second = office.status()["DB_URL"], office.status(wrapper2)["DB_URL"]
    assert first != second
    assert _snapshot(second) == _snapshot(first)
    assert (json.loads((office.prefix / "srv" / "data-2" / "keys.json").read_text())
            == json.loads((office.data / "keys.json").read_text()))
    office.run("supastack", "stop", wrapper=wrapper2)


def test_an_upgrade_by_git_pull_keeps_the_data(office):
    before = _snapshot(office.status()["DB_URL"])
    upstream = office.prefix / "upstream"
    (upstream / "migrations" / UPGRADE_MIGRATION).write_text(
        "create table public.rehearsal_upgrade (id int primary key);\n"
        "insert into public.rehearsal_upgrade values (1);\n")
    office.git("-C", str(upstream), "add", "migrations")
    office.git("-C", str(upstream), "commit", "-qm", "The next version")
    # the guide's section: a backup, git pull as the service user, a restart (ExecStartPre migrates)
    office.run("supastack.backup", "backup")
    office.git("-C", str(office.app), "pull", "-q", "--ff-only")
    office.stop_service()
    office.start_units()
    after = _snapshot(office.status()["DB_URL"])
    assert after["users"] == before["users"] and after["roles"] == before["roles"]
    assert after["migrations"] == [*before["migrations"], (UPGRADE_MIGRATION.split("_")[0],)]
    signed_in, _, _ = office.public("POST", f"{office.api_url}/auth/v1/token?grant_type=password",
                                    {"email": STAFF, "password": "Secretaria2026"}, _anon(office))
    assert signed_in == 200


def test_every_file_of_the_data_folder_is_the_stack_users_alone(office):
    loose = []
    for path in [office.data, *office.data.rglob("*")]:
        info = path.lstat()
        if stat.S_ISSOCK(info.st_mode):
            continue
        if info.st_uid != office.user.pw_uid or stat.S_IMODE(info.st_mode) & 0o077:
            loose.append(f"{oct(stat.S_IMODE(info.st_mode))} uid={info.st_uid} {path.relative_to(office.data)}")
    assert not loose, "readable beyond the stack's user:\n" + "\n".join(loose[:40])
