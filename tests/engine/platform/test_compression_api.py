"""API responses compressed when the client asks and the body is worth it (as behind Supabase's gateway), and
everything that must stay byte-exact left alone: small bodies, streamed bodies, storage ranges, websockets."""
from __future__ import annotations

import asyncio
import gzip
import json
import uuid

import brotli
import httpx
import pytest
import websockets

from supastack.gateway.api_compression import MIN_SIZE, chosen_coding, compressing_send, compression_offer

BROWSER = "gzip, deflate, br, zstd"


def raw(method: str, url: str, accept_encoding: str | None, **kwargs) -> httpx.Response:
    """The response with its body as sent on the wire (httpx would otherwise decode it)."""
    with httpx.Client(timeout=30) as client:
        del client.headers["accept-encoding"]
        headers = dict(kwargs.pop("headers", {}))
        if accept_encoding is not None:
            headers["Accept-Encoding"] = accept_encoding
        with client.stream(method, url, headers=headers, **kwargs) as response:
            response._content = b"".join(response.iter_raw())
    return response


def service(stack) -> dict[str, str]:
    return {"apikey": stack.service_role_key, "Authorization": f"Bearer {stack.service_role_key}"}


# --- through the stack ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", [
    "/rest/v1/",                              # the REST fast path (its own ASGI app): the OpenAPI document
    "/rest/v1/profiles?select=*",            # a table read (its Content-Range of rows is no byte range)
    "/auth/v1/admin/users",                   # a FastAPI route
])
def test_large_json_is_compressed_for_clients_that_ask(stack, path):
    plain = raw("GET", stack.url + path, None, headers=service(stack))
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    assert len(plain.content) >= MIN_SIZE, "the sample must be worth compressing"

    br = raw("GET", stack.url + path, BROWSER, headers=service(stack))
    assert br.headers["content-encoding"] == "br"
    assert "accept-encoding" in br.headers["vary"].lower()
    assert int(br.headers["content-length"]) == len(br.content) < len(plain.content) / 2
    assert json.loads(brotli.decompress(br.content)) == json.loads(plain.content)
    assert br.headers["content-type"] == plain.headers["content-type"]

    gz = raw("GET", stack.url + path, "gzip", headers=service(stack))
    assert gz.headers["content-encoding"] == "gzip"
    assert json.loads(gzip.decompress(gz.content)) == json.loads(plain.content)


def test_httpx_and_browsers_read_the_compressed_answer_transparently(stack):
    r = httpx.get(stack.url + "/rest/v1/profiles?select=*", headers=service(stack))   # httpx asks by itself
    assert r.headers["content-encoding"] in ("br", "gzip")
    assert isinstance(r.json(), list) and r.json()


def test_small_bodies_are_sent_as_they_are(stack):
    r = raw("GET", stack.url + "/rest/v1/profiles?select=id&limit=1", BROWSER, headers=service(stack))
    assert r.status_code == 200
    assert len(r.content) < MIN_SIZE
    assert "content-encoding" not in r.headers
    assert json.loads(r.content)


def test_clients_that_refuse_every_coding_get_plain_bytes(stack):
    for accept in ("identity", "br;q=0, gzip;q=0", "deflate"):
        r = raw("GET", stack.url + "/rest/v1/", accept, headers=service(stack))
        assert "content-encoding" not in r.headers, accept
        assert json.loads(r.content)


def test_head_answers_carry_no_encoding(stack):
    r = raw("HEAD", stack.url + "/rest/v1/profiles?select=*", BROWSER, headers=service(stack))
    assert r.status_code == 200
    assert "content-encoding" not in r.headers


@pytest.fixture
def stored_object(stack):
    bucket = f"compression-{uuid.uuid4().hex[:8]}"
    base = stack.url + "/storage/v1"
    created = httpx.post(f"{base}/bucket", headers=service(stack), json={"name": bucket, "public": False})
    assert created.status_code == 200, created.text
    body = json.dumps([{"linha": i, "texto": "conteúdo repetido " * 4} for i in range(200)]).encode()
    r = httpx.post(f"{base}/object/{bucket}/dados.json", headers={**service(stack), "Content-Type": "application/json"},
                   content=body)
    assert r.status_code == 200, r.text
    yield f"{base}/object/{bucket}/dados.json", body
    httpx.request("DELETE", f"{base}/object/{bucket}", headers=service(stack), json={"prefixes": ["dados.json"]})


def test_a_storage_range_download_is_unchanged(stack, stored_object):
    url, body = stored_object
    r = raw("GET", url, BROWSER, headers={**service(stack), "Range": "bytes=100-1299"})
    assert r.status_code == 206
    assert "content-encoding" not in r.headers
    assert r.headers["content-range"] == f"bytes 100-1299/{len(body)}"
    assert r.content == body[100:1300]


def test_storage_objects_are_served_as_stored(stack, stored_object):
    url, body = stored_object
    r = raw("GET", url, BROWSER, headers=service(stack))
    assert r.status_code == 200
    assert "content-encoding" not in r.headers
    assert r.content == body


async def test_a_websocket_still_upgrades_when_the_client_accepts_compression(stack):
    url = stack.url.replace("http", "ws", 1) + f"/realtime/v1/websocket?vsn=2.0.0&apikey={stack.anon_key}"
    async with websockets.connect(url, additional_headers={"Accept-Encoding": BROWSER}) as ws:
        await ws.send(json.dumps([None, "1", "phoenix", "heartbeat", {}]))
        reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
    assert reply == [None, "1", "phoenix", "phx_reply", {"status": "ok", "response": {}}]


# --- the wrapper alone (ASGI messages) ----------------------------------------------------------------------------

def http_scope(accept: str | None, method: str = "GET", path: str = "/rest/v1/x") -> dict:
    headers = [(b"host", b"x")] + ([(b"accept-encoding", accept.encode())] if accept is not None else [])
    return {"type": "http", "method": method, "path": path, "headers": headers}


@pytest.mark.parametrize(("accept", "method", "path", "expected"), [
    (BROWSER, "GET", "/rest/v1/x", "br"),
    ("gzip", "GET", "/rest/v1/x", "gzip"),
    ("br;q=0.5, gzip", "GET", "/rest/v1/x", "gzip"),
    ("*", "POST", "/rest/v1/x", "br"),
    ("deflate", "GET", "/rest/v1/x", None),
    ("br;q=0, gzip;q=0", "GET", "/rest/v1/x", None),
    (None, "GET", "/rest/v1/x", None),
    (BROWSER, "HEAD", "/rest/v1/x", None),
    (BROWSER, "GET", "/storage/v1/object/b/x", None),
])
def test_the_coding_follows_the_request(accept, method, path, expected):
    offer = compression_offer(http_scope(accept, method, path))
    assert (chosen_coding(offer) if offer else None) == expected


def run(messages: list[dict], accept: bytes = b"br, gzip") -> list[dict]:
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def go():
        wrapped = compressing_send(send, accept)
        for message in messages:
            await wrapped(message)

    asyncio.run(go())
    return sent


def start(length: int | None, kind: bytes = b"application/json", status: int = 200, extra=()) -> dict:
    headers = [(b"content-type", kind), *extra]
    if length is not None:
        headers.append((b"content-length", str(length).encode()))
    return {"type": "http.response.start", "status": status, "headers": headers}


def test_a_streamed_body_passes_through_untouched():
    chunks = [b'{"a": "' + b"x" * 2000, b'"}']
    messages = [start(None), {"type": "http.response.body", "body": chunks[0], "more_body": True},
                {"type": "http.response.body", "body": chunks[1], "more_body": False}]
    assert run(messages) == messages
    # Known length but sent in parts (a file, a proxy): also as it comes.
    parts = [start(2010), {"type": "http.response.body", "body": chunks[0], "more_body": True},
             {"type": "http.response.body", "body": chunks[1]}]
    assert run(parts) == parts


def test_event_streams_ranges_and_encoded_bodies_pass_through():
    body = b"x" * 5000
    ranged = start(5000, status=206, extra=[(b"content-range", b"bytes 0-4999/9000")])
    for head in (start(5000, b"text/event-stream"), ranged, start(5000, extra=[(b"content-encoding", b"gzip")]),
                 start(5000, b"image/png")):
        messages = [head, {"type": "http.response.body", "body": body}]
        assert run(messages) == messages


def test_a_compressed_answer_keeps_its_headers_and_weakens_its_etag():
    body = json.dumps([{"n": i} for i in range(300)]).encode()
    out = run([start(len(body), extra=[(b"etag", b'"abc"'), (b"vary", b"Origin"), (b"x-total", b"300")]),
               {"type": "http.response.body", "body": body}])
    headers = dict(out[0]["headers"])
    assert headers[b"content-encoding"] == b"br"
    assert headers[b"etag"] == b'W/"abc"'
    assert headers[b"vary"] == b"Origin, Accept-Encoding"
    assert headers[b"x-total"] == b"300"
    assert int(headers[b"content-length"]) == len(out[1]["body"])
    assert brotli.decompress(out[1]["body"]) == body
    gz = run([start(len(body)), {"type": "http.response.body", "body": body}], b"gzip, deflate")
    assert gzip.decompress(gz[1]["body"]) == body


def test_header_names_are_matched_in_any_case():
    body = b'{"x": "' + b"y" * 3000 + b'"}'
    head = {"type": "http.response.start", "status": 200, "headers": [
        (b"Content-Type", b"application/json"), (b"Content-Length", b"%d" % len(body)), (b"Vary", b"Origin")]}
    out = run([head, {"type": "http.response.body", "body": body}])
    names = [name.lower() for name, _ in out[0]["headers"]]
    assert names.count(b"content-length") == 1 and names.count(b"vary") == 1
    assert dict((n.lower(), v) for n, v in out[0]["headers"])[b"vary"] == b"Origin, Accept-Encoding"
