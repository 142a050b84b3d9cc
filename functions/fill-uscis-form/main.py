"""POST {processId, formId} -> the filled PDF stored in the process's documents; {formId, sample: true} -> a
test fill with made-up data (returned, not stored).

Staff only. The form's latest imported edition is filled with its mapping in force: each mapped field's
data path (client, process, office, attorney, preparer, questionnaire answer) is resolved and transformed. The
answer lists the mapped fields left empty (missing data) and the fillable fields nobody mapped.
"""
import base64
import time

from fastapi import FastAPI, Request
from storage3.exceptions import StorageApiError

from edgekit.caller import identify
from edgekit.clients import user_client
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler, json_body
from edgekit.uscis_forms import store
from edgekit.uscis_forms.isolated import PdfLimits, fill
from edgekit.uscis_forms.mapping import plan
from edgekit.uscis_forms.pdf import InvalidPdf
from edgekit.uscis_forms.sample import SAMPLE_DATA

app = FastAPI()
install_error_handler(app)
SIGNED_URL_SECONDS = 600


def _positive_id(raw: object, message: str) -> int:
    if isinstance(raw, bool) or raw is None:
        raise FunctionError(400, message)
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise FunctionError(400, message) from None
    if value <= 0:
        raise FunctionError(400, message)
    return value


def _edition_label(edition: dict) -> str:
    year, month, day = edition["edition_date"].split("-")
    return f"{day}/{month}/{year}"


@app.post("/")
async def fill_form(request: Request):
    env = function_env(request)
    caller = await identify(request, env)
    if not caller.is_staff:
        raise FunctionError(403, "Acesso negado: apenas a equipe do escritório pode preencher formulários")
    body = await json_body(request)
    form_id = _positive_id(body.get("formId"), "ID do formulário inválido")
    sample = body.get("sample") is True
    db = user_client(env, caller.access_token)

    form = await store.form_by_id(db, form_id)
    if form is None:
        raise FunctionError(404, "Formulário não encontrado")
    edition = await store.latest_edition(db, form_id)
    if edition is None:
        raise FunctionError(400, f"O formulário {form['number']} ainda não foi importado: importe o PDF preenchível")
    version, mappings = await store.current_mapping(db, edition["id"])
    if not mappings:
        raise FunctionError(400, f"Configure o mapeamento do formulário {form['number']} antes de preencher")

    process = None
    if sample:
        data = SAMPLE_DATA
    else:
        process_id = _positive_id(body.get("processId"), "ID do processo inválido")
        process = await store.process_by_id(db, process_id)
        if process is None:
            raise FunctionError(404, "Processo não encontrado")
        if not process.get("client_id"):
            raise FunctionError(400, "O processo não tem cliente vinculado")
        data = await store.case_data(db, process, caller.user_id)

    result = plan(edition["fields"], mappings, data)
    try:
        blank = await db.storage.from_(store.FORMS_BUCKET).download(edition["storage_path"])
        filled = await fill(blank, result.values, PdfLimits.from_env(env))   # off the event loop, within limits
    except StorageApiError:
        raise FunctionError(404, "PDF do formulário não encontrado no armazenamento") from None
    except InvalidPdf as exc:
        raise FunctionError(400, str(exc)) from None

    answer = {"form": form, "edition": {k: edition[k] for k in ("id", "edition_date", "storage_path")},
              "mappingVersion": version, "filledCount": len(result.values), "emptyFields": result.empty,
              "unmappedFields": result.unmapped}
    if sample:
        return {**answer, "sample": True, "pdfBase64": base64.b64encode(filled).decode()}

    path = f"{process['client_id']}/formularios/{form['number']}-processo-{process['id']}-{int(time.time() * 1000)}.pdf"
    documents = db.storage.from_(store.DOCUMENTS_BUCKET)
    await documents.upload(path, filled, {"content-type": "application/pdf"})
    name = f"{form['number']} preenchido (edição {_edition_label(edition)})"
    try:
        rows = (await db.table("client_documents").insert({
            "client_id": process["client_id"], "process_id": process["id"], "name": name, "file_path": path,
            "uploaded_by": "office", "document_type": "formulario_uscis",
            # a filled form is a draft for the office to review: the client sees it once staff share it
            "shared_with_client": False}).execute()).data
    except Exception:
        await documents.remove([path])    # no stored file without its document row
        raise
    signed = await documents.create_signed_url(path, SIGNED_URL_SECONDS)
    return {**answer, "document": rows[0], "signedUrl": signed.get("signedURL") or signed.get("signedUrl")}
