"""A client, a secretary, the anon key and forged tokens against the data: no escalation, no leak."""
from __future__ import annotations

import uuid

import pytest
from security_helpers import ADMIN_USER, JOAO_CLIENT, MARIA_CLIENT, MARIA_USER, SECRETARY_USER, b64, expired_claims

BUCKET = "client_documents"


# -- privilege escalation ---------------------------------------------------------------------------
@pytest.mark.parametrize("who,user_id", [("maria", MARIA_USER), ("secretary", SECRETARY_USER)])
def test_nobody_but_an_administrator_grants_roles(attacker, sec_stack, who, user_id):
    r = attacker.post("/rest/v1/user_roles", who, json={"user_id": user_id, "role": "administrator"})
    assert r.status_code == 403 and r.json()["code"] == "42501"
    r = attacker.patch(f"/rest/v1/user_roles?user_id=eq.{user_id}", who, json={"role": "administrator"},
                       headers={"Prefer": "return=representation"})
    assert r.status_code == 200 and r.json() == []
    assert sec_stack.sql("select count(*) from user_roles where user_id = %s and role = 'administrator'",
                         (user_id,)) == [(0,)]


def test_profiles_of_others_and_e_mails_stay_put(attacker, sec_stack):
    r = attacker.patch(f"/rest/v1/profiles?id=eq.{ADMIN_USER}", "secretary", json={"full_name": "Invadido"},
                       headers={"Prefer": "return=representation"})
    assert r.json() == []
    r = attacker.patch(f"/rest/v1/profiles?id=eq.{MARIA_USER}", "maria", json={"email": "x@evil.test"})
    assert r.status_code == 403
    assert sec_stack.sql("select full_name from profiles where id = %s", (ADMIN_USER,)) == [("Ana Administradora",)]


@pytest.mark.parametrize("who", [None, "maria", "admin"])
def test_system_settings_are_closed_to_the_api_roles(attacker, who):
    assert attacker.get("/rest/v1/system_settings?select=*", who).status_code in (401, 403)
    assert attacker.post("/rest/v1/system_settings", who, json={"key": "x", "value": 1}).status_code in (401, 403)


@pytest.mark.parametrize("who", [None, "maria"])
def test_security_definer_functions(attacker, who):
    r = attacker.post("/rest/v1/rpc/create_client_user", who, json={
        "email": f"{uuid.uuid4().hex[:6]}@evil.test", "password": "123456", "full_name": "Intruso"})
    assert r.status_code in (401, 403)
    for name in ("handle_new_user", "handle_user_email_change"):
        assert attacker.post(f"/rest/v1/rpc/{name}", who, json={}).status_code in (401, 403, 404)
    if who is None:
        assert attacker.post("/rest/v1/rpc/has_role", json={"role_name": "administrator"}).status_code == 401


def test_function_system_settings_needs_an_administrator(attacker):
    for who in (None, "maria", "secretary"):
        assert attacker.get("/functions/v1/system-settings?key=aws_s3_config", who).status_code in (401, 403)


@pytest.mark.parametrize("who", ["maria", "secretary"])
def test_auth_admin_endpoints_and_app_metadata(attacker, who):
    assert attacker.get("/auth/v1/admin/users", who).status_code == 403
    assert attacker.put(f"/auth/v1/admin/users/{MARIA_USER}", who, json={"app_metadata": {"x": 1}}).status_code == 403
    assert attacker.put("/auth/v1/user", who, json={"app_metadata": {"role": "service_role"}}).status_code == 403
    # `role` in the body and in user metadata never reach the token's role
    attacker.put("/auth/v1/user", who, json={"role": "service_role", "data": {"role": "service_role"}})
    session = attacker.sign_in({"maria": "maria.silva@cliente.test", "secretary": "secretaria@escritorio.test"}[who])
    assert session["user"]["role"] == "authenticated"
    assert attacker.get("/rest/v1/system_settings", "raw:" + session["access_token"]).status_code == 403


# -- forged tokens -----------------------------------------------------------------------------------
def _forgeries(attacker):
    return {
        "alg-none": b64({"alg": "none", "typ": "JWT"}) + "." + b64({"role": "service_role"}) + ".",
        "anon-key-as-secret": attacker.signed({"role": "service_role"}, secret=attacker.stack.anon_key),
        "expired": attacker.signed(expired_claims()),
        "hs512": __import__("jose.jwt").jwt.encode({"role": "service_role"}, attacker.stack.settings.jwt_secret,
                                                   algorithm="HS512"),
        "kid": __import__("jose.jwt").jwt.encode({"role": "service_role"}, "", algorithm="HS256",
                                                 headers={"kid": "../../../../dev/null"}),
    }


@pytest.mark.parametrize("name", ["alg-none", "anon-key-as-secret", "expired", "hs512", "kid"])
def test_forged_tokens_are_refused_everywhere(attacker, name):
    token = "raw:" + _forgeries(attacker)[name]
    assert attacker.get("/rest/v1/clients", token).status_code == 401
    assert attacker.post(f"/storage/v1/object/list/{BUCKET}", token, json={"prefix": ""}).json()["statusCode"] == "403"
    assert attacker.get("/auth/v1/admin/users", token).status_code in (401, 403)


@pytest.mark.parametrize("role", ["postgres", "supabase_admin", "supabase_storage_admin", "authenticator",
                                  "pg_read_all_data"])
def test_correctly_signed_unexpected_roles_are_no_superusers(attacker, role):
    for claims in ({"role": role}, {"role": role, "sub": MARIA_USER}):
        token = "raw:" + attacker.signed(claims)
        assert attacker.get("/rest/v1/system_settings", token).status_code in (401, 403)
        clients = attacker.get("/rest/v1/clients?select=id", token)
        assert clients.status_code == 200 and [c["id"] for c in clients.json()] in ([], [MARIA_CLIENT])
        listed = attacker.post(f"/storage/v1/object/list/{BUCKET}", token, json={"prefix": JOAO_CLIENT})
        assert listed.status_code == 200 and listed.json() == []


# -- data leaks over REST --------------------------------------------------------------------------
@pytest.mark.parametrize("path", [
    "/rest/v1/clients?select=*,messages(*)",
    f"/rest/v1/messages?or=(client_id.eq.{JOAO_CLIENT},client_id.eq.{MARIA_CLIENT})",
    f"/rest/v1/messages?and=(client_id.eq.{JOAO_CLIENT})",
    "/rest/v1/financial_payments?select=*,financial_contracts(*)",
    "/rest/v1/client_documents?select=*",
    "/rest/v1/financial_quotes?select=*",
])
def test_maria_sees_only_maria(attacker, path):
    r = attacker.get(path, "maria", headers={"Prefer": "count=exact"})
    assert r.status_code == 200
    assert JOAO_CLIENT not in r.text and "João" not in r.text
    total = r.headers["content-range"].split("/")[1]
    assert total == "*" or int(total) == len(r.json())


def test_counts_head_and_csv_do_not_leak(attacker, sec_stack):
    (mine,) = sec_stack.sql("select count(*) from messages where client_id = %s", (MARIA_CLIENT,))[0]
    head = attacker.http.head("/rest/v1/messages", headers=attacker.headers("maria", Prefer="count=exact"))
    assert head.headers["content-range"].endswith(f"/{mine}")
    csv = attacker.get("/rest/v1/messages?select=client_id", "maria", headers={"Accept": "text/csv"})
    assert JOAO_CLIENT not in csv.text
    assert attacker.get("/rest/v1/messages", None, headers={"Prefer": "count=exact"}).headers[
        "content-range"].endswith("/0")


def test_write_errors_do_not_echo_other_rows(attacker, sec_stack):
    (joao_message,) = sec_stack.sql("select id from messages where client_id = %s limit 1", (JOAO_CLIENT,))[0]
    r = attacker.post("/rest/v1/messages", "maria", json={"id": str(joao_message), "client_id": MARIA_CLIENT,
                                                          "sender_type": "client", "sender_id": MARIA_USER,
                                                          "content": "oi"})
    assert r.status_code in (403, 409)
    (joao_content,) = sec_stack.sql("select content from messages where id = %s", (joao_message,))[0]
    assert joao_content not in r.text


# -- storage ----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def joao_file(attacker):
    name = f"{JOAO_CLIENT}/segredo-{uuid.uuid4().hex[:6]}.txt"
    r = attacker.http.post(f"/storage/v1/object/{BUCKET}/{name}", content=b"segredo do joao",
                           headers=attacker.service_headers(**{"content-type": "text/plain"}))
    assert r.status_code == 200, r.text
    return name


def test_storage_reads_of_another_clients_folder(attacker, joao_file):
    assert attacker.post(f"/storage/v1/object/list/{BUCKET}", "maria", json={"prefix": JOAO_CLIENT}).json() == []
    listed = attacker.post(f"/storage/v1/object/list/{BUCKET}", "maria", json={"prefix": "", "search": "segredo"})
    assert listed.json() == []
    for path in (f"/storage/v1/object/{BUCKET}/{joao_file}", f"/storage/v1/object/info/{BUCKET}/{joao_file}",
                 f"/storage/v1/object/public/{BUCKET}/{joao_file}"):
        assert "segredo" not in attacker.get(path, "maria").text
    signed = attacker.post(f"/storage/v1/object/sign/{BUCKET}", "maria", json={"expiresIn": 60, "paths": [joao_file]})
    assert signed.json()[0]["signedURL"] is None


@pytest.mark.parametrize("twisted", [
    f"{MARIA_CLIENT}/%2e%2e/{JOAO_CLIENT}/x", f"{MARIA_CLIENT}/%252e%252e/{JOAO_CLIENT}/x",
    f"{MARIA_CLIENT}/..%2f{JOAO_CLIENT}/x", f"{MARIA_CLIENT}/%e2%80%a5/{JOAO_CLIENT}/x",
    f"{MARIA_CLIENT}/%5c..%5c{JOAO_CLIENT}/x", f"attachments/{MARIA_CLIENT}/../../{JOAO_CLIENT}/x",
])
def test_storage_names_with_traversal(attacker, sec_stack, twisted):
    r = attacker.http.post(f"/storage/v1/object/{BUCKET}/{twisted}", content=b"x",
                           headers=attacker.headers("maria", **{"content-type": "text/plain"}))
    assert r.status_code != 200 or sec_stack.sql(
        "select count(*) from storage.objects where name like %s", (f"{JOAO_CLIENT}/%x",)) == [(0,)]
    storage_root = sec_stack.data_dir / "storage"
    assert not any(p.name == "x" for p in storage_root.rglob("*") if JOAO_CLIENT in str(p.parent)
                   and MARIA_CLIENT not in str(p))


def test_storage_moves_and_copies_across_clients(attacker, sec_stack, joao_file):
    mine = f"{MARIA_CLIENT}/meu-{uuid.uuid4().hex[:6]}.txt"
    assert attacker.http.post(f"/storage/v1/object/{BUCKET}/{mine}", content=b"meu",
                              headers=attacker.headers("maria", **{"content-type": "text/plain"})).status_code == 200
    planted = f"{JOAO_CLIENT}/plantado.txt"
    stolen = f"{MARIA_CLIENT}/roubado.txt"
    for op, src, dst in (("move", mine, planted), ("copy", mine, planted), ("move", joao_file, stolen),
                         ("copy", joao_file, stolen)):
        r = attacker.post(f"/storage/v1/object/{op}", "maria", json={"bucketId": BUCKET, "sourceKey": src,
                                                                       "destinationKey": dst})
        assert r.json().get("statusCode") in ("403", "404"), (op, src, dst, r.text)
    assert sec_stack.sql("select count(*) from storage.objects where name in (%s, %s)", (planted, stolen)) == [(0,)]
    assert attacker.http.put(f"/storage/v1/object/{BUCKET}/{joao_file}", content=b"sobrescrito",
                             headers=attacker.headers("maria", **{"content-type": "text/plain"})).status_code != 200
    assert attacker.post(f"/storage/v1/object/upload/sign/{BUCKET}/{planted}", "maria").status_code != 200
    attacker.delete(f"/storage/v1/object/{BUCKET}", "maria", json={"prefixes": [joao_file]})
    assert sec_stack.sql("select count(*) from storage.objects where name = %s", (joao_file,)) == [(1,)]


def test_buckets_cannot_be_made_public_or_created(attacker):
    for who in ("maria", "secretary"):
        assert attacker.post("/storage/v1/bucket", who, json={"name": f"b{uuid.uuid4().hex[:6]}",
                                                               "public": True}).json()["statusCode"] == "403"
        attacker.put(f"/storage/v1/bucket/{BUCKET}", who, json={"public": True})
    assert attacker.get(f"/storage/v1/bucket/{BUCKET}", "admin").json()["public"] is False
