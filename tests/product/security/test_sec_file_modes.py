"""The data folder (client documents, the mail sink's messages, keys, logs) is the stack user's alone: a stack is
started with the CLI, a document uploaded and a mail sent, then every folder and file under it is checked for
group or other permission bits."""
from __future__ import annotations

import os
import smtplib
import stat
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import httpx

from harness import REPO_ROOT, free_port
from supastack.core.config import load_settings
from supastack.runtime import data_dir_mode, secure_data_dir

DOCUMENT = "c0000000-0000-4000-8000-000000000001/passaporte-modos.pdf"


def _cli(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "supastack", *args], env=env, capture_output=True, text=True,
                          timeout=180, cwd=REPO_ROOT, stdin=subprocess.DEVNULL)


def _loose(root: Path) -> list[str]:
    found = []
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            mode = path.lstat().st_mode
            if not stat.S_ISLNK(mode) and mode & 0o077:
                found.append(f"{path.relative_to(root)} {stat.filemode(mode)}")
    return found


def test_documents_mail_keys_and_logs_are_private(cluster, tmp_path):
    os.chmod(tmp_path, 0o755)
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    os.chmod(data, 0o755)
    old = data / "storage" / "client_documents" / "antigo.pdf"   # what an older version left readable
    old.parent.mkdir(parents=True)
    old.write_bytes(b"%PDF-1.4 old")
    os.chmod(old, 0o644)
    smtp_port = free_port()
    env = {**os.environ, "SUPASTACK_DATA_DIR": str(data), "DATABASE_URL": cluster.create_database("modes"),
           "API_PORT": str(free_port()), "APP_PORT": str(free_port()), "INBUCKET_ENABLED": "true",
           "INBUCKET_PORT": str(free_port()), "INBUCKET_SMTP_PORT": str(smtp_port)}
    started = _cli(env, "start")
    try:
        assert started.returncode == 0, started.stderr
        settings = load_settings(REPO_ROOT, data, env)
        key = settings.service_role_key
        r = httpx.post(f"{settings.api_url}/storage/v1/object/client_documents/{DOCUMENT}", content=b"%PDF-1.4 x",
                       headers={"Authorization": f"Bearer {key}", "apikey": key, "Content-Type": "application/pdf"})
        assert r.status_code == 200, r.text
        mail = EmailMessage()
        mail["From"], mail["To"], mail["Subject"] = "escritorio@escritorio.test", "cliente@cliente.test", "Documentos"
        mail.set_content("Seus documentos foram recebidos.")
        with smtplib.SMTP("127.0.0.1", smtp_port, timeout=10) as smtp:
            smtp.send_message(mail)
    finally:
        stopped = _cli(env, "stop")
    assert stopped.returncode == 0, stopped.stderr
    assert list((data / "mailsink").glob("*.eml")), "the mail reached the sink"
    stored = (data / "storage" / "client_documents").rglob("*")
    assert [p for p in stored if p.is_file() and p.parent.name.endswith(".pdf")], "the document was stored"
    assert (data / "stack.log").is_file() and (data / "keys.json").is_file()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert _loose(data) == []


def test_the_data_folder_stays_traversable_for_an_embedded_server_of_another_user(tmp_path):
    """Started as root, the embedded PostgreSQL runs as `nobody`: it may cross the folder, not list or read it."""
    data = tmp_path / "data"
    (data / "storage").mkdir(parents=True, mode=0o755)
    (data / "stack.log").write_text("x")
    os.chmod(data / "stack.log", 0o644)
    secure_data_dir(data, embedded_as_other_user=True)
    assert stat.S_IMODE(data.stat().st_mode) == data_dir_mode(True) == 0o701
    assert _loose(data) == []
