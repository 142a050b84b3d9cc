"""Limits on the auth messages anyone may ask for (/otp, /recover, /resend, /signup), answered alike whether
the address has an account or not, so that the answers do not tell who has one:

- per IP address: at most `[auth.rate_limit] email_sent` e-mails (`sms_sent` SMS) an hour;
- per address: one message of a kind each `email_interval_seconds`. A user who gets the message is held to it
  by the sending time in its row (links.store, GoTrue's max_frequency); for /otp and /recover, an address that
  gets nothing (no account, banned) by the request recorded here. /resend follows GoTrue there: with nothing to
  resend (no account, already confirmed, no pending change) it answers {} every time, since the minute counts
  from the last message sent.

Requests are counted in auth.message_requests (channel `email` / `sms`, purpose `<group>`), trimmed here
once they are older than the hour and the interval."""
from __future__ import annotations

from supastack.auth.errors import AuthError, ErrorCode
from supastack.auth.links import too_soon
from supastack.core.config import Settings

HOUR = 3600


def _channel(sms: bool) -> str:
    return "sms" if sms else "email"


async def trim(conn, settings: Settings) -> None:
    """Rows older than the hour and the interval count for nothing."""
    await conn.execute("delete from auth.message_requests where created_at < now() - make_interval(secs => %s)",
                       (max(HOUR, settings.email_send_interval),))


async def check_ip(conn, settings: Settings, ip: str | None, sms: bool = False) -> None:
    """429 over_email_send_rate_limit (over_sms_send_rate_limit) once the IP used its hourly budget. Holds a
    lock on the IP's budget until the caller's transaction ends."""
    channel = _channel(sms)
    await trim(conn, settings)
    await conn.execute("select pg_advisory_xact_lock(hashtext('supastack.auth.' || %s || '_sent:' || %s))",
                       (channel, ip or ""))
    cur = await conn.execute("""select count(*) from auth.message_requests
                                 where ip = %s and channel = %s and created_at > now() - make_interval(secs => %s)""",
                             (ip or "", channel, HOUR))
    (used,) = await cur.fetchone()
    if used >= (settings.sms_sent_per_hour if sms else settings.email_sent_per_hour):
        raise AuthError(429, ErrorCode.OVER_SMS_SEND_RATE_LIMIT if sms else ErrorCode.OVER_EMAIL_SEND_RATE_LIMIT,
                        "SMS rate limit exceeded" if sms else "Email rate limit exceeded")


async def check_address(conn, settings: Settings, group: str, address: str, sms: bool = False) -> None:
    """For an address that gets no message: the same 429 a user would get within the interval."""
    cur = await conn.execute("""select extract(epoch from now() - max(created_at)) from auth.message_requests
                                 where address = %s and channel = %s and purpose = %s""",
                             (address, _channel(sms), group))
    (age,) = await cur.fetchone()
    if age is not None and age < settings.email_send_interval:
        raise too_soon(int(settings.email_send_interval - age), sms=sms)


async def record(conn, group: str, address: str, ip: str | None, sms: bool = False) -> None:
    """Count one answered request (a message sent, or the same answer without one)."""
    await conn.execute("insert into auth.message_requests (channel, purpose, address, ip) values (%s, %s, %s, %s)",
                       (_channel(sms), group, address, ip or ""))


async def silent(conn, settings: Settings, group: str, address: str, ip: str | None, sms: bool = False) -> None:
    """The request of an address that gets nothing: limited and counted as if it got its message."""
    await check_address(conn, settings, group, address, sms)
    await record(conn, group, address, ip, sms)
