"""accept-legal-documents: the signed-in client accepts the versions in force of the terms of use and the privacy
notice (LGPD consent records).

POST {documentIds: [uuid, …]} (1 to 10). The rows are written with the caller's JWT, so row-level security decides
(a client records only its own consent; staff get 403 before any write); the database stamps the time and copies
kind and version from the document, and refuses a version no longer in force (409). The IP address is the
connection's and the user agent the request's, as for a contract signed in the portal. A version already accepted
is not recorded twice. Answer 201 {consents: [{id, document_id, kind, version, accepted_at}]}.
"""

from __future__ import annotations

import re

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from postgrest.exceptions import APIError

from edgekit.caller import identify
from edgekit.clients import user_client
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler, json_body

app = FastAPI()
install_error_handler(app)

UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
COLUMNS = "id, document_id, kind, version, accepted_at"


@app.post("/")
async def accept_legal_documents(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    if caller.is_staff:
        raise FunctionError(403, "Apenas o próprio cliente aceita os termos")
    body = await json_body(request)
    ids = body.get("documentIds")
    if not isinstance(ids, list) or not 1 <= len(ids) <= 10 or not all(isinstance(i, str) and UUID.match(i)
                                                                         for i in ids):
        raise FunctionError(400, "Informe os documentos aceitos")
    db = user_client(env, caller.access_token)
    client_id = (await db.rpc("current_client_id", {}).execute()).data
    if not client_id:
        raise FunctionError(403, "Apenas o próprio cliente aceita os termos")
    wanted = sorted({i.lower() for i in ids})
    known = (await db.table("legal_documents").select("id").in_("id", wanted).execute()).data
    if len(known) != len(wanted):
        raise FunctionError(404, "Documento não encontrado")
    accepted = (await db.table("client_consents").select(COLUMNS).eq("client_id", client_id)
                .in_("document_id", wanted).execute()).data
    missing = [i for i in wanted if i not in {a["document_id"] for a in accepted}]
    if missing:
        ip = request.client.host if request.client else None
        agent = (request.headers.get("user-agent") or "")[:500] or None
        try:
            accepted += (await db.table("client_consents").insert(
                [{"client_id": client_id, "document_id": i, "ip": ip, "user_agent": agent} for i in missing])
                .execute()).data
        except APIError as exc:
            if exc.code == "23514":
                raise FunctionError(409, exc.message or "Esta versão não está mais em vigor") from None
            if exc.code in ("42501", "PGRST301"):
                raise FunctionError(403, "Apenas o próprio cliente aceita os termos") from None
            raise
    return JSONResponse({"consents": [{k: a.get(k) for k in COLUMNS.split(", ")} for a in accepted]},
                        status_code=201)
