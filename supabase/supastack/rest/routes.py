"""PostgREST-compatible REST API (placeholder: root only until the REST engine lands)."""
from fastapi import APIRouter

from supastack.core.stack import Stack


def router(stack: Stack) -> APIRouter:
    r = APIRouter()

    @r.get("/")
    async def root():
        async with stack.db.connection() as conn:
            await conn.execute("select 1")
        return {"swagger": "2.0", "info": {"title": "supastack REST"}}

    return r
