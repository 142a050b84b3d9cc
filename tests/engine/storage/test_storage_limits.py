"""Storage protects its own endpoints (the gateway lets /storage/v1 bodies through untouched): JSON bodies are
counted while they arrive, multipart forms carry only small known fields, and an upload is judged on its head
before any file byte is stored."""
from __future__ import annotations

import json
import threading
import time
import uuid
from pathlib import Path

import pytest
from storage_helpers import CLIENT_2_ID, object_rows

MAX_BODY = 10 * 1024 * 1024          # [api] max_request_body default (the fixture project keeps it)
TOO_LARGE = {"statusCode": "413", "error": "FastifyError", "message": "Request body is too large"}


def chunked_json(total: int, sent: list[int] | None = None):
    """A JSON-looking body of `total` bytes sent chunked (no Content-Length), counting what was pulled."""
    def body():
        yield b'{"prefix": "'
        left = total
        while left > 0:
            piece = b"a" * min(64 * 1024, left)
            left -= len(piece)
            if sent is not None:
                sent[0] += len(piece)
            yield piece
        yield b'"}'
    return body()


@pytest.mark.parametrize("method,path", [
    ("POST", "/object/list/avatars"), ("POST", "/object/move"), ("POST", "/object/copy"),
    ("POST", "/object/sign/avatars"), ("POST", "/object/sign/avatars/a.txt"), ("DELETE", "/object/avatars"),
    ("POST", "/bucket"), ("PUT", "/bucket/avatars"),
])
def test_chunked_json_over_the_limit_is_413(service, method, path):
    r = service.request(method, path, content=chunked_json(MAX_BODY + 1024),
                        headers={"content-type": "application/json"})
    assert "content-length" not in r.request.headers
    assert r.status_code == 413, r.text[:200]
    assert r.json() == TOO_LARGE


def test_declared_length_over_the_limit_is_413_before_reading(service):
    r = service.post("/object/list/avatars", content=b"{" + b" " * MAX_BODY + b"}",
                     headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json() == TOO_LARGE


def test_json_under_the_limit_still_works(service):
    r = service.post("/object/list/avatars", content=chunked_json(1000), headers={"content-type": "application/json"})
    assert r.status_code == 200 and r.json() == []


def _peak_rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


def test_a_huge_chunked_json_body_is_not_held_in_memory(storage_stack, service):
    pid = storage_stack.proc.pid
    before = _peak_rss_kib(pid)
    r = service.post("/object/move", content=chunked_json(96 * 1024 * 1024),
                     headers={"content-type": "application/json"})
    grown_mib = (_peak_rss_kib(pid) - before) / 1024
    assert grown_mib < 32, f"peak memory grew {grown_mib:.0f} MiB for a refused 96 MiB body"
    assert r.status_code == 413


# -- multipart forms --------------------------------------------------------------------------------

def test_unknown_form_fields_count_and_are_not_kept(service):
    r = service.post(f"/object/avatars/{uuid.uuid4()}/f.txt", files={"": ("blob", b"x", "text/plain")},
                     data={"cacheControl": "60", "junk": "j" * (70 * 1024)})
    assert r.status_code == 400
    assert r.json() == {"statusCode": "413", "code": "EntityTooLarge", "error": "Payload too large",
                        "message": "The form fields exceeded the maximum allowed size"}


def test_known_fields_are_read(service):
    name = f"{uuid.uuid4()}/f.txt"
    r = service.post(f"/object/avatars/{name}", files={"": ("blob", b"xyz", "text/plain")},
                     data={"cacheControl": "60", "metadata": json.dumps({"a": 1}), "other": "ignored"})
    assert r.status_code == 200, r.text
    info = service.get(f"/object/info/avatars/{name}").json()
    assert info["cache_control"] == "max-age=60" and info["metadata"] == {"a": 1} and info["size"] == 3
    service.request("DELETE", "/object/avatars", json={"prefixes": [name]})


def _parts_in(storage_stack) -> list[Path]:
    root = storage_stack.data_dir / "storage"
    return [p for p in root.rglob("*.part")] if root.exists() else []


def _paused_multipart(boundary: str, file_bytes: int, seen_parts: list, storage_stack, pause: float = 0.6):
    """A multipart body that stops after the start of its file part, looks for staging files, then ends."""
    def body():
        yield (f"--{boundary}\r\nContent-Disposition: form-data; name=\"cacheControl\"\r\n\r\n3600\r\n"
               f"--{boundary}\r\nContent-Disposition: form-data; name=\"\"; filename=\"blob\"\r\n"
               f"Content-Type: application/pdf\r\n\r\n").encode() + b"%PDF" + b"0" * 4096
        time.sleep(pause)
        seen_parts.extend(_parts_in(storage_stack))
        yield b"1" * (file_bytes - 4100)
        yield f"\r\n--{boundary}--\r\n".encode()
    return body()


def test_upload_refused_by_the_policies_before_any_file_byte_is_stored(client1, storage_stack):
    name = f"{CLIENT_2_ID}/{uuid.uuid4().hex[:8]}.pdf"      # another client's folder: INSERT policy says no
    boundary, seen = "b" + uuid.uuid4().hex, []
    r = client1.post(f"/object/client_documents/{name}",
                     content=_paused_multipart(boundary, 2 * 1024 * 1024, seen, storage_stack),
                     headers={"content-type": f"multipart/form-data; boundary={boundary}"})
    assert r.json()["statusCode"] == "403", r.text
    assert seen == [], "the refused upload was being written to disk"
    assert name not in object_rows(storage_stack, "client_documents")


def test_declared_multipart_size_over_the_bucket_limit_is_refused_first(service, storage_stack):
    boundary, seen = "b" + uuid.uuid4().hex, []
    size = 200 * 1024                                          # bucket `tiny` takes 1 KiB
    body = _paused_multipart(boundary, size, seen, storage_stack)
    length = size + len(f"--{boundary}\r\nContent-Disposition: form-data; name=\"cacheControl\"\r\n\r\n3600\r\n"
                        f"--{boundary}\r\nContent-Disposition: form-data; name=\"\"; filename=\"blob\"\r\n"
                        f"Content-Type: application/pdf\r\n\r\n") + len(f"\r\n--{boundary}--\r\n")
    r = service.post("/object/tiny/big.pdf", content=body,
                     headers={"content-type": f"multipart/form-data; boundary={boundary}",
                              "content-length": str(length)})
    assert r.json()["statusCode"] == "413", r.text
    assert seen == []


def test_wrong_mime_type_of_the_file_part_is_refused_first(service, storage_stack):
    boundary, seen = "b" + uuid.uuid4().hex, []
    r = service.post("/object/tiny/doc.pdf", content=_paused_multipart(boundary, 8192, seen, storage_stack),
                     headers={"content-type": f"multipart/form-data; boundary={boundary}"})
    assert r.json()["statusCode"] == "415", r.text      # tiny takes image/* and text/plain only
    assert seen == []


def test_a_refused_upload_still_gets_its_answer_while_the_client_keeps_sending(client1):
    # the server answers at once and drops the rest of the body: the client still reads the answer
    def body():
        for _ in range(64):
            yield b"z" * (64 * 1024)
    started = time.monotonic()
    r = client1.post(f"/object/client_documents/{CLIENT_2_ID}/x.pdf", content=body(),
                     headers={"content-type": "application/pdf"})
    assert r.json()["statusCode"] == "403" and time.monotonic() - started < 10


def test_concurrent_uploads_do_not_share_staging(service):
    names = [f"{uuid.uuid4()}/c.txt" for _ in range(8)]
    results: list[int] = []

    def put(name: str) -> None:
        results.append(service.post(f"/object/avatars/{name}", content=name.encode(),
                                    headers={"content-type": "text/plain"}).status_code)

    threads = [threading.Thread(target=put, args=(n,)) for n in names]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert results == [200] * len(names)
    assert all(service.get(f"/object/avatars/{n}").content == n.encode() for n in names)
    service.request("DELETE", "/object/avatars", json={"prefixes": names})
