"""POST {forms?: ["I-130", ...]} -> {checked, changed, failed, results: [{number, edition, previous, changed,
source, error}]}.

The weekly scheduled job (service role) or signed-in staff. Asks the configured provider (offline demo, or
the official form pages) for each form of the library, and records the edition date (`updated_at`) and
the time of the check (`edition_checked_at`).
"""
from datetime import UTC, datetime

from fastapi import FastAPI, Request

from edgekit.caller import identify, is_service_call
from edgekit.clients import service_client, shared_http
from edgekit.env import function_env
from edgekit.form_editions.providers import EditionError, edition_provider
from edgekit.providers import DemoProviderRefused, provider_choice
from edgekit.responses import FunctionError, install_error_handler, json_body

app = FastAPI()
install_error_handler(app)


@app.post("/")
async def check_editions(request: Request):
    env = function_env(request)
    if not is_service_call(request, env):
        caller = await identify(request, env)
        if not caller.is_staff:
            raise FunctionError(403, "Acesso negado: apenas a equipe do escritório pode verificar formulários")
    body = await json_body(request)
    wanted = body.get("forms")
    if wanted is not None and (not isinstance(wanted, list) or not all(isinstance(n, str) for n in wanted)):
        raise FunctionError(400, "forms deve ser uma lista de números de formulário")
    try:
        provider = edition_provider(env, shared_http(), await provider_choice(env, "uscis_forms"))
    except DemoProviderRefused as exc:
        raise FunctionError(503, exc.message) from exc
    except EditionError as exc:
        raise FunctionError(503, str(exc)) from exc
    db = service_client(env)
    query = db.table("uscis_forms").select("id, number, updated_at").order("number")
    if wanted:
        query = query.in_("number", [n.strip().upper() for n in wanted])
    forms = (await query.execute()).data
    results = []
    for form in forms:
        result = {"number": form["number"], "previous": form["updated_at"], "edition": form["updated_at"],
                  "changed": False, "source": None, "demo": False, "error": None}
        try:
            found = await provider.edition(form["number"])
        except EditionError as exc:
            result["error"] = str(exc)
            results.append(result)
            continue
        values = {"edition_checked_at": datetime.now(UTC).isoformat(), "edition_source": found.source}
        if found.edition is not None:
            result["edition"] = found.edition.isoformat()
            result["changed"] = result["edition"] != form["updated_at"]
            values["updated_at"] = result["edition"]
        result["source"] = found.source
        result["demo"] = found.source == "demo"
        await db.table("uscis_forms").update(values).eq("id", form["id"]).execute()
        results.append(result)
    failed = sum(1 for r in results if r["error"])
    return {"checked": len(results) - failed, "changed": sum(1 for r in results if r["changed"]),
            "failed": failed, "results": results}
