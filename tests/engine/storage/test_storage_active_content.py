"""An uploaded page (HTML, SVG, XML) never runs as the app: objects come with nosniff, and pages sandboxed.

The app's origin serves /storage/v1 too (gateway/app_server.py), where the session lives in localStorage: a
page someone uploaded, opened from there, must not get an origin whose storage it could read.
"""
from __future__ import annotations

import uuid

import httpx
import pytest


@pytest.mark.parametrize(("content_type", "sandboxed"), [
    ("text/html", True), ("text/html; charset=utf-8", True), ("image/svg+xml", True),
    ("application/xhtml+xml", True), ("text/xml", True), ("application/rss+xml", True),
    ("application/pdf", False), ("image/png", False), ("text/plain", False),
])
def test_objects_that_a_browser_would_run_as_a_page_are_sandboxed(storage_stack, service, content_type,
                                                                  sandboxed):
    name = f"pages/{uuid.uuid4().hex}"
    body = b"<html><script>localStorage.clear()</script></html>"
    assert service.post(f"/object/avatars/{name}", content=body,
                        headers={"content-type": content_type}).status_code == 200
    auth = {"Authorization": f"Bearer {storage_stack.service_role_key}"}
    answers = [
        service.get(f"/object/avatars/{name}"),                                     # authenticated, API origin
        httpx.get(f"{storage_stack.url}/storage/v1/object/public/avatars/{name}"),  # public URL
        httpx.get(f"{storage_stack.app_url}/storage/v1/object/public/avatars/{name}"),  # from the app's origin
        httpx.get(f"{storage_stack.app_url}/storage/v1/object/avatars/{name}", headers=auth),
    ]
    signed = service.post(f"/object/sign/avatars/{name}", json={"expiresIn": 60})
    answers.append(httpx.get(f"{storage_stack.app_url}/storage/v1{signed.json()['signedURL']}"))
    for r in answers:
        assert r.status_code == 200 and r.content == body
        assert r.headers["x-content-type-options"] == "nosniff"
        assert (r.headers.get("content-security-policy") == "sandbox") is sandboxed, r.headers
    head = service.head(f"/object/avatars/{name}")
    assert (head.headers.get("content-security-policy") == "sandbox") is sandboxed
