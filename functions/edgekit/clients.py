"""supabase-py clients for a function: one acting as the caller (RLS decides), one as service_role.

All clients share one pooled httpx client, so a burst of checks does not open a connection per call.
"""
from __future__ import annotations

import httpx

from edgekit.env import FunctionEnv
from supabase import AsyncClient, AsyncClientOptions

_http: httpx.AsyncClient | None = None


def shared_http() -> httpx.AsyncClient:
    global _http
    if _http is None or _http.is_closed:
        _http = httpx.AsyncClient(timeout=httpx.Timeout(30.0, connect=5.0),
                                  limits=httpx.Limits(max_connections=64, max_keepalive_connections=32))
    return _http


def _client(env: FunctionEnv, key: str, bearer: str) -> AsyncClient:
    options = AsyncClientOptions(headers={"Authorization": f"Bearer {bearer}"}, auto_refresh_token=False,
                                 persist_session=False, httpx_client=shared_http())
    return AsyncClient(env.supabase_url, key, options)


def user_client(env: FunctionEnv, access_token: str) -> AsyncClient:
    """Acts with the caller's JWT: row-level security decides what it reads and writes."""
    return _client(env, env.anon_key, access_token)


def service_client(env: FunctionEnv) -> AsyncClient:
    """Acts as service_role (bypasses RLS): only after the function has checked the caller itself."""
    return _client(env, env.service_role_key, env.service_role_key)
