"""POST {email, full_name, role, redirect_to?}: an administrator invites a staff member.

The caller is checked through the database with their own JWT (their user_roles rows, under RLS); only
then does the function, as service_role, ask the auth API for an invitation (the e-mail with the link
that lands on the app's "Definir senha" page) and give the new account its role. A second invitation
to an address that has not accepted yet sends a new link; an address already in use is refused.
"""
import logging
import re

from fastapi import FastAPI, Request
from postgrest.types import ReturnMethod
from supabase_auth.errors import AuthApiError, AuthError

from edgekit.caller import STAFF_ROLES, identify
from edgekit.clients import service_client
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler, json_body

log = logging.getLogger("functions.invite-staff")

DENIED = "Apenas administradores podem convidar usuários"
INVALID_EMAIL = "E-mail inválido"
INVALID_ROLE = "Selecione um perfil de acesso válido"
INVALID_NAME = "Informe o nome completo (mínimo de 3 caracteres)"
ALREADY_REGISTERED = "Este e-mail já está cadastrado"
TOO_SOON = "Um convite acabou de ser enviado para este e-mail. Aguarde um minuto para reenviar."
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

app = FastAPI()
install_error_handler(app)


def _text(body: dict, key: str) -> str:
    value = body.get(key)
    return value.strip() if isinstance(value, str) else ""


@app.post("/")
async def invite_staff(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    if not caller.is_administrator:
        raise FunctionError(403, DENIED)
    body = await json_body(request)
    email, full_name, role = _text(body, "email").lower(), _text(body, "full_name"), _text(body, "role")
    if not EMAIL.match(email) or len(email) > 255:
        raise FunctionError(400, INVALID_EMAIL)
    if role not in STAFF_ROLES:
        raise FunctionError(400, INVALID_ROLE)
    if len(full_name) < 3:
        raise FunctionError(400, INVALID_NAME)
    options: dict = {"data": {"full_name": full_name}}
    if _text(body, "redirect_to"):
        options["redirect_to"] = _text(body, "redirect_to")   # the auth API keeps only allowed addresses

    admin = service_client(env)
    try:
        invited = await admin.auth.admin.invite_user_by_email(email, options)
    except AuthApiError as exc:
        if exc.code in ("email_exists", "user_already_exists"):
            raise FunctionError(409, ALREADY_REGISTERED) from exc
        if exc.code == "over_email_send_rate_limit" or exc.status == 429:
            raise FunctionError(429, TOO_SOON) from exc
        if exc.code == "validation_failed":
            raise FunctionError(400, INVALID_EMAIL) from exc
        raise FunctionError(502, f"Erro ao enviar o convite: {exc.message}") from exc
    except AuthError as exc:
        raise FunctionError(502, f"Erro ao enviar o convite: {exc.message}") from exc
    user = invited.user
    try:
        await admin.table("profiles").upsert({"id": user.id, "email": email, "full_name": full_name},
                                             returning=ReturnMethod.minimal).execute()
        # one role per staff member: a new invitation of a pending address replaces its role
        await admin.table("user_roles").delete().eq("user_id", user.id).neq("role", role).execute()
        await admin.table("user_roles").upsert({"user_id": user.id, "role": role}, on_conflict="user_id,role",
                                               ignore_duplicates=True, returning=ReturnMethod.minimal).execute()
    except Exception as exc:
        log.exception("invited user's profile/role failed")
        raise FunctionError(500, "Convite enviado, mas o perfil de acesso não foi definido") from exc
    log.info("staff invited by %s", caller.user_id)
    return {"success": True, "message": f"Convite enviado para {email}",
            "user": {"id": user.id, "email": email, "role": role}}
