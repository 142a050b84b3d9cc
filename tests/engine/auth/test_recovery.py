"""Password recovery and e-mail change through the local mail sink: /recover, the link, /verify."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import httpx
from auth_helpers import PASSWORD
from mail_sink import Mailbox


def mails(api) -> list:
    return Mailbox(api.stack).list()


def last_mail(api, to: str):
    """The newest mail the sink received for `to`: (message, code, link)."""
    msg = Mailbox(api.stack).latest(to)
    if msg is None:
        raise AssertionError(f"no mail to {to}")
    body = msg["body"]["text"]
    return msg, re.search(r"código (\d{6})", body).group(1), re.search(r"(http\S+)", body).group(1)


def test_recover_link_opens_a_session(api, user):
    r = api.post("/recover?redirect_to=" + api.stack.settings.site_url + "/redefinir-senha",
                 json={"email": user["email"]})
    assert r.status_code == 200 and r.json() == {}
    msg, code, link = last_mail(api, user["email"])
    assert msg["subject"] == "Redefinição de senha" and msg["to"] == user["email"]
    assert link not in api.stack.log_tail(20000)   # the stack log never holds a sign-in link
    assert "recovery_sent_at" in api.get("/user", api.sign_in(user["email"])["access_token"]).json()
    r = httpx.get(link, follow_redirects=False)
    assert r.status_code == 303
    target = urlsplit(r.headers["location"])
    assert target.path == "/redefinir-senha"
    fragment = parse_qs(target.fragment)
    assert fragment["type"] == ["recovery"] and fragment["token_type"] == ["bearer"]
    token = fragment["access_token"][0]
    assert api.get("/user", token).json()["id"] == user["id"]
    # the link is single-use
    again = httpx.get(link, follow_redirects=False)
    assert parse_qs(urlsplit(again.headers["location"]).fragment)["error_code"] == ["otp_expired"]
    # the recovered session may set a new password
    assert api.put("/user", token, json={"password": "Recuperada@1"}).status_code == 200
    api.sign_in(user["email"], "Recuperada@1")


def test_recover_with_code_and_limits(api, user):
    assert api.post("/recover", json={"email": user["email"]}).status_code == 200
    _, code, _ = last_mail(api, user["email"])
    r = api.post("/recover", json={"email": user["email"]})
    assert r.status_code == 429 and r.json()["code"] == "over_email_send_rate_limit"
    r = api.post("/verify", json={"type": "recovery", "email": user["email"], "token": "000000" if code != "000000"
                                  else "111111"})
    assert r.status_code == 403 and r.json() == {"code": "otp_expired", "message": "Token has expired or is invalid"}
    r = api.post("/verify", json={"type": "recovery", "email": user["email"], "token": code})
    assert r.status_code == 200 and r.json()["user"]["id"] == user["id"] and r.json()["refresh_token"]


def test_recover_unknown_email_and_bad_input(api):
    before, sent = api.counts(), len(mails(api))
    assert api.post("/recover", json={"email": "ninguem@example.test"}).json() == {}
    assert len(mails(api)) == sent
    r = api.post("/recover", json={})
    assert r.status_code == 400 and r.json()["code"] == "validation_failed"
    r = api.post("/verify", json={"type": "recovery", "token_hash": "f" * 56})
    assert r.status_code == 403 and r.json()["code"] == "otp_expired"
    r = api.post("/verify", json={"type": "teleport", "token_hash": "abc"})
    assert r.status_code == 400 and r.json()["code"] == "validation_failed"
    r = api.post("/verify", json={"type": "recovery"})
    assert r.status_code == 400 and r.json()["code"] == "validation_failed"
    assert api.counts() == before


def test_redirect_to_elsewhere_falls_back_to_site_url(api, user):
    api.post("/recover?redirect_to=https://evil.example/steal", json={"email": user["email"]})
    _, _, link = last_mail(api, user["email"])
    r = httpx.get(link, follow_redirects=False)
    assert r.headers["location"].startswith(api.stack.settings.site_url + "#")


def test_email_change_needs_the_link(api, user):
    token = api.sign_in(user["email"])["access_token"]
    new = "novo." + user["email"]
    body = api.put("/user", token, json={"email": new}).json()
    assert body["email"] == user["email"] and body["new_email"] == new and "email_change_sent_at" in body
    _, _, link = last_mail(api, new)
    token_hash = parse_qs(urlsplit(link).query)["token"][0]
    r = api.post("/verify", json={"type": "email_change", "token_hash": token_hash})
    assert r.status_code == 200 and r.json()["user"]["email"] == new
    api.sign_in(new, PASSWORD)


def _wrong(code: str, i: int) -> str:
    return f"{(int(code) + 1 + i) % 10**6:06d}"


def test_five_wrong_codes_void_the_code_and_a_new_code_starts_afresh(api, user):
    """This stack allows 100000 failures per e-mail: the refusal below is the code's own budget, not the limiter."""
    assert api.post("/recover", json={"email": user["email"]}).status_code == 200
    _, code, link = last_mail(api, user["email"])
    for i in range(5):
        r = api.post("/verify", json={"type": "recovery", "email": user["email"], "token": _wrong(code, i)})
        assert r.status_code == 403
        assert r.json() == {"code": "otp_expired", "message": "Token has expired or is invalid"}
    r = api.post("/verify", json={"type": "recovery", "email": user["email"], "token": code})
    assert r.status_code == 403 and r.json()["code"] == "otp_expired"
    dead_link = httpx.get(link, follow_redirects=False)
    assert parse_qs(urlsplit(dead_link.headers["location"]).fragment)["error_code"] == ["otp_expired"]
    # a new code (once the send interval has passed) gets a new budget
    api.stack.sql("update auth.users set recovery_sent_at = now() - interval '2 minutes' where id = %s", (user["id"],))
    assert api.post("/recover", json={"email": user["email"]}).status_code == 200
    _, fresh, _ = last_mail(api, user["email"])
    r = api.post("/verify", json={"type": "recovery", "email": user["email"], "token": _wrong(fresh, 0)})
    assert r.status_code == 403
    r = api.post("/verify", json={"type": "recovery", "email": user["email"], "token": fresh})
    assert r.status_code == 200 and r.json()["user"]["id"] == user["id"]


def test_guesses_in_flight_count_before_the_code_is_checked(api, user):
    """Five attempts reserved but not finished (concurrent guesses) leave no try for a sixth, right or not."""
    assert api.post("/recover", json={"email": user["email"]}).status_code == 200
    _, code, _ = last_mail(api, user["email"])
    api.stack.sql("insert into auth.failed_sign_ins (kind, email, ip) select 'otp', %s, '198.51.100.' || n "
                  "from generate_series(1, 5) n", (user["email"],))
    r = api.post("/verify", json={"type": "recovery", "email": user["email"], "token": code})
    assert r.status_code == 403 and r.json()["code"] == "otp_expired"
    assert api.stack.sql("select recovery_token from auth.users where id = %s", (user["id"],)) == [("",)]


def test_a_link_hash_cannot_be_computed_from_a_guessed_code(api, user):
    """GoTrue's unkeyed sha224(email + code) would let the token_hash form skip the per-e-mail count."""
    import hashlib

    assert api.post("/recover", json={"email": user["email"]}).status_code == 200
    _, code, link = last_mail(api, user["email"])
    guessed = hashlib.sha224((user["email"] + code).encode()).hexdigest()
    r = api.post("/verify", json={"type": "recovery", "token_hash": guessed})
    assert r.status_code == 403 and r.json()["code"] == "otp_expired"
    linked = parse_qs(urlsplit(link).query)["token"][0]
    assert len(linked) == 56 and linked != guessed
    r = api.post("/verify", json={"type": "recovery", "token_hash": linked})
    assert r.status_code == 200 and r.json()["user"]["id"] == user["id"]


def test_email_change_by_code_counts_against_the_new_address(api, user):
    token = api.sign_in(user["email"])["access_token"]
    new = "codigo." + user["email"]
    assert api.put("/user", token, json={"email": new}).status_code == 200
    _, code, _ = last_mail(api, new)
    for i in range(5):
        r = api.post("/verify", json={"type": "email_change", "email": new, "token": _wrong(code, i)})
        assert r.status_code == 403 and r.json()["code"] == "otp_expired"
    assert api.stack.sql("select email_change_token_new from auth.users where id = %s", (user["id"],)) == [("",)]
    r = api.post("/verify", json={"type": "email_change", "email": new, "token": code})
    assert r.status_code == 403 and r.json()["code"] == "otp_expired"
    # a new request for the change (once the send interval has passed) sends a new code, and the right one works
    api.stack.sql("update auth.users set email_change_sent_at = now() - interval '2 minutes' where id = %s",
                  (user["id"],))
    assert api.put("/user", token, json={"email": new}).status_code == 200
    _, fresh, _ = last_mail(api, new)
    r = api.post("/verify", json={"type": "email_change", "email": new, "token": fresh})
    assert r.status_code == 200 and r.json()["user"]["email"] == new
