"""POST {receiptNumbers: [...]} -> {results: [{receiptNumber, status, details, changed, error}], checked, failed}.

Signed-in staff only. Each receipt is validated, asked to the configured provider (official USCIS API
or the offline demo), and its tracked row updated (history appended when the status changed). A demo
provider's results are marked (`demo`, `is_demo` on the rows) and never reach the client; in production
mode a demo provider is refused.
"""
from fastapi import FastAPI, Request

from edgekit.caller import identify, is_service_call
from edgekit.clients import service_client, user_client
from edgekit.env import function_env
from edgekit.providers import DemoProviderRefused, provider_choice
from edgekit.responses import FunctionError, install_error_handler, json_body
from edgekit.uscis.checker import SupabaseReceiptStore, check_receipts
from edgekit.uscis.factory import status_provider
from edgekit.uscis.provider import ProviderError

MAX_RECEIPTS = 500

app = FastAPI()
install_error_handler(app)


@app.post("/")
async def check_status(request: Request):
    env = function_env(request)
    if is_service_call(request, env):              # the daily scheduled check
        reader = service_client(env)
    else:
        caller = await identify(request, env)
        if not caller.is_staff:
            raise FunctionError(403, "Acesso negado: apenas a equipe do escritório pode consultar status")
        reader = user_client(env, caller.access_token)
    body = await json_body(request)
    numbers = body.get("receiptNumbers")
    if not isinstance(numbers, list) or not numbers:
        raise FunctionError(400, "receiptNumbers deve ser uma lista com pelo menos um número de recibo")
    if len(numbers) > MAX_RECEIPTS:
        raise FunctionError(400, f"No máximo {MAX_RECEIPTS} números de recibo por consulta")
    try:
        provider = status_provider(env, await provider_choice(env, "uscis"))
    except DemoProviderRefused as exc:
        raise FunctionError(503, exc.message) from exc
    except ProviderError as exc:
        raise FunctionError(503, exc.message) from exc
    store = SupabaseReceiptStore(reader=reader, writer=service_client(env))
    concurrency = int(env.get("USCIS_CONCURRENCY", "8"))
    return await check_receipts(numbers, provider, store, concurrency=concurrency)
