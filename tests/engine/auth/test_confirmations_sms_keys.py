"""A stack with the optional auth features on: e-mail confirmations, sign-ups, phone codes to the SMS sink,
and ES256 signing keys (JWKS, verification by kid everywhere, HS256 still accepted, rotation)."""
from __future__ import annotations

import base64
import json
import subprocess
import sys
import time
import uuid
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from auth_helpers import PASSWORD, Api, read_mail

from conftest import WORKDIR
from harness import StackProcess


def header(token: str) -> dict:
    part = token.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


@pytest.fixture(scope="module")
def keys_file(tmp_path_factory):
    return tmp_path_factory.mktemp("keys") / "signing_keys.json"


@pytest.fixture(scope="module")
def papi(cluster, keys_file):
    s = StackProcess(cluster, WORKDIR, name="authparity", env={
        "ENABLE_EMAIL_CONFIRMATIONS": "true", "ENABLE_SIGNUP": "true", "AUTH_SMS_ENABLED": "true",
        "AUTH_SIGNING_KEYS_PATH": str(keys_file),
        "SIGN_IN_FAILURES_PER_IP": "100000", "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    yield Api(s)
    s.stop()


def test_signup_waits_for_the_confirmation_link(papi):
    email = f"c{uuid.uuid4().hex[:12]}@example.test"
    r = papi.post("/signup", json={"email": email, "password": PASSWORD, "data": {}})
    assert r.status_code == 200 and "access_token" not in r.json()
    assert r.json()["email"] == email and "confirmation_sent_at" in r.json()
    r = papi.post("/token?grant_type=password", json={"email": email, "password": PASSWORD})
    assert r.status_code == 400 and r.json() == {"code": "email_not_confirmed", "message": "Email not confirmed"}
    _, _, link = read_mail(papi.stack, email, "Confirme seu cadastro")
    r = httpx.get(link, follow_redirects=False)
    fragment = parse_qs(urlsplit(r.headers["location"]).fragment)
    assert fragment["type"] == ["signup"] and fragment["access_token"]
    assert papi.sign_in(email)["user"]["email_confirmed_at"]
    # /otp for a new address on this stack signs up and sends the confirmation (a magic link too)
    other = f"o{uuid.uuid4().hex[:12]}@example.test"
    assert papi.post("/otp", json={"email": other}).json() == {}
    _, code, _ = read_mail(papi.stack, other, "Confirme seu cadastro")
    r = papi.post("/verify", json={"type": "email", "email": other, "token": code})
    assert r.status_code == 200 and r.json()["user"]["email_confirmed_at"]


def test_phone_codes_go_to_the_sms_sink(papi):
    phone = "55119" + str(uuid.uuid4().int)[:8]
    r = papi.post("/otp", json={"phone": "+" + phone, "channel": "sms"})
    assert r.status_code == 200, r.text
    rows = papi.stack.sql("select body from auth.sms_sink where phone = %s order by id desc", (phone,))
    code = rows[0][0].rsplit(" ", 1)[1]
    assert f"auth sms to +{phone}" in papi.stack.log_tail(20000)
    r = papi.post("/verify", json={"type": "sms", "phone": "+" + phone, "token": "000000" if code != "000000"
                                   else "111111"})
    assert r.status_code == 403 and r.json() == {"code": "otp_expired", "message": "Token has expired or is invalid"}
    r = papi.post("/verify", json={"type": "sms", "phone": "+" + phone, "token": code})
    assert r.status_code == 200 and r.json()["user"]["phone"] == phone and r.json()["user"]["phone_confirmed_at"]
    # a used code does not reset GoTrue's minute between messages
    r = papi.post("/otp", json={"phone": "+" + phone})
    assert r.status_code == 429 and r.json()["code"] == "over_sms_send_rate_limit"
    papi.stack.sql("update auth.users set confirmation_sent_at = now() - interval '61 seconds' where phone = %s",
                   (phone,))
    # now an existing user: the answer carries the message id; a new code again within a minute is refused
    r = papi.post("/otp", json={"phone": "+" + phone})
    assert r.status_code == 200 and r.json()["message_id"].startswith("sink-")
    r = papi.post("/otp", json={"phone": "+" + phone})
    assert r.status_code == 429 and r.json()["code"] == "over_sms_send_rate_limit"


def test_es256_tokens_jwks_and_rotation(papi, keys_file):
    user = papi.create_user()
    session = papi.sign_in(user["email"])
    token = session["access_token"]
    head = header(token)
    assert head["alg"] == "ES256" and head["kid"]
    jwks = papi.get("/.well-known/jwks.json").json()["keys"]
    assert [k["kid"] for k in jwks] == [head["kid"]] and "d" not in jwks[0] and jwks[0]["key_ops"] == ["verify"]
    # every service verifies it: auth, REST, storage
    assert papi.get("/user", token).status_code == 200
    assert httpx.get(f"{papi.stack.url}/rest/v1/profiles?select=id&limit=1",
                     headers=papi.headers(token)).status_code == 200
    assert httpx.get(f"{papi.stack.url}/storage/v1/bucket", headers=papi.headers(token)).status_code == 200
    # the HS256 API keys still work
    assert httpx.get(f"{papi.stack.url}/auth/v1/admin/users?per_page=1", headers=papi.admin_headers).status_code == 200
    # a token signed by an unknown key is refused
    forged = token.rsplit(".", 1)[0] + "." + base64.urlsafe_b64encode(b"x" * 64).decode().rstrip("=")
    assert papi.get("/user", forged).status_code == 403
    # rotation: the new key signs, the old one still verifies
    subprocess.run([sys.executable, "-m", "supastack.auth.signing_keys", "rotate", str(keys_file)], check=True)
    deadline = time.monotonic() + 15
    while True:
        fresh = papi.sign_in(user["email"])["access_token"]
        if header(fresh)["kid"] != head["kid"] or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert header(fresh)["kid"] != head["kid"]
    kids = [k["kid"] for k in papi.get("/.well-known/jwks.json").json()["keys"]]
    assert kids == [header(fresh)["kid"], head["kid"]]
    assert papi.get("/user", token).status_code == 200 and papi.get("/user", fresh).status_code == 200
