"""Helpers of the auth tests: raw HTTP calls to /auth/v1 with the clients' headers, users, DB snapshots."""
from __future__ import annotations

import uuid
from dataclasses import dataclass

import httpx

from harness import StackProcess

PASSWORD = "Segredo@123"
VERSION = {"X-Supabase-Api-Version": "2024-01-01"}


@dataclass
class Api:
    stack: StackProcess

    @property
    def base(self) -> str:
        return f"{self.stack.url}/auth/v1"

    def headers(self, token: str | None = None, version: bool = True) -> dict:
        h = {"apikey": self.stack.anon_key, **(VERSION if version else {})}
        if token:
            h["Authorization"] = f"Bearer {token}"
        return h

    @property
    def admin_headers(self) -> dict:
        return {**VERSION, "apikey": self.stack.service_role_key,
                "Authorization": f"Bearer {self.stack.service_role_key}"}

    def post(self, path: str, token: str | None = None, **kw) -> httpx.Response:
        return httpx.post(self.base + path, headers=kw.pop("headers", None) or self.headers(token), **kw)

    def get(self, path: str, token: str | None = None, **kw) -> httpx.Response:
        return httpx.get(self.base + path, headers=kw.pop("headers", None) or self.headers(token), **kw)

    def put(self, path: str, token: str | None = None, **kw) -> httpx.Response:
        return httpx.put(self.base + path, headers=kw.pop("headers", None) or self.headers(token), **kw)

    def sign_in(self, email: str, password: str = PASSWORD) -> dict:
        r = self.post("/token?grant_type=password", json={"email": email, "password": password})
        assert r.status_code == 200, r.text
        return r.json()

    def create_user(self, password: str = PASSWORD, **extra) -> dict:
        """A confirmed e-mail user with a unique address, created through the admin API."""
        email = extra.pop("email", None) or f"u{uuid.uuid4().hex[:12]}@example.test"
        r = httpx.post(self.base + "/admin/users", headers=self.admin_headers,
                       json={"email": email, "password": password, "email_confirm": True, **extra})
        assert r.status_code == 200, r.text
        return r.json()

    def counts(self) -> tuple:
        """Row counts of every auth table a request could write to."""
        return self.stack.sql("""select (select count(*) from auth.users), (select count(*) from auth.identities),
                                        (select count(*) from auth.sessions),
                                        (select count(*) from auth.refresh_tokens),
                                        (select md5(coalesce(string_agg(u::text, '|' order by id), ''))
                                           from auth.users u)
                              """)[0]


def read_mail(stack, to: str, subject: str, timeout: float = 10.0) -> tuple[str, str | None, str | None]:
    """(text, 6-digit code, link) of the newest mail to `to` whose subject holds `subject`: from the stack's
    mail sink when it runs one, else from the .eml files of the older file sink."""
    import email as email_lib
    import email.policy
    import re
    import time

    def parse(text: str):
        code = re.search(r"\b(\d{6})\b", text)
        link = re.search(r"(http\S+)", text)
        return text, code.group(1) if code else None, link.group(1) if link else None

    try:
        from mail_sink import Mailbox
        box = Mailbox(stack)  # tests/mail_sink.py (not the standard library's module of that name)
    except (ImportError, RuntimeError, AttributeError, TypeError):
        box = None
    if hasattr(box, "wait_for"):
        found = box.wait_for(to, subject=subject, timeout=timeout)
        return parse(found["body"]["text"])
    deadline = time.monotonic() + timeout
    folder = stack.data_dir / "mail"
    while time.monotonic() < deadline:
        for path in sorted(folder.glob("*.eml"), reverse=True) if folder.is_dir() else []:
            msg = email_lib.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if msg["To"] == to and subject in msg["Subject"]:
                return parse(msg.get_content())
        time.sleep(0.05)
    raise AssertionError(f"no mail to {to} with {subject!r}")


def mail_count(stack, to: str) -> int:
    try:
        from mail_sink import Mailbox
        return Mailbox(stack).count(to)
    except (ImportError, RuntimeError, AttributeError, TypeError):
        import email as email_lib
        import email.policy
        folder = stack.data_dir / "mail"
        return sum(1 for p in (folder.glob("*.eml") if folder.is_dir() else [])
                   if email_lib.message_from_bytes(p.read_bytes(), policy=email.policy.default)["To"] == to)
