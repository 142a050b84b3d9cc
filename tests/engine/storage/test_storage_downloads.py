"""Downloads: headers from the stored metadata, byte ranges, conditional requests, signed-URL tokens."""
from __future__ import annotations

import time
import uuid

import httpx
import pytest

from supastack.storage import signing


@pytest.fixture(scope="module")
def stored(service):
    name = f"{uuid.uuid4()}/data.bin"
    body = bytes(range(256)) * 4
    r = service.post(f"/object/avatars/{name}", content=body,
                     headers={"content-type": "application/x-demo", "cache-control": "max-age=60"})
    assert r.status_code == 200
    yield name, body
    service.request("DELETE", "/object/avatars", json={"prefixes": [name]})


def test_headers_come_from_metadata(service, stored):
    name, body = stored
    r = service.get(f"/object/authenticated/avatars/{name}")
    assert r.content == body
    assert r.headers["content-type"] == "application/x-demo"
    assert r.headers["cache-control"] == "max-age=60"
    assert r.headers["content-length"] == str(len(body))
    assert r.headers["etag"].startswith('"') and r.headers["last-modified"].endswith("GMT")
    assert service.get(f"/object/avatars/{name}", headers={"if-none-match": r.headers["etag"]}).status_code == 304
    head = service.head(f"/object/avatars/{name}")
    assert head.status_code == 200 and head.headers["content-length"] == str(len(body)) and head.content == b""


def test_range(service, stored):
    name, body = stored
    r = service.get(f"/object/avatars/{name}", headers={"range": "bytes=10-19"})
    assert r.status_code == 206 and r.content == body[10:20]
    assert r.headers["content-range"] == f"bytes 10-19/{len(body)}"
    r = service.get(f"/object/avatars/{name}", headers={"range": "bytes=-5"})
    assert r.status_code == 206 and r.content == body[-5:]
    assert service.get(f"/object/avatars/{name}", headers={"range": f"bytes={len(body) + 5}-"}).status_code == 416


def test_info_shape(service, stored):
    name, body = stored
    info = service.get(f"/object/info/avatars/{name}").json()
    assert set(info) == {"id", "name", "version", "bucket_id", "size", "content_type", "cache_control", "etag",
                         "metadata", "last_modified", "created_at"}
    assert info["size"] == len(body) and info["content_type"] == "application/x-demo"
    assert service.get(f"/object/info/authenticated/avatars/{name}").json() == info


def test_signed_url_expires(service, stored, storage_stack):
    name, body = stored
    signed = service.post(f"/object/sign/avatars/{name}", json={"expiresIn": 1}).json()["signedURL"]
    assert signed.startswith(f"/object/sign/avatars/{name}?token=")
    url = f"{storage_stack.url}/storage/v1{signed}"
    assert httpx.get(url).content == body           # no Authorization needed
    time.sleep(2.1)
    r = httpx.get(url)
    assert r.status_code == 400 and r.json()["code"] == "InvalidJWT" and r.json()["message"] == "jwt expired"


def test_signed_url_token_is_bound_to_its_object_and_scope(service, stored, storage_stack):
    name, _ = stored
    secret = storage_stack.settings.jwt_secret
    base = f"{storage_stack.url}/storage/v1/object/sign/avatars"
    other = signing.sign(f"avatars/{name}x", signing.DOWNLOAD, 60, secret)
    assert httpx.get(f"{base}/{name}?token={other}").json()["code"] == "InvalidSignature"
    upload = signing.sign(f"avatars/{name}", signing.UPLOAD, 60, secret)
    assert httpx.get(f"{base}/{name}?token={upload}").json()["code"] == "InvalidSignature"
    forged = signing.sign(f"avatars/{name}", signing.DOWNLOAD, 60, "x" * 40)
    assert httpx.get(f"{base}/{name}?token={forged}").json()["code"] == "InvalidJWT"
    # a user's access token is not a signed URL
    assert httpx.get(f"{base}/{name}?token={storage_stack.service_role_key}").json()["code"] == "InvalidSignature"
    assert httpx.get(f"{base}/{name}").status_code == 400
    r = service.post(f"/object/sign/avatars/{name}", json={"expiresIn": 0})
    assert r.status_code == 400 and r.json()["code"] == "InvalidParameter"


def test_signed_upload_token_is_single_object(service, storage_stack):
    name = f"{uuid.uuid4()}/up.txt"
    signed = service.post(f"/object/upload/sign/avatars/{name}").json()
    assert signed["url"].startswith(f"/object/upload/sign/avatars/{name}?token=")
    base = f"{storage_stack.url}/storage/v1/object/upload/sign/avatars"
    r = httpx.put(f"{base}/{name}x?token={signed['token']}", content=b"x", headers={"content-type": "text/plain"})
    assert r.json()["code"] == "InvalidSignature"
    r = httpx.put(f"{base}/{name}?token={signed['token']}", content=b"x", headers={"content-type": "text/plain"})
    assert r.json() == {"Key": f"avatars/{name}"}
    service.request("DELETE", "/object/avatars", json={"prefixes": [name]})


def test_signed_upload_needs_insert_permission(client1):
    r = client1.post("/object/upload/sign/client_documents/not-mine/x.pdf")
    assert r.status_code == 400 and r.json()["statusCode"] == "403"


def test_single_delete(service):
    name = f"{uuid.uuid4()}/d.txt"
    service.post(f"/object/avatars/{name}", content=b"x", headers={"content-type": "text/plain"})
    assert service.delete(f"/object/avatars/{name}").json() == {"message": "Successfully deleted"}
    assert service.delete(f"/object/avatars/{name}").json()["statusCode"] == "404"
