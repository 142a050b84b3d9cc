"""export-client-data: a client's data (LGPD access and portability) as a ZIP of its rows (JSON, one file per table),
a pt-BR summary PDF and its documents and attachments, built in the background.

POST {clientId?} starts an export: a client for itself (clientId omitted or its own), an administrator for any
client; other staff get 403. The answer (202) is the job {id, status, progress}; a job already queued or running
for the client is answered instead of a second one. POST {jobId} answers the job as the caller may read it (RLS on
data_export_jobs: the client's own, administrators all) and, once done, a signed link valid for
SIGNED_URL_SECONDS; each link handed out is recorded (delivered_at, deliveries). After EXPORT_KEEP_HOURS the ZIP is
gone and the answer is 410.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
import sys
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

sys.path.insert(0, str(Path(__file__).parent))

from summary_pdf import summary_pdf  # noqa: E402

from edgekit.caller import identify  # noqa: E402
from edgekit.clients import service_client, user_client  # noqa: E402
from edgekit.env import FunctionEnv, function_env  # noqa: E402
from edgekit.responses import FunctionError, install_error_handler, json_body  # noqa: E402

app = FastAPI()
install_error_handler(app)
log = logging.getLogger("export-client-data")

EXPORTS_BUCKET = "client_exports"
DOCUMENTS_BUCKET = "client_documents"
SIGNED_URL_SECONDS = 600
EXPORT_KEEP_HOURS = 24
UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
NOT_FOUND = "Exportação não encontrada"
JOB_COLUMNS = "id, client_id, status, progress, error, created_at, finished_at, expires_at, delivered_at, deliveries"
_running: set[asyncio.Task] = set()


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
    task = asyncio.create_task(build_export(env, job["id"], client_id))
    _running.add(task)
    task.add_done_callback(_running.discard)
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


def _safe_name(name: str) -> str:
    cleaned = re.sub(r"[^\w.\- ]+", "_", name).strip(" .") or "arquivo"
    return cleaned[:120]


async def build_export(env: FunctionEnv, job_id: str, client_id: str) -> None:
    admin = service_client(env)
    jobs = admin.table("data_export_jobs")
    try:
        await jobs.update({"status": "running", "progress": 5}).eq("id", job_id).execute()
        export = (await admin.rpc("client_data_export", {"p_client": client_id}).execute()).data
        await jobs.update({"progress": 25}).eq("id", job_id).execute()
        settings = (await admin.table("office_settings").select("office_name").limit(1).execute()).data
        office = (settings[0]["office_name"] if settings else None) or "Escritório de Imigração"
        buffer = io.BytesIO()
        files = [("documentos", d["path"], d["name"]) for d in export.get("documents") or []]
        files += [("anexos", path, path.rsplit("/", 1)[-1]) for path in export.get("attachments") or []]
        documents = admin.storage.from_(DOCUMENTS_BUCKET)
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for table, rows in (export.get("tables") or {}).items():
                archive.writestr(f"dados/{table}.json", json.dumps(rows, ensure_ascii=False, indent=2))
            archive.writestr("resumo.pdf", summary_pdf(office, export, datetime.now(UTC)))
            used: set[str] = set()
            for index, (folder, path, name) in enumerate(files, start=1):
                suffix = Path(path).suffix
                entry = f"{folder}/{_safe_name(Path(name).stem if Path(name).suffix == suffix else name)}{suffix}"
                while entry in used:
                    entry = f"{folder}/{index}-{entry.split('/', 1)[1]}"
                used.add(entry)
                try:
                    archive.writestr(entry, await documents.download(path))
                except Exception:  # a row whose file is missing: the listing says so instead of failing the export
                    archive.writestr(entry + ".ausente.txt", f"Arquivo não encontrado no armazenamento: {path}\n")
                await jobs.update({"progress": 25 + int(65 * index / len(files))}).eq("id", job_id).execute()
        content = buffer.getvalue()
        path = f"{client_id}/{job_id}.zip"
        await admin.storage.from_(EXPORTS_BUCKET).upload(path, content, {"content-type": "application/zip"})
        finished = datetime.now(UTC)
        await jobs.update({"status": "done", "progress": 100, "object_path": path, "size_bytes": len(content),
                           "finished_at": finished.isoformat(),
                           "expires_at": (finished + timedelta(hours=EXPORT_KEEP_HOURS)).isoformat()}) \
            .eq("id", job_id).execute()
    except Exception as exc:
        log.exception("export %s failed", job_id)
        await jobs.update({"status": "failed", "error": f"Falha ao gerar a exportação ({type(exc).__name__})",
                           "finished_at": datetime.now(UTC).isoformat()}).eq("id", job_id).execute()
