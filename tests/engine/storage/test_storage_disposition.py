"""`?download` answers Content-Disposition exactly as storage-api writes it."""
from __future__ import annotations

import uuid

import pytest


@pytest.fixture(scope="module")
def stored(service):
    name = f"disp-{uuid.uuid4().hex[:8]}/relatório final.pdf"
    assert service.post(f"/object/avatars/{name}", content=b"%PDF-",
                        headers={"content-type": "application/pdf"}).status_code == 200
    yield name
    service.request("DELETE", "/object/avatars", json={"prefixes": [name]})


def test_download_without_a_name_is_a_bare_attachment(service, stored):
    r = service.get(f"/object/avatars/{stored}", params={"download": ""})
    assert r.headers["content-disposition"] == "attachment;"


def test_download_with_a_name_in_both_forms(service, stored):
    r = service.get(f"/object/avatars/{stored}", params={"download": "Relatório (1) ação.pdf"})
    encoded = "Relat%C3%B3rio%20(1)%20a%C3%A7%C3%A3o.pdf"
    assert r.headers["content-disposition"] == f"attachment; filename={encoded}; filename*=UTF-8''{encoded}"


def test_no_download_no_disposition(service, stored):
    assert "content-disposition" not in service.get(f"/object/public/avatars/{stored}").headers


def test_public_and_signed_downloads_too(service, anon, stored):
    r = anon.get(f"/object/public/avatars/{stored}", params={"download": "a b.pdf"})
    assert r.headers["content-disposition"] == "attachment; filename=a%20b.pdf; filename*=UTF-8''a%20b.pdf"
    signed = service.post(f"/object/sign/avatars/{stored}", json={"expiresIn": 60}).json()["signedURL"]
    r = service.get(signed + "&download=")
    assert r.status_code == 200 and r.headers["content-disposition"] == "attachment;"
