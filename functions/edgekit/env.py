"""What a function knows about its project: the Supabase-style environment, per request.

The stack hands each request a mapping (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY,
ADMIN_EMAIL, provider choices, ...) in `request.state.function_env`; run on its own (uvicorn
functions/<name>/main.py style) a function falls back to the process environment, as a Deno edge
function reads `Deno.env`.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from fastapi import Request


@dataclass(frozen=True)
class FunctionEnv:
    values: Mapping[str, str] = field(default_factory=dict)

    def get(self, name: str, default: str = "") -> str:
        value = self.values.get(name)
        return default if value is None or value == "" else str(value)

    @property
    def supabase_url(self) -> str:
        return self.get("SUPABASE_URL").rstrip("/")

    @property
    def anon_key(self) -> str:
        return self.get("SUPABASE_ANON_KEY")

    @property
    def service_role_key(self) -> str:
        return self.get("SUPABASE_SERVICE_ROLE_KEY")

    @property
    def admin_email(self) -> str:
        return self.get("ADMIN_EMAIL", "admin@escritorio.test").strip().lower()

    @property
    def production(self) -> bool:
        """Reachable beyond this machine (SUPASTACK_PRODUCTION, set by the stack off loopback)."""
        return self.get("SUPASTACK_PRODUCTION", "0").strip().lower() in ("1", "true", "yes")

    def provider(self, service: str, default: str = "demo") -> str:
        return self.get(f"{service.upper()}_PROVIDER", default).strip().lower()


def function_env(request: Request) -> FunctionEnv:
    values = getattr(request.state, "function_env", None)
    return FunctionEnv(values if values is not None else dict(os.environ))
