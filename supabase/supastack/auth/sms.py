"""The local SMS sink: what an SMS provider would send goes to auth.sms_sink; the stack log only says that
a message went to a phone (its code signs the reader in)."""
from __future__ import annotations

import sys


async def send(conn, phone: str, body: str) -> str:
    """Record one message (caller's transaction); returns its id as GoTrue's message_id."""
    cur = await conn.execute("insert into auth.sms_sink (phone, body) values (%s, %s) returning id", (phone, body))
    (message_id,) = await cur.fetchone()
    print(f"auth sms to +{phone} (sink-{message_id})", file=sys.stderr, flush=True)
    return f"sink-{message_id}"
