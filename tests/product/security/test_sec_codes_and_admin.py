"""Attacks on one-time codes and on the first-administrator door, and secrets compared in constant time.

A 6-digit recovery code must not be guessable by spreading guesses over many client addresses (each
request here leaves from its own loopback address, 127.0.0.x, which the stack sees as the client IP),
and create-admin-user must refuse while any administrator exists, whatever e-mail that account has now.
"""
from __future__ import annotations

import ast
import re
import uuid
from contextlib import contextmanager
from pathlib import Path

import httpx
from mail_sink import Mailbox
from security_helpers import ADMIN_USER, EMAILS, PASSWORD

from conftest import PER_EMAIL_LIMIT
from harness import REPO_ROOT

EXPIRED = {"code": "otp_expired", "message": "Token has expired or is invalid"}
LIMITED = {"code": "over_request_rate_limit", "message": "Request rate limit reached"}


# -- helpers ---------------------------------------------------------------------------------------
def _from_address(sec_stack, n: int) -> httpx.Client:
    """A client whose connections leave from 127.0.0.<n>: another IP as far as the stack can tell."""
    return httpx.Client(base_url=sec_stack.url, timeout=30,
                        transport=httpx.HTTPTransport(local_address=f"127.0.0.{n}"),
                        headers={"apikey": sec_stack.anon_key, "X-Supabase-Api-Version": "2024-01-01"})


def _verify(sec_stack, n: int, email: str, code: str) -> httpx.Response:
    with _from_address(sec_stack, n) as client:
        return client.post("/auth/v1/verify", json={"type": "recovery", "email": email, "token": code})


def _user_with_pending_code(sec_stack) -> tuple[str, str]:
    """A new account, and the recovery code just mailed to it."""
    email = f"alvo-{uuid.uuid4().hex[:8]}@cliente.test"
    created = httpx.post(f"{sec_stack.url}/auth/v1/admin/users", json={
        "email": email, "password": PASSWORD, "email_confirm": True},
        headers={"apikey": sec_stack.service_role_key, "Authorization": f"Bearer {sec_stack.service_role_key}"})
    assert created.status_code == 200, created.text
    with _from_address(sec_stack, 2) as client:
        assert client.post("/auth/v1/recover", json={"email": email}).status_code == 200
    message = Mailbox(sec_stack).wait_for(email)
    return email, re.search(r"código (\d{6})", message["body"]["text"]).group(1)


def _wrong(code: str, i: int) -> str:
    return f"{(int(code) + 1 + i) % 10**6:06d}"


# -- one-time codes --------------------------------------------------------------------------------
def test_five_wrong_codes_from_five_addresses_void_the_code(sec_stack):
    email, code = _user_with_pending_code(sec_stack)
    for i in range(5):
        wrong = _verify(sec_stack, 10 + i, email, _wrong(code, i))
        assert (wrong.status_code, wrong.json()) == (403, EXPIRED)
    assert sec_stack.sql("select recovery_token from auth.users where email = %s", (email,)) == [("",)]
    late = _verify(sec_stack, 20, email, code)
    assert late.status_code in (403, 429) and "access_token" not in late.json()
    assert late.json() in (EXPIRED, LIMITED)


def test_code_guesses_are_limited_per_email_not_only_per_address(sec_stack):
    """The suite's stack allows 100000 failures per IP and PER_EMAIL_LIMIT per e-mail."""
    email, code = _user_with_pending_code(sec_stack)
    answers = [_verify(sec_stack, 30 + i, email, _wrong(code, i)) for i in range(PER_EMAIL_LIMIT + 3)]
    assert [a.status_code for a in answers] == [403] * PER_EMAIL_LIMIT + [429] * 3
    assert answers[-1].json() == LIMITED and answers[-1].headers["x-sb-error-code"] == "over_request_rate_limit"


# -- create-admin-user -----------------------------------------------------------------------------
@contextmanager
def _administrator_email_changed_to(sec_stack, new_email: str):
    old = sec_stack.sql("select email from auth.users where id = %s", (ADMIN_USER,))[0][0]
    sec_stack.sql("update auth.users set email = %s where id = %s", (new_email, ADMIN_USER))
    try:
        yield
    finally:
        sec_stack.sql("update auth.users set email = %s where id = %s", (old, ADMIN_USER))


def test_create_admin_user_refuses_when_the_administrator_changed_email(sec_stack):
    accounts = sec_stack.sql("select count(*) from auth.users")
    administrators = sec_stack.sql("select user_id from user_roles where role = 'administrator' order by 1")
    password_before = sec_stack.sql("select encrypted_password from auth.users where id = %s", (ADMIN_USER,))
    with _administrator_email_changed_to(sec_stack, "ana.nova@escritorio.test"):
        assert sec_stack.sql("select count(*) from auth.users where email = %s", (EMAILS["admin"],)) == [(0,)]
        answer = httpx.post(f"{sec_stack.url}/functions/v1/create-admin-user",
                            json={"email": EMAILS["admin"], "password": "Tomada123", "full_name": "Intrusa"},
                            headers={"apikey": sec_stack.anon_key,
                                     "Authorization": f"Bearer {sec_stack.anon_key}"}, timeout=30)
        assert (answer.status_code, answer.json()) == (409, {"error": "Usuário administrador já existe"})
        assert sec_stack.sql("select count(*) from auth.users where email = %s", (EMAILS["admin"],)) == [(0,)]
    assert sec_stack.sql("select count(*) from auth.users") == accounts
    assert sec_stack.sql("select user_id from user_roles where role = 'administrator' order by 1") == administrators
    assert sec_stack.sql("select encrypted_password from auth.users where id = %s", (ADMIN_USER,)) == password_before


# -- constant-time comparisons ---------------------------------------------------------------------
SECRET_NAME = re.compile(r"(^|_)(key|token|secret|password|hash|digest|signature|mask)s?$", re.I)


def _compared_names(node: ast.AST):
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for element in node.elts:
            yield from _compared_names(element)


def _secret_comparisons(path: Path):
    """`==`, `!=`, `in` between values whose names say they are keys, tokens, secrets... (not literals,
    not CONSTANT names): those leak through timing how much of a guess was right."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Compare) or not any(
                isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops):
            continue
        operands = [node.left, *node.comparators]
        if any(isinstance(operand, ast.Constant) for operand in operands):
            continue
        names = [n for operand in operands for n in _compared_names(operand) if not n.isupper()]
        if any(SECRET_NAME.search(n) for n in names):
            yield f"{path.relative_to(REPO_ROOT)}:{node.lineno}: {ast.unparse(node)}"


def test_auth_and_functions_compare_secrets_in_constant_time():
    roots = [REPO_ROOT / "supabase" / "supastack" / "auth", REPO_ROOT / "functions"]
    found = [hit for root in roots for path in sorted(root.rglob("*.py")) for hit in _secret_comparisons(path)]
    assert found == [], "use hmac.compare_digest (edgekit.constant_time.same_secret):\n" + "\n".join(found)
