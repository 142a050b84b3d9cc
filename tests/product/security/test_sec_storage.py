"""Storage attacks on the product stack: probing another client's folder, oversize chunked bodies,
long-lived or stale signed URLs."""
from __future__ import annotations

import time
import uuid

import pytest
from security_helpers import JOAO_CLIENT, MARIA_CLIENT

BUCKET = "client_documents"
STORAGE = "/storage/v1"


@pytest.fixture()
def marias_file(attacker):
    name = f"{MARIA_CLIENT}/passaporte-{uuid.uuid4().hex[:6]}.txt"
    # Maria's own upload: a client reads what it uploaded itself (and shared documents), not any file of its folder
    r = attacker.http.post(f"{STORAGE}/object/{BUCKET}/{name}", content=b"passaporte da maria",
                           headers=attacker.headers("maria", **{"content-type": "text/plain"}))
    assert r.status_code == 200, r.text
    yield name
    attacker.http.request("DELETE", f"{STORAGE}/object/{BUCKET}", json={"prefixes": [name]},
                          headers=attacker.service_headers())


@pytest.mark.parametrize("method,route", [
    ("DELETE", "/object/{bucket}/{name}"),
    ("GET", "/object/info/{bucket}/{name}"),
    ("GET", "/object/info/authenticated/{bucket}/{name}"),
    ("HEAD", "/object/{bucket}/{name}"),
    ("GET", "/object/{bucket}/{name}"),
    ("GET", "/object/authenticated/{bucket}/{name}"),
    ("POST", "/object/sign/{bucket}/{name}"),
])
def test_a_hidden_object_answers_as_an_absent_one(attacker, sec_stack, marias_file, method, route):
    absent = f"{MARIA_CLIENT}/nao-existe-{uuid.uuid4().hex[:6]}.txt"
    kwargs = {"json": {"expiresIn": 60}} if method == "POST" else {}

    def probe(name):
        return attacker.http.request(method, STORAGE + route.format(bucket=BUCKET, name=name),
                                     headers=attacker.headers("joao"), **kwargs)

    hidden, missing = probe(marias_file), probe(absent)
    assert (hidden.status_code, hidden.content) == (missing.status_code, missing.content)
    assert hidden.status_code in (400, 404)
    if method != "HEAD":
        assert hidden.json()["statusCode"] == "404"
    # and nothing happened to it
    assert sec_stack.sql("select count(*) from storage.objects where name = %s", (marias_file,)) == [(1,)]


def test_joao_cannot_delete_marias_file_in_a_batch_either(attacker, sec_stack, marias_file):
    r = attacker.delete(f"{STORAGE}/object/{BUCKET}", "joao", json={"prefixes": [marias_file]})
    assert r.status_code == 200 and r.json() == []
    assert sec_stack.sql("select count(*) from storage.objects where name = %s", (marias_file,)) == [(1,)]


@pytest.mark.parametrize("path", ["/object/list/client_documents", "/object/move", "/object/sign/client_documents",
                                  "/bucket"])
def test_chunked_json_bodies_are_counted(attacker, sec_stack, path):
    limit = sec_stack.settings.max_request_body

    def body():
        yield b'{"prefix": "'
        for _ in range(limit // (256 * 1024) + 2):
            yield b"a" * (256 * 1024)
        yield b'"}'

    r = attacker.http.post(STORAGE + path, content=body(),
                           headers=attacker.headers("maria", **{"content-type": "application/json"}))
    assert "content-length" not in r.request.headers
    assert r.status_code == 413
    assert r.json() == {"statusCode": "413", "error": "FastifyError", "message": "Request body is too large"}


def test_multipart_form_fields_are_small(attacker):
    r = attacker.http.post(f"{STORAGE}/object/{BUCKET}/{MARIA_CLIENT}/campos.txt",
                           files={"": ("blob", b"x", "text/plain")},
                           data={"cacheControl": "3600", "metadata": "{}", "enchimento": "e" * (1024 * 1024)},
                           headers=attacker.headers("maria"))
    assert r.json()["statusCode"] == "413"


def test_a_client_upload_into_another_folder_is_refused_before_it_is_stored(attacker, sec_stack):
    staged: list = []

    def body():
        yield b"%PDF" + b"0" * (256 * 1024)
        time.sleep(0.6)                      # the server has the head and the first bytes: is it storing them?
        staged.extend((sec_stack.data_dir / "storage").rglob("*.part"))
        for _ in range(40):
            yield b"0" * (256 * 1024)

    r = attacker.http.post(f"{STORAGE}/object/{BUCKET}/{JOAO_CLIENT}/plantado.pdf", content=body(),
                           headers=attacker.headers("maria", **{"content-type": "application/pdf"}))
    assert staged == [], "the refused upload was being written to disk"
    assert r.json()["statusCode"] == "403"


def test_signed_urls_live_at_most_seven_days(attacker, marias_file):
    sign = f"{STORAGE}/object/sign/{BUCKET}/{marias_file}"
    r = attacker.post(sign, "maria", json={"expiresIn": 604800 + 1})
    assert r.status_code == 400 and r.json()["code"] == "InvalidParameter"
    r = attacker.post(f"{STORAGE}/object/sign/{BUCKET}", "maria", json={"expiresIn": 10 ** 9, "paths": [marias_file]})
    assert r.status_code == 400
    assert attacker.post(sign, "maria", json={"expiresIn": 604800}).status_code == 200


def test_an_old_signed_url_does_not_serve_a_new_upload(attacker, marias_file):
    url = attacker.post(f"{STORAGE}/object/sign/{BUCKET}/{marias_file}", "maria",
                        json={"expiresIn": 3600}).json()["signedURL"]
    assert attacker.http.get(STORAGE + url).content == b"passaporte da maria"
    r = attacker.http.post(f"{STORAGE}/object/{BUCKET}/{marias_file}", content=b"documento novo",
                           headers=attacker.service_headers(**{"content-type": "text/plain", "x-upsert": "true"}))
    assert r.status_code == 200
    stale = attacker.http.get(STORAGE + url)
    assert stale.status_code == 400 and stale.json()["code"] == "InvalidSignature"
