"""Sessions, access-token JWTs and rotating refresh tokens (GoTrue's token service)."""
from __future__ import annotations

import secrets
import time
import uuid

from psycopg.rows import dict_row

from supastack.auth import users
from supastack.auth.errors import ErrorCode, OAuthError, bad_request
from supastack.core import jwt
from supastack.core.config import Settings
from supastack.core.rows import one


def new_refresh_token() -> str:
    return secrets.token_urlsafe(24)


def access_token(settings: Settings, user: dict, session_id: str, amr: list[dict],
                 aal: str = "aal1") -> tuple[str, int]:
    """A signed access token with GoTrue's claims, and its `exp`."""
    now = int(time.time())
    exp = now + settings.jwt_expiry
    claims = {
        "iss": f"{settings.api_url}/auth/v1",
        "sub": str(user["id"]),
        "aud": user.get("aud") or users.AUDIENCE,
        "exp": exp,
        "iat": now,
        "email": user.get("email") or "",
        "phone": user.get("phone") or "",
        "app_metadata": user.get("raw_app_meta_data") or {},
        "user_metadata": user.get("raw_user_meta_data") or {},
        "role": user.get("role") or users.AUDIENCE,
        "aal": aal,
        "amr": amr,
        "session_id": session_id,
        "is_anonymous": bool(user.get("is_anonymous")),
    }
    return jwt.sign_session(claims, settings.jwt_secret), exp


def session_json(settings: Settings, user: dict, session_id: str, refresh_token: str, amr: list[dict],
                 aal: str = "aal1") -> dict:
    """GoTrue's AccessTokenResponse."""
    token, exp = access_token(settings, user, session_id, amr, aal)
    return {"access_token": token, "token_type": "bearer", "expires_in": settings.jwt_expiry, "expires_at": exp,
            "refresh_token": refresh_token, "user": users.user_json(user)}


async def aal_and_amr(conn, session_id: str) -> tuple[str, list[dict]]:
    """The session's assurance level and its methods, newest first (GoTrue's mfa_amr_claims)."""
    cur = await conn.execute(
        """select s.aal::text, s.tag, extract(epoch from s.created_at)::bigint,
                  (select json_agg(json_build_object('method', c.authentication_method,
                                                     'timestamp', extract(epoch from c.updated_at)::bigint)
                                   order by c.updated_at desc)
                     from auth.mfa_amr_claims c where c.session_id = s.id)
             from auth.sessions s where s.id = %s""", (session_id,))
    row = await cur.fetchone()
    if row is None:
        return "aal1", [{"method": "password", "timestamp": int(time.time())}]
    aal, tag, created, claims = row
    return aal or "aal1", claims or [{"method": tag or "password", "timestamp": created}]


async def add_amr_claim(conn, session_id: str, method: str) -> None:
    await conn.execute(
        """insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
           values (gen_random_uuid(), %s, now(), now(), %s)
           on conflict (session_id, authentication_method) do update set updated_at = now()""",
        (session_id, method))


async def issue_session(conn, settings: Settings, user_id: str, method: str, user_agent: str | None,
                        ip: str | None) -> dict:
    """Create a session with its first refresh token (caller's transaction) and return the Session JSON.

    The authentication method ("password", "otp", ...) is kept in sessions.tag for the `amr` claim.
    """
    session_id = str(uuid.uuid4())
    await conn.execute(
        """insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip, tag)
           values (%s, %s, now(), now(), 'aal1', now() at time zone 'utc', %s, %s, %s)""",
        (session_id, user_id, user_agent, ip, method))
    refresh = new_refresh_token()
    await conn.execute(
        """insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
           values (%s, %s, %s, false, now(), now(), %s)""", (users.INSTANCE_ID, refresh, user_id, session_id))
    await add_amr_claim(conn, session_id, method)
    await conn.execute("update auth.users set last_sign_in_at = now(), updated_at = now() where id = %s", (user_id,))
    await conn.execute("""update auth.identities set last_sign_in_at = now(), updated_at = now()
                           where user_id = %s and provider = %s""",
                       (user_id, "phone" if method == "phone" else "email"))
    user = one(await users.by_id(conn, user_id))
    return session_json(settings, user, session_id, refresh, [{"method": method, "timestamp": int(time.time())}])


async def live_session(conn, session_id: str) -> dict | None:
    """The session row unless it was deleted or ended (not_after in the past)."""
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute("""select * from auth.sessions where id = %s
                          and (not_after is null or not_after > now())""", (session_id,))
    return await cur.fetchone()


async def refresh(conn, settings: Settings, token: str) -> tuple[dict, dict]:
    """Rotate a refresh token (caller's transaction). Returns (Session JSON, user row).

    - active token: revoked, and a child token (parent = old token) is issued;
    - revoked token within `refresh_token_reuse_interval` of its revocation: the session's current active
      token is returned again (a client that lost the previous answer, or concurrent refreshes);
    - revoked token after the interval: the whole session is revoked (all tokens, session ended) and
      `refresh_token_already_used` is raised (see RevokedSession).
    """
    if not token:
        raise OAuthError("invalid_request", "refresh_token required")
    cur = conn.cursor(row_factory=dict_row)
    # Row lock: concurrent refreshes of one token are serialised here.
    await cur.execute("""select *, extract(epoch from now() - updated_at) as age
                           from auth.refresh_tokens where token = %s for update""", (token,))
    row = await cur.fetchone()
    if row is None:
        raise bad_request(ErrorCode.REFRESH_TOKEN_NOT_FOUND, "Invalid Refresh Token: Refresh Token Not Found")
    await cur.execute("select (not_after is not null and not_after <= now()) as ended from auth.sessions"
                      " where id = %s", (row["session_id"],))
    session = await cur.fetchone()
    if session is None:
        raise bad_request(ErrorCode.SESSION_NOT_FOUND, "Invalid Refresh Token: No Valid Session Found")
    if session["ended"]:
        if row["revoked"]:
            raise RevokedSession.error
        raise bad_request(ErrorCode.SESSION_EXPIRED, "Invalid Refresh Token: Session Expired")
    user = await users.by_id(conn, row["user_id"])
    if user is None:
        raise bad_request(ErrorCode.REFRESH_TOKEN_NOT_FOUND, "Invalid Refresh Token: Refresh Token Not Found")
    if user.get("banned_until") and user["banned_until"].timestamp() > time.time():
        raise bad_request(ErrorCode.USER_BANNED, "Invalid Refresh Token: User Banned")

    if row["revoked"]:
        await cur.execute("""select token from auth.refresh_tokens where session_id = %s and revoked = false
                              order by id desc limit 1""", (row["session_id"],))
        active = await cur.fetchone()
        if active is None or row["age"] > settings.refresh_token_reuse_interval:
            raise RevokedSession()  # the caller ends the session in its own transaction
        issued = active["token"]
    else:
        issued = new_refresh_token()
        await conn.execute("update auth.refresh_tokens set revoked = true, updated_at = now() where id = %s",
                           (row["id"],))
        await conn.execute(
            """insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,
                                                parent, session_id)
               values (%s, %s, %s, false, now(), now(), %s, %s)""",
            (users.INSTANCE_ID, issued, row["user_id"], token, row["session_id"]))
    await conn.execute("""update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now()
                           where id = %s""", (row["session_id"],))
    aal, amr = await aal_and_amr(conn, str(row["session_id"]))
    return session_json(settings, user, str(row["session_id"]), issued, amr, aal), user


async def raise_to_aal2(conn, settings: Settings, user_id: str, session_id: str, factor_id: str,
                        method: str) -> dict:
    """A verified second factor: the session becomes aal2 with `method` in its amr, and gets a new refresh
    token (the old ones are revoked), as GoTrue's updateMFASessionAndClaims. Returns the Session JSON."""
    await conn.execute("""update auth.sessions set aal = 'aal2', factor_id = %s, updated_at = now(),
                                 refreshed_at = now() at time zone 'utc' where id = %s""", (factor_id, session_id))
    await add_amr_claim(conn, session_id, method)
    await conn.execute("update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = %s"
                       " and revoked = false", (session_id,))
    refresh = new_refresh_token()
    await conn.execute(
        """insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
           values (%s, %s, %s, false, now(), now(), %s)""", (users.INSTANCE_ID, refresh, user_id, session_id))
    user = one(await users.by_id(conn, user_id))
    aal, amr = await aal_and_amr(conn, session_id)
    return session_json(settings, user, session_id, refresh, amr, aal)


class RevokedSession(Exception):
    """A revoked refresh token was replayed: the session was ended; commit, then answer already_used."""

    error = bad_request(ErrorCode.REFRESH_TOKEN_ALREADY_USED, "Invalid Refresh Token: Already Used")


async def revoke_session(conn, session_id) -> None:
    await conn.execute("update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = %s"
                       " and revoked = false", (session_id,))
    await conn.execute("update auth.sessions set not_after = now(), updated_at = now() where id = %s",
                       (session_id,))


async def logout(conn, user_id: str, session_id: str | None, scope: str) -> None:
    """Delete sessions (their refresh tokens go with them): global, local (this one) or others."""
    if scope == "local" and session_id:
        await conn.execute("delete from auth.sessions where id = %s", (session_id,))
    elif scope == "others" and session_id:
        await conn.execute("delete from auth.sessions where user_id = %s and id <> %s", (user_id, session_id))
    else:
        await conn.execute("delete from auth.sessions where user_id = %s", (user_id,))
