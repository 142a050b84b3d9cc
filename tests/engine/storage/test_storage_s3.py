"""The S3 backend: the same API round trip with the bytes in an S3-compatible store (a local moto server)."""
from __future__ import annotations

import json
import uuid

import boto3
import httpx
import pytest
from storage_helpers import FIXTURE

from harness import StackProcess, moto_server
from supabase import create_client

S3_BUCKET = "objects"
CREDENTIALS = {"access_key_id": "test-key", "secret_access_key": "test-secret", "region": "us-east-1"}


@pytest.fixture(scope="module")
def moto(tmp_path_factory):
    with moto_server(tmp_path_factory.mktemp("moto")) as url:
        yield url


@pytest.fixture(scope="module")
def s3_stack(cluster, moto):
    env = {"STORAGE_BACKEND": "s3", "STORAGE_S3_ENDPOINT": moto, "STORAGE_S3_BUCKET": S3_BUCKET,
           "STORAGE_S3_REGION": CREDENTIALS["region"], "STORAGE_S3_ACCESS_KEY_ID": CREDENTIALS["access_key_id"],
           "STORAGE_S3_SECRET_ACCESS_KEY": CREDENTIALS["secret_access_key"]}
    s = StackProcess(cluster, workdir=FIXTURE, seed=False, name="storage-s3", env=env)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def s3(moto):
    return boto3.client("s3", endpoint_url=moto, region_name=CREDENTIALS["region"],
                        aws_access_key_id=CREDENTIALS["access_key_id"],
                        aws_secret_access_key=CREDENTIALS["secret_access_key"])


def keys(s3) -> set[str]:
    return {o["Key"] for o in s3.list_objects_v2(Bucket=S3_BUCKET).get("Contents", [])}


def stored_names(s3, folder: str) -> list[str]:
    """`<bucket>/<name>` of every stored version under `folder` (keys are `<bucket>/<name>/<version>`)."""
    return sorted(k.rsplit("/", 1)[0] for k in keys(s3) if folder in k)


def test_round_trip_through_s3(s3_stack, s3):
    files = create_client(s3_stack.url, s3_stack.service_role_key).storage.from_("avatars")
    folder = str(uuid.uuid4())
    files.upload(f"{folder}/a.txt", b"stored in s3", {"content-type": "text/plain"})
    assert stored_names(s3, folder) == [f"avatars/{folder}/a.txt"]
    assert not (s3_stack.data_dir / "storage" / "avatars").exists()    # nothing on the local disk
    assert files.download(f"{folder}/a.txt") == b"stored in s3"
    assert [e["name"] for e in files.list(folder)] == ["a.txt"]

    ranged = httpx.get(f"{s3_stack.url}/storage/v1/object/avatars/{folder}/a.txt",
                       headers={"Authorization": f"Bearer {s3_stack.service_role_key}", "range": "bytes=3-8"})
    assert ranged.status_code == 206 and ranged.content == b"stored in s3"[3:9]

    signed = files.create_signed_url(f"{folder}/a.txt", 60)
    assert httpx.get(signed["signedURL"]).content == b"stored in s3"

    files.move(f"{folder}/a.txt", f"{folder}/b.txt")
    files.copy(f"{folder}/b.txt", f"{folder}/c.txt")
    assert stored_names(s3, folder) == [f"avatars/{folder}/b.txt", f"avatars/{folder}/c.txt"]
    files.upload(f"{folder}/c.txt", b"replaced", {"upsert": "true"})
    assert files.download(f"{folder}/c.txt") == b"replaced"
    assert stored_names(s3, folder) == [f"avatars/{folder}/b.txt", f"avatars/{folder}/c.txt"]   # old version gone

    files.remove([f"{folder}/b.txt", f"{folder}/c.txt"])
    assert not {k for k in keys(s3) if folder in k}


def test_failed_upsert_restores_previous_s3_bytes(s3_stack, s3):
    api = httpx.Client(base_url=f"{s3_stack.url}/storage/v1",
                       headers={"Authorization": f"Bearer {s3_stack.service_role_key}"})
    name = f"{uuid.uuid4()}/keep.txt"
    assert api.post(f"/object/avatars/{name}", content=b"v1", headers={"content-type": "text/plain"}).status_code == 200
    before = keys(s3)
    r = api.post(f"/object/avatars/{name}", files={"": ("blob", b"v2", "text/plain")},
                 data={"metadata": json.dumps({"fail": "commit"})}, headers={"x-upsert": "true"})
    assert r.status_code == 500
    assert api.get(f"/object/avatars/{name}").content == b"v1"
    assert keys(s3) == before      # no leftover copy of the previous bytes
    r = api.post(f"/object/avatars/{uuid.uuid4()}/new.txt", files={"": ("blob", b"v2", "text/plain")},
                 data={"metadata": json.dumps({"fail": "commit"})})
    assert r.status_code == 500 and keys(s3) == before
    assert not list((s3_stack.data_dir / "storage" / "#staging").glob("*"))
