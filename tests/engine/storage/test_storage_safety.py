"""Refused uploads leave nothing behind: bad names, oversize bodies, wrong MIME types, failing transactions."""
from __future__ import annotations

import base64
import json
import uuid

import httpx
import pytest
from storage_helpers import object_rows, stored_files

TEXT = {"content-type": "text/plain"}


@pytest.fixture()
def unchanged(storage_stack):
    """Asserts that the test left no row and no file (staging, backups included) in the buckets it used."""
    buckets = ("avatars", "tiny", "client_documents")
    before = {b: (object_rows(storage_stack, b), stored_files(storage_stack, b)) for b in buckets}
    yield
    after = {b: (object_rows(storage_stack, b), stored_files(storage_stack, b)) for b in buckets}
    assert after == before


@pytest.mark.parametrize("name", [
    "%2E%2E/escape.txt", "a/%2E%2E/%2E%2E/escape.txt", "a/%2E/b.txt", "..%2Fescape.txt", "a//b.txt", "%2Fabsolute.txt",
    "a/%2E%2E/b.txt",
    "back%5Cslash.txt", "ctrl%01char.txt", "tab%09.txt", "del%7F.txt", "bad%FFutf8.txt",
    "x" * 1025, "long/" + "y" * 256,
])
def test_invalid_names_are_refused(service, unchanged, name):
    r = service.post(f"/object/avatars/{name}", content=b"data", headers=TEXT)
    assert r.status_code == 400, r.text
    assert r.json()["code"] in ("InvalidKey",) and r.json()["statusCode"] == "400"


def test_newline_in_name_matches_no_route(service, unchanged):
    # the router's path pattern stops at a line break: refused before any storage code runs
    assert service.post("/object/avatars/new%0Aline.txt", content=b"data", headers=TEXT).status_code in (400, 404)


def test_traversal_through_raw_path_does_not_escape(storage_stack, unchanged):
    # an HTTP client that does not normalise the path: the server must refuse, not write outside the bucket
    url = f"{storage_stack.url}/storage/v1/object/avatars/..%2F..%2Foutside.txt"
    r = httpx.post(url, content=b"x", headers={**TEXT, "Authorization": f"Bearer {storage_stack.service_role_key}"})
    assert r.status_code == 400 and r.json()["code"] == "InvalidKey"
    assert not (storage_stack.data_dir / "outside.txt").exists()
    assert not (storage_stack.data_dir / "storage" / "outside.txt").exists()


def test_move_and_copy_validate_the_destination(service, unchanged):
    name = f"{uuid.uuid4()}/ok.txt"
    assert service.post(f"/object/avatars/{name}", content=b"ok", headers=TEXT).status_code == 200
    for route in ("/object/move", "/object/copy"):
        r = service.post(route, json={"bucketId": "avatars", "sourceKey": name, "destinationKey": "../../evil.txt"})
        assert r.json()["code"] == "InvalidKey"
    service.request("DELETE", "/object/avatars", json={"prefixes": [name]})


def test_oversize_raw_upload(service, unchanged):
    r = service.post("/object/tiny/big.txt", content=b"x" * 1025, headers=TEXT)
    assert r.status_code == 400
    assert r.json() == {"statusCode": "413", "code": "EntityTooLarge", "error": "Payload too large",
                        "message": "The object exceeded the maximum allowed size"}


def test_oversize_streamed_upload_without_length(service, unchanged):
    def body():
        for _ in range(4):
            yield b"y" * 512      # chunked: the size is only known while streaming

    r = service.post("/object/tiny/streamed.txt", content=body(), headers=TEXT)
    assert r.json()["statusCode"] == "413"


def test_oversize_multipart_upload(service, unchanged):
    r = service.post("/object/tiny/form.txt", files={"": ("blob", b"z" * 2048, "text/plain")},
                     data={"cacheControl": "3600"})
    assert r.json()["statusCode"] == "413"


def test_global_size_limit(service, unchanged):
    # the fixture project's config.toml sets file_size_limit = "5MiB"; avatars has no own limit
    r = service.post(f"/object/avatars/{uuid.uuid4()}/huge.bin", content=b"\0" * (5 * 1024 * 1024 + 1),
                     headers={"content-type": "application/octet-stream"})
    assert r.json()["statusCode"] == "413"


def test_exact_limit_is_accepted(service):
    r = service.post("/object/tiny/exact.txt", content=b"x" * 1024, headers=TEXT)
    assert r.status_code == 200, r.text
    service.request("DELETE", "/object/tiny", json={"prefixes": ["exact.txt"]})


@pytest.mark.parametrize("kind", ["raw", "multipart"])
def test_wrong_mime_type(service, unchanged, kind):
    if kind == "raw":
        r = service.post("/object/tiny/page.html", content=b"<html>", headers={"content-type": "text/html"})
    else:
        r = service.post("/object/tiny/page.html", files={"file": ("page.html", b"<html>", "text/html")})
    assert r.status_code == 400
    assert r.json() == {"statusCode": "415", "code": "InvalidMimeType", "error": "invalid_mime_type",
                        "message": "mime type text/html is not supported"}


def test_mime_wildcard_accepts(service):
    r = service.post("/object/tiny/pic.webp", files={"": ("blob", b"RIFF", "image/webp")})
    assert r.status_code == 200, r.text
    info = service.get("/object/info/tiny/pic.webp").json()
    assert info["content_type"] == "image/webp" and info["cache_control"] == "no-cache"
    service.request("DELETE", "/object/tiny", json={"prefixes": ["pic.webp"]})


def test_failed_row_write_leaves_no_bytes(service, unchanged):
    meta = base64.b64encode(json.dumps({"fail": "insert"}).encode()).decode()
    r = service.post(f"/object/avatars/{uuid.uuid4()}/x.txt", content=b"bytes", headers={**TEXT, "x-metadata": meta})
    assert r.status_code == 500 and r.json()["code"] == "DatabaseError"


def test_failed_commit_leaves_no_bytes(service, unchanged):
    r = service.post(f"/object/avatars/{uuid.uuid4()}/y.txt", files={"": ("blob", b"bytes", "text/plain")},
                     data={"metadata": json.dumps({"fail": "commit"})})
    assert r.status_code == 500


def test_failed_upsert_keeps_the_previous_bytes(service, storage_stack):
    name = f"{uuid.uuid4()}/keep.txt"
    assert service.post(f"/object/avatars/{name}", content=b"version 1", headers=TEXT).status_code == 200
    rows, files = object_rows(storage_stack, "avatars"), stored_files(storage_stack, "avatars")
    for fail in ("insert", "commit"):
        r = service.post(f"/object/avatars/{name}", files={"": ("blob", b"version 2", "text/plain")},
                         data={"metadata": json.dumps({"fail": fail})}, headers={"x-upsert": "true"})
        assert r.status_code == 500
        assert service.get(f"/object/avatars/{name}").content == b"version 1"
        assert service.get(f"/object/info/avatars/{name}").json()["size"] == len(b"version 1")
    assert (object_rows(storage_stack, "avatars"), stored_files(storage_stack, "avatars")) == (rows, files)
    service.request("DELETE", "/object/avatars", json={"prefixes": [name]})


def test_failed_move_and_copy_keep_bytes_in_place(service, storage_stack):
    name = f"{uuid.uuid4()}/src.txt"
    meta = base64.b64encode(json.dumps({"note": "x"}).encode()).decode()
    assert service.post(f"/object/avatars/{name}", content=b"src",
                        headers={**TEXT, "x-metadata": meta}).status_code == 200
    other = f"{uuid.uuid4()}/dst.txt"
    assert service.post(f"/object/avatars/{other}", content=b"dst", headers=TEXT).status_code == 200
    files = stored_files(storage_stack, "avatars")
    r = service.post("/object/move", json={"bucketId": "avatars", "sourceKey": name, "destinationKey": other})
    assert r.json()["statusCode"] == "409"
    r = service.post("/object/copy", json={"bucketId": "avatars", "sourceKey": name, "destinationKey": other})
    assert r.json()["statusCode"] == "409"
    assert stored_files(storage_stack, "avatars") == files
    assert service.get(f"/object/avatars/{other}").content == b"dst"
    service.request("DELETE", "/object/avatars", json={"prefixes": [name, other]})


def test_missing_bucket_and_missing_body(service, unchanged):
    r = service.post("/object/no-such-bucket/a.txt", content=b"x", headers=TEXT)
    assert r.json()["statusCode"] == "404" and r.json()["error"] == "Bucket not found"
    r = service.post("/object/avatars/a.txt", content=b"--x--",
                     headers={"content-type": "multipart/form-data; boundary=x"})
    assert r.status_code == 400 and r.json()["code"] == "InvalidRequest"
    r = service.post("/object/move", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400
