"""export-client-data through supabase-py as the portal and the admin screen call it: a background job with progress,
a ZIP with every row that names the client (JSON), a pt-BR summary PDF and the client's documents, none of another
client's; a signed link that expires; request and delivery recorded."""

from __future__ import annotations

import io
import json
import time
import uuid
import zipfile

import httpx
import pytest
from pypdf import PdfReader
from storage3.exceptions import StorageApiError
from supabase_functions.errors import FunctionsHttpError

from conftest import ADMIN, ASSISTANT, JOAO, JOAO_CLIENT, MARIA, MARIA_CLIENT


def call(sb, body: dict) -> dict:
    answer = sb.functions.invoke("export-client-data", invoke_options={"body": body})
    return json.loads(answer) if isinstance(answer, bytes | str) else answer


def finished(sb, job_id: str) -> dict:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answer = call(sb, {"jobId": job_id})
        if answer["job"]["status"] in ("done", "failed"):
            return answer
        time.sleep(0.3)
    raise AssertionError("the export did not finish")


def upload_document(sb, client_id: str, content: bytes, name: str) -> str:
    path = f"{client_id}/{uuid.uuid4().hex}.pdf"
    sb.storage.from_("client_documents").upload(path, content, {"content-type": "application/pdf"})
    sb.table("client_documents").insert({"client_id": client_id, "name": name, "file_path": path,
                                         "uploaded_by": "client", "shared_with_client": True}).execute()
    return path


def test_a_client_downloads_all_of_its_data_and_nothing_of_another(sign_in, audit_stack):
    maria, joao = sign_in(MARIA), sign_in(JOAO)
    maria_pdf = b"%PDF-1.4 passaporte de Maria " + uuid.uuid4().bytes
    joao_pdf = b"%PDF-1.4 documento de Joao " + uuid.uuid4().bytes
    upload_document(maria, MARIA_CLIENT, maria_pdf, "Passaporte digitalizado")
    upload_document(joao, JOAO_CLIENT, joao_pdf, "Documento do João")

    started = call(maria, {})
    assert started["job"]["status"] in ("queued", "running") and started["job"]["client_id"] == MARIA_CLIENT
    done = finished(maria, started["job"]["id"])
    assert done["job"]["status"] == "done" and done["job"]["progress"] == 100, done
    assert done["job"]["delivered_at"] and done["job"]["deliveries"] == 1 and done["linkExpiresIn"] == 600
    archive = zipfile.ZipFile(io.BytesIO(httpx.get(done["signedUrl"]).content))
    names = archive.namelist()

    # every row of every table that names Maria, by the database's own count
    tables = audit_stack.sql("select table_name, via, fk_column, parent_table, parent_column"
                             " from public.client_data_tables()")
    vias = {t: v for t, v, *_ in tables}
    for table, via, fk, parent, parent_col in tables:
        where = audit_stack.sql("select public.client_data_where(%s, %s, %s, %s, %s)",
                                (via, fk, parent, parent_col, vias.get(parent)))[0][0]
        expected = audit_stack.sql(f"select count(*) from public.{table} x where {where.replace('$1', '%(c)s')}",
                                   {"c": MARIA_CLIENT})[0][0]
        exported = json.loads(archive.read(f"dados/{table}.json")) if f"dados/{table}.json" in names else []
        assert len(exported) == expected, table
    processes = json.loads(archive.read("dados/processes.json"))
    assert processes and {p["client_id"] for p in processes} == {MARIA_CLIENT}
    # nothing of João's anywhere
    everything = b"".join(archive.read(n) for n in names)
    assert JOAO_CLIENT.encode() not in everything and "João Souza".encode() not in everything
    assert joao_pdf not in everything
    # her documents, byte for byte, and a readable summary
    assert maria_pdf in [archive.read(n) for n in names if n.startswith("documentos/")]
    summary = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(archive.read("resumo.pdf"))).pages)
    assert "Relatório dos seus dados pessoais (LGPD)" in summary and "Maria Silva" in summary

    # the link is signed and expires; the bucket itself is closed to the client
    with pytest.raises(StorageApiError):
        maria.storage.from_("client_exports").download(f"{MARIA_CLIENT}/{started['job']['id']}.zip")
    assert httpx.get(done["signedUrl"].split("?")[0]).status_code in (400, 401, 403, 404)
    # request and delivery recorded (and in the audit trail)
    again = call(maria, {"jobId": started["job"]["id"]})
    assert again["job"]["deliveries"] == 2
    trail = sign_in(ADMIN).table("audit_log").select("action").eq("table_name", "data_export_jobs") \
        .eq("row_id", started["job"]["id"]).execute().data
    assert {"action": "INSERT"} in trail


def test_who_may_export_whom(sign_in):
    maria, joao = sign_in(MARIA), sign_in(JOAO)
    job = call(maria, {})["job"]
    # João neither reads Maria's job nor starts an export of her data
    for sb, body, status in ((joao, {"jobId": job["id"]}, 404), (joao, {"clientId": MARIA_CLIENT}, 404),
                             (sign_in(ASSISTANT), {"clientId": MARIA_CLIENT}, 403),
                             (joao, {"jobId": "' or 1=1 --"}, 404), (sign_in(ADMIN), {"clientId": "x;drop"}, 400)):
        with pytest.raises(FunctionsHttpError) as refused:
            call(sb, body)
        assert refused.value.status == status, body
    assert joao.table("data_export_jobs").select("id").eq("client_id", MARIA_CLIENT).execute().data == []
    # an administrator exports anyone
    admin_job = call(sign_in(ADMIN), {"clientId": JOAO_CLIENT})["job"]
    assert finished(sign_in(ADMIN), admin_job["id"])["job"]["status"] == "done"
