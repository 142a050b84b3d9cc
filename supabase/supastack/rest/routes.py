"""/rest/v1 for the gateway: an empty APIRouter (for the service's start and stop hooks) carrying the
bare ASGI app that serves every /rest/v1 request (`asgi_app`, see rest/asgi.py)."""
from __future__ import annotations

from fastapi import APIRouter

from supastack.core.stack import Stack
from supastack.rest.asgi import RestApp
from supastack.rest.pipeline import RestService


def router(stack: Stack) -> APIRouter:
    service = RestService(stack)
    stack.on_startup.append(service.start)
    stack.on_shutdown.append(service.stop)
    r = APIRouter()
    r.asgi_app = RestApp(stack, service)  # type: ignore[attr-defined]  # served by the gateway's dispatcher
    r.rest_service = service  # type: ignore[attr-defined]  # for in-process tests and benchmarks
    return r
