"""POST {aNumber, processId[, manualResult]} -> {courtCase: {id, a_number, ...}, changed, source}.

Signed-in staff only. The result comes from the staff's own reading of the official portal
(`manualResult`), or from the configured provider (demo, or the office's HTTP data service); the
case is created or updated and a history row appended when something changed.
"""
from fastapi import FastAPI, Request

from edgekit.caller import identify, is_service_call
from edgekit.clients import service_client, user_client
from edgekit.env import function_env
from edgekit.eoir.assisted import manual_result
from edgekit.eoir.factory import court_provider
from edgekit.eoir.provider import CourtProviderError
from edgekit.eoir.store import CourtCaseStore
from edgekit.identifiers import InvalidIdentifier, normalize_a_number
from edgekit.providers import DemoProviderRefused, provider_choice
from edgekit.responses import FunctionError, install_error_handler, json_body

app = FastAPI()
install_error_handler(app)


def _process_id(raw: object) -> int | None:
    if raw is None or raw == "":
        return None
    if isinstance(raw, bool):
        raise FunctionError(400, "ID do processo inválido")
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise FunctionError(400, "ID do processo inválido") from None
    if value <= 0:
        raise FunctionError(400, "ID do processo inválido")
    return value


@app.post("/")
async def check_court_case(request: Request):
    env = function_env(request)
    if is_service_call(request, env):              # the daily scheduled check
        reader = service_client(env)
    else:
        caller = await identify(request, env)
        if not caller.is_staff:
            raise FunctionError(403, "Acesso negado: apenas a equipe do escritório pode consultar casos na EOIR")
        reader = user_client(env, caller.access_token)
    body = await json_body(request)
    if not body.get("aNumber"):
        raise FunctionError(400, "Número A é obrigatório")
    try:
        a_number = normalize_a_number(body["aNumber"])
    except InvalidIdentifier as exc:
        raise FunctionError(400, str(exc)) from None
    process_id = _process_id(body.get("processId"))
    if body.get("manualResult") is not None:
        result = manual_result(body["manualResult"])
    else:
        try:
            result = await court_provider(env, await provider_choice(env, "eoir")).court_case(a_number)
        except DemoProviderRefused as exc:
            raise FunctionError(503, exc.message) from exc
        except CourtProviderError as exc:
            raise FunctionError(exc.status, exc.message) from exc
    store = CourtCaseStore(reader=reader, history_writer=service_client(env))
    case, changed = await store.save(a_number, process_id, result)
    return {"courtCase": case, "changed": changed, "source": result.source, "demo": result.source == "demo"}
