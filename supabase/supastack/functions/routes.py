"""/functions/v1: each `functions/<name>/main.py` app, behind the edge gateway (see gateway.py)."""
from fastapi import APIRouter
from starlette.routing import Route

from supastack.core.stack import Stack
from supastack.functions.gateway import FunctionsGateway
from supastack.functions.loader import discover

METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]


def router(stack: Stack) -> APIRouter:
    gateway = FunctionsGateway(stack.settings, discover(stack.settings.functions_dir))
    api = APIRouter()
    # Route (not add_route, typed for request handlers) takes the gateway as the ASGI app it is
    api.routes.append(Route("/{name}", gateway, methods=METHODS, include_in_schema=False))
    api.routes.append(Route("/{name}/{path:path}", gateway, methods=METHODS, include_in_schema=False))
    return api
