"""GoTrue-compatible auth API under /auth/v1: every route in one screen (as GoTrue's api.go)."""
from __future__ import annotations

from fastapi import APIRouter, Request

from supastack.auth import ratelimit, schema, signing_keys
from supastack.auth.context import AuthRoute
from supastack.auth.handlers import (
    admin_users,
    factors,
    invite,
    logout,
    meta,
    oauth_clients,
    passwordless,
    recover,
    signup,
    token,
    user,
    verify,
)
from supastack.core.stack import Stack


def router(stack: Stack) -> APIRouter:
    r = APIRouter(route_class=AuthRoute)

    signing_keys.install(stack.settings)  # before any token is signed or verified in this process

    async def prepare() -> None:
        await ratelimit.ensure_schema(stack.db)
        await schema.ensure_schema(stack.db)

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
        return await verify.verify_post(request, stack)

    @r.get("/verify")
    async def verify_get_route(request: Request):
        return await verify.verify_get(request, stack)

    @r.post("/otp")
    async def otp_route(request: Request):
        return await passwordless.send_otp(request, stack)

    @r.post("/resend")
    async def resend_route(request: Request):
        return await passwordless.resend(request, stack)

    @r.get("/reauthenticate")
    async def reauthenticate_route(request: Request):
        return await passwordless.reauthenticate(request, stack)

    @r.post("/invite")
    async def invite_route(request: Request):
        return await invite.invite(request, stack)

    @r.post("/admin/generate_link")
    async def generate_link_route(request: Request):
        return await invite.generate_link(request, stack)

    @r.post("/factors")
    async def enroll_route(request: Request):
        return await factors.enroll(request, stack)

    @r.post("/factors/{factor_id}/challenge")
    async def challenge_route(request: Request, factor_id: str):
        return await factors.challenge(request, stack, factor_id)

    @r.post("/factors/{factor_id}/verify")
    async def verify_factor_route(request: Request, factor_id: str):
        return await factors.verify(request, stack, factor_id)

    @r.delete("/factors/{factor_id}")
    async def unenroll_route(request: Request, factor_id: str):
        return await factors.unenroll(request, stack, factor_id)

    @r.get("/admin/users/{user_id}/factors")
    async def admin_factors_route(request: Request, user_id: str):
        return await factors.admin_list(request, stack, user_id)

    @r.delete("/admin/users/{user_id}/factors/{factor_id}")
    async def admin_factor_delete_route(request: Request, user_id: str, factor_id: str):
        return await factors.admin_delete(request, stack, user_id, factor_id)

    @r.api_route("/sso", methods=["GET", "POST"])
    @r.api_route("/sso/{rest:path}", methods=["GET", "POST"])
    @r.api_route("/admin/sso/{rest:path}", methods=["GET", "POST", "PUT", "DELETE"])
    async def sso_route(request: Request):
        raise meta.saml_disabled()

    @r.get("/admin/oauth/clients")
    async def oauth_clients_list_route(request: Request):
        return await oauth_clients.list_clients(request, stack)

    @r.post("/admin/oauth/clients")
    async def oauth_clients_create_route(request: Request):
        return await oauth_clients.create(request, stack)

    @r.get("/admin/oauth/clients/{client_id}")
    async def oauth_clients_get_route(request: Request, client_id: str):
        return await oauth_clients.get(request, stack, client_id)

    @r.put("/admin/oauth/clients/{client_id}")
    async def oauth_clients_update_route(request: Request, client_id: str):
        return await oauth_clients.update(request, stack, client_id)

    @r.delete("/admin/oauth/clients/{client_id}")
    async def oauth_clients_delete_route(request: Request, client_id: str):
        return await oauth_clients.delete(request, stack, client_id)

    @r.post("/admin/oauth/clients/{client_id}/regenerate_secret")
    async def oauth_clients_regenerate_route(request: Request, client_id: str):
        return await oauth_clients.regenerate_secret(request, stack, client_id)

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
