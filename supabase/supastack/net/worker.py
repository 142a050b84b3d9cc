"""Sends the requests SQL queued with net.http_get/http_post/http_delete (pg_net's API) and stores each
answer in net._http_response under the request's id, as pg_net's background worker does.

A batch is taken from the queue (`delete ... for update skip locked`) in a transaction that also writes the
answers, so several stack processes never send the same request, and a process that dies mid-batch
leaves its requests queued for another. A relative URL (`/functions/v1/<name>`, queued by
supastack.invoke_function) goes to this stack itself, signed with the service role key: jobs call the
project's functions without the key ever being written in SQL.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

import httpx
import psycopg
from psycopg.types.json import Jsonb

from supastack.core.rows import one

log = logging.getLogger("supastack.net")

BATCH = 50
POLL = 0.5
RESPONSE_TTL = "6 hours"          # pg_net's default pg_net.ttl
CLEAN_EVERY = 600.0

_TAKE = """delete from net.http_request_queue
            where id in (select id from net.http_request_queue order by id limit %s for update skip locked)
        returning id, method, url, headers, body, timeout_milliseconds"""
_STORE = """insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
            values (%s, %s, %s, %s, %s, %s, %s)"""


@dataclass(frozen=True)
class Own:
    """This stack: where its functions answer and the key they are called with."""
    api_url: str
    service_role_key: str


def resolve(url: str, headers: dict, own: Own) -> tuple[str, dict]:
    """A relative URL under /functions/v1/ is this stack's function, called as service_role."""
    if not url.startswith("/"):
        return url, headers
    if not url.startswith("/functions/v1/"):
        raise ValueError(f"relative URL outside /functions/v1: {url}")
    signed = {k: v for k, v in headers.items() if k.lower() not in ("authorization", "apikey")}
    signed.update({"Authorization": f"Bearer {own.service_role_key}", "apikey": own.service_role_key})
    return own.api_url.rstrip("/") + url, signed


async def send(client: httpx.AsyncClient, row: tuple, own: Own) -> tuple:
    request_id, method, url, headers, body, timeout_ms = row
    try:
        url, headers = resolve(url, {str(k): str(v) for k, v in (headers or {}).items()}, own)
        raw = {k: v.encode() for k, v in headers.items()}    # as libcurl: UTF-8 bytes, not only ASCII
        response = await client.request(method.upper(), url, headers=raw, content=bytes(body) if body else None,
                                        timeout=max(timeout_ms, 1) / 1000)
    except httpx.TimeoutException:
        return (request_id, None, None, None, None, True, f"Timeout of {timeout_ms} ms reached")
    except (httpx.HTTPError, ValueError) as exc:
        return (request_id, None, None, None, None, False, str(exc) or type(exc).__name__)
    return (request_id, response.status_code, response.headers.get("content-type"),
            Jsonb(dict(response.headers)), response.text, False, None)


async def send_batch(conn: psycopg.AsyncConnection, client: httpx.AsyncClient, own: Own) -> int:
    """Take up to BATCH queued requests, send them concurrently, store the answers; how many were sent."""
    async with conn.transaction():
        rows = await (await conn.execute(_TAKE, (BATCH,))).fetchall()
        if not rows:
            return 0
        answers = await asyncio.gather(*(send(client, row, own) for row in rows))
        async with conn.cursor() as cur:
            await cur.executemany(_STORE, answers)
    return len(rows)


_AVAILABLE = """select to_regclass('net.http_request_queue') is not null
                   and not exists (select 1 from pg_extension where extname = 'pg_net')"""
RECHECK = 30.0                    # seconds between looks at whether the queue is still ours to serve


async def loop(db_url: str, own: Own) -> None:
    conn: psycopg.AsyncConnection | None = None
    cleaned = checked = 0.0
    async with httpx.AsyncClient(follow_redirects=False) as client:
        while True:
            try:
                if conn is None or conn.closed:
                    conn, checked = await psycopg.AsyncConnection.connect(db_url, autocommit=True), 0.0
                # asked again every RECHECK seconds, not at every poll (a dropped queue table fails the poll anyway)
                if asyncio.get_running_loop().time() - checked > RECHECK:
                    if not one(await (await conn.execute(_AVAILABLE)).fetchone())[0]:
                        await asyncio.sleep(RECHECK)
                        continue
                    checked = asyncio.get_running_loop().time()
                if await send_batch(conn, client, own):
                    continue
                now = asyncio.get_running_loop().time()
                if now - cleaned > CLEAN_EVERY:
                    await conn.execute("delete from net._http_response where created < now() - %s::interval",
                                       (RESPONSE_TTL,))
                    cleaned = now
                await asyncio.sleep(POLL)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("net requests: sending failed; retrying")
                with contextlib.suppress(Exception):
                    if conn is not None:
                        await conn.close()
                conn = None
                await asyncio.sleep(5)
