"""TOTP second factor: enroll, challenge, verify (aal2 session, amr with totp), refresh, unenroll, admin API."""
from __future__ import annotations

import base64
import json

import httpx
import pyotp


def claims(token: str) -> dict:
    part = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def _enroll(api, token: str, name: str = "") -> dict:
    r = api.post("/factors", token, json={"factor_type": "totp", "friendly_name": name})
    assert r.status_code == 200, r.text
    return r.json()


def _verify(api, token: str, factor: dict, code: str | None = None) -> httpx.Response:
    challenge = api.post(f"/factors/{factor['id']}/challenge", token, json={})
    assert challenge.status_code == 200, challenge.text
    assert challenge.json()["type"] == "totp" and challenge.json()["expires_at"] > 0
    code = code or pyotp.TOTP(factor["totp"]["secret"]).now()
    return api.post(f"/factors/{factor['id']}/verify", token,
                    json={"challenge_id": challenge.json()["id"], "code": code})


def test_enroll_verify_and_aal2(api, user):
    session = api.sign_in(user["email"])
    token = session["access_token"]
    assert claims(token)["aal"] == "aal1" and claims(token)["amr"][0]["method"] == "password"
    factor = _enroll(api, token, "Celular")
    assert factor["type"] == "totp" and factor["friendly_name"] == "Celular"
    assert factor["totp"]["qr_code"].startswith("<svg") and "#" not in factor["totp"]["qr_code"]
    assert factor["totp"]["uri"].startswith("otpauth://totp/") and factor["totp"]["secret"] in factor["totp"]["uri"]
    # a wrong code is refused as GoTrue does
    wrong = _verify(api, token, factor, "000000" if pyotp.TOTP(factor["totp"]["secret"]).now() != "000000"
                    else "111111")
    assert wrong.status_code == 422 and wrong.json() == {"code": "mfa_verification_failed",
                                                         "message": "Invalid TOTP code entered"}
    r = _verify(api, token, factor)
    assert r.status_code == 200, r.text
    upgraded = r.json()
    c = claims(upgraded["access_token"])
    assert c["aal"] == "aal2" and [a["method"] for a in c["amr"]] == ["totp", "password"]
    assert c["session_id"] == claims(token)["session_id"]
    assert [f["status"] for f in upgraded["user"]["factors"]] == ["verified"]
    # the level survives a refresh, and the old refresh token was replaced
    r = api.post("/token?grant_type=refresh_token", json={"refresh_token": upgraded["refresh_token"]})
    assert r.status_code == 200 and claims(r.json()["access_token"])["aal"] == "aal2"
    # a second factor needs aal2; an aal1 session cannot remove the verified one
    aal1 = api.sign_in(user["email"])["access_token"]
    r = api.post("/factors", aal1, json={"factor_type": "totp", "friendly_name": "Outro"})
    assert r.status_code == 403 and r.json() == {"code": "insufficient_aal",
                                                 "message": "AAL2 required to enroll a new factor"}
    r = httpx.delete(f"{api.base}/factors/{factor['id']}", headers=api.headers(aal1))
    assert r.status_code == 422 and r.json()["code"] == "insufficient_aal"
    # admin: list and delete
    r = httpx.get(f"{api.base}/admin/users/{user['id']}/factors", headers=api.admin_headers)
    assert r.status_code == 200 and [f["id"] for f in r.json()] == [factor["id"]]
    r = httpx.delete(f"{api.base}/admin/users/{user['id']}/factors/{factor['id']}", headers=api.admin_headers)
    assert r.status_code == 200 and r.json()["id"] == factor["id"]
    assert httpx.get(f"{api.base}/admin/users/{user['id']}/factors", headers=api.admin_headers).json() == []
    me = api.get("/user", aal1).json()
    assert "factors" not in me


def test_unenroll_unverified_and_errors(api, user):
    token = api.sign_in(user["email"])["access_token"]
    factor = _enroll(api, token)
    r = httpx.delete(f"{api.base}/factors/{factor['id']}", headers=api.headers(token))
    assert r.status_code == 200 and r.json() == {"id": factor["id"]}
    r = api.post(f"/factors/{factor['id']}/challenge", token, json={})
    assert r.status_code == 404 and r.json()["code"] == "mfa_factor_not_found"
    r = api.post("/factors", token, json={"factor_type": "sms"})
    assert r.status_code == 400 and r.json()["message"] == "factor_type needs to be totp, phone, or webauthn"
    # another user's factor is not found
    other = api.create_user()
    other_factor = _enroll(api, api.sign_in(other["email"])["access_token"])
    r = api.post(f"/factors/{other_factor['id']}/challenge", token, json={})
    assert r.status_code == 404
    # a challenge is used once
    factor = _enroll(api, token, "Tablet")
    challenge = api.post(f"/factors/{factor['id']}/challenge", token, json={}).json()
    code = pyotp.TOTP(factor["totp"]["secret"]).now()
    ok = api.post(f"/factors/{factor['id']}/verify", token, json={"challenge_id": challenge["id"], "code": code})
    assert ok.status_code == 200
    again = api.post(f"/factors/{factor['id']}/verify", ok.json()["access_token"],
                     json={"challenge_id": challenge["id"], "code": code})
    assert again.status_code == 422 and again.json()["code"] == "mfa_factor_not_found"
