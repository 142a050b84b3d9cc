"""client-data-deletion: an administrator reviews a client's LGPD deletion request.

POST {requestId, approve: bool, note?}. The database decides and does the work (`review_data_deletion`, run with
the caller's JWT: administrators only, 42501 otherwise): what the office's retention settings hold is kept, the rest
of the client's rows deleted, its record anonymised and its log-in removed. The function then removes the storage
objects the certificate lists (documents and attachments that were not kept, and the client's exports) and records
that on the certificate, which it answers.
"""

from __future__ import annotations

import re

from fastapi import FastAPI, Request
from postgrest.exceptions import APIError

from edgekit.caller import identify
from edgekit.clients import service_client, user_client
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler, json_body

app = FastAPI()
install_error_handler(app)
UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
DOCUMENTS_BUCKET = "client_documents"
EXPORTS_BUCKET = "client_exports"
ERRORS = {"42501": (403, "Apenas administradores analisam solicitações de exclusão"),
          "P0002": (404, "Solicitação não encontrada"), "23514": (409, "Esta solicitação já foi analisada")}


@app.post("/")
async def client_data_deletion(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    body = await json_body(request)
    request_id = str(body.get("requestId") or "")
    approve = body.get("approve")
    note = body.get("note")
    if not UUID.match(request_id) or not isinstance(approve, bool) or not (note is None or isinstance(note, str)):
        raise FunctionError(400, "Informe a solicitação e a decisão (aprovar ou recusar)")
    if not caller.is_administrator:
        raise FunctionError(403, ERRORS["42501"][1])
    try:
        certificate = (await user_client(env, caller.access_token).rpc("review_data_deletion", {
            "p_request": request_id, "p_approve": approve, "p_note": (note or "")[:2000]}).execute()).data
    except APIError as exc:
        status, message = ERRORS.get(str(exc.code), (400, "Não foi possível analisar a solicitação"))
        raise FunctionError(status, message) from exc
    if not approve:
        return {"certificate": certificate}
    admin = service_client(env)
    objects = list(certificate.get("storage_objects") or [])
    removed = 0
    for start in range(0, len(objects), 100):
        batch = objects[start:start + 100]
        removed += len(await admin.storage.from_(DOCUMENTS_BUCKET).remove(batch) or [])
    client_id = certificate["client_id"]
    exports = [f"{client_id}/{o['name']}" for o in
               await admin.storage.from_(EXPORTS_BUCKET).list(client_id) or [] if o.get("name")]
    if exports:
        await admin.storage.from_(EXPORTS_BUCKET).remove(exports)
    certificate = {**certificate, "storage_removed": True, "storage_objects_removed": removed,
                   "exports_removed": len(exports)}
    await admin.table("data_deletion_requests").update({"certificate": certificate}).eq("id", request_id).execute()
    return {"certificate": certificate}
