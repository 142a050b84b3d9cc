"""MFA with TOTP factors (GoTrue's mfa.go): enroll, challenge, verify (the session becomes aal2), unenroll,
and the admin's list and delete of a user's factors."""
from __future__ import annotations

import hmac
import io
import time
import uuid
from urllib.parse import urlsplit

import pyotp
import segno
from fastapi import Request
from fastapi.responses import JSONResponse
from psycopg.rows import dict_row

from supastack.auth import audit, options, ratelimit, tokens, users
from supastack.auth.account_notices import notify
from supastack.auth.context import Caller, client_ip, field, json_body, require_admin, require_user
from supastack.auth.errors import AuthError, ErrorCode, bad_request, forbidden, unprocessable
from supastack.core.rows import one
from supastack.core.stack import Stack

CHALLENGE_TTL_SECONDS = 300   # mfa.challenge_expiry_duration
UNVERIFIED_TTL_SECONDS = 300  # mfa.factor_expiry_duration: abandoned enrolments are removed
FACTOR_TYPES = "factor_type needs to be totp, phone, or webauthn"


def _uuid(raw: str) -> str | None:
    try:
        return str(uuid.UUID(raw))
    except ValueError:
        return None


async def _factor(conn, caller: Caller, factor_id: str) -> dict:
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute("select * from auth.mfa_factors where id = %s and user_id = %s",
                      (_uuid(factor_id), str(caller.user["id"])))
    row = await cur.fetchone()
    if row is None:
        raise AuthError(404, ErrorCode.MFA_FACTOR_NOT_FOUND, "Factor not found")
    return row


def _qr_svg(uri: str) -> str:
    out = io.BytesIO()
    segno.make(uri, error="h").save(out, kind="svg", xmldecl=False, scale=4, svgclass=None, lineclass=None)
    # no '#': the client puts the SVG unencoded into a data: URL, where '#' would end it
    return out.getvalue().decode().replace('"#000"', '"black"')


def _matching_step(secret: str, code: str) -> int | None:
    """The 30-second time step whose code `code` is, from the previous step to the next (pyotp's
    valid_window=1); None when it is none of them."""
    totp = pyotp.TOTP(secret)
    now = int(time.time()) // totp.interval
    for step in (now, now - 1, now + 1):
        if hmac.compare_digest(totp.at(step * totp.interval), code):
            return step
    return None


async def enroll(request: Request, stack: Stack):
    settings = stack.settings
    body = await json_body(request)
    factor_type = field(body, "factor_type", str, "")
    name = field(body, "friendly_name", str, "")
    issuer = field(body, "issuer", str, "") or urlsplit(settings.site_url).netloc
    if factor_type == "phone":
        raise unprocessable(ErrorCode.MFA_PHONE_ENROLL_NOT_ENABLED, "MFA enroll is disabled for Phone")
    if factor_type == "webauthn":
        raise unprocessable(ErrorCode.MFA_WEBAUTHN_ENROLL_NOT_ENABLED, "MFA enroll is disabled for WebAuthn")
    if factor_type != "totp":
        raise bad_request(ErrorCode.VALIDATION_FAILED, FACTOR_TYPES)
    if not options.totp_enroll_enabled(settings):
        raise unprocessable(ErrorCode.MFA_TOTP_ENROLL_NOT_ENABLED, "MFA enroll is disabled for TOTP")
    async with stack.db.connection() as conn:
        caller = await require_user(request, stack, conn)
        user_id = str(caller.user["id"])
        async with conn.transaction():
            await conn.execute("select pg_advisory_xact_lock(hashtext('mfa:' || %s))", (user_id,))
            await conn.execute("""delete from auth.mfa_factors where user_id = %s and status = 'unverified'
                                   and created_at < now() - make_interval(secs => %s)""",
                               (user_id, UNVERIFIED_TTL_SECONDS))
            cur = await conn.execute("""select count(*), count(*) filter (where status = 'verified'),
                                               count(*) filter (where friendly_name = %s and %s <> '')
                                          from auth.mfa_factors where user_id = %s""", (name, name, user_id))
            total, verified, same_name = one(await cur.fetchone())
            if same_name:
                raise unprocessable(ErrorCode.MFA_FACTOR_NAME_CONFLICT,
                                    f'A factor with the friendly name "{name}" for this user already exists')
            if total >= options.max_enrolled_factors(settings) or verified >= options.max_enrolled_factors(settings):
                raise unprocessable(ErrorCode.TOO_MANY_ENROLLED_MFA_FACTORS,
                                    "Maximum number of verified factors reached, unenroll to continue")
            if verified and caller.claims.get("aal") != "aal2":
                raise forbidden(ErrorCode.INSUFFICIENT_AAL, "AAL2 required to enroll a new factor")
            secret = pyotp.random_base32()
            uri = pyotp.TOTP(secret).provisioning_uri(name=caller.user.get("email") or "", issuer_name=issuer)
            factor_id = str(uuid.uuid4())
            await conn.execute(
                """insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
                                                 updated_at, secret)
                   values (%s, %s, %s, 'totp', 'unverified', now(), now(), %s)""",
                (factor_id, user_id, name, secret))
            await audit.record(conn, "factor_in_progress", caller.user, client_ip(request), {"factor_id": factor_id})
    return JSONResponse({"id": factor_id, "type": "totp", "friendly_name": name,
                         "totp": {"qr_code": _qr_svg(uri), "secret": secret, "uri": uri}})


async def challenge(request: Request, stack: Stack, factor_id: str):
    if not options.totp_verify_enabled(stack.settings):
        raise unprocessable(ErrorCode.MFA_TOTP_VERIFY_NOT_ENABLED, "MFA verification is disabled for TOTP")
    async with stack.db.connection() as conn:
        caller = await require_user(request, stack, conn)
        factor = await _factor(conn, caller, factor_id)
        challenge_id = str(uuid.uuid4())
        async with conn.transaction():
            cur = await conn.execute(
                """insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
                   values (%s, %s, now(), %s) returning extract(epoch from created_at)::bigint""",
                (challenge_id, factor["id"], client_ip(request) or "0.0.0.0"))
            (created,) = one(await cur.fetchone())
            await conn.execute("update auth.mfa_factors set last_challenged_at = clock_timestamp(), updated_at = now()"
                               " where id = %s", (factor["id"],))
            await audit.record(conn, "challenge_created", caller.user, client_ip(request),
                               {"factor_id": str(factor["id"]), "factor_status": factor["status"]})
    return JSONResponse({"id": challenge_id, "type": "totp", "expires_at": created + CHALLENGE_TTL_SECONDS})


async def verify(request: Request, stack: Stack, factor_id: str):
    settings = stack.settings
    body = await json_body(request)
    challenge_id = _uuid(field(body, "challenge_id", str, "") or "")
    code = field(body, "code", str, "").strip()
    if not options.totp_verify_enabled(settings):
        raise unprocessable(ErrorCode.MFA_TOTP_VERIFY_NOT_ENABLED, "MFA verification is disabled for TOTP")
    if not code:
        raise bad_request(ErrorCode.VALIDATION_FAILED, "Code needs to be non-empty")
    ip = client_ip(request)
    async with stack.db.connection() as conn:
        caller = await require_user(request, stack, conn)
        factor = await _factor(conn, caller, factor_id)
        user_id = str(caller.user["id"])
        if not caller.session_id:
            raise AuthError(500, ErrorCode.UNEXPECTED_FAILURE, "A valid session is required to verify a factor")
        cur = conn.cursor(row_factory=dict_row)
        await cur.execute("""select *, host(ip_address) as ip, created_at < now() - make_interval(secs => %s) as expired
                               from auth.mfa_challenges where id = %s and factor_id = %s and verified_at is null""",
                          (CHALLENGE_TTL_SECONDS, challenge_id, factor["id"]))
        found = await cur.fetchone()
        if found is None:
            raise unprocessable(ErrorCode.MFA_FACTOR_NOT_FOUND, "MFA factor with the provided challenge ID not found")
        if found["ip"] != (ip or "0.0.0.0"):
            raise unprocessable(ErrorCode.MFA_IP_ADDRESS_MISMATCH, "Challenge and verify IP addresses mismatch.")
        if found["expired"]:
            await conn.execute("delete from auth.mfa_challenges where id = %s", (challenge_id,))
            raise unprocessable(ErrorCode.MFA_CHALLENGE_EXPIRED,
                                f"MFA challenge {challenge_id} has expired, verify against another challenge or "
                                f"create a new challenge.")
        # wrong codes count as failed sign-ins of this user (a million codes must not be guessable)
        attempt = await ratelimit.reserve(conn, settings, "mfa", user_id, ip)
        step = _matching_step(factor["secret"], code)
        if step is None:
            await ratelimit.trim(conn, settings)
            raise unprocessable(ErrorCode.MFA_VERIFICATION_FAILED, "Invalid TOTP code entered")
        async with conn.transaction():
            fresh = await conn.execute(
                """insert into auth.mfa_totp_used_steps as u (factor_id, last_step) values (%s, %s)
                   on conflict (factor_id) do update set last_step = excluded.last_step, updated_at = now()
                    where u.last_step < excluded.last_step
                   returning factor_id""", (factor["id"], step))
            if await fresh.fetchone() is None:
                # this code (or a later one) was accepted already: a code opens one session only. Answered
                # as a wrong code, and counted as one (the transaction's release is undone).
                raise unprocessable(ErrorCode.MFA_VERIFICATION_FAILED, "Invalid TOTP code entered")
            await ratelimit.release(conn, attempt)
            used = await conn.execute("update auth.mfa_challenges set verified_at = now() where id = %s"
                                      " and verified_at is null returning id", (challenge_id,))
            if await used.fetchone() is None:  # a concurrent verify used it
                raise unprocessable(ErrorCode.MFA_FACTOR_NOT_FOUND,
                                    "MFA factor with the provided challenge ID not found")
            await conn.execute("update auth.mfa_factors set status = 'verified', updated_at = now() where id = %s",
                               (factor["id"],))
            session = await tokens.raise_to_aal2(conn, settings, user_id, caller.session_id, str(factor["id"]), "totp")
            # GoTrue: the user's other sessions below aal2 end, abandoned enrolments go
            await conn.execute("delete from auth.sessions where user_id = %s and id <> %s and aal < 'aal2'",
                               (user_id, caller.session_id))
            await conn.execute("""delete from auth.mfa_factors where user_id = %s and status = 'unverified'
                                   and factor_type = 'totp' and id <> %s""", (user_id, factor["id"]))
            await audit.record(conn, "verification_attempted", caller.user, ip,
                               {"factor_id": str(factor["id"]), "challenge_id": challenge_id, "factor_type": "totp"})
    if factor["status"] != "verified":   # its first verification: the factor is now enrolled
        await notify(settings, "mfa_factor_enrolled", caller.user, FactorType=factor["factor_type"])
    return JSONResponse(session)


async def unenroll(request: Request, stack: Stack, factor_id: str):
    async with stack.db.connection() as conn:
        caller = await require_user(request, stack, conn)
        factor = await _factor(conn, caller, factor_id)
        if factor["status"] == "verified" and caller.claims.get("aal") != "aal2":
            raise unprocessable(ErrorCode.INSUFFICIENT_AAL, "AAL2 required to unenroll verified factor")
        async with conn.transaction():
            await _remove(conn, factor["id"])
            await audit.record(conn, "factor_unenrolled", caller.user, client_ip(request),
                               {"factor_id": str(factor["id"])})
    await notify(stack.settings, "mfa_factor_unenrolled", caller.user, FactorType=factor["factor_type"])
    return JSONResponse({"id": str(factor["id"])})


async def _remove(conn, factor_id) -> None:
    """Delete a factor; sessions it raised go back to aal1 (their next token says so)."""
    cur = await conn.execute("select id from auth.sessions where factor_id = %s", (factor_id,))
    for (session_id,) in await cur.fetchall():
        await conn.execute("update auth.sessions set aal = 'aal1', factor_id = null where id = %s", (session_id,))
        await conn.execute("delete from auth.mfa_amr_claims where session_id = %s and authentication_method = 'totp'",
                           (session_id,))
    await conn.execute("delete from auth.mfa_factors where id = %s", (factor_id,))


async def admin_list(request: Request, stack: Stack, user_id: str):
    require_admin(request, stack)
    async with stack.db.connection() as conn:
        user = await users.by_id(conn, _uuid(user_id) or "")
    if user is None:
        raise AuthError(404, ErrorCode.USER_NOT_FOUND, "User not found")
    return JSONResponse(users.user_json(user).get("factors", []))


async def admin_delete(request: Request, stack: Stack, user_id: str, factor_id: str):
    require_admin(request, stack)
    async with stack.db.connection() as conn:
        user = await users.by_id(conn, _uuid(user_id) or "")
        if user is None:
            raise AuthError(404, ErrorCode.USER_NOT_FOUND, "User not found")
        factor = next((f for f in users.user_json(user).get("factors", []) if f["id"] == _uuid(factor_id)), None)
        if factor is None:
            raise AuthError(404, ErrorCode.MFA_FACTOR_NOT_FOUND, "Factor not found")
        async with conn.transaction():
            await _remove(conn, factor_id)
            await audit.record(conn, "factor_deleted", None, client_ip(request),
                               {"user_id": str(user["id"]), "factor_id": factor["id"]})
    return JSONResponse(factor)
