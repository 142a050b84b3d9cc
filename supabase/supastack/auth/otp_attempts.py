"""Per-e-mail budget of one-time-code guesses: after five wrong codes, the e-mail's pending codes are void.

Counting per IP alone let many addresses share out the million possible codes. Every code attempt of
POST /verify {email, token} is reserved up front as an `otp` row of auth.failed_sign_ins (see ratelimit);
the rows for the e-mail since its newest code was sent are the guesses spent on that code, wherever
they came from. A fresh code (a new e-mail) gets a fresh budget.
"""
from __future__ import annotations

MAX_WRONG_CODES = 5

# The accounts whose pending codes were sent to `email`: its own codes, or a change of e-mail to it.
# A phone (digits only) cannot equal an e-mail, so the same key serves phone codes.
_ACCOUNTS = ("lower(u.email) = %(email)s or lower(u.email_change) = %(email)s"
             " or u.phone = %(email)s or u.phone_change = %(email)s")


async def _attempts_on_pending_code(conn, email: str, attempt_id: int) -> int:
    """Code attempts for `email` up to this one (earlier reservations included) since its newest code."""
    cur = await conn.execute(
        f"""select count(*) from auth.failed_sign_ins f
             where f.kind = 'otp' and f.email = %(email)s and f.id <= %(attempt)s
               and f.created_at >= (select max(greatest(u.recovery_sent_at, u.confirmation_sent_at,
                                                        u.email_change_sent_at, u.phone_change_sent_at,
                                                        u.reauthentication_sent_at))
                                      from auth.users u where {_ACCOUNTS})""",  # noqa: S608 - constant text
        {"email": email, "attempt": attempt_id})
    (count,) = await cur.fetchone()
    return count


async def _void_pending_codes(conn, email: str) -> None:
    # The sending times stay: later guesses still count against the same (now dead) code.
    await conn.execute(
        f"""update auth.users u set recovery_token = '', confirmation_token = '', email_change_token_new = '',
                                phone_change_token = '', reauthentication_token = ''
             where {_ACCOUNTS}""", {"email": email})  # noqa: S608 - constant text


async def over_budget(conn, email: str, attempt_id: int) -> bool:
    """True (and the codes voided) when this attempt comes after the budget was spent, even concurrently."""
    if await _attempts_on_pending_code(conn, email, attempt_id) > MAX_WRONG_CODES:
        await _void_pending_codes(conn, email)
        return True
    return False


async def wrong_code(conn, email: str, attempt_id: int) -> None:
    """Record the consequence of a wrong code: the last allowed one voids the pending codes at once."""
    if await _attempts_on_pending_code(conn, email, attempt_id) >= MAX_WRONG_CODES:
        await _void_pending_codes(conn, email)
