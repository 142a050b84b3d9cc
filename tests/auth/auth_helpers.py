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
                                        (select count(*) from auth.sessions), (select count(*) from auth.refresh_tokens),
                                        (select md5(coalesce(string_agg(u::text, '|' order by id), ''))
                                           from auth.users u)
                              """)[0]
