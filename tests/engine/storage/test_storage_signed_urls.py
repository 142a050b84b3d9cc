"""Signed download URLs: lifetime capped by `[storage] signed_url_max_expiry`, token bound to the object's version."""
from __future__ import annotations

import uuid

import httpx

MAX_EXPIRY = 86400     # the fixture project's config.toml


def _upload(service, name: str, data: bytes, upsert: bool = False) -> None:
    headers = {"content-type": "text/plain", **({"x-upsert": "true"} if upsert else {})}
    assert service.post(f"/object/avatars/{name}", content=data, headers=headers).status_code == 200


def test_expires_in_is_capped_by_the_configuration(service):
    name = f"{uuid.uuid4()}/cap.txt"
    _upload(service, name, b"x")
    r = service.post(f"/object/sign/avatars/{name}", json={"expiresIn": MAX_EXPIRY + 1})
    assert r.status_code == 400
    assert r.json() == {"statusCode": "400", "code": "InvalidParameter", "error": "InvalidParameter",
                        "message": f"expiresIn must be at most {MAX_EXPIRY} seconds"}
    r = service.post("/object/sign/avatars", json={"expiresIn": 10 ** 9, "paths": [name]})
    assert r.status_code == 400 and r.json()["code"] == "InvalidParameter"
    assert service.post(f"/object/sign/avatars/{name}", json={"expiresIn": MAX_EXPIRY}).status_code == 200
    service.request("DELETE", "/object/avatars", json={"prefixes": [name]})


def test_a_token_does_not_reach_a_file_uploaded_again_under_the_same_name(service, storage_stack):
    name = f"{uuid.uuid4()}/doc.txt"
    _upload(service, name, b"first upload")
    one = service.post(f"/object/sign/avatars/{name}", json={"expiresIn": 600}).json()["signedURL"]
    many = service.post("/object/sign/avatars", json={"expiresIn": 600, "paths": [name]}).json()[0]["signedURL"]
    base = f"{storage_stack.url}/storage/v1"
    assert httpx.get(base + one).content == b"first upload"
    assert httpx.get(base + many).content == b"first upload"

    _upload(service, name, b"second upload, someone else's", upsert=True)
    for url in (one, many):
        r = httpx.get(base + url)
        assert r.status_code == 400
        assert r.json() == {"statusCode": "400", "code": "InvalidSignature", "error": "InvalidSignature",
                            "message": "Invalid signature"}
        assert httpx.head(base + url).status_code == 400
    fresh = service.post(f"/object/sign/avatars/{name}", json={"expiresIn": 600}).json()["signedURL"]
    assert httpx.get(base + fresh).content == b"second upload, someone else's"

    # deleted and uploaded again: a new version too
    service.request("DELETE", "/object/avatars", json={"prefixes": [name]})
    _upload(service, name, b"third")
    assert httpx.get(base + fresh).json()["code"] == "InvalidSignature"
    service.request("DELETE", "/object/avatars", json={"prefixes": [name]})


def test_a_token_does_not_follow_a_move_back(service, storage_stack):
    name, other = f"{uuid.uuid4()}/a.txt", f"{uuid.uuid4()}/b.txt"
    _upload(service, name, b"original")
    url = service.post(f"/object/sign/avatars/{name}", json={"expiresIn": 600}).json()["signedURL"]
    assert service.post("/object/move", json={"bucketId": "avatars", "sourceKey": name,
                                              "destinationKey": other}).status_code == 200
    _upload(service, name, b"replacement")
    assert httpx.get(f"{storage_stack.url}/storage/v1{url}").json()["code"] == "InvalidSignature"
    service.request("DELETE", "/object/avatars", json={"prefixes": [name, other]})
