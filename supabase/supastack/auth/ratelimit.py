"""Rate limits kept in PostgreSQL, shared by every process: failed sign-ins per e-mail and per IP (brute
force), and per-IP request budgets such as anonymous sign-ins per hour."""
from __future__ import annotations

from supastack.auth.errors import AuthError, ErrorCode
from supastack.core.config import Settings

SCHEMA_SQL = """
select pg_advisory_xact_lock(hashtext('supastack.auth.failed_sign_ins'));
create table if not exists auth.failed_sign_ins (
  id bigserial primary key,
  kind text not null default 'password',
  email text,
  ip text,
  created_at timestamptz not null default now()
);
create index if not exists failed_sign_ins_email_idx on auth.failed_sign_ins (email, created_at);
create index if not exists failed_sign_ins_ip_idx on auth.failed_sign_ins (ip, created_at);
create index if not exists failed_sign_ins_created_idx on auth.failed_sign_ins (created_at);
"""


async def ensure_schema(db) -> None:
    async with db.connection() as conn:
        async with conn.transaction():
            for statement in filter(str.strip, SCHEMA_SQL.split(";")):
                await conn.execute(statement)


def _limited() -> AuthError:
    return AuthError(429, ErrorCode.OVER_REQUEST_RATE_LIMIT, "Request rate limit reached")


async def check(conn, settings: Settings, kind: str, email: str | None, ip: str | None) -> None:
    """Raise 429 over_request_rate_limit when the e-mail or the IP used up its failures in the window."""
    cur = await conn.execute(
        """select count(*) filter (where email = %s), count(*) filter (where ip = %s)
             from auth.failed_sign_ins
            where kind = %s and created_at > now() - make_interval(secs => %s)
              and (email = %s or ip = %s)""",
        (email, ip, kind, settings.rate_limit_window, email, ip))
    per_email, per_ip = await cur.fetchone()
    if email and per_email >= settings.sign_in_failures_per_email:
        raise _limited()
    if ip and per_ip >= settings.sign_in_failures_per_ip:
        raise _limited()


async def reserve(conn, settings: Settings, kind: str, email: str | None, ip: str | None) -> int:
    """Check the limits and count this attempt as a failure up front, atomically (429 when used up).

    Counting only after the password check let concurrent guesses all pass the check before any was
    recorded; the caller `release`s the row when the attempt succeeds.
    """
    async with conn.transaction():
        await conn.execute("select pg_advisory_xact_lock(hashtext('supastack.auth.sign_in_attempt'))")
        await check(conn, settings, kind, email, ip)
        cur = await conn.execute("insert into auth.failed_sign_ins (kind, email, ip) values (%s, %s, %s) "
                                 "returning id", (kind, email, ip))
        (attempt_id,) = await cur.fetchone()
    return attempt_id


async def take(conn, kind: str, ip: str | None, per_window: int, window_seconds: int) -> None:
    """Count one request of `kind` from `ip` (its own transaction), 429 when the IP used up `per_window`
    requests in the last `window_seconds` (GoTrue's per-IP limits, e.g. anonymous sign-ins per hour)."""
    async with conn.transaction():
        await conn.execute("select pg_advisory_xact_lock(hashtext('supastack.auth.per_ip.' || %s))", (kind,))
        cur = await conn.execute(
            """select count(*) from auth.failed_sign_ins
                where kind = %s and ip = %s and created_at > now() - make_interval(secs => %s)""",
            (kind, ip or "", window_seconds))
        (used,) = await cur.fetchone()
        if used >= per_window:
            raise _limited()
        await conn.execute("insert into auth.failed_sign_ins (kind, ip) values (%s, %s)", (kind, ip or ""))


async def release(conn, attempt_id: int) -> None:
    """The reserved attempt succeeded: it is no failure."""
    await conn.execute("delete from auth.failed_sign_ins where id = %s", (attempt_id,))


async def trim(conn, settings: Settings) -> None:
    # Old rows are useless to the limiter; trim them as we go.
    await conn.execute("delete from auth.failed_sign_ins where created_at < now() - make_interval(secs => %s)",
                       (max(settings.rate_limit_window, 3600),))

