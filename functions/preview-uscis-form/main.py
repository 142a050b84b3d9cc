"""POST {documentId, page?: 1, width?: 1000} -> {page, pageCount, png}: one page of a stored PDF document (a
filled form, a packet) as a PNG image (base64), for staff to review before the document is shared with the
client. JSON rather than image/png: supabase-js hands a function's answer back as a Blob only for
application/octet-stream and application/pdf, and reads anything else as text.

Staff only. The document row and its file are read with the caller's JWT, so RLS decides what may be
previewed; rendering runs in the forms' isolated worker within the PDF limits (USCIS_PDF_*)."""
import base64

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from storage3.exceptions import StorageApiError

from edgekit.caller import identify
from edgekit.clients import user_client
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler, json_body
from edgekit.uscis_forms.isolated import PdfLimits, render_page
from edgekit.uscis_forms.pdf import InvalidPdf
from edgekit.uscis_forms.store import DOCUMENTS_BUCKET

app = FastAPI()
install_error_handler(app)
DEFAULT_WIDTH = 1000


def _whole(raw: object, default: int, message: str) -> int:
    if raw is None:
        return default
    if isinstance(raw, bool) or not isinstance(raw, (int, str)) or not str(raw).strip().isdigit():
        raise FunctionError(400, message)
    return int(str(raw).strip())


@app.post("/")
async def preview_page(request: Request):
    env = function_env(request)
    caller = await identify(request, env)
    if not caller.is_staff:
        raise FunctionError(403, "Acesso negado: apenas a equipe do escritório pré-visualiza documentos")
    body = await json_body(request)
    document_id = str(body.get("documentId") or "")
    if len(document_id) != 36:
        raise FunctionError(400, "ID do documento inválido")
    page = _whole(body.get("page"), 1, "Página inválida")
    width = _whole(body.get("width"), DEFAULT_WIDTH, "Largura inválida")
    db = user_client(env, caller.access_token)
    rows = (await db.table("client_documents").select("id, file_path").eq("id", document_id).execute()).data
    if not rows or not rows[0].get("file_path"):
        raise FunctionError(404, "Documento não encontrado")
    try:
        data = await db.storage.from_(DOCUMENTS_BUCKET).download(rows[0]["file_path"])
    except StorageApiError:
        raise FunctionError(404, "Arquivo do documento não encontrado no armazenamento") from None
    if not data.startswith(b"%PDF-"):
        raise FunctionError(400, "Só documentos em PDF podem ser pré-visualizados")
    try:
        image, pages = await render_page(data, page, width, PdfLimits.from_env(env))
    except InvalidPdf as exc:
        raise FunctionError(400, str(exc)) from None
    return JSONResponse({"page": page, "pageCount": pages, "png": base64.b64encode(image).decode()},
                        headers={"Cache-Control": "private, no-store"})
