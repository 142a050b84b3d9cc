"""Durable uploads: an acknowledged upload has its row and its bytes, a failed or interrupted one leaves neither,
and what a crash leaves half-done is cleaned at start-up."""
from __future__ import annotations

import json
import os
import socket
import threading
import time
import uuid

import httpx
import pytest
from storage_helpers import FIXTURE

from harness import StackProcess

STAGING = "#staging"
HOUR_AGO = time.time() - 3600


@pytest.fixture(scope="module")
def stack(cluster):
    s = StackProcess(cluster, workdir=FIXTURE, seed=False, name="storage-durable")
    yield s
    s.stop()


@pytest.fixture()
def api(stack):
    with httpx.Client(base_url=f"{stack.url}/storage/v1", timeout=30,
                      headers={"Authorization": f"Bearer {stack.service_role_key}"}) as client:
        yield client


def _root(stack):
    return stack.data_dir / "storage"


def _versions(stack, bucket: str, name: str) -> set[str]:
    folder = _root(stack) / bucket / name
    return {p.name for p in folder.iterdir() if p.is_file()} if folder.is_dir() else set()


def _parts(stack) -> list:
    return list(_root(stack).rglob("*.part"))


def test_acknowledged_upload_has_row_and_version_file(api, stack):
    name = f"{uuid.uuid4()}/ok.txt"
    assert api.post(f"/object/avatars/{name}", content=b"ok", headers={"content-type": "text/plain"}).status_code == 200
    (version,) = stack.sql("select version from storage.objects where bucket_id = 'avatars' and name = %s", (name,))[0]
    assert _versions(stack, "avatars", name) == {version}
    assert _parts(stack) == []


def test_the_metadata_write_commits_synchronously(api):
    # the test cluster runs with synchronous_commit = off, which loses acknowledged commits when PostgreSQL
    # crashes; the storage transaction turns it on for itself (the fixture's trigger checks)
    r = api.post(f"/object/avatars/{uuid.uuid4()}/sync.txt", files={"": ("blob", b"x", "text/plain")},
                 data={"metadata": json.dumps({"require": "synchronous_commit"})})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("fail", ["insert", "commit"])
def test_failed_metadata_write_leaves_no_file(api, stack, fail):
    name = f"{uuid.uuid4()}/fail.txt"
    r = api.post(f"/object/avatars/{name}", files={"": ("blob", b"bytes", "text/plain")},
                 data={"metadata": json.dumps({"fail": fail})})
    assert r.status_code == 500
    assert not (_root(stack) / "avatars" / name).exists()
    assert _parts(stack) == []


def test_interrupted_upload_leaves_no_part_file(api, stack):
    name = f"{uuid.uuid4()}/cut.txt"
    host, port = stack.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port))) as sock:
        sock.sendall((f"POST /storage/v1/object/avatars/{name} HTTP/1.1\r\nHost: {host}\r\n"
                      f"Authorization: Bearer {stack.service_role_key}\r\nContent-Type: text/plain\r\n"
                      f"Content-Length: {1024 * 1024}\r\n\r\n").encode() + b"x" * (256 * 1024))
        deadline = time.monotonic() + 5
        while not _parts(stack) and time.monotonic() < deadline:   # the upload is under way
            time.sleep(0.02)
        assert _parts(stack), "the upload never started"
    deadline = time.monotonic() + 5
    while _parts(stack) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _parts(stack) == []
    assert stack.sql("select count(*) from storage.objects where name = %s", (name,)) == [(0,)]
    assert not (_root(stack) / "avatars" / name).exists()


def test_crash_between_storing_and_commit_keeps_the_previous_version(api, stack):
    name = f"{uuid.uuid4()}/keep.txt"
    assert api.post(f"/object/avatars/{name}", content=b"version 1",
                    headers={"content-type": "text/plain"}).status_code == 200
    (v1,) = stack.sql("select version from storage.objects where bucket_id = 'avatars' and name = %s", (name,))[0]

    def upsert_then_crash() -> None:
        # COMMIT sleeps two seconds and then fails; the API is killed while it waits
        with pytest.raises(httpx.HTTPError):
            httpx.post(f"{stack.url}/storage/v1/object/avatars/{name}", timeout=30,
                       headers={"Authorization": f"Bearer {stack.service_role_key}", "x-upsert": "true"},
                       files={"": ("blob", b"version 2", "text/plain")},
                       data={"metadata": json.dumps({"fail": "slow-commit"})})

    client = threading.Thread(target=upsert_then_crash)
    client.start()
    deadline = time.monotonic() + 1.5
    while len(_versions(stack, "avatars", name)) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.2)
    stack.proc.kill()                       # kill -9: no clean-up code runs
    stack.proc.wait()
    client.join()
    time.sleep(2.5)                         # PostgreSQL finishes the failing COMMIT
    stack.start()

    assert api.get(f"/object/avatars/{name}").content == b"version 1"
    assert api.get(f"/object/info/avatars/{name}").json()["size"] == len(b"version 1")
    orphans = _versions(stack, "avatars", name) - {v1}
    assert len(orphans) == 1                # the new version, which no row points at: young, so kept for now

    for orphan in orphans:                  # once it is old, the start-up sweep removes it
        os.utime(_root(stack) / "avatars" / name / orphan, (HOUR_AGO, HOUR_AGO))
    os.utime(_root(stack) / "avatars" / name / v1, (HOUR_AGO, HOUR_AGO))
    stack.restart()
    assert _versions(stack, "avatars", name) == {v1}
    assert api.get(f"/object/avatars/{name}").content == b"version 1"


def test_startup_removes_stale_part_files_only(stack):
    staging = _root(stack) / STAGING
    staging.mkdir(parents=True, exist_ok=True)
    stale, fresh = staging / "stale.part", staging / "fresh.part"
    stale.write_bytes(b"left by a crash")
    fresh.write_bytes(b"an upload under way")
    os.utime(stale, (HOUR_AGO, HOUR_AGO))
    stack.restart()
    assert not stale.exists()
    assert fresh.exists()
    fresh.unlink()


def test_files_of_the_layout_before_versions_are_adopted(api, stack):
    # a data folder written before bytes were stored per version: `<bucket>/<name>` is the file
    name = f"{uuid.uuid4()}/old.txt"
    orphan = f"{uuid.uuid4()}/nobody.txt"
    stack.stop()
    (_root(stack) / "#layout").unlink()
    for each, data in ((name, b"old layout"), (orphan, b"no row")):
        path = _root(stack) / "avatars" / each
        path.parent.mkdir(parents=True)
        path.write_bytes(data)
    stack.sql("insert into storage.objects (bucket_id, name, metadata) values ('avatars', %s, %s)",
              (name, json.dumps({"size": 10, "mimetype": "text/plain"})))
    stack.start()
    assert api.get(f"/object/avatars/{name}").content == b"old layout"
    (version,) = stack.sql("select version from storage.objects where name = %s", (name,))[0]
    assert _versions(stack, "avatars", name) == {version}
    assert (_root(stack) / "#lost+found" / "avatars" / orphan).read_bytes() == b"no row"
    assert (_root(stack) / "#layout").exists()
