"""POST {documentId} -> what a client document that is a USCIS notice (I-797, PDF) proposes as a tracked receipt:
{proposal: {receiptNumber, form, noticeDate}, processId} or {proposal: null} when its text is not a notice.

Nothing is written: staff confirm the proposal and add the receipt themselves. Staff only; the document row and its
file are read with the caller's JWT, so row-level security decides (another client's document, or a client, 404).
"""

import io
import sys
from pathlib import Path

from fastapi import FastAPI, Request
from pypdf import PdfReader
from pypdf.errors import PdfReadError
from storage3.exceptions import StorageApiError

sys.path.insert(0, str(Path(__file__).parent))

from notice_text import read_notice  # noqa: E402

from edgekit.caller import identify  # noqa: E402
from edgekit.clients import user_client  # noqa: E402
from edgekit.env import function_env  # noqa: E402
from edgekit.responses import FunctionError, install_error_handler, json_body  # noqa: E402

app = FastAPI()
install_error_handler(app)
NOT_FOUND = "Documento não encontrado"
MAX_PAGES = 10


@app.post("/")
async def read_uscis_notice(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    body = await json_body(request)
    document_id = str(body.get("documentId") or "")
    if len(document_id) != 36:
        raise FunctionError(400, "Informe o documento")
    if not caller.is_staff:
        raise FunctionError(404, NOT_FOUND)
    db = user_client(env, caller.access_token)
    rows = (await db.table("client_documents").select("id, file_path, process_id").eq("id", document_id)
            .limit(1).execute()).data
    if not rows:
        raise FunctionError(404, NOT_FOUND)
    try:
        data = await db.storage.from_("client_documents").download(rows[0]["file_path"])
    except StorageApiError as exc:
        raise FunctionError(404, NOT_FOUND) from exc
    if not data.startswith(b"%PDF-"):
        return {"proposal": None, "processId": rows[0]["process_id"]}
    try:
        reader = PdfReader(io.BytesIO(data))
        text = "\n".join((page.extract_text() or "") for page in reader.pages[:MAX_PAGES])
    except (PdfReadError, ValueError) as exc:
        raise FunctionError(422, "Não foi possível ler o PDF") from exc
    return {"proposal": read_notice(text), "processId": rows[0]["process_id"]}
