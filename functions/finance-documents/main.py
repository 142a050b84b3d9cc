"""POST {kind: 'quote' | 'contract' | 'receipt', id} -> the document as a pt-BR PDF.

Everything is read with the caller's JWT, so row-level security decides: staff get any document, a client
only its own (a row it cannot read is a 404). The office's name, address, phone, e-mail and website come from
its settings (office_settings, kept by the administrators in Configurações); a field left empty there comes
from the `office_profile` system setting, else OFFICE_NAME / OFFICE_ADDRESS / OFFICE_PHONE / OFFICE_EMAIL /
OFFICE_WEBSITE.
"""

import sys
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response

sys.path.insert(0, str(Path(__file__).parent))

from finance_pdf import Office, contract_pdf, quote_pdf, receipt_pdf  # noqa: E402

from edgekit.caller import identify  # noqa: E402
from edgekit.clients import service_client, user_client  # noqa: E402
from edgekit.env import FunctionEnv, function_env  # noqa: E402
from edgekit.office import office_sources  # noqa: E402
from edgekit.responses import FunctionError, install_error_handler, json_body  # noqa: E402

app = FastAPI()
install_error_handler(app)
NOT_FOUND = "Documento não encontrado"


async def _office_settings(env: FunctionEnv) -> dict:
    """The office's settings row (service role: a client's document carries the name too), or {}."""
    try:
        rows = (await service_client(env).table("office_settings").select("*").limit(1).execute()).data
    except Exception:  # noqa: BLE001 - the settings are another module's table; the document still goes out
        return {}
    if not rows:
        return {}
    office, _ = office_sources(rows[0])
    return {key: office.get(key) for key in ("name", "address", "phone", "email", "website")}


async def _office_profile(env: FunctionEnv) -> dict:
    try:
        rows = (
            await service_client(env).table("system_settings").select("value").eq("key", "office_profile").execute()
        ).data
    except Exception:  # noqa: BLE001 - branding is optional; the document still goes out
        return {}
    return rows[0]["value"] if rows and isinstance(rows[0]["value"], dict) else {}


async def _office(env: FunctionEnv) -> Office:
    settings, profile = await _office_settings(env), await _office_profile(env)

    def pick(key: str, env_name: str, default: str = "") -> str:
        return str(settings.get(key) or profile.get(key) or env.get(env_name, default))

    return Office(
        name=pick("name", "OFFICE_NAME", Office.name),
        address=pick("address", "OFFICE_ADDRESS"),
        phone=pick("phone", "OFFICE_PHONE"),
        email=pick("email", "OFFICE_EMAIL"),
        website=pick("website", "OFFICE_WEBSITE"),
    )


async def _one(client, table: str, row_id: str, columns: str = "*") -> dict:
    rows = (await client.table(table).select(columns).eq("id", row_id).limit(1).execute()).data
    if not rows:
        raise FunctionError(404, NOT_FOUND)
    return rows[0]


@app.post("/")
async def finance_document(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    body = await json_body(request)
    kind, row_id = body.get("kind"), str(body.get("id") or "")
    if kind not in ("quote", "contract", "receipt") or len(row_id) != 36:
        raise FunctionError(400, "Informe o tipo (quote, contract ou receipt) e o id do documento")
    db = user_client(env, caller.access_token)
    office = await _office(env)
    if kind == "quote":
        quote = await _one(db, "financial_quotes", row_id)
        items = (
            await db.table("financial_quote_items")
            .select("*")
            .eq("quote_id", row_id)
            .order("position")
            .order("created_at")
            .execute()
        ).data
        client = await _one(db, "clients", quote["client_id"], "full_name")
        pdf, name = quote_pdf(office, quote, items, client), f"orcamento-{quote['quote_number']}.pdf"
    elif kind == "contract":
        contract = await _one(db, "financial_contracts", row_id)
        installments = (
            await db.table("financial_installments").select("*").eq("contract_id", row_id).order("number").execute()
        ).data
        client = await _one(db, "clients", contract["client_id"], "full_name")
        pdf, name = contract_pdf(office, contract, installments, client), f"contrato-{contract['contract_number']}.pdf"
    else:
        payment = await _one(db, "financial_payments", row_id)
        if payment.get("status") != "paid":
            raise FunctionError(409, "Só há recibo de pagamento recebido")
        installment = (
            await _one(db, "financial_installments", payment["installment_id"])
            if payment.get("installment_id")
            else None
        )
        contract = await _one(db, "financial_contracts", payment["contract_id"]) if payment.get("contract_id") else None
        client = await _one(db, "clients", payment["client_id"], "full_name")
        pdf = receipt_pdf(office, payment, installment, contract, client)
        name = f"recibo-{payment.get('receipt_number') or row_id[:8]}.pdf"
    return Response(pdf, media_type="application/pdf", headers={"Content-Disposition": f'inline; filename="{name}"'})
