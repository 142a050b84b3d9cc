"""GoTrue-compatible auth API (placeholder: health only until the auth service lands)."""
from fastapi import APIRouter

from supastack.core.stack import Stack


def router(stack: Stack) -> APIRouter:
    r = APIRouter()

    @r.get("/health")
    async def health():
        return {"version": "supastack", "name": "GoTrue", "description": "GoTrue-compatible auth"}

    return r
