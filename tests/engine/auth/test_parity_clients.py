"""Issue 22's auth bullets through supabase-py's own calls (not raw HTTP): sign-up with e-mail confirmations,
phone codes through the SMS sink, the admin's list/delete of factors, getClaims against the JWKS of ES256
keys (and across a key rotation), the HS256 legacy keys."""
from __future__ import annotations

import base64
import json
import subprocess
import sys
import time
import uuid

import pyotp
import pytest
from auth_helpers import PASSWORD, read_mail
from supabase_auth.errors import AuthApiError

from conftest import WORKDIR
from harness import StackProcess
from supabase import Client, ClientOptions, create_client


def header(token: str) -> dict:
    part = token.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


@pytest.fixture(scope="module")
def keys_file(tmp_path_factory):
    return tmp_path_factory.mktemp("pkeys") / "signing_keys.json"


@pytest.fixture(scope="module")
def pstack(cluster, keys_file):
    s = StackProcess(cluster, WORKDIR, name="authpy", env={
        "ENABLE_EMAIL_CONFIRMATIONS": "true", "ENABLE_SIGNUP": "true", "AUTH_SMS_ENABLED": "true",
        "AUTH_SIGNING_KEYS_PATH": str(keys_file),
        "SIGN_IN_FAILURES_PER_IP": "100000", "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    yield s
    s.stop()


def client(stack: StackProcess, key: str | None = None) -> Client:
    return create_client(stack.url, key or stack.anon_key,
                         options=ClientOptions(auto_refresh_token=False, persist_session=False))


def new_email(prefix: str = "py") -> str:
    return f"{prefix}.{uuid.uuid4().hex[:10]}@example.test"


def confirmed_user(stack: StackProcess) -> tuple[str, str]:
    email = new_email()
    user = client(stack, stack.service_role_key).auth.admin.create_user(
        {"email": email, "password": PASSWORD, "email_confirm": True}).user
    return user.id, email


def test_sign_up_waits_for_the_confirmation(pstack):
    sb = client(pstack)
    email = new_email("signup")
    res = sb.auth.sign_up({"email": email, "password": PASSWORD})
    assert res.session is None and res.user.email == email and res.user.email_confirmed_at is None
    assert res.user.confirmation_sent_at is not None
    with pytest.raises(AuthApiError) as err:
        sb.auth.sign_in_with_password({"email": email, "password": PASSWORD})
    assert (err.value.status, err.value.code, err.value.message) == (400, "email_not_confirmed", "Email not confirmed")
    _, code, _ = read_mail(pstack, email, "Confirme seu cadastro")
    verified = sb.auth.verify_otp({"email": email, "token": code, "type": "signup"})
    assert verified.session is not None and verified.user.email_confirmed_at is not None
    assert client(pstack).auth.sign_in_with_password({"email": email, "password": PASSWORD}).session


def test_phone_code_through_the_sms_sink(pstack):
    sb = client(pstack)
    digits = "55119" + str(uuid.uuid4().int)[:8]
    sb.auth.sign_in_with_otp({"phone": "+" + digits, "options": {"channel": "sms"}})
    (body,) = pstack.sql("select body from auth.sms_sink where phone = %s order by id desc limit 1", (digits,))[0]
    code = body.rsplit(" ", 1)[1]
    with pytest.raises(AuthApiError) as err:
        sb.auth.verify_otp({"phone": "+" + digits, "token": "000000" if code != "000000" else "111111",
                            "type": "sms"})
    assert (err.value.status, err.value.code, err.value.message) == (
        403, "otp_expired", "Token has expired or is invalid")
    res = sb.auth.verify_otp({"phone": "+" + digits, "token": code, "type": "sms"})
    assert res.session is not None and res.user.phone == digits and res.user.phone_confirmed_at is not None
    assert [a.method for a in sb.auth.mfa.get_authenticator_assurance_level().current_authentication_methods] \
        == ["otp"]
    # another code within the minute: GoTrue's SMS frequency limit
    with pytest.raises(AuthApiError) as err:
        client(pstack).auth.sign_in_with_otp({"phone": "+" + digits})
    assert err.value.status == 429 and err.value.code == "over_sms_send_rate_limit"
    assert err.value.message.startswith("For security purposes, you can only request this after ")


def test_admin_lists_and_deletes_factors(pstack):
    user_id, email = confirmed_user(pstack)
    sb = client(pstack)
    sb.auth.sign_in_with_password({"email": email, "password": PASSWORD})
    factor = sb.auth.mfa.enroll({"factor_type": "totp", "friendly_name": "Celular"})
    sb.auth.mfa.challenge_and_verify({"factor_id": factor.id, "code": pyotp.TOTP(factor.totp.secret).now()})
    assert sb.auth.mfa.get_authenticator_assurance_level().current_level == "aal2"

    admin = client(pstack, pstack.service_role_key).auth.admin
    listed = admin.mfa.list_factors({"user_id": user_id})
    assert [(f.id, f.factor_type, f.status, f.friendly_name) for f in listed] == [
        (factor.id, "totp", "verified", "Celular")]
    assert admin.mfa.delete_factor({"id": factor.id, "user_id": user_id}).id == factor.id
    assert admin.mfa.list_factors({"user_id": user_id}) == []
    # GoTrue downgrades the sessions the factor raised: the next token is aal1 again
    refreshed = sb.auth.refresh_session()
    assert refreshed.session is not None
    claims = sb.auth.get_claims()["claims"]
    assert claims["aal"] == "aal1" and [a["method"] for a in claims["amr"]] == ["password"]
    with pytest.raises(AuthApiError) as err:
        admin.mfa.delete_factor({"id": factor.id, "user_id": user_id})
    assert err.value.status == 404 and err.value.code == "mfa_factor_not_found"


def test_get_claims_against_jwks_across_a_rotation(pstack, keys_file):
    _, email = confirmed_user(pstack)
    sb = client(pstack)
    session = sb.auth.sign_in_with_password({"email": email, "password": PASSWORD}).session
    old = session.access_token
    assert header(old)["alg"] == "ES256"
    claims = sb.auth.get_claims()
    assert claims["claims"]["email"] == email and claims["headers"]["kid"] == header(old)["kid"]
    # a token with a signature the published key does not verify is refused locally
    forged = old.rsplit(".", 1)[0] + "." + base64.urlsafe_b64encode(b"x" * 64).decode().rstrip("=")
    with pytest.raises(Exception, match="Invalid JWT signature"):
        client(pstack).auth.get_claims(jwt=forged)

    subprocess.run([sys.executable, "-m", "supastack.auth.signing_keys", "rotate", str(keys_file)], check=True)
    deadline = time.monotonic() + 15
    while True:  # the stack picks the new key up without a restart
        fresh = client(pstack).auth.sign_in_with_password({"email": email, "password": PASSWORD}).session
        if header(fresh.access_token)["kid"] != header(old)["kid"] or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert header(fresh.access_token)["kid"] != header(old)["kid"]
    # nobody is logged out: the old token still verifies (locally and on the server), the old session refreshes
    other = client(pstack)
    assert other.auth.get_claims(jwt=old)["claims"]["email"] == email
    assert other.auth.get_user(old).user.email == email
    assert other.auth.get_claims(jwt=fresh.access_token)["headers"]["kid"] == header(fresh.access_token)["kid"]
    refreshed = sb.auth.refresh_session().session
    assert header(refreshed.access_token)["kid"] == header(fresh.access_token)["kid"]
    assert sb.table("profiles").select("email").execute().data[0]["email"] == email


def test_hs256_legacy_keys_still_accepted(pstack):
    # the anon and service_role keys are HS256 JWTs signed with the project's secret
    assert header(pstack.anon_key)["alg"] == "HS256" and header(pstack.service_role_key)["alg"] == "HS256"
    admin = client(pstack, pstack.service_role_key)
    assert admin.auth.admin.list_users(per_page=1)
    assert admin.table("office_settings").select("id").execute().data == [{"id": True}]
    # a user token signed HS256 with the secret (as before the signing keys) is still verified
    _, email = confirmed_user(pstack)
    user_id = client(pstack).auth.sign_in_with_password({"email": email, "password": PASSWORD}).user.id
    from harness import access_token
    legacy = access_token(pstack, user_id, email=email, aal="aal1", session_id=str(uuid.uuid4()))
    assert header(legacy)["alg"] == "HS256"
    data = create_client(pstack.url, pstack.anon_key, options=ClientOptions(
        headers={"Authorization": f"Bearer {legacy}"})).table("profiles").select("id").execute().data
    assert data == [{"id": user_id}]
