"""GET ?key=<key> -> {data: value | null};  POST {key, value} -> {success, data}. Administrators only.

Each key's value has a declared shape (edgekit.setting_schemas): unknown keys and fields are refused,
SECRET fields are encrypted at rest and answered masked (edgekit.sealed_settings). The table itself is
closed to the API roles, so this function (as service_role) is its only door.
"""
import re
from datetime import UTC, datetime

from fastapi import FastAPI, Request

from edgekit.caller import Caller, identify
from edgekit.clients import service_client
from edgekit.env import FunctionEnv, function_env
from edgekit.payments import endpoint_refusal as stripe_endpoint_refusal
from edgekit.payments import percent_refusal, pix_refusal
from edgekit.providers import SETTING_KEY as PROVIDERS_KEY
from edgekit.providers import demo_refusal, effective
from edgekit.responses import FunctionError, install_error_handler, json_body
from edgekit.sealed_settings import SettingsCipher, masked, seal
from edgekit.setting_schemas import SettingRejected, conform, shape_of
from edgekit.whatsapp_endpoint import endpoint_refusal

KEY = re.compile(r"[a-z0-9_]{1,100}")
DENIED = "Permissão negada: Apenas administradores podem configurar a integração com AWS S3."

app = FastAPI()
install_error_handler(app)


async def administrator(request: Request, env: FunctionEnv) -> Caller:
    caller = await identify(request, env, message="Autenticação necessária", field="message")
    if not caller.is_administrator:
        raise FunctionError(403, DENIED, "message")
    return caller


def valid_key(raw: object) -> str:
    if not isinstance(raw, str) or not KEY.fullmatch(raw):
        raise FunctionError(400, "Chave de configuração inválida (use letras minúsculas, números e _)", "message")
    return raw


async def stored_value(client, key: str):
    rows = (await client.table("system_settings").select("value").eq("key", key).execute()).data
    return rows[0]["value"] if rows else None


def payment_refusal(setting: str, value: dict, production: bool) -> str | None:
    """Why a payments setting may not be stored (pt-BR), or None."""
    if setting == "stripe":
        return stripe_endpoint_refusal(value.get("apiBaseUrl"), production)
    if setting == "pix":
        return pix_refusal(value)
    if setting == "payment_fees":
        return percent_refusal(value.get("cardSurchargePercent")) or percent_refusal(value.get("pixFeePercent"))
    return None


@app.get("/")
async def read_setting(request: Request):
    env = function_env(request)
    await administrator(request, env)
    setting = valid_key(request.query_params.get("key"))
    shape = shape_of(setting)
    if shape is None:
        return {"data": None}   # nothing is known (nor shown) of an undeclared setting
    value = await stored_value(service_client(env), setting)
    if setting == PROVIDERS_KEY:    # what is in effect: the configuration, overridden by the administrator's choice
        stored = value if isinstance(value, dict) else {}
        return {"data": {**effective(env, stored), "lastUpdated": stored.get("lastUpdated")},
                "production": env.production}
    return {"data": None if value is None else masked(value, shape, SettingsCipher.from_env(env))}


@app.post("/")
async def save_setting(request: Request):
    env = function_env(request)
    caller = await administrator(request, env)
    body = await json_body(request, "message")
    setting = valid_key(body.get("key"))
    value = body.get("value")
    if value is None:
        raise FunctionError(400, "O campo value é obrigatório", "message")
    shape = shape_of(setting)
    if shape is None:
        raise FunctionError(400, f"Configuração desconhecida: {setting}", "message")
    try:
        conform(value, shape)
    except SettingRejected as exc:
        raise FunctionError(400, str(exc), "message") from None
    if setting == "whatsapp":
        refused = endpoint_refusal(value.get("apiBaseUrl"), env.production)
        if refused:
            raise FunctionError(400, refused, "message")
    refused = payment_refusal(setting, value, env.production)
    if refused:
        raise FunctionError(400, refused, "message")
    if setting == PROVIDERS_KEY:
        for name, choice in value.items():
            refused = demo_refusal(env, name, choice) if name != "lastUpdated" else None
            if refused:
                raise FunctionError(400, refused.message, "message")
    value = {**value, "lastUpdated": datetime.now(UTC).isoformat()}
    client = service_client(env)
    cipher = SettingsCipher.from_env(env)
    sealed = seal(value, shape, cipher, previous=await stored_value(client, setting))
    await client.table("system_settings").upsert(
        {"key": setting, "value": sealed, "updated_by": caller.user_id}, on_conflict="key").execute()
    return {"success": True, "data": masked(sealed, shape, cipher)}
