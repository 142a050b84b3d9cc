"""The real supabase-py storage client against the stack: the full object life cycle and bucket API."""
from __future__ import annotations

import uuid

import httpx
import pytest
from storage3.exceptions import StorageApiError
from storage_helpers import CLIENT_1, CLIENT_1_ID, user_token

from supabase import ClientOptions, create_client


@pytest.fixture(scope="module")
def sb(storage_stack):
    return create_client(storage_stack.url, storage_stack.service_role_key)


@pytest.fixture()
def bucket(sb):
    name = f"py-{uuid.uuid4().hex[:8]}"
    sb.storage.create_bucket(name, options={"public": False})
    yield name
    sb.storage.empty_bucket(name)
    sb.storage.delete_bucket(name)


def test_upload_download_info_exists(sb, bucket):
    files = sb.storage.from_(bucket)
    res = files.upload("docs/relatório.pdf", b"%PDF-1.4 hello", {"content-type": "application/pdf"})
    assert res.full_path == f"{bucket}/docs/relatório.pdf"
    assert files.download("docs/relatório.pdf") == b"%PDF-1.4 hello"
    info = files.info("docs/relatório.pdf")
    assert info["name"] == "docs/relatório.pdf" and info["bucket_id"] == bucket
    assert info["size"] == 14 and info["content_type"] == "application/pdf"
    assert info["cache_control"] == "max-age=3600"
    assert files.exists("docs/relatório.pdf") is True
    assert files.exists("docs/missing.pdf") is False


def test_upload_twice_conflicts_unless_upsert(sb, bucket):
    files = sb.storage.from_(bucket)
    files.upload("a.txt", b"one")
    with pytest.raises(StorageApiError) as exc:
        files.upload("a.txt", b"two")
    assert exc.value.status == "409" and exc.value.code == "Duplicate"
    files.upload("a.txt", b"three", {"upsert": "true"})
    assert files.download("a.txt") == b"three"
    files.update("a.txt", b"four")
    assert files.download("a.txt") == b"four"


def test_list_folders_and_files(sb, bucket):
    files = sb.storage.from_(bucket)
    for path in ("f/b.txt", "f/a.txt", "f/sub/c.txt", "top.txt"):
        files.upload(path, path.encode())
    listed = files.list("f")
    assert [e["name"] for e in listed] == ["sub", "a.txt", "b.txt"]
    assert listed[0]["id"] is None and listed[0]["metadata"] is None
    assert listed[1]["metadata"]["size"] == len("f/a.txt") and listed[1]["metadata"]["mimetype"]
    assert [e["name"] for e in files.list()] == ["f", "top.txt"]
    assert [e["name"] for e in files.list("f", {"limit": 1, "offset": 1})] == ["a.txt"]
    assert [e["name"] for e in files.list("f", {"search": "b"})] == ["b.txt"]
    desc = files.list("f", {"sortBy": {"column": "name", "order": "desc"}})
    assert [e["name"] for e in desc] == ["sub", "b.txt", "a.txt"]


def test_move_copy_remove(sb, bucket, storage_stack):
    files = sb.storage.from_(bucket)
    files.upload("m/one.txt", b"payload")
    assert files.move("m/one.txt", "m/two.txt")["message"] == "Successfully moved"
    assert files.exists("m/one.txt") is False
    assert files.download("m/two.txt") == b"payload"
    copied = files.copy("m/two.txt", "copy/three.txt")
    assert copied["Key"] == f"{bucket}/copy/three.txt"
    assert files.download("copy/three.txt") == b"payload"
    removed = files.remove(["m/two.txt", "copy/three.txt", "never/existed.txt"])
    assert sorted(r["name"] for r in removed) == ["copy/three.txt", "m/two.txt"]
    assert files.list() == []
    root = storage_stack.data_dir / "storage" / bucket
    assert not [p for p in root.rglob("*") if p.is_file()]


def test_signed_urls(sb, bucket):
    files = sb.storage.from_(bucket)
    files.upload("s/a.txt", b"signed bytes")
    signed = files.create_signed_url("s/a.txt", 60)
    assert httpx.get(signed["signedURL"]).content == b"signed bytes"
    many = files.create_signed_urls(["s/a.txt", "s/missing.txt"], 60)
    assert many[0]["error"] is None and httpx.get(many[0]["signedURL"]).content == b"signed bytes"
    assert many[1]["signedURL"] is None and "does not exist" in many[1]["error"]
    download = files.create_signed_url("s/a.txt", 60, {"download": "nome.txt"})
    r = httpx.get(download["signedURL"])
    assert r.headers["content-disposition"].startswith("attachment") and "nome.txt" in r.headers["content-disposition"]


def test_signed_upload_url(sb, bucket):
    files = sb.storage.from_(bucket)
    target = files.create_signed_upload_url("up/x.txt")
    files.upload_to_signed_url("up/x.txt", target["token"], b"via token")
    assert files.download("up/x.txt") == b"via token"


def test_public_url(sb, storage_stack):
    files = sb.storage.from_("avatars")
    name = f"{uuid.uuid4()}/face.png"
    files.upload(name, b"\x89PNG fake", {"content-type": "image/png"})
    url = files.get_public_url(name)
    r = httpx.get(url)   # no key, no token
    assert r.status_code == 200 and r.content == b"\x89PNG fake" and r.headers["content-type"] == "image/png"
    files.remove([name])


def test_bucket_api(sb):
    name = f"b-{uuid.uuid4().hex[:8]}"
    assert sb.storage.create_bucket(name, options={"public": True, "file_size_limit": "1MB",
                                                   "allowed_mime_types": ["image/*"]}) == {"name": name}
    got = sb.storage.get_bucket(name)
    assert got.public is True and got.file_size_limit == 1_000_000 and got.allowed_mime_types == ["image/*"]
    assert name in [b.id for b in sb.storage.list_buckets()]
    with pytest.raises(StorageApiError) as exc:
        sb.storage.create_bucket(name)
    assert exc.value.status == "409"
    sb.storage.update_bucket(name, {"public": False, "file_size_limit": 10, "allowed_mime_types": ["text/plain"]})
    got = sb.storage.get_bucket(name)
    assert (got.public, got.file_size_limit, got.allowed_mime_types) == (False, 10, ["text/plain"])
    sb.storage.from_(name).upload("x.txt", b"0123456789")
    with pytest.raises(StorageApiError) as exc:
        sb.storage.delete_bucket(name)
    assert exc.value.status == "409"
    sb.storage.empty_bucket(name)
    sb.storage.delete_bucket(name)
    with pytest.raises(StorageApiError) as exc:
        sb.storage.get_bucket(name)
    assert exc.value.status == "404"


def test_user_client_sees_only_own_folder(storage_stack):
    token = user_token(storage_stack, CLIENT_1)
    sb_user = create_client(storage_stack.url, storage_stack.anon_key,
                            options=ClientOptions(headers={"Authorization": f"Bearer {token}"}))
    files = sb_user.storage.from_("client_documents")
    files.upload(f"{CLIENT_1_ID}/passaporte.pdf", b"%PDF own", {"content-type": "application/pdf"})
    assert files.download(f"{CLIENT_1_ID}/passaporte.pdf") == b"%PDF own"
    with pytest.raises(StorageApiError) as exc:
        files.upload("someone-else/x.pdf", b"%PDF", {"content-type": "application/pdf"})
    assert exc.value.status == "403"
