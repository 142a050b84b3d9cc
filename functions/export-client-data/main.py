"""export-client-data: a client's data (LGPD access and portability) as a ZIP of its rows (JSON, one file per table),
a pt-BR summary PDF and its documents and attachments, built in the background by the export worker
(client_exports/worker.py, in every API process: a job claimed with a lease, so one whose process died is taken
up again).

POST {clientId?} starts an export: a client for itself (clientId omitted or its own), an administrator for any
client; other staff get 403. The answer (202) is the job {id, status, progress}, queued for the worker; a job
already queued or running for the client is answered instead of a second one. POST {jobId} answers the job as
the caller may read it (RLS on data_export_jobs: the client's own, administrators all) and, once done, a signed
link valid for SIGNED_URL_SECONDS; each link handed out is recorded (delivered_at, deliveries). After the
worker's EXPORT_KEEP_HOURS the ZIP is gone and the answer is 410.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from client_exports import worker
from client_exports.worker import EXPORTS_BUCKET
from edgekit.caller import identify
from edgekit.clients import service_client, user_client
from edgekit.env import FunctionEnv, function_env
from edgekit.responses import FunctionError, install_error_handler, json_body

app = FastAPI()
install_error_handler(app)
SIGNED_URL_SECONDS = 600
UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
NOT_FOUND = "Exportação não encontrada"
JOB_COLUMNS = "id, client_id, status, progress, error, created_at, finished_at, expires_at, delivered_at, deliveries"


@app.post("/")
async def export_client_data(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    body = await json_body(request)
    if "jobId" in body:
        return await job_status(env, caller.access_token, str(body.get("jobId") or ""))
    wanted = str(body.get("clientId") or "")
    if wanted and not UUID.match(wanted):
        raise FunctionError(400, "Cliente inválido")
    db = user_client(env, caller.access_token)
    if caller.is_administrator:
        if not wanted:
            raise FunctionError(400, "Informe o cliente")
        client_id = wanted
    elif caller.is_staff:
        raise FunctionError(403, "Apenas administradores exportam os dados de um cliente")
    else:
        own = (await db.rpc("current_client_id", {}).execute()).data
        if not own or (wanted and wanted != own):
            raise FunctionError(404, "Cliente não encontrado")
        client_id = own
    admin = service_client(env)
    if not (await admin.table("clients").select("id").eq("id", client_id).limit(1).execute()).data:
        raise FunctionError(404, "Cliente não encontrado")
    pending = (await admin.table("data_export_jobs").select(JOB_COLUMNS).eq("client_id", client_id)
               .in_("status", ["queued", "running"]).limit(1).execute()).data
    if pending:
        return JSONResponse({"job": pending[0]}, status_code=202)
    job = (await admin.table("data_export_jobs").insert({"client_id": client_id, "requested_by": caller.user_id})
           .execute()).data[0]
    worker.wake()
    return JSONResponse({"job": {k: job.get(k) for k in JOB_COLUMNS.split(", ")}}, status_code=202)


async def job_status(env: FunctionEnv, token: str, job_id: str) -> dict:
    if not UUID.match(job_id):
        raise FunctionError(404, NOT_FOUND)
    rows = (await user_client(env, token).table("data_export_jobs").select(JOB_COLUMNS + ", object_path")
            .eq("id", job_id).limit(1).execute()).data
    if not rows:
        raise FunctionError(404, NOT_FOUND)
    job = rows[0]
    path = job.pop("object_path")
    if job["status"] != "done" or not path:
        return {"job": job}
    if datetime.fromisoformat(job["expires_at"]) <= datetime.now(UTC):
        raise FunctionError(410, "O prazo para baixar esta exportação terminou; solicite uma nova")
    admin = service_client(env)
    signed = await admin.storage.from_(EXPORTS_BUCKET).create_signed_url(path, SIGNED_URL_SECONDS)
    now = datetime.now(UTC).isoformat()
    delivered = (await admin.table("data_export_jobs").update({
        "delivered_at": job["delivered_at"] or now, "deliveries": int(job["deliveries"] or 0) + 1})
        .eq("id", job_id).execute()).data[0]
    job.update(delivered_at=delivered["delivered_at"], deliveries=delivered["deliveries"])
    return {"job": job, "signedUrl": signed.get("signedURL") or signed.get("signedUrl"),
            "linkExpiresIn": SIGNED_URL_SECONDS}
