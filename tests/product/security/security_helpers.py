"""The attacker's toolbox: an HTTP client for the security stack, demo log-ins, forged tokens, raw realtime."""
from __future__ import annotations

import asyncio
import base64
import json
import time

import httpx
import websockets

from supastack.core import jwt

PASSWORD = "Demo@12345"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
JOAO_CLIENT = "c0000000-0000-4000-8000-000000000002"
MARIA_USER = "10000000-0000-4000-8000-000000000005"
SECRETARY_USER = "10000000-0000-4000-8000-000000000004"
ADMIN_USER = "10000000-0000-4000-8000-000000000001"
EMAILS = {
    "admin": "admin@escritorio.test",
    "secretary": "secretaria@escritorio.test",
    "maria": "maria.silva@cliente.test",
    "joao": "joao.souza@cliente.test",
}


def b64(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()


class Attacker:
    def __init__(self, stack) -> None:
        self.stack = stack
        self.http = httpx.Client(base_url=stack.url, timeout=30)
        self._tokens: dict[str, str] = {}

    def close(self) -> None:
        self.http.close()

    # -- who is asking ------------------------------------------------------------------------
    def sign_in(self, email: str, password: str = PASSWORD) -> dict:
        r = self.http.post("/auth/v1/token?grant_type=password", json={"email": email, "password": password},
                           headers={"apikey": self.stack.anon_key})
        assert r.status_code == 200, r.text
        return r.json()

    def token(self, who: str) -> str:
        if who not in self._tokens:
            self._tokens[who] = self.sign_in(EMAILS[who])["access_token"]
        return self._tokens[who]

    def headers(self, who: str | None = None, **extra) -> dict:
        """`who`: a demo log-in name, None for the anon key alone, or a raw token prefixed with `raw:`."""
        h = {"apikey": self.stack.anon_key}
        if who and who.startswith("raw:"):
            h["Authorization"] = "Bearer " + who[4:]
        elif who:
            h["Authorization"] = "Bearer " + self.token(who)
        h.update(extra)
        return h

    def service_headers(self, **extra) -> dict:
        return {"apikey": self.stack.anon_key, "Authorization": "Bearer " + self.stack.service_role_key, **extra}

    def signed(self, claims: dict, secret: str | None = None) -> str:
        return jwt.sign(claims, secret or self.stack.settings.jwt_secret)

    # -- HTTP ---------------------------------------------------------------------------------
    def get(self, path: str, who: str | None = None, **kw) -> httpx.Response:
        return self.http.get(path, headers=self.headers(who, **kw.pop("headers", {})), **kw)

    def post(self, path: str, who: str | None = None, **kw) -> httpx.Response:
        return self.http.post(path, headers=self.headers(who, **kw.pop("headers", {})), **kw)

    def patch(self, path: str, who: str | None = None, **kw) -> httpx.Response:
        return self.http.patch(path, headers=self.headers(who, **kw.pop("headers", {})), **kw)

    def put(self, path: str, who: str | None = None, **kw) -> httpx.Response:
        return self.http.put(path, headers=self.headers(who, **kw.pop("headers", {})), **kw)

    def delete(self, path: str, who: str | None = None, **kw) -> httpx.Response:
        return self.http.request("DELETE", path, headers=self.headers(who, **kw.pop("headers", {})), **kw)

    # -- realtime -----------------------------------------------------------------------------
    async def changes_seen(self, who: str | None, bindings: list[dict], action, settle: float = 1.0,
                           after_first=None) -> list[dict]:
        """Join a channel with postgres_changes `bindings` over a raw 1.0.0 socket, run `action()` once
        subscribed, and return the postgres_changes payloads (`data`) received within `settle` seconds.
        `after_first()`, if given, runs once the first change has arrived (a change that must come after it:
        an insert is checked against the table as it is when it is delivered, so a row deleted before that
        is never announced as inserted)."""
        url = self.stack.url.replace("http", "ws", 1) + \
            f"/realtime/v1/websocket?apikey={self.stack.anon_key}&vsn=1.0.0"
        token = self.token(who) if who else self.stack.anon_key
        seen: list[dict] = []
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"topic": "realtime:probe", "event": "phx_join", "ref": "1", "payload": {
                "config": {"postgres_changes": bindings}, "access_token": token}}))
            loop = asyncio.get_running_loop()
            deadline, acted = loop.time() + 10, False
            while loop.time() < deadline:
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 0.2))
                except TimeoutError:
                    continue
                if frame.get("event") == "system" and not acted:
                    assert frame["payload"]["status"] == "ok", frame
                    await asyncio.to_thread(action)
                    acted, deadline = True, loop.time() + settle
                elif frame.get("event") == "phx_reply" and frame["payload"]["status"] != "ok":
                    raise AssertionError(frame)
                elif frame.get("event") == "postgres_changes":
                    seen.append(frame["payload"]["data"])
                    if after_first is not None and len(seen) == 1:
                        await asyncio.to_thread(after_first)
                        deadline = loop.time() + settle
            assert acted, "the channel never reported its subscription"
        return seen


def expired_claims(role: str = "service_role") -> dict:
    return {"role": role, "exp": int(time.time()) - 60}
