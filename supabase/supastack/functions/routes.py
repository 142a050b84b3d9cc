"""/functions/v1: each `functions/<name>/main.py` app, behind the edge gateway (see gateway.py)."""
from fastapi import APIRouter

from supastack.core.stack import Stack
from supastack.functions.gateway import FunctionsGateway
from supastack.functions.loader import discover

METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]


def router(stack: Stack) -> APIRouter:
    gateway = FunctionsGateway(stack.settings, discover(stack.settings.functions_dir))
    api = APIRouter()
    api.add_route("/{name}", gateway, methods=METHODS, include_in_schema=False)
    api.add_route("/{name}/{path:path}", gateway, methods=METHODS, include_in_schema=False)
    return api
