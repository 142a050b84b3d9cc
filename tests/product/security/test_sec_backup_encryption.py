"""Backup archives (and so their off-site copies) hold the JWT secret, the service key and every client's data:
with BACKUP_ENCRYPTION_KEY they are sealed with AES-256-GCM under a key that is not in them. A restore needs that
key and refuses a wrong one, an altered archive or one cut short before it changes anything; production mode
writes no unencrypted archive."""
from __future__ import annotations

import base64
import io
import os
import random
import stat
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from harness import StackProcess
from supastack.backup.archive import ArchiveError, read_manifest
from supastack.backup.create import BackupRefused, create_backup
from supastack.backup.crypto import MAGIC, DecryptingReader, DecryptionError, EncryptingWriter, WrongKey, parse_key
from supastack.backup.restore import restore_backup

KEY = base64.b64encode(bytes(range(32))).decode()
OTHER_KEY = base64.b64encode(bytes(range(1, 33))).decode()
DOCUMENT = "c0000000-0000-4000-8000-000000000002/procuracao.pdf"
DOCUMENT_BYTES = b"%PDF-1.4 " + os.urandom(3 * 1024 * 1024)     # more than one sealed chunk


def backup_cli(stack: StackProcess, command: str, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "supastack.backup", "--workdir", str(stack.workdir),
                           "--data-dir", str(stack.data_dir), command, *args],
                          env={**stack.env, **env}, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def sealed(cluster):
    s = StackProcess(cluster, name="sealed", seed=False)
    s.sql("create table public.sealed_marker (note text); insert into public.sealed_marker values ('antes')")
    key = s.service_role_key
    r = httpx.post(f"{s.url}/storage/v1/object/client_documents/{DOCUMENT}", content=DOCUMENT_BYTES,
                   headers={"Authorization": f"Bearer {key}", "apikey": key, "Content-Type": "application/pdf"})
    assert r.status_code == 200, r.text
    made = backup_cli(s, "backup", BACKUP_ENCRYPTION_KEY=KEY)
    assert made.returncode == 0, made.stderr
    assert "; encrypted" in made.stdout
    s.stop()
    archives = list((s.data_dir / "backups").glob("*.tar.enc"))
    assert len(archives) == 1
    yield s, archives[0]


def test_the_archive_reveals_neither_keys_nor_data(sealed):
    stack, archive = sealed
    raw = archive.read_bytes()
    assert raw.startswith(MAGIC) and stat.S_IMODE(archive.stat().st_mode) == 0o600
    for secret in (stack.settings.jwt_secret, stack.service_role_key, "keys.json", "PGDMP", "sealed_marker",
                   "manifest.json"):
        assert secret.encode() not in raw, secret
    assert DOCUMENT_BYTES[:4096] not in raw
    with pytest.raises(ArchiveError, match="is encrypted"):
        read_manifest(archive)
    assert read_manifest(archive, parse_key(KEY))["encrypted"] is True


def test_a_wrong_or_missing_key_is_refused_clearly(sealed):
    stack, archive = sealed
    wrong = backup_cli(stack, "restore", str(archive), BACKUP_ENCRYPTION_KEY=OTHER_KEY)
    assert wrong.returncode == 1 and "BACKUP_ENCRYPTION_KEY is wrong" in wrong.stderr, wrong.stderr
    missing = backup_cli(stack, "restore", str(archive), BACKUP_ENCRYPTION_KEY="")
    assert missing.returncode == 1 and "is encrypted: set BACKUP_ENCRYPTION_KEY" in missing.stderr, missing.stderr
    malformed = backup_cli(stack, "restore", str(archive), BACKUP_ENCRYPTION_KEY="secret")
    assert malformed.returncode == 2 and "openssl rand -base64 32" in malformed.stderr
    assert stack.sql("select note from public.sealed_marker") == [("antes",)]


@pytest.mark.parametrize("damage", ["flip", "cut", "drop-chunk"])
def test_an_altered_archive_changes_nothing(sealed, tmp_path, damage):
    stack, archive = sealed
    raw = bytearray(archive.read_bytes())
    if damage == "flip":
        raw[len(raw) // 2] ^= 0x01
    elif damage == "cut":
        raw = raw[:-100]
    else:                                    # a whole middle chunk removed: the rest still decrypts one by one
        step = 1024 * 1024 + 16
        del raw[61 + step:61 + 2 * step]
    altered = tmp_path / archive.name
    altered.write_bytes(bytes(raw))
    stack.sql("update public.sealed_marker set note = 'depois'")
    try:
        with pytest.raises(ArchiveError, match="altered or is damaged|cut short"):
            restore_backup(stack.settings, altered, log=lambda *_: None, key=parse_key(KEY))
        assert stack.sql("select note from public.sealed_marker") == [("depois",)]
    finally:
        stack.sql("update public.sealed_marker set note = 'antes'")


def test_the_right_key_restores_everything(sealed):
    stack, archive = sealed
    stack.sql("drop table public.sealed_marker")
    for stored in (stack.data_dir / "storage" / "client_documents").rglob("*"):
        if stored.is_file():
            stored.unlink()
    done = backup_cli(stack, "restore", str(archive), BACKUP_ENCRYPTION_KEY=KEY)
    assert done.returncode == 0, done.stderr
    assert stack.sql("select note from public.sealed_marker") == [("antes",)]
    stack.start()
    try:
        key = stack.service_role_key
        r = httpx.get(f"{stack.url}/storage/v1/object/client_documents/{DOCUMENT}",
                      headers={"Authorization": f"Bearer {key}", "apikey": key}, timeout=30)
        assert r.status_code == 200 and r.content == DOCUMENT_BYTES
    finally:
        stack.stop()


def test_production_writes_no_unencrypted_archive(sealed, monkeypatch, tmp_path):
    stack, _ = sealed
    monkeypatch.delenv("BACKUP_ENCRYPTION_KEY", raising=False)
    public = stack.settings.model_copy(update={"host": "0.0.0.0"})
    with pytest.raises(BackupRefused, match="BACKUP_ENCRYPTION_KEY"):
        create_backup(public, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_development_without_a_key_writes_a_plain_archive_and_says_so(sealed, tmp_path):
    stack, _ = sealed
    plain = backup_cli(stack, "backup", "--dir", str(tmp_path), BACKUP_ENCRYPTION_KEY="")
    assert plain.returncode == 0, plain.stderr
    assert "NOT encrypted" in plain.stdout
    assert [p.suffix for p in tmp_path.iterdir()] == [".tar"]


# -- the sealed stream itself ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [0, 1, 63, 64, 65, 640, 1000])
def test_the_stream_round_trips_and_seeks(size):
    data = os.urandom(size)
    out = io.BytesIO()
    writer = EncryptingWriter(out, parse_key(KEY), chunk=64)
    for start in range(0, size, 37):
        writer.write(data[start:start + 37])
    assert writer.tell() == size
    writer.finish()
    reader = DecryptingReader(io.BytesIO(out.getvalue()), parse_key(KEY))
    assert reader.read() == data
    rng = random.Random(size)
    for _ in range(20):
        at, length = rng.randrange(size + 1), rng.randrange(100)
        reader.seek(at)
        assert reader.read(length) == data[at:at + length]
    with pytest.raises(WrongKey):
        DecryptingReader(io.BytesIO(out.getvalue()), parse_key(OTHER_KEY))
    with pytest.raises(DecryptionError):                       # the last chunk gone: cut short
        DecryptingReader(io.BytesIO(out.getvalue()[:-16 - min(size % 64, size)]), parse_key(KEY)).read()


def test_keys_are_32_bytes_of_base64():
    assert len(parse_key(KEY)) == 32
    assert parse_key(base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("="))
    for bad in ("", "secret", base64.b64encode(os.urandom(16)).decode()):
        with pytest.raises(ValueError, match="32 random bytes"):
            parse_key(bad)


def test_a_big_archive_is_written_without_holding_it_in_memory(tmp_path):
    """The writer keeps at most one chunk back: 40 MiB through it with a small peak of memory."""
    import tracemalloc
    target: Path = tmp_path / "big.enc"
    block = os.urandom(1024 * 1024)
    with open(target, "wb") as raw:
        tracemalloc.start()
        writer = EncryptingWriter(raw, parse_key(KEY))
        for _ in range(40):
            writer.write(block)
        writer.finish()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024, peak
    with open(target, "rb") as raw:
        reader = DecryptingReader(raw, parse_key(KEY))
        reader.seek(39 * 1024 * 1024)
        assert reader.read(1024 * 1024) == block
