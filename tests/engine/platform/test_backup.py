"""Backups that restore: a stack with data is backed up, wiped and restored (in place and onto a new machine
with its own embedded PostgreSQL), and rows, object bytes, keys and log-ins come back unchanged."""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import time
from datetime import datetime
from pathlib import Path

import httpx
import psycopg
import pytest

from harness import StackProcess, free_port, moto_server
from supastack import runtime
from supastack.backup import run
from supastack.backup.archive import ArchiveError, object_member, read_manifest
from supastack.backup.restore import StackRunning, restore_backup
from supastack.backup.retention import prune
from supastack.backup.scheduler import backup_scheduler, run_if_due
from supastack.core.config import REPO_ROOT, load_settings
from supastack.core.stack import Stack
from supastack.db.migrate import reset_database
from supastack.db.postgres import EmbeddedPostgres
from supastack.storage.backend import ObjectKey, create_backend

MARIA = "maria.silva@cliente.test"
PASSWORD = "Demo@12345"
# tables whose every row must come back (checked by count and by a checksum of their text form)
CHECKED = ("auth.users", "auth.refresh_tokens", "public.profiles", "public.clients", "public.processes",
           "public.interactions", "public.client_documents", "storage.buckets", "storage.objects")
OBJECTS = {
    "c0000000-0000-4000-8000-000000000001/contrato assinado.pdf": os.urandom(300_000),
    "c0000000-0000-4000-8000-000000000001/pasta/Relatório de evidências ç.bin": os.urandom(70_000),
    "c0000000-0000-4000-8000-000000000002/vazio.txt": b"",
}


def table_checksums(db_url: str) -> dict[str, tuple[int, str]]:
    with psycopg.connect(db_url, autocommit=True) as conn:
        return {t: conn.execute(f"select count(*), md5(coalesce(string_agg(x::text, '|' order by x::text), '')) "
                                f"from {t} x").fetchone() for t in CHECKED}


def sign_in(url: str, anon_key: str, email: str = MARIA) -> httpx.Response:
    return httpx.post(f"{url}/auth/v1/token?grant_type=password", json={"email": email, "password": PASSWORD},
                      headers={"apikey": anon_key})


def service_http(stack: StackProcess) -> httpx.Client:
    return httpx.Client(base_url=f"{stack.url}/storage/v1", timeout=30,
                        headers={"Authorization": f"Bearer {stack.service_role_key}", "apikey": stack.service_role_key})


@pytest.fixture(scope="module")
def office(cluster):
    """The product with data: the seed, 40 more clients and 200 interactions through the API, three objects."""
    s = StackProcess(cluster, name="backup")
    headers = {"Authorization": f"Bearer {s.service_role_key}", "apikey": s.service_role_key}
    clients = [{"full_name": f"Cliente Backup {i:03d}", "email": f"backup{i}@cliente.test"} for i in range(40)]
    r = httpx.post(f"{s.url}/rest/v1/clients", json=clients, headers={**headers, "Prefer": "return=representation"})
    assert r.status_code == 201, r.text
    ids = [c["id"] for c in r.json()]
    notes = [{"client_id": ids[i % 40], "type": "call", "content": f"Ligação de acompanhamento número {i}"}
             for i in range(200)]
    assert httpx.post(f"{s.url}/rest/v1/interactions", json=notes, headers=headers).status_code == 201
    with service_http(s) as http:
        for name, data in OBJECTS.items():
            r = http.post(f"/object/client_documents/{name}", content=data,
                          headers={"Content-Type": "application/pdf" if name.endswith(".pdf") else "text/plain"})
            assert r.status_code == 200, r.text
    yield s
    s.stop()


@pytest.fixture(scope="module")
def archive(office):
    """A backup of the running office, written by `python -m supastack.backup backup`."""
    signed = sign_in(office.url, office.anon_key)
    assert signed.status_code == 200
    office.refresh_token = signed.json()["refresh_token"]     # a session that must survive the restore
    office.checksums = table_checksums(office.db_url)
    proc = subprocess.run([sys.executable, "-m", "supastack.backup", "--workdir", str(office.workdir),
                           "--data-dir", str(office.data_dir), "backup"],
                          env=office.env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    archives = list((office.data_dir / "backups").glob("*.tar"))
    assert len(archives) == 1 and "backup written" in proc.stdout
    return archives[0]


def test_the_archive_holds_dump_objects_keys_and_manifest(office, archive):
    assert archive.name.startswith("escritorio-imigracao-") and len(archive.stem.split("-")[-1]) == 6
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600          # it holds every client's data and the keys
    manifest = read_manifest(archive)
    with tarfile.open(archive) as tar:
        names = tar.getnames()
        assert tar.extractfile("database.dump").read(5) == b"PGDMP"   # pg_dump's custom format
        assert tar.extractfile("keys.json").read() == (office.data_dir / "keys.json").read_bytes()
        for name, data in OBJECTS.items():
            assert tar.extractfile(object_member("client_documents", name)).read() == data
    assert names[-1] == "manifest.json"
    assert manifest["objects"]["count"] == office.checksums["storage.objects"][0]
    assert manifest["database"]["row_counts"]["public.interactions"] == office.checksums["public.interactions"][0]
    assert manifest["postgres"]["pg_dump"] >= 18 and manifest["latest_migration"]
    assert not [p for p in archive.parent.iterdir() if p.name.startswith(".")]   # no temporary leftovers


def test_restore_refuses_while_the_stack_runs(office, archive, capsys, tmp_path):
    assert run("restore", office.settings, argparse.Namespace(file=archive)) == 1
    assert "stop the stack before restoring" in capsys.readouterr().err
    # a server that `start` recorded for the data folder counts too, even before it answers on its port
    elsewhere = office.settings.model_copy(update=dict(api_port=free_port(), data_dir=tmp_path))
    pid = office.proc.pid
    runtime.record(tmp_path, runtime.Running(pid, runtime.start_time_of(pid), "127.0.0.1", 1, 2, 3))
    with pytest.raises(StackRunning, match=f"process {pid}"):
        restore_backup(elsewhere, archive)
    assert table_checksums(office.db_url) == office.checksums


def test_a_damaged_archive_changes_nothing(office, archive, tmp_path):
    damaged = tmp_path / archive.name
    shutil.copyfile(archive, damaged)
    with tarfile.open(damaged) as tar:
        offset = tar.getmember(object_member("client_documents", next(iter(OBJECTS)))).offset_data
    with open(damaged, "r+b") as f:
        f.seek(offset + 1000)
        byte = f.read(1)
        f.seek(offset + 1000)
        f.write(bytes([byte[0] ^ 0xFF]))
    elsewhere = office.settings.model_copy(update=dict(api_port=free_port(), data_dir=tmp_path / "data"))
    with pytest.raises(ArchiveError, match="does not match its checksum"):
        restore_backup(elsewhere, damaged, log=lambda *_: None)
    assert table_checksums(office.db_url) == office.checksums
    assert not [p for p in (tmp_path / "data").iterdir() if p.name.startswith(".restore")]


def test_wiped_stack_comes_back_from_the_archive(office, archive):
    office.stop()
    reset_database(office.db_url)                                # every schema of the product, gone
    shutil.rmtree(office.data_dir / "storage")
    keys = (office.data_dir / "keys.json").read_bytes()
    (office.data_dir / "keys.json").unlink()
    with psycopg.connect(office.db_url, autocommit=True) as conn:   # and something the backup never had
        conn.execute("create table public.after_backup (id int)")

    assert run("restore", office.settings, argparse.Namespace(file=archive)) == 0

    assert (office.data_dir / "keys.json").read_bytes() == keys
    assert table_checksums(office.db_url) == office.checksums
    assert office.sql("select to_regclass('public.after_backup')") == [(None,)]
    office.start()
    with service_http(office) as http:
        for name, data in OBJECTS.items():
            r = http.get(f"/object/client_documents/{name}")
            assert r.status_code == 200 and r.content == data, name
    assert sign_in(office.url, office.anon_key).status_code == 200
    refreshed = httpx.post(f"{office.url}/auth/v1/token?grant_type=refresh_token",
                           json={"refresh_token": office.refresh_token}, headers={"apikey": office.anon_key})
    assert refreshed.status_code == 200, refreshed.text
    # the client still sees exactly her own rows under RLS
    token = sign_in(office.url, office.anon_key).json()["access_token"]
    mine = httpx.get(f"{office.url}/rest/v1/clients?select=email", headers={"apikey": office.anon_key,
                                                                            "Authorization": f"Bearer {token}"})
    assert mine.json() == [{"email": MARIA}]


def test_restore_onto_a_new_machine_starts_its_own_postgres(office, archive, cluster):
    """An empty data folder and no DATABASE_URL: the restore creates the embedded cluster first."""
    data_dir = cluster.tmp / "new-machine"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(DB_PORT=str(free_port()), API_PORT=str(free_port()))
    settings = load_settings(REPO_ROOT, data_dir, env)
    assert settings.embedded_db
    messages: list[str] = []
    restore_backup(settings, archive, log=messages.append)
    pg = EmbeddedPostgres(data_dir, settings.db_port)
    assert pg.initialised and not pg.is_running()                # left stopped, as it found it
    pg.start()
    try:
        assert table_checksums(settings.db_url) == office.checksums
        with psycopg.connect(settings.db_url) as conn:
            ok = conn.execute("select encrypted_password = extensions.crypt(%s, encrypted_password) "
                              "from auth.users where email = %s", (PASSWORD, MARIA)).fetchone()[0]
            assert ok is True
            assert conn.execute("select rolbypassrls from pg_roles where rolname = 'service_role'").fetchone()[0]
            versions = dict(conn.execute("select name, version from storage.objects where bucket_id = %s",
                                         ("client_documents",)).fetchall())
    finally:
        pg.stop()
    backend = create_backend(settings)
    for name, data in OBJECTS.items():
        blob = asyncio.run(backend.read(ObjectKey("client_documents", name, versions[name])))
        assert blob.path.read_bytes() == data
    assert (data_dir / "keys.json").read_bytes() == (office.data_dir / "keys.json").read_bytes()
    assert any("every checksum matches" in m for m in messages)


def test_retention_keeps_the_newest_archives(tmp_path):
    names = [f"office-2026010{d}-030000.tar" for d in range(1, 8)] + ["office-20260107-030000-1.tar"]
    for name in names + ["other-20260101-030000.tar", "notes.txt"]:
        (tmp_path / name).write_bytes(b"x")
    deleted = prune(tmp_path, "office", keep=3)
    assert sorted(p.name for p in deleted) == sorted(names[:5])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["office-20260106-030000.tar", "office-20260107-030000.tar", "office-20260107-030000-1.tar",
         "other-20260101-030000.tar", "notes.txt"])


async def test_one_scheduled_backup_a_day_across_processes(office):
    made: list[float] = []

    def slow_backup(settings):
        made.append(time.monotonic())
        time.sleep(0.5)
        return Path(f"fake-{len(made)}.tar")

    at = datetime.strptime("03:00", "%H:%M").time()
    early = datetime(2030, 5, 4, 2, 59)
    assert await run_if_due(office.settings, at, early, slow_backup) is None
    morning = datetime(2030, 5, 4, 3, 1)
    # four API processes wake up at the same time
    results = await asyncio.gather(*[run_if_due(office.settings, at, morning, slow_backup) for _ in range(4)])
    assert len(made) == 1 and [r for r in results if r] == [Path("fake-1.tar")]
    assert await run_if_due(office.settings, at, datetime(2030, 5, 4, 18, 0), slow_backup) is None
    assert await run_if_due(office.settings, at, datetime(2030, 5, 5, 3, 0), slow_backup) == Path("fake-2.tar")


async def test_scheduler_hook_runs_in_the_background_and_stops(office):
    settings = office.settings.model_copy(update=dict(raw={**office.settings.raw, "backup": {"schedule": "23:59"}}))
    stack = Stack(settings=settings, db=None)
    await asyncio.wait_for(backup_scheduler(stack), 1)           # returns at once
    assert len(stack.on_shutdown) == 1
    await asyncio.wait_for(stack.on_shutdown[0](), 5)
    off = Stack(settings=settings.model_copy(update=dict(raw={})), db=None)
    await backup_scheduler(off)
    assert off.on_shutdown == []


# -- S3: objects in an S3-compatible store, and the off-site copy of the archives (a local moto server) --------
S3_CREDENTIALS = {"region": "us-east-1", "access_key_id": "test-key", "secret_access_key": "test-secret"}


@pytest.fixture(scope="module")
def moto(tmp_path_factory):
    with moto_server(tmp_path_factory.mktemp("moto")) as url:
        yield url


def s3_client(url: str):
    import boto3
    return boto3.client("s3", endpoint_url=url, region_name=S3_CREDENTIALS["region"],
                        aws_access_key_id=S3_CREDENTIALS["access_key_id"],
                        aws_secret_access_key=S3_CREDENTIALS["secret_access_key"])


def s3_keys(url: str, bucket: str) -> list[str]:
    return sorted(o["Key"] for o in s3_client(url).list_objects_v2(Bucket=bucket).get("Contents", []))


def test_s3_objects_and_off_site_copies(cluster, moto):
    env = {"STORAGE_BACKEND": "s3", "STORAGE_S3_ENDPOINT": moto, "STORAGE_S3_BUCKET": "office-objects",
           **{f"STORAGE_S3_{k.upper()}": v for k, v in S3_CREDENTIALS.items()}}
    s = StackProcess(cluster, name="backup-s3", env=env)
    try:
        with service_http(s) as http:
            for name, data in OBJECTS.items():
                assert http.post(f"/object/client_documents/{name}", content=data,
                                 headers={"Content-Type": "text/plain"}).status_code == 200
        # copies go to another bucket of the same store, with [storage.s3]'s endpoint and credentials
        settings = s.settings.model_copy(update=dict(raw={**s.settings.raw, "backup": {
            "keep": 2, "s3_bucket": "office-backups", "s3_prefix": "nightly"}}))
        for second in range(3):
            assert run("backup", settings, argparse.Namespace(dir=None)) == 0
            if second < 2:
                time.sleep(1.05)                       # archive names carry the second
        local = sorted(p.name for p in (s.data_dir / "backups").glob("*.tar"))
        assert len(local) == 2
        assert s3_keys(moto, "office-backups") == [f"nightly/{name}" for name in local]
        copy = s3_client(moto).get_object(Bucket="office-backups", Key=f"nightly/{local[-1]}")["Body"].read()
        assert copy == (s.data_dir / "backups" / local[-1]).read_bytes()

        before = table_checksums(s.db_url)
        s.stop()
        reset_database(s.db_url)
        objects = s3_client(moto)
        for key in s3_keys(moto, "office-objects"):
            objects.delete_object(Bucket="office-objects", Key=key)
        assert restore_backup(s.settings, s.data_dir / "backups" / local[-1], log=lambda *_: None)
        assert table_checksums(s.db_url) == before
        s.start()
        with service_http(s) as http:
            for name, data in OBJECTS.items():
                r = http.get(f"/object/client_documents/{name}")
                assert r.status_code == 200 and r.content == data, name
    finally:
        s.stop()


def test_backup_section_of_config(office):
    from supastack.backup.config import backup_config

    def cfg(section, env=None):
        return backup_config(office.settings.model_copy(update=dict(raw={**office.settings.raw, "backup": section})),
                             env or {})

    assert cfg({}).daily_at is None and cfg({}).keep == 14 and cfg({}).folder == office.data_dir / "backups"
    assert str(cfg({"schedule": "daily"}).daily_at) == "03:00:00"
    assert str(cfg({"schedule": "23:15", "dir": "/srv/b"}).daily_at) == "23:15:00"
    assert cfg({"dir": "/srv/b"}).folder == Path("/srv/b")
    with pytest.raises(ValueError, match="HH:MM"):
        cfg({"schedule": "25:00"})
    offsite = cfg({"s3_bucket": "b", "s3_endpoint": "http://s3.local"}, {"BACKUP_S3_SECRET_ACCESS_KEY": "s"})
    assert offsite.offsite and offsite.s3["secret_access_key"] == "s" and offsite.s3["endpoint"] == "http://s3.local"
    assert not cfg({"s3_endpoint": "http://s3.local"}).offsite
