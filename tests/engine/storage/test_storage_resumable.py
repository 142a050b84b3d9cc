"""Resumable uploads (TUS 1.0.0 at /upload/resumable): the protocol by hand, and the tuspy client."""
from __future__ import annotations

import base64
import os
import time
import uuid

import httpx
import pytest
from storage_helpers import CLIENT_1_ID, object_rows
from tusclient import client as tus_client

from supastack.storage import resumable

TUS = {"Tus-Resumable": "1.0.0"}


def metadata(**pairs: str) -> str:
    return ",".join(f"{k} {base64.b64encode(v.encode()).decode()}" for k, v in pairs.items())


def create(api, bucket: str, name: str, length: int, content_type: str = "text/plain", **extra) -> httpx.Response:
    headers = {**TUS, "Upload-Length": str(length),
               "Upload-Metadata": metadata(bucketName=bucket, objectName=name, contentType=content_type,
                                           cacheControl="3600"), **extra}
    return api.post("/upload/resumable", headers=headers)


def patch(api, location: str, offset: int, body: bytes) -> httpx.Response:
    return api.patch(location, content=body, headers={**TUS, "Upload-Offset": str(offset),
                                                      "Content-Type": "application/offset+octet-stream"})


def test_options_advertises_the_protocol(anon):
    r = anon.options("/upload/resumable")
    assert r.status_code == 204 and r.headers["tus-version"] == "1.0.0"
    assert "creation" in r.headers["tus-extension"] and "termination" in r.headers["tus-extension"]
    assert int(r.headers["tus-max-size"]) > 0


def test_upload_in_chunks_with_resume(staff, storage_stack):
    name = f"{CLIENT_1_ID}/tus-{uuid.uuid4().hex[:8]}.txt"
    body = os.urandom(300_000)
    r = create(staff, "client_documents", name, len(body))
    assert r.status_code == 201, r.text
    location = r.headers["location"]
    upload_id = location.rsplit("/", 1)[1]
    assert location.startswith(f"{storage_stack.url}/storage/v1/upload/resumable/")
    assert base64.urlsafe_b64decode(upload_id + "==").decode().startswith(f"client_documents/{name}/")
    assert patch(staff, location, 0, body[:100_000]).headers["upload-offset"] == "100000"
    # a wrong offset is a conflict and changes nothing
    assert patch(staff, location, 5, body[100_000:200_000]).status_code == 409
    head = staff.head(location, headers=TUS)
    assert head.status_code == 200 and head.headers["upload-offset"] == "100000"
    assert head.headers["upload-length"] == str(len(body))
    assert name not in object_rows(storage_stack, "client_documents")   # nothing visible before the end
    assert patch(staff, location, 100_000, body[100_000:200_000]).status_code == 204
    last = patch(staff, location, 200_000, body[200_000:])
    assert last.status_code == 204 and last.headers["upload-offset"] == str(len(body))
    got = staff.get(f"/object/client_documents/{name}")
    assert got.content == body and got.headers["content-type"] == "text/plain"
    assert got.headers["cache-control"] == "max-age=3600"
    # a finished upload still answers HEAD as complete (a resuming client sees it done) and cannot be ended
    assert staff.head(location, headers=TUS).headers["upload-offset"] == str(len(body))
    assert staff.delete(location, headers=TUS).status_code == 400
    staff.request("DELETE", "/object/client_documents", json={"prefixes": [name]})


def test_checks_before_any_byte(staff, client1, anon):
    # RLS: a client may not write into another client's folder
    r = create(client1, "client_documents", f"{uuid.uuid4()}/x.txt", 10)
    assert r.status_code == 403 and r.headers["content-type"].startswith("text/plain")
    assert create(anon, "client_documents", f"{CLIENT_1_ID}/x.txt", 10).status_code == 403
    # the bucket's size limit and MIME list
    assert create(staff, "tiny", "big.txt", 2048).status_code == 413
    r = create(staff, "tiny", "a.pdf", 10, content_type="application/pdf")
    assert r.status_code == 415 and "application/pdf" in r.text
    assert create(staff, "no-such-bucket", "a.txt", 10).status_code == 404
    # protocol errors
    assert staff.post("/upload/resumable", headers={"Upload-Length": "1"}).status_code == 412
    assert staff.post("/upload/resumable", headers={**TUS, "Upload-Length": "1"}).status_code == 400
    r = staff.post("/upload/resumable", headers={**TUS, "Upload-Metadata": metadata(bucketName="tiny",
                                                                                      objectName="a.txt")})
    assert r.status_code == 400 and "Upload-Length" in r.text


def test_client_uploads_into_own_folder_and_others_cannot_continue(client1, client2, staff):
    name = f"{CLIENT_1_ID}/tus-{uuid.uuid4().hex[:8]}.txt"
    location = create(client1, "client_documents", name, 6).headers["location"]
    assert patch(client2, location, 0, b"abcdef").status_code == 404     # not theirs
    assert patch(client1, location, 0, b"abcdefgh").status_code == 413   # past the declared length
    assert patch(client1, location, 0, b"abcdef").status_code == 204
    assert staff.get(f"/object/client_documents/{name}").content == b"abcdef"
    staff.request("DELETE", "/object/client_documents", json={"prefixes": [name]})


def test_existing_name_needs_upsert(staff):
    name = f"{CLIENT_1_ID}/tus-{uuid.uuid4().hex[:8]}.txt"
    assert staff.post(f"/object/client_documents/{name}", content=b"old",
                      headers={"content-type": "text/plain"}).status_code == 200
    assert create(staff, "client_documents", name, 3).status_code == 409
    location = create(staff, "client_documents", name, 3, **{"x-upsert": "true"}).headers["location"]
    assert patch(staff, location, 0, b"new").status_code == 204
    assert staff.get(f"/object/client_documents/{name}").content == b"new"
    staff.request("DELETE", "/object/client_documents", json={"prefixes": [name]})


def test_creation_with_upload_and_termination(staff, storage_stack):
    name = f"{CLIENT_1_ID}/tus-{uuid.uuid4().hex[:8]}.txt"
    r = staff.post("/upload/resumable", content=b"hello", headers={
        **TUS, "Upload-Length": "5", "Content-Type": "application/offset+octet-stream",
        "Upload-Metadata": metadata(bucketName="client_documents", objectName=name, contentType="text/plain")})
    assert r.status_code == 201 and r.headers["upload-offset"] == "5"
    assert staff.get(f"/object/client_documents/{name}").content == b"hello"
    other = f"{CLIENT_1_ID}/tus-{uuid.uuid4().hex[:8]}.txt"
    location = create(staff, "client_documents", other, 10).headers["location"]
    assert patch(staff, location, 0, b"12345").status_code == 204
    assert staff.delete(location, headers=TUS).status_code == 204
    assert staff.head(location, headers=TUS).status_code == 404
    assert other not in object_rows(storage_stack, "client_documents")
    staff.request("DELETE", "/object/client_documents", json={"prefixes": [name]})


def test_tuspy_client(staff, storage_stack):
    name = f"{CLIENT_1_ID}/tuspy-{uuid.uuid4().hex[:8]}.txt"
    body = os.urandom(1_000_000)
    client = tus_client.TusClient(f"{storage_stack.url}/storage/v1/upload/resumable",
                                  headers={"Authorization": staff.headers["authorization"],
                                           "apikey": staff.headers["apikey"]})
    import io
    uploader = client.uploader(file_stream=io.BytesIO(body), chunk_size=256 * 1024,
                               metadata={"bucketName": "client_documents", "objectName": name,
                                         "contentType": "text/plain"})
    uploader.upload()
    assert staff.get(f"/object/client_documents/{name}").content == body
    staff.request("DELETE", "/object/client_documents", json={"prefixes": [name]})


def test_sweep_removes_day_old_uploads(tmp_path):
    uploads = resumable.Uploads(tmp_path)
    old = resumable.UploadInfo(bucket="b", name="n.txt", version=str(uuid.uuid4()), length=3, metadata={},
                               raw_metadata="", upsert=False, owner=None, created=time.time() - 25 * 3600)
    young = resumable.UploadInfo(bucket="b", name="m.txt", version=str(uuid.uuid4()), length=3, metadata={},
                                 raw_metadata="", upsert=False, owner=None, created=time.time())
    uploads.create(old)
    uploads.create(young)
    assert uploads.sweep() == 1
    assert len(list(tmp_path.iterdir())) == 1
    with pytest.raises(resumable.TusError):
        uploads.load(old.upload_id)
    assert uploads.load(young.upload_id).name == "m.txt"
