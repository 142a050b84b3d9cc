"""Authorisation comes from the policies on storage.objects / storage.buckets, evaluated as the caller."""
from __future__ import annotations

import time
import uuid

import pytest
from storage_helpers import CLIENT_1, CLIENT_1_ID, CLIENT_2_ID, Api, object_rows, stored_files, user_token

from supastack.core import jwt

PDF = {"content-type": "application/pdf"}


def _name(folder: str) -> str:
    return f"{folder}/{uuid.uuid4().hex[:8]}.pdf"


def test_client_writes_and_reads_only_own_folders(client1, client2, staff):
    own = _name(CLIENT_1_ID)
    attachment = _name(f"attachments/{CLIENT_1_ID}")
    for name in (own, attachment):
        r = client1.post(f"/object/client_documents/{name}", content=b"%PDF mine", headers=PDF)
        assert r.status_code == 200, r.text
        assert r.json()["Key"] == f"client_documents/{name}"
        assert client1.get(f"/object/client_documents/{name}").content == b"%PDF mine"
    # the other client can neither read nor learn it exists
    r = client2.get(f"/object/client_documents/{own}")
    assert r.status_code == 400 and r.json() == {"statusCode": "404", "code": "NoSuchKey", "error": "not_found",
                                                 "message": "Object not found"}
    assert client2.head(f"/object/client_documents/{own}").status_code == 400
    assert client2.post(f"/object/sign/client_documents/{own}", json={"expiresIn": 60}).json()["statusCode"] == "404"
    # staff read everything
    assert staff.get(f"/object/client_documents/{attachment}").content == b"%PDF mine"
    listed = client2.post("/object/list/client_documents", json={"prefix": CLIENT_1_ID}).json()
    assert listed == []
    listed = staff.post("/object/list/client_documents", json={"prefix": CLIENT_1_ID}).json()
    assert own.split("/")[1] in [e["name"] for e in listed]


def test_client_cannot_write_elsewhere(client1, storage_stack):
    before_rows, before_files = object_rows(storage_stack, "client_documents"), stored_files(storage_stack,
                                                                                            "client_documents")
    for name in (_name(CLIENT_2_ID), _name("attachments/" + CLIENT_2_ID), _name("shared"), f"{CLIENT_1_ID}.pdf"):
        r = client1.post(f"/object/client_documents/{name}", content=b"%PDF intruder", headers=PDF)
        assert r.status_code == 400
        assert r.json() == {"statusCode": "403", "code": "AccessDenied", "error": "Unauthorized",
                            "message": "new row violates row-level security policy"}
    assert object_rows(storage_stack, "client_documents") == before_rows
    assert stored_files(storage_stack, "client_documents") == before_files


def test_client_cannot_overwrite_move_or_delete(client1, staff, storage_stack):
    name = _name(CLIENT_1_ID)
    assert staff.post(f"/object/client_documents/{name}", content=b"%PDF original", headers=PDF).status_code == 200
    # no UPDATE policy for clients: upsert is refused and the bytes stay
    r = client1.post(f"/object/client_documents/{name}", content=b"%PDF changed",
                     headers={**PDF, "x-upsert": "true"})
    assert r.status_code == 400 and r.json()["statusCode"] in ("403", "404")
    assert staff.get(f"/object/client_documents/{name}").content == b"%PDF original"
    r = client1.post("/object/move", json={"bucketId": "client_documents", "sourceKey": name,
                                           "destinationKey": f"{CLIENT_1_ID}/moved.pdf"})
    assert r.status_code == 400
    # no DELETE policy: nothing is removed
    assert client1.request("DELETE", "/object/client_documents", json={"prefixes": [name]}).json() == []
    assert staff.get(f"/object/client_documents/{name}").content == b"%PDF original"
    removed = staff.request("DELETE", "/object/client_documents", json={"prefixes": [name]}).json()
    assert [r["name"] for r in removed] == [name]
    assert name not in object_rows(storage_stack, "client_documents")


def test_owner_is_the_caller(client1, storage_stack):
    name = _name(CLIENT_1_ID)
    assert client1.post(f"/object/client_documents/{name}", content=b"%PDF", headers=PDF).status_code == 200
    owner, owner_id = storage_stack.sql("select owner::text, owner_id from storage.objects where name = %s",
                                        (name,))[0]
    assert owner == owner_id == CLIENT_1


def test_anon_sees_public_bucket_only(anon, service):
    name = f"{uuid.uuid4()}/a.txt"
    assert service.post(f"/object/avatars/{name}", content=b"hi",
                        headers={"content-type": "text/plain"}).status_code == 200
    assert anon.get(f"/object/avatars/{name}").content == b"hi"
    assert anon.get(f"/object/public/avatars/{name}").content == b"hi"
    assert anon.get(f"/object/info/public/avatars/{name}").json()["size"] == 2
    assert anon.get("/object/public/client_documents/x.pdf").json()["statusCode"] == "404"
    r = anon.post(f"/object/avatars/{name}x", content=b"hi", headers={"content-type": "text/plain"})
    assert r.json()["statusCode"] == "403"
    assert anon.get("/bucket").json() == []       # no SELECT policy on buckets for anon


def test_bucket_writes_need_policies(staff, service):
    r = staff.post("/bucket", json={"id": "staff-bucket", "name": "staff-bucket"})
    assert r.status_code == 400 and r.json()["statusCode"] == "403"
    assert staff.get("/bucket/client_documents").json()["file_size_limit"] == 25 * 1024 * 1024
    assert service.get("/bucket/staff-bucket").json()["statusCode"] == "404"


@pytest.mark.parametrize("token_kind", ["expired", "wrong-secret", "garbage", "alg-none"])
def test_bad_jwt_is_access_denied(storage_stack, token_kind):
    now = int(time.time())
    claims = {"sub": CLIENT_1, "role": "authenticated", "exp": now + 60}
    token = {
        "expired": lambda: user_token(storage_stack, CLIENT_1, expires_in=-10),
        "wrong-secret": lambda: jwt.sign(claims, "another-secret-of-at-least-32-characters!"),
        "garbage": lambda: "not.a.jwt",
        "alg-none": lambda: "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.",
    }[token_kind]()
    r = Api(storage_stack, token).get("/object/avatars/x.png")
    assert r.status_code == 400
    body = r.json()
    assert body["statusCode"] == "403" and body["code"] == "AccessDenied" and body["error"] == "Unauthorized"
    if token_kind == "expired":
        assert body["message"] == "jwt expired"


def test_new_format_keys_map_like_the_gateway(storage_stack):
    s = storage_stack.settings
    import httpx
    secret = httpx.get(f"{s.api_url}/storage/v1/bucket", headers={"apikey": s.secret_key,
                                                                 "Authorization": f"Bearer {s.secret_key}"})
    assert {b["id"] for b in secret.json()} >= {"avatars", "client_documents", "tiny"}
    publishable = httpx.get(f"{s.api_url}/storage/v1/bucket", headers={"apikey": s.publishable_key})
    assert publishable.json() == []
