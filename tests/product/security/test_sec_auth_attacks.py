"""Attacks on the auth API: the brute-force limiter, account enumeration, token replay and revocation."""
from __future__ import annotations

import asyncio
import re
import uuid
from collections import Counter

import httpx
from mail_sink import Mailbox
from security_helpers import EMAILS

from conftest import PER_EMAIL_LIMIT


def _code(r: httpx.Response) -> str:
    """GoTrue's error code, in the body shape of either API version."""
    body = r.json()
    return body.get("error_code") or body.get("code")


def _password_attempt(attacker, email: str, password: str, **headers) -> httpx.Response:
    return attacker.post("/auth/v1/token?grant_type=password", json={"email": email, "password": password},
                         headers=headers)


async def test_concurrent_guesses_cannot_outrun_the_limiter(sec_stack):
    email = f"alvo-{uuid.uuid4().hex[:8]}@cliente.test"
    async with httpx.AsyncClient(base_url=sec_stack.url, timeout=60,
                                 limits=httpx.Limits(max_connections=40)) as client:
        answers = await asyncio.gather(*[
            client.post("/auth/v1/token?grant_type=password", json={"email": email, "password": f"chute-{i}"},
                        headers={"apikey": sec_stack.anon_key}) for i in range(30)])
    codes = Counter(_code(r) for r in answers)
    assert codes == {"invalid_credentials": PER_EMAIL_LIMIT, "over_request_rate_limit": 30 - PER_EMAIL_LIMIT}


def test_email_variants_share_one_counter(attacker):
    local = f"Variante.{uuid.uuid4().hex[:8]}"
    for i in range(PER_EMAIL_LIMIT):
        assert _code(_password_attempt(attacker, f"{local}@Cliente.Test", f"x-{i}")) == "invalid_credentials"
    for variant in (f"  {local.lower()}@cliente.test ", f"{local.upper()}@CLIENTE.TEST"):
        assert _password_attempt(attacker, variant, "x").status_code == 429


def test_forwarded_for_is_not_trusted(attacker, sec_stack):
    email = f"xff-{uuid.uuid4().hex[:8]}@cliente.test"
    _password_attempt(attacker, email, "errada", **{"X-Forwarded-For": "203.0.113.9", "X-Real-IP": "203.0.113.9"})
    assert sec_stack.sql("select ip from auth.failed_sign_ins where email = %s", (email,)) == [("127.0.0.1",)]


def test_a_success_is_not_counted_as_a_failure(attacker, sec_stack):
    for _ in range(PER_EMAIL_LIMIT + 2):
        attacker.sign_in(EMAILS["joao"])
    assert sec_stack.sql("select count(*) from auth.failed_sign_ins where email = %s", (EMAILS["joao"],)) == [(0,)]


def test_sign_in_does_not_reveal_which_accounts_exist(attacker):
    known = _password_attempt(attacker, EMAILS["secretary"], "errada-123")
    unknown = _password_attempt(attacker, f"ninguem-{uuid.uuid4().hex[:6]}@escritorio.test", "errada-123")
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())


def test_recover_answers_alike_for_unknown_and_known_addresses(attacker):
    unknown = attacker.post("/auth/v1/recover", json={"email": f"ninguem-{uuid.uuid4().hex[:6]}@x.test"})
    known = attacker.post("/auth/v1/recover", json={"email": EMAILS["secretary"]})
    assert (unknown.status_code, unknown.json()) == (known.status_code, known.json()) == (200, {})


def _latest_code(sec_stack, email: str) -> str:
    message = Mailbox(sec_stack).wait_for(email)
    return re.search(r"código (\d{6})", message["body"]["text"]).group(1)


def test_recovery_codes_are_single_use(attacker, sec_stack):
    email = EMAILS["maria"]
    sec_stack.sql("update auth.users set recovery_sent_at = null where email = %s", (email,))
    assert attacker.post("/auth/v1/recover", json={"email": email}).status_code == 200
    code = _latest_code(sec_stack, email)
    body = {"type": "recovery", "email": email, "token": code}
    first = attacker.post("/auth/v1/verify", json=body)
    assert first.status_code == 200 and first.json()["access_token"]
    again = attacker.post("/auth/v1/verify", json=body)
    assert again.status_code == 403 and _code(again) == "otp_expired"


def test_refresh_tokens_die_with_logout_and_on_late_reuse(attacker, sec_stack):
    session = attacker.sign_in(EMAILS["joao"])
    rotated = attacker.post("/auth/v1/token?grant_type=refresh_token",
                            json={"refresh_token": session["refresh_token"]}).json()
    # replaying the first token after the reuse interval ends the whole session
    sec_stack.sql("update auth.refresh_tokens set updated_at = now() - interval '1 hour' where token = %s",
                  (session["refresh_token"],))
    replay = attacker.post("/auth/v1/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    assert _code(replay) == "refresh_token_already_used"
    assert attacker.post("/auth/v1/token?grant_type=refresh_token",
                         json={"refresh_token": rotated["refresh_token"]}).status_code == 400
    # logout revokes the refresh token and the session the access token names
    other = attacker.sign_in(EMAILS["joao"])
    assert attacker.post("/auth/v1/logout", "raw:" + other["access_token"]).status_code == 204
    assert attacker.post("/auth/v1/token?grant_type=refresh_token",
                         json={"refresh_token": other["refresh_token"]}).status_code == 400
    assert attacker.get("/auth/v1/user", "raw:" + other["access_token"]).status_code == 403
