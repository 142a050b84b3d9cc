"""GoTrue-compatible auth API under /auth/v1: every route in one screen (as GoTrue's api.go)."""
from __future__ import annotations

from fastapi import APIRouter, Request

from supastack.auth import ratelimit
from supastack.auth.context import AuthRoute
from supastack.auth.handlers import admin_users, logout, meta, recover, signup, token, user
from supastack.core.stack import Stack


def router(stack: Stack) -> APIRouter:
    r = APIRouter(route_class=AuthRoute)

    async def prepare() -> None:
        await ratelimit.ensure_schema(stack.db)

    stack.on_startup.append(prepare)

    @r.get("/health")
    async def health_route():
        return meta.health()

    @r.get("/settings")
    async def settings_route():
        return meta.settings_json(stack.settings)

    @r.get("/.well-known/jwks.json")
    async def jwks_route():
        return meta.jwks()

    @r.post("/token")
    async def token_route(request: Request):
        return await token.token(request, stack)

    @r.post("/signup")
    async def signup_route(request: Request):
        return await signup.signup(request, stack)

    @r.get("/user")
    async def get_user_route(request: Request):
        return await user.get_user(request, stack)

    @r.put("/user")
    async def update_user_route(request: Request):
        return await user.update_user(request, stack)

    @r.post("/logout")
    async def logout_route(request: Request):
        return await logout.logout(request, stack)

    @r.post("/recover")
    async def recover_route(request: Request):
        return await recover.recover(request, stack)

    @r.post("/verify")
    async def verify_post_route(request: Request):
        return await recover.verify_post(request, stack)

    @r.get("/verify")
    async def verify_get_route(request: Request):
        return await recover.verify_get(request, stack)

    @r.get("/admin/users")
    async def admin_list_route(request: Request):
        return await admin_users.list_users(request, stack)

    @r.post("/admin/users")
    async def admin_create_route(request: Request):
        return await admin_users.create_user(request, stack)

    @r.get("/admin/users/{user_id}")
    async def admin_get_route(request: Request, user_id: str):
        return await admin_users.get_user(request, stack, user_id)

    @r.put("/admin/users/{user_id}")
    async def admin_update_route(request: Request, user_id: str):
        return await admin_users.update_user(request, stack, user_id)

    @r.delete("/admin/users/{user_id}")
    async def admin_delete_route(request: Request, user_id: str):
        return await admin_users.delete_user(request, stack, user_id)

    return r
