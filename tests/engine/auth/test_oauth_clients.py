"""The OAuth 2.1 server's admin API (/auth/v1/admin/oauth/clients) through supabase-py's auth.admin.oauth and raw
HTTP: create, list, get, update, delete, regenerate the secret; only the service role reaches it; GoTrue's
validation messages; the secret is kept only as its hash."""
from __future__ import annotations

import base64
import hashlib
import uuid

import httpx
import pytest
from supabase_auth.errors import AuthApiError
from supabase_auth.types import CreateOAuthClientParams, UpdateOAuthClientParams

from supabase import ClientOptions, create_client


@pytest.fixture
def oauth(api):
    return create_client(api.stack.url, api.stack.service_role_key,
                         options=ClientOptions(auto_refresh_token=False, persist_session=False)).auth.admin.oauth


def _name() -> str:
    return f"Cliente OAuth {uuid.uuid4().hex[:8]}"


def test_create_list_get_update_delete(oauth, api):
    name = _name()
    made = oauth.create_client(CreateOAuthClientParams(client_name=name,
                                                       redirect_uris=["https://example.com/callback"])).client
    assert made is not None and made.client_name == name and made.client_secret
    assert made.client_type == "confidential" and made.token_endpoint_auth_method == "client_secret_basic"
    assert made.registration_type == "manual" and made.grant_types == ["authorization_code", "refresh_token"]
    assert made.response_types == ["code"] and made.redirect_uris == ["https://example.com/callback"]
    # only the hash of the secret is kept
    stored = api.stack.sql("select client_secret_hash from auth.oauth_clients where id = %s", (made.client_id,))
    digest = base64.urlsafe_b64encode(hashlib.sha256(made.client_secret.encode()).digest()).rstrip(b"=").decode()
    assert stored == [(digest,)]

    listed = oauth.list_clients()
    assert name in [c.client_name for c in listed.clients]
    assert all(c.client_secret is None for c in listed.clients)
    got = oauth.get_client(made.client_id).client
    assert got is not None and got.client_id == made.client_id and got.client_secret is None

    renamed = oauth.update_client(made.client_id, UpdateOAuthClientParams(client_name=name + " (novo)")).client
    assert renamed is not None and renamed.client_name == name + " (novo)"
    assert renamed.redirect_uris == ["https://example.com/callback"]

    regenerated = oauth.regenerate_client_secret(made.client_id).client
    assert regenerated is not None and regenerated.client_secret and regenerated.client_secret != made.client_secret

    oauth.delete_client(made.client_id)
    assert name + " (novo)" not in [c.client_name for c in oauth.list_clients().clients]
    with pytest.raises(AuthApiError) as err:
        oauth.get_client(made.client_id)
    assert err.value.status == 404 and err.value.code == "oauth_client_not_found"


def test_public_client_has_no_secret(oauth, api):
    r = httpx.post(api.base + "/admin/oauth/clients", headers=api.admin_headers,
                   json={"client_name": _name(), "redirect_uris": ["http://localhost:3000/cb"],
                         "token_endpoint_auth_method": "none"})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["client_type"] == "public" and "client_secret" not in made
    assert made["token_endpoint_auth_method"] == "none"
    with pytest.raises(AuthApiError) as err:
        oauth.regenerate_client_secret(made["client_id"])
    assert err.value.status == 400 and err.value.message == "Cannot regenerate secret for public client"
    oauth.delete_client(made["client_id"])


@pytest.mark.parametrize("body, message", [
    ({"client_name": "x"}, "redirect_uris is required"),
    ({"redirect_uris": ["http://example.com/cb"]},
     "invalid redirect_uri 'http://example.com/cb': HTTP scheme only allowed for localhost"),
    ({"redirect_uris": ["https://example.com/cb#frag"]},
     "invalid redirect_uri 'https://example.com/cb#frag': fragment not allowed in redirect URI"),
    ({"redirect_uris": ["javascript:alert(1)"]},
     "invalid redirect_uri 'javascript:alert(1)': must have scheme and host"),
    ({"redirect_uris": [f"https://example.com/{i}" for i in range(11)]}, "redirect_uris cannot exceed 10 items"),
    ({"redirect_uris": ["https://example.com/cb"], "grant_types": ["password"]},
     "grant_types must only contain 'authorization_code' and/or 'refresh_token'"),
    ({"redirect_uris": ["https://example.com/cb"], "client_name": "n" * 1025},
     "client_name cannot exceed 1024 characters"),
    ({"redirect_uris": ["https://example.com/cb"], "client_type": "public",
      "token_endpoint_auth_method": "client_secret_post"},
     "public clients must use 'none' as token_endpoint_auth_method, got 'client_secret_post'"),
])
def test_bad_registrations_are_refused(api, body, message):
    before = api.stack.sql("select count(*) from auth.oauth_clients")
    r = httpx.post(api.base + "/admin/oauth/clients", headers=api.admin_headers, json=body)
    assert r.status_code == 400 and r.json()["code"] == "validation_failed" and r.json()["message"] == message
    assert api.stack.sql("select count(*) from auth.oauth_clients") == before


def test_only_the_service_role_reaches_it(api):
    made = httpx.post(api.base + "/admin/oauth/clients", headers=api.admin_headers,
                      json={"client_name": _name(), "redirect_uris": ["https://example.com/cb"]}).json()
    staff = api.sign_in("admin@escritorio.test", "Demo@12345")["access_token"]
    for token in (None, staff):   # the anon key, then an office administrator's session
        headers = api.headers(token)
        assert httpx.get(api.base + "/admin/oauth/clients", headers=headers).status_code == 403
        assert httpx.post(api.base + "/admin/oauth/clients", headers=headers,
                          json={"redirect_uris": ["https://evil.example/cb"]}).status_code == 403
        r = httpx.post(api.base + f"/admin/oauth/clients/{made['client_id']}/regenerate_secret", headers=headers)
        assert r.status_code == 403 and r.json()["code"] == "not_admin"
        assert httpx.delete(api.base + f"/admin/oauth/clients/{made['client_id']}", headers=headers).status_code == 403
    assert httpx.get(api.base + f"/admin/oauth/clients/{made['client_id']}",
                     headers=api.admin_headers).json()["client_name"] == made["client_name"]
    # the table is out of the REST API's reach, whatever the key
    for key in (api.stack.anon_key, api.stack.service_role_key):
        r = httpx.get(f"{api.stack.url}/rest/v1/oauth_clients", headers={"apikey": key, "Accept-Profile": "auth"})
        assert r.status_code in (404, 406)
    r = httpx.get(api.base + "/admin/oauth/clients/not-a-uuid", headers=api.admin_headers)
    assert r.status_code == 400 and r.json()["message"] == "invalid client_id format"
    r = httpx.put(api.base + f"/admin/oauth/clients/{made['client_id']}", headers=api.admin_headers, json={})
    assert r.status_code == 400 and r.json()["message"] == "No fields provided for update"
    r = httpx.put(api.base + f"/admin/oauth/clients/{uuid.uuid4()}", headers=api.admin_headers,
                  json={"client_name": "x"})
    assert r.status_code == 404 and r.json()["code"] == "oauth_client_not_found"
    httpx.delete(api.base + f"/admin/oauth/clients/{made['client_id']}", headers=api.admin_headers)
