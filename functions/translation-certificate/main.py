"""POST {requestId, translatorName, sourceLanguage?} -> the translator's certification (PDF) of a document request
that needs a certified translation, from the office's template (office_settings.translation_certification_template).

Staff only: the request is read with the caller's JWT, so row-level security decides (document_requests are staff
data; a client, or a request that does not exist, gets 404). A request without translation is 409.
"""

import sys
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from fastapi import FastAPI, Request
from fastapi.responses import Response

sys.path.insert(0, str(Path(__file__).parent))

from certificate_pdf import certificate_pdf, fill_template  # noqa: E402

from edgekit.caller import identify  # noqa: E402
from edgekit.clients import user_client  # noqa: E402
from edgekit.env import function_env  # noqa: E402
from edgekit.office import office_sources  # noqa: E402
from edgekit.responses import FunctionError, install_error_handler, json_body  # noqa: E402

app = FastAPI()
install_error_handler(app)
NOT_FOUND = "Solicitação de documento não encontrada"
LANGUAGES = {"pt": "Portuguese", "es": "Spanish", "fr": "French"}


@app.post("/")
async def translation_certificate(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    body = await json_body(request)
    request_id = str(body.get("requestId") or "")
    translator = " ".join(str(body.get("translatorName") or "").split())
    language = LANGUAGES.get(str(body.get("sourceLanguage") or "pt"))
    if len(request_id) != 36 or not 3 <= len(translator) <= 120 or language is None:
        raise FunctionError(
            400, "Informe a solicitação, o nome do tradutor (3 a 120 caracteres) e o idioma (pt, es ou fr)")
    if not caller.is_staff:
        raise FunctionError(404, NOT_FOUND)
    db = user_client(env, caller.access_token)
    rows = (await db.table("document_requests").select("id, document_name, needs_translation, process_id")
            .eq("id", request_id).limit(1).execute()).data
    if not rows:
        raise FunctionError(404, NOT_FOUND)
    doc = rows[0]
    if not doc["needs_translation"]:
        raise FunctionError(409, "Este documento não exige tradução certificada")
    process = (await db.table("processes").select("client_id, client_name").eq("id", doc["process_id"])
               .limit(1).execute()).data
    client_name = process[0]["client_name"] if process else ""
    if process and process[0].get("client_id"):
        client = (await db.table("clients").select("full_name").eq("id", process[0]["client_id"]).limit(1)
                  .execute()).data
        client_name = client[0]["full_name"] if client else client_name
    settings = (await db.table("office_settings").select("*").limit(1).execute()).data
    row = settings[0] if settings else {}
    office, _ = office_sources(row)
    zone = ZoneInfo(row.get("time_zone") or "America/New_York")
    today = datetime.now(zone).date()
    statement = fill_template(row.get("translation_certification_template") or "", {
        "tradutor": translator, "documento": doc["document_name"], "cliente": client_name or "",
        "idioma": language, "data": today.strftime("%m/%d/%Y"),
    })
    pdf = certificate_pdf(str(office.get("name") or "Escritório de Imigração"), statement, translator,
                          doc["document_name"], client_name or "", today)
    return Response(pdf, media_type="application/pdf",
                    headers={"Content-Disposition": 'inline; filename="certificado-de-traducao.pdf"'})
