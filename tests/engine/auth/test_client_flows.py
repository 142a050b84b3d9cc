"""The real supabase-py client against the auth service: sign in, session, user, refresh, password, sign out."""
from __future__ import annotations

import httpx
import pytest
from auth_helpers import PASSWORD
from supabase_auth.errors import AuthApiError

from harness import session_claims
from supabase import create_client


def client(stack):
    return create_client(stack.url, stack.anon_key)


def test_sign_in_session_user_and_claims(api, user):
    sb = client(api.stack)
    res = sb.auth.sign_in_with_password({"email": user["email"], "password": PASSWORD})
    assert res.user.id == user["id"] and res.user.email == user["email"]
    session = sb.auth.get_session()
    assert session.access_token == res.session.access_token and session.token_type == "bearer"
    assert session.expires_in == api.stack.settings.jwt_expiry
    assert sb.auth.get_user().user.id == user["id"]

    claims = session_claims(api.stack, session.access_token)
    assert claims["iss"] == f"{api.stack.url}/auth/v1"
    assert claims["sub"] == user["id"] and claims["aud"] == "authenticated" and claims["role"] == "authenticated"
    assert claims["email"] == user["email"] and claims["phone"] == ""
    assert claims["app_metadata"] == {"provider": "email", "providers": ["email"]}
    assert claims["aal"] == "aal1" and claims["amr"][0]["method"] == "password"
    assert claims["is_anonymous"] is False and claims["exp"] - claims["iat"] == api.stack.settings.jwt_expiry
    assert api.stack.sql("select user_id::text from auth.sessions where id = %s",
                         (claims["session_id"],)) == [(user["id"],)]
    # the sign-in is audited
    actions = api.stack.sql("select payload->>'action' from auth.audit_log_entries where payload->>'actor_id' = %s",
                            (user["id"],))
    assert ("login",) in actions


def test_user_json_has_gotrue_fields(api, user):
    session = api.sign_in(user["email"])
    body = api.get("/user", session["access_token"]).json()
    for key in ("id", "aud", "role", "email", "email_confirmed_at", "phone", "confirmed_at", "last_sign_in_at",
                "app_metadata", "user_metadata", "identities", "created_at", "updated_at", "is_anonymous"):
        assert key in body, key
    assert body["phone"] == "" and body["created_at"].endswith("Z")
    identity = body["identities"][0]
    assert identity["provider"] == "email" and identity["id"] == user["id"] and identity["user_id"] == user["id"]
    assert identity["identity_data"]["email"] == user["email"] and identity["identity_id"]


def test_refresh_rotates_and_emits_new_tokens(api, user):
    sb = client(api.stack)
    first = sb.auth.sign_in_with_password({"email": user["email"], "password": PASSWORD}).session
    refreshed = sb.auth.refresh_session().session
    assert refreshed.refresh_token != first.refresh_token
    assert refreshed.user.id == user["id"]
    rows = api.stack.sql("select token, revoked, parent from auth.refresh_tokens where session_id = "
                         "(select session_id from auth.refresh_tokens where token = %s) order by id",
                         (first.refresh_token,))
    assert rows == [(first.refresh_token, True, None), (refreshed.refresh_token, False, first.refresh_token)]


def test_update_password_then_sign_in_with_new_one(api, user):
    sb = client(api.stack)
    sb.auth.sign_in_with_password({"email": user["email"], "password": PASSWORD})
    other = api.sign_in(user["email"])  # a second session, ended by the password change
    sb.auth.update_user({"password": "NovaSenha@456", "data": {"tema": "escuro"}})
    fresh = client(api.stack)
    with pytest.raises(AuthApiError) as err:
        fresh.auth.sign_in_with_password({"email": user["email"], "password": PASSWORD})
    assert err.value.code == "invalid_credentials"
    res = fresh.auth.sign_in_with_password({"email": user["email"], "password": "NovaSenha@456"})
    assert res.user.user_metadata["tema"] == "escuro"
    r = api.post("/token?grant_type=refresh_token", json={"refresh_token": other["refresh_token"]})
    assert r.status_code == 400 and r.json()["code"] == "refresh_token_not_found"
    assert sb.auth.get_user().user.id == user["id"]  # the session that changed it lives on


def test_sign_out_revokes_refresh_token(api, user):
    sb = client(api.stack)
    session = sb.auth.sign_in_with_password({"email": user["email"], "password": PASSWORD}).session
    sb.auth.sign_out()
    assert sb.auth.get_session() is None
    r = api.post("/token?grant_type=refresh_token", json={"refresh_token": session.refresh_token})
    assert r.status_code == 400 and r.json()["code"] == "refresh_token_not_found"
    r = api.get("/user", session.access_token)
    assert r.status_code == 403 and r.json()["code"] == "session_not_found"


def test_logout_scopes(api, user):
    a, b, c = (api.sign_in(user["email"]) for _ in range(3))
    r = api.post("/logout?scope=others", a["access_token"])
    assert r.status_code == 204 and r.content == b""
    assert api.get("/user", a["access_token"]).status_code == 200
    assert api.get("/user", b["access_token"]).json()["code"] == "session_not_found"
    assert api.post("/logout?scope=local", a["access_token"]).status_code == 204
    assert api.get("/user", a["access_token"]).status_code == 403
    assert api.stack.sql("select count(*) from auth.sessions where user_id = %s", (user["id"],)) == [(0,)]
    assert api.get("/user", c["access_token"]).status_code == 403


def test_seed_style_user_with_pgcrypto_hash_signs_in(api):
    """Users inserted by SQL with crypt(pw, gen_salt('bf')) ($2a$ hashes) sign in like GoTrue's own."""
    user_id = api.stack.sql(
        """insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                                   raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
                   'sql.user@example.test', extensions.crypt('Demo@12345', extensions.gen_salt('bf')), now(),
                   '{"provider":"email","providers":["email"]}', '{"full_name":"Usuária SQL"}', now(), now())
           returning id::text""")[0][0]
    res = client(api.stack).auth.sign_in_with_password({"email": "SQL.User@example.test", "password": "Demo@12345"})
    assert res.user.id == user_id and res.user.user_metadata == {"full_name": "Usuária SQL"}
    assert res.user.identities == []


def test_admin_crud_with_supabase_py(api):
    admin = create_client(api.stack.url, api.stack.service_role_key).auth.admin
    created = admin.create_user({"email": "admin.crud@example.test", "password": PASSWORD, "email_confirm": True,
                                 "user_metadata": {"full_name": "Carla"}, "app_metadata": {"role": "client"}}).user
    assert created.email == "admin.crud@example.test" and created.user_metadata == {"full_name": "Carla"}
    assert created.app_metadata == {"provider": "email", "providers": ["email"], "role": "client"}
    assert created.identities[0].provider == "email"
    listed = admin.list_users(page=1, per_page=1000)
    assert created.id in [u.id for u in listed]
    assert admin.get_user_by_id(created.id).user.email == created.email
    updated = admin.update_user_by_id(created.id, {"user_metadata": {"phone_note": "x"},
                                                   "password": "Trocada@789"}).user
    assert updated.user_metadata == {"full_name": "Carla", "phone_note": "x"}
    api.sign_in(created.email, "Trocada@789")
    admin.delete_user(created.id)
    assert api.stack.sql("select count(*) from auth.users where id = %s", (created.id,)) == [(0,)]
    with pytest.raises(AuthApiError) as err:
        admin.get_user_by_id(created.id)
    assert err.value.status == 404 and err.value.code == "user_not_found"


def test_admin_list_pagination_headers(api):
    for _ in range(3):
        api.create_user()
    r = httpx.get(api.base + "/admin/users?page=1&per_page=2", headers=api.admin_headers)
    assert r.status_code == 200 and r.json()["aud"] == "authenticated" and len(r.json()["users"]) == 2
    total = int(r.headers["X-Total-Count"])
    assert total == api.stack.sql("select count(*) from auth.users where deleted_at is null")[0][0]
    assert 'rel="next"' in r.headers["Link"] and 'rel="last"' in r.headers["Link"]


def test_health_settings_jwks(api):
    health = api.get("/health").json()
    assert health["name"] == "GoTrue" and health["version"].startswith("v2.")
    settings = api.get("/settings").json()
    assert settings["disable_signup"] is True and settings["external"]["email"] is True
    assert settings["mailer_autoconfirm"] is True
    # new projects sign access tokens with an ES256 key (as the Supabase CLI makes them); JWKS publishes it
    [key] = api.get("/.well-known/jwks.json").json()["keys"]
    assert key["alg"] == "ES256" and key["kty"] == "EC" and "d" not in key and key["key_ops"] == ["verify"]


def test_phone_sign_in(api):
    created = httpx.post(api.base + "/admin/users", headers=api.admin_headers,
                         json={"phone": "+1 555 010 9999", "password": PASSWORD, "phone_confirm": True}).json()
    assert created["phone"] == "15550109999" and created["email"] == ""
    r = api.post("/token?grant_type=password", json={"phone": "+15550109999", "password": PASSWORD})
    assert r.status_code == 200 and r.json()["user"]["id"] == created["id"]
    r = api.post("/token?grant_type=password", json={"phone": "+15550109999", "password": "errada-123"})
    assert r.status_code == 400 and r.json()["code"] == "invalid_credentials"
