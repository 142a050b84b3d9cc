"""Invitations, admin-generated links, magic links and codes (/otp), /resend, /reauthenticate, /sso, JWKS:
GoTrue's paths, bodies, error codes and messages."""
from __future__ import annotations

import uuid
from urllib.parse import parse_qs, urlsplit

import httpx
from auth_helpers import PASSWORD, mail_count, read_mail


def _email() -> str:
    return f"c{uuid.uuid4().hex[:12]}@example.test"


def test_invite_creates_unconfirmed_user_and_its_link_opens_a_session(api):
    email = _email()
    r = httpx.post(api.base + "/invite?redirect_to=" + api.stack.settings.site_url + "/definir-senha",
                   headers=api.admin_headers, json={"email": email, "data": {"nome": "Ana"}})
    assert r.status_code == 200, r.text
    invited = r.json()
    assert invited["email"] == email and "invited_at" in invited and "confirmation_sent_at" in invited
    assert "email_confirmed_at" not in invited and invited["user_metadata"]["nome"] == "Ana"
    text, code, link = read_mail(api.stack, email, "convidado")
    assert code and link and "type=invite" in link
    r = httpx.get(link, follow_redirects=False)
    assert r.status_code == 303
    target = urlsplit(r.headers["location"])
    assert target.path == "/definir-senha"
    fragment = parse_qs(target.fragment)
    assert fragment["type"] == ["invite"]
    token = fragment["access_token"][0]
    me = api.get("/user", token).json()
    assert me["id"] == invited["id"] and me["email_confirmed_at"]
    assert api.put("/user", token, json={"password": "Convite@123"}).status_code == 200
    api.sign_in(email, "Convite@123")
    # a confirmed address cannot be invited again
    r = httpx.post(api.base + "/invite", headers=api.admin_headers, json={"email": email})
    assert r.status_code == 422 and r.json() == {
        "code": "email_exists", "message": "A user with this email address has already been registered"}


def test_invite_needs_the_service_role(api, user):
    token = api.sign_in(user["email"])["access_token"]
    r = api.post("/invite", token, json={"email": _email()})
    assert r.status_code == 403 and r.json() == {"code": "not_admin", "message": "User not allowed"}


def test_generate_link_magiclink_recovery_and_errors(api, user):
    r = httpx.post(api.base + "/admin/generate_link", headers=api.admin_headers,
                   json={"type": "magiclink", "email": user["email"]})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["id"] == user["id"] and body["verification_type"] == "magiclink"
    assert len(body["email_otp"]) == 6 and len(body["hashed_token"]) == 56
    assert body["action_link"].startswith(api.base + "/verify?token=" + body["hashed_token"])
    assert body["redirect_to"] == api.stack.settings.site_url
    # the hash verifies (POST, as verifyOtp({token_hash, type}) sends it) ...
    r = api.post("/verify", json={"type": "magiclink", "token_hash": body["hashed_token"]})
    assert r.status_code == 200 and r.json()["user"]["id"] == user["id"]
    # ... once
    r = api.post("/verify", json={"type": "magiclink", "token_hash": body["hashed_token"]})
    assert r.status_code == 403 and r.json() == {"code": "otp_expired",
                                                 "message": "Email link is invalid or has expired"}
    # the code of a recovery link, with the e-mail
    code = httpx.post(api.base + "/admin/generate_link", headers=api.admin_headers,
                      json={"type": "recovery", "email": user["email"]}).json()["email_otp"]
    r = api.post("/verify", json={"type": "recovery", "email": user["email"], "token": code})
    assert r.status_code == 200
    r = httpx.post(api.base + "/admin/generate_link", headers=api.admin_headers,
                   json={"type": "recovery", "email": _email()})
    assert r.status_code == 404 and r.json() == {"code": "user_not_found",
                                                 "message": "User with this email not found"}
    r = httpx.post(api.base + "/admin/generate_link", headers=api.admin_headers,
                   json={"type": "teleport", "email": user["email"]})
    assert r.status_code == 400 and r.json()["message"] == "Invalid email action link type requested: teleport"


def test_generate_link_signup_invite_and_email_change(api, user):
    email = _email()
    r = httpx.post(api.base + "/admin/generate_link", headers=api.admin_headers,
                   json={"type": "signup", "email": email, "password": PASSWORD, "data": {"a": 1}})
    assert r.status_code == 200 and r.json()["email"] == email and "email_confirmed_at" not in r.json()
    r = api.post("/verify", json={"type": "signup", "token_hash": r.json()["hashed_token"]})
    assert r.status_code == 200 and r.json()["user"]["email_confirmed_at"]
    api.sign_in(email)
    invited = httpx.post(api.base + "/admin/generate_link", headers=api.admin_headers,
                         json={"type": "invite", "email": _email()}).json()
    assert invited["verification_type"] == "invite" and "invited_at" in invited
    new = _email()
    r = httpx.post(api.base + "/admin/generate_link", headers=api.admin_headers,
                   json={"type": "email_change_new", "email": user["email"], "new_email": new})
    assert r.status_code == 200 and r.json()["new_email"] == new
    r = api.post("/verify", json={"type": "email_change", "email": new, "token": r.json()["email_otp"]})
    assert r.status_code == 200 and r.json()["user"]["email"] == new


def test_generate_link_signup_keeps_user_metadata_as_given(api):
    """GoTrue's adminGenerateLink: a new user's user_metadata is the request's data alone (sub and email live in
    the identity), through supabase-py's generate_link."""
    from supabase import ClientOptions, create_client
    admin = create_client(api.stack.url, api.stack.service_role_key,
                          options=ClientOptions(auto_refresh_token=False, persist_session=False)).auth.admin
    email = _email()
    response = admin.generate_link({"type": "signup", "email": email, "password": PASSWORD,
                                    "options": {"data": {"status": "alpha"}}})
    assert response.user.user_metadata == {"status": "alpha"}
    assert response.user.identities[0].identity_data["email"] == email
    invited = admin.generate_link({"type": "invite", "email": _email(), "options": {"data": {"nome": "Ana"}}})
    assert invited.user.user_metadata == {"nome": "Ana"}


def test_otp_sends_a_magic_link_and_code_to_an_existing_user(api, user):
    r = api.post("/otp", json={"email": user["email"], "create_user": False, "data": {},
                               "gotrue_meta_security": {}, "code_challenge": None, "code_challenge_method": None})
    assert r.status_code == 200 and r.json() == {}
    text, code, link = read_mail(api.stack, user["email"], "link de acesso")
    assert "type=magiclink" in link
    r = api.post("/verify", json={"type": "email", "email": user["email"], "token": code})
    assert r.status_code == 200 and r.json()["user"]["id"] == user["id"]
    claims = r.json()["access_token"].split(".")[1]
    assert claims  # a real JWT
    # one message a minute per address, even once the code was used (GoTrue keeps recovery_sent_at)
    r = api.post("/otp", json={"email": user["email"]})
    assert r.status_code == 429 and r.json()["code"] == "over_email_send_rate_limit"
    api.stack.sql("update auth.users set recovery_sent_at = now() - interval '61 seconds' where id = %s",
                  (user["id"],))
    r = api.post("/otp", json={"email": user["email"]})
    assert r.status_code == 200
    r = api.post("/otp", json={"email": user["email"]})
    assert r.status_code == 429 and r.json()["code"] == "over_email_send_rate_limit"


def test_otp_errors_as_gotrue(api):
    # an unknown address gets the answer a known one gets (no account is made, nothing is sent): GoTrue's
    # otp_disabled / signup_disabled would tell who has an account
    before = api.counts()
    r = api.post("/otp", json={"email": _email(), "create_user": False})
    assert r.status_code == 200 and r.json() == {}
    # this project turns sign-ups off: /otp for an unknown address cannot create one
    r = api.post("/otp", json={"email": _email()})
    assert r.status_code == 200 and r.json() == {}
    assert api.counts() == before
    r = api.post("/otp", json={"phone": "+5511999990000"})
    assert r.status_code == 400 and r.json() == {"code": "phone_provider_disabled",
                                                 "message": "Unsupported phone provider"}
    r = api.post("/otp", json={"email": _email(), "phone": "+5511999990000"})
    assert r.status_code == 400 and r.json()["code"] == "validation_failed"
    r = api.post("/otp", json={})
    assert r.status_code == 400 and r.json()["message"] == "One of email or phone must be set"


def test_resend(api, user):
    before = mail_count(api.stack, user["email"])
    r = api.post("/resend", json={"type": "signup", "email": user["email"]})
    assert r.status_code == 200 and r.json() == {}
    assert mail_count(api.stack, user["email"]) == before  # already confirmed: nothing to send
    r = api.post("/resend", json={"type": "recovery", "email": user["email"]})
    assert r.status_code == 400 and r.json()["message"] == ("Missing one of these types: signup, email_change, "
                                                           "sms, phone_change")
    assert api.post("/resend", json={"type": "signup", "email": _email()}).json() == {}


def test_reauthenticate_nonce_guards_the_password_change(api, user):
    token = api.sign_in(user["email"])["access_token"]
    r = api.get("/reauthenticate", token)
    assert r.status_code == 200 and r.json() == {}
    _, nonce, _ = read_mail(api.stack, user["email"], "Confirme sua identidade")
    wrong = "000000" if nonce != "000000" else "111111"
    r = api.put("/user", token, json={"password": "Trocada@123", "nonce": wrong})
    assert r.status_code == 422 and r.json() == {"code": "reauthentication_not_valid",
                                                 "message": "Nonce has expired or is invalid"}
    r = api.put("/user", token, json={"password": "Trocada@123", "nonce": nonce})
    assert r.status_code == 200, r.text
    api.sign_in(user["email"], "Trocada@123")
    # a nonce is used once
    r = api.put("/user", token, json={"password": "Outra@1234", "nonce": nonce})
    assert r.status_code == 422
    r = api.get("/reauthenticate")  # the anon key: no user
    assert r.status_code == 403 and r.json()["code"] == "bad_jwt"


def test_sso_answers_saml_disabled(api):
    for path in ("/sso", "/sso/saml/metadata"):
        r = api.post(path, json={"domain": "example.test"}) if path == "/sso" else api.get(path)
        assert r.status_code == 404 and r.json() == {"code": "saml_provider_disabled",
                                                     "message": "SAML 2.0 is disabled"}
        assert r.headers["x-sb-error-code"] == "saml_provider_disabled"


def test_jwks_publishes_the_default_es256_key(api):
    r = api.get("/.well-known/jwks.json")
    assert r.status_code == 200 and [k["alg"] for k in r.json()["keys"]] == ["ES256"]
    assert all("d" not in k for k in r.json()["keys"])
