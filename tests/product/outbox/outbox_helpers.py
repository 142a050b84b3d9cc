"""Outbox test helpers: the seed's people, calls as them, and waiting for outbox rows."""
from __future__ import annotations

import time

import httpx

from harness import StackProcess, access_token

ADMIN = "10000000-0000-4000-8000-000000000001"
LEGAL = "10000000-0000-4000-8000-000000000002"
MARIA_USER = "10000000-0000-4000-8000-000000000005"
MARIA = "c0000000-0000-4000-8000-000000000001"
MARIA_EMAIL = "maria.silva@cliente.test"
FAST = {"OUTBOX_POLL_SECONDS": "0.1", "OUTBOX_BACKOFF_SECONDS": "0.2", "OUTBOX_BACKOFF_MAX_SECONDS": "1",
        "OUTBOX_LEASE_SECONDS": "3", "OUTBOX_MAX_ATTEMPTS": "3"}


def rest(stack, user: str, method: str, path: str, **kw) -> httpx.Response:
    token = access_token(stack, user)
    return httpx.request(method, f"{stack.url}/rest/v1/{path}", timeout=30, **kw,
                         headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}",
                                  "Content-Type": "application/json"})


def consent(stack, channel: str, phone: str | None = None) -> None:
    r = rest(stack, MARIA_USER, "POST", "rpc/set_channel_consent",
             json={"p_channel": channel, "p_granted": True, "p_phone": phone})
    assert r.status_code == 200, r.text


def change_stage(stack, stage: str | None = None, process_id: int = 1, message: str | None = None) -> dict:
    stage = stage or stack.sql("select name from public.process_stages where name <> "
                               "(select stage from public.processes where id = %s) order by random() limit 1",
                               (process_id,))[0][0]
    r = rest(stack, ADMIN, "POST", "rpc/change_process_stage",
             json={"p_process_id": process_id, "p_stage": stage, "p_message": message})
    assert r.status_code == 200, r.text
    return r.json()


def wait_rows(stack, where: str, params=(), count: int = 1, timeout: float = 20.0) -> list[tuple]:
    deadline = time.monotonic() + timeout
    while True:
        rows = stack.sql(f"select id, status, attempts, provider_message_id, last_error, channel "
                         f"from public.notification_deliveries where {where}", params)
        if len(rows) >= count:
            return rows
        if time.monotonic() > deadline:
            raise AssertionError(f"deliveries where {where}: {rows}")
        time.sleep(0.05)


def new_stack(cluster, name: str, env: dict | None = None) -> StackProcess:
    return StackProcess(cluster, name=name, env={**FAST, **(env or {})})
