"""POST {date?: 'YYYY-MM-DD', days?: 1-31} -> {rates: [...], latest}: stores the USD->BRL rates of the days
up to `date` (default today) from the configured provider (PTAX or demo).

Callers: administrators and legal assistants (written with their JWT, RLS decides), or the daily job with
the service role key.
"""

import sys
from datetime import date, timedelta
from pathlib import Path

from fastapi import FastAPI, Request

sys.path.insert(0, str(Path(__file__).parent))

from ptax_provider import RateProviderError, rate_provider  # noqa: E402

from edgekit.caller import bearer_of, identify  # noqa: E402
from edgekit.clients import service_client, user_client  # noqa: E402
from edgekit.constant_time import same_secret  # noqa: E402
from edgekit.env import function_env  # noqa: E402
from edgekit.providers import DemoProviderRefused, provider_choice  # noqa: E402
from edgekit.responses import FunctionError, install_error_handler, json_body  # noqa: E402

MANAGERS = frozenset({"administrator", "legal_assistant"})

app = FastAPI()
install_error_handler(app)


def _window(body: dict) -> tuple[date, date]:
    try:
        end = date.fromisoformat(body["date"]) if body.get("date") else date.today()
        days = int(body.get("days") or 7)
    except (TypeError, ValueError):
        raise FunctionError(400, "Data ou número de dias inválido") from None
    if not 1 <= days <= 31:
        raise FunctionError(400, "Número de dias inválido (1 a 31)")
    return end - timedelta(days=days - 1), end


@app.post("/")
async def refresh_rates(request: Request):
    env = function_env(request)
    token = bearer_of(request) or ""
    if token and same_secret(token, env.service_role_key):
        writer = service_client(env)
    else:
        caller = await identify(request, env, message="Autenticação necessária")
        if not caller.roles & MANAGERS:
            raise FunctionError(403, "Apenas administradores e assistentes jurídicos atualizam a cotação")
        writer = user_client(env, caller.access_token)
    start, end = _window(await json_body(request))
    try:
        rates = await rate_provider(env, await provider_choice(env, "exchange_rates")).rates(start, end)
    except DemoProviderRefused as exc:
        raise FunctionError(503, exc.message) from exc
    except RateProviderError as exc:
        raise FunctionError(exc.status, exc.message) from exc
    rows = [r.row() for r in rates]
    if rows:
        await (
            writer.table("exchange_rates").upsert(rows, on_conflict="base_currency,quote_currency,rate_date").execute()
        )
    return {"rates": rows, "latest": rows[-1] if rows else None}
