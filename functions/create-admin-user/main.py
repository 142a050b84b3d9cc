"""POST {email, password, full_name, setup_code}: first set-up of the office's administrator account.

Called from the login page with only the anon key (verify_jwt = false). Works only for the configured
administrator e-mail (ADMIN_EMAIL) and only while the office has no administrator at all: the address
alone proves nothing, since it becomes free when the administrator changes e-mail or is deleted. It only
ever creates an account; an existing one is never touched (no password reset through here).

In production (ADMIN_SETUP_CODE_REQUIRED) the address is public (/env.js), so whoever reached a fresh
installation first could claim it: there the call also needs the one-time code the server's operator prints
with `supastack admin-setup-code` (its SHA-256 and expiry in ADMIN_SETUP_CODE_FILE); the code is spent when
the administrator has been created.
"""
import hashlib
import hmac
import json
import logging
import re
import time
from pathlib import Path

from fastapi import FastAPI, Request
from postgrest.types import ReturnMethod
from supabase_auth.errors import AuthApiError, AuthError

from edgekit.clients import service_client
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler, json_body

log = logging.getLogger("functions.create-admin-user")

WRONG_EMAIL = "Esta função só está disponível para o email de administrador autorizado"
ALREADY_EXISTS = "Usuário administrador já existe"
WEAK_PASSWORD = "A senha deve ter pelo menos 8 caracteres, com letras e números"
SETUP_CODE_REQUIRED = ("Informe o código de configuração exibido no servidor pelo comando "
                       "`supastack admin-setup-code`")
SETUP_CODE_INVALID = ("Código de configuração inválido ou expirado: gere outro no servidor com "
                      "`supastack admin-setup-code`")

app = FastAPI()
install_error_handler(app)


def strong_enough(password: str) -> bool:
    return len(password) >= 8 and bool(re.search(r"[A-Za-z]", password)) and bool(re.search(r"\d", password))


def setup_code_matches(path: str, code: str) -> bool:
    """The operator's current code, not expired (the file holds its SHA-256; constant-time comparison)."""
    try:
        stored = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return False
    if not isinstance(stored, dict) or not isinstance(stored.get("sha256"), str):
        return False
    if time.time() > float(stored.get("expires_at") or 0):
        return False
    typed = "".join(ch for ch in code.upper() if ch.isalnum())
    return hmac.compare_digest(stored["sha256"], hashlib.sha256(typed.encode()).hexdigest())


async def first_administrator(admin) -> str | None:
    """The user id of the office's earliest administrator (a user_roles row), or None when there is none."""
    rows = (await admin.table("user_roles").select("user_id").eq("role", "administrator")
            .order("created_at").order("user_id").limit(1).execute()).data
    return rows[0]["user_id"] if rows else None


@app.post("/")
async def create_admin_user(request: Request):
    env = function_env(request)
    body = await json_body(request)
    email = body.get("email")
    password = body.get("password")
    if not isinstance(email, str) or not email.strip() or not isinstance(password, str) or not password:
        raise FunctionError(400, "Email e senha são obrigatórios")
    email = email.strip().lower()
    if email != env.admin_email:
        raise FunctionError(403, WRONG_EMAIL)
    if not strong_enough(password):
        raise FunctionError(400, WEAK_PASSWORD)
    full_name = body.get("full_name")
    full_name = full_name.strip() if isinstance(full_name, str) and len(full_name.strip()) >= 3 else "Administrador"

    code_required = env.get("ADMIN_SETUP_CODE_REQUIRED", "false").lower() == "true"
    if code_required:
        code = body.get("setup_code")
        if not isinstance(code, str) or not code.strip():
            raise FunctionError(403, SETUP_CODE_REQUIRED)
        if not setup_code_matches(env.get("ADMIN_SETUP_CODE_FILE"), code):
            raise FunctionError(403, SETUP_CODE_INVALID)

    admin = service_client(env)
    if await first_administrator(admin) is not None:
        raise FunctionError(409, ALREADY_EXISTS)
    try:
        created = await admin.auth.admin.create_user({
            "email": email, "password": password, "email_confirm": True,
            "user_metadata": {"full_name": full_name}})
    except AuthApiError as exc:
        # The auth API refuses a second account for the same e-mail: that is our "already set up".
        if exc.code in ("email_exists", "user_already_exists") or exc.status == 422:
            raise FunctionError(409, ALREADY_EXISTS) from exc
        raise FunctionError(400 if exc.status < 500 else 502, f"Erro ao criar usuário: {exc.message}") from exc
    except AuthError as exc:
        raise FunctionError(502, f"Erro ao criar usuário: {exc.message}") from exc
    user = created.user
    try:
        await admin.table("profiles").upsert({"id": user.id, "email": email, "full_name": full_name},
                                             returning=ReturnMethod.minimal).execute()
        await admin.table("user_roles").upsert({"user_id": user.id, "role": "administrator"},
                                               on_conflict="user_id,role", ignore_duplicates=True,
                                               returning=ReturnMethod.minimal).execute()
    except Exception as exc:
        log.exception("administrator profile/role failed; removing the half-created user")
        await admin.auth.admin.delete_user(user.id)
        raise FunctionError(500, "Erro ao configurar o perfil do administrador") from exc
    # Two set-ups racing past the check above: the earliest administrator stays, any later one is undone.
    if await first_administrator(admin) != user.id:
        await admin.auth.admin.delete_user(user.id)
        raise FunctionError(409, ALREADY_EXISTS)
    if code_required:   # done: the code never works again
        Path(env.get("ADMIN_SETUP_CODE_FILE")).unlink(missing_ok=True)
    return {"success": True, "message": "Usuário administrador criado com sucesso",
            "user": {"id": user.id, "email": email}}
