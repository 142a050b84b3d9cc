"""LGPD exports survive the death of the API process that was building them: the job is claimed by a worker with
a lease (client_exports/worker.py), so a job whose process was killed is claimed again when the lease runs out and
finishes once, with one ZIP that downloads; progress is shown as it goes; a job that cannot finish ends 'failed'
with a pt-BR reason after max_attempts. A stack of its own, with a short lease, that these tests kill."""

from __future__ import annotations

import io
import json
import time
import uuid
import zipfile

import httpx
import pytest
from supabase_functions.errors import FunctionsHttpError

from conftest import JOAO, JOAO_CLIENT, MARIA, MARIA_CLIENT
from harness import StackProcess, signed_in

LEASE = 3
MAX_ATTEMPTS = 3


@pytest.fixture(scope="module")
def crash_stack(cluster):
    s = StackProcess(cluster, name="export-crash", env={
        "EXPORTS_LEASE_SECONDS": str(LEASE), "EXPORTS_MAX_ATTEMPTS": str(MAX_ATTEMPTS),
        "EXPORTS_RETRY_SECONDS": "0.5", "EXPORTS_POLL_SECONDS": "0.2"})
    yield s
    s.stop()


def call(sb, body: dict) -> dict:
    answer = sb.functions.invoke("export-client-data", invoke_options={"body": body})
    return json.loads(answer) if isinstance(answer, bytes | str) else answer


def job_row(stack: StackProcess, job_id: str) -> dict:
    cols = ("status", "progress", "attempts", "object_path", "error", "lease_until", "finished_at")
    row = stack.sql(f"select {', '.join(cols)} from public.data_export_jobs where id = %s", (job_id,))[0]
    return dict(zip(cols, row, strict=True))


def wait_for(stack: StackProcess, job_id: str, statuses: tuple[str, ...], timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        row = job_row(stack, job_id)
        if row["status"] in statuses:
            return row
        time.sleep(0.1)
    raise AssertionError(f"the export did not reach {statuses}: {job_row(stack, job_id)}")


def test_a_process_killed_mid_export_leaves_a_job_another_process_finishes_once(crash_stack):
    maria = signed_in(crash_stack, MARIA)
    # enough documents that the build takes a while: the process is killed while it copies them
    documents = {}
    for n in range(40):
        content = b"%PDF-1.4 " + uuid.uuid4().bytes * 16384
        path = f"{MARIA_CLIENT}/{uuid.uuid4().hex}.pdf"
        maria.storage.from_("client_documents").upload(path, content, {"content-type": "application/pdf"})
        maria.table("client_documents").insert({"client_id": MARIA_CLIENT, "name": f"Comprovante {n}",
                                                "file_path": path, "uploaded_by": "client",
                                                "shared_with_client": True}).execute()
        documents[path] = content

    job_id = call(maria, {})["job"]["id"]
    seen: set[int] = set()
    deadline = time.monotonic() + 120
    while True:
        row = job_row(crash_stack, job_id)
        if row["status"] == "running":
            seen.add(row["progress"])
        if row["status"] == "running" and 30 <= row["progress"] < 90:
            break
        assert row["status"] in ("queued", "running") and time.monotonic() < deadline, row
        time.sleep(0.02)
    assert crash_stack.proc is not None
    crash_stack.proc.kill()   # SIGKILL: no shut-down hook runs, the job keeps its claim
    crash_stack.proc.wait(10)
    dead = job_row(crash_stack, job_id)
    assert dead["status"] == "running" and dead["attempts"] == 1 and dead["progress"] < 100, dead
    assert dead["object_path"] is None

    crash_stack.start()   # a new process: it claims the job once the dead one's lease has run out
    done = wait_for(crash_stack, job_id, ("done", "failed"))
    assert done["status"] == "done" and done["progress"] == 100 and done["attempts"] == 2, done
    assert done["lease_until"] is None and done["object_path"] == f"{MARIA_CLIENT}/{job_id}-2.zip"
    assert any(0 < p < 100 for p in seen), seen   # progress was shown while it ran

    # finished once: one ZIP in storage, one 'done' in the audit trail
    zips = crash_stack.sql("select name from storage.objects where bucket_id = 'client_exports' and name like %s",
                           (f"%{job_id}%",))
    assert zips == [(done["object_path"],)]
    finishes = crash_stack.sql("select count(*) from audit.record_changes where table_name = 'data_export_jobs'"
                               " and row_id = %s and new_values ->> 'status' = 'done'", (job_id,))
    assert finishes == [(1,)]

    # and the download works, with every document
    answer = call(signed_in(crash_stack, MARIA), {"jobId": job_id})
    assert answer["job"]["status"] == "done" and answer["job"]["deliveries"] == 1
    archive = zipfile.ZipFile(io.BytesIO(httpx.get(answer["signedUrl"], timeout=60).content))
    inside = {archive.read(n) for n in archive.namelist() if n.startswith("documentos/")}
    assert set(documents.values()) <= inside
    assert "dados/clients.json" in archive.namelist() and "resumo.pdf" in archive.namelist()


def test_a_claim_whose_lease_ran_out_is_taken_over(crash_stack):
    # a worker claimed the job and died (its lease ran out a second ago)
    job_id = crash_stack.sql(
        "insert into public.data_export_jobs (client_id, status, progress, attempts, lease_until)"
        " values (%s, 'running', 40, 1, now() - interval '1 second') returning id::text", (JOAO_CLIENT,))[0][0]
    done = wait_for(crash_stack, job_id, ("done", "failed"))
    assert done["status"] == "done" and done["attempts"] == 2, done
    answer = call(signed_in(crash_stack, JOAO), {"jobId": job_id})
    assert answer["signedUrl"] and httpx.get(answer["signedUrl"], timeout=60).status_code == 200


def test_a_job_interrupted_max_attempts_times_ends_failed_with_a_reason(crash_stack):
    job_id = crash_stack.sql(
        "insert into public.data_export_jobs (client_id, status, progress, attempts, lease_until)"
        " values (%s, 'running', 60, %s, now() - interval '1 second') returning id::text",
        (JOAO_CLIENT, MAX_ATTEMPTS))[0][0]
    failed = wait_for(crash_stack, job_id, ("done", "failed"), timeout=30)
    assert failed["status"] == "failed" and failed["attempts"] == MAX_ATTEMPTS and failed["finished_at"]
    assert failed["error"] == f"A exportação foi interrompida {MAX_ATTEMPTS} vezes sem terminar; solicite uma nova."
    # the client sees the reason; there is no link
    answer = call(signed_in(crash_stack, JOAO), {"jobId": job_id})
    assert answer["job"]["status"] == "failed" and "interrompida" in answer["job"]["error"]
    assert "signedUrl" not in answer


def test_a_build_that_keeps_failing_is_retried_then_fails(crash_stack):
    # the exports bucket refuses the ZIP (an operator's limit): each attempt fails for real, and is retried
    crash_stack.sql("update storage.buckets set file_size_limit = 10 where id = 'client_exports'")
    try:
        job_id = call(signed_in(crash_stack, JOAO), {})["job"]["id"]
        failed = wait_for(crash_stack, job_id, ("done", "failed"), timeout=120)
    finally:
        crash_stack.sql("update storage.buckets set file_size_limit = null where id = 'client_exports'")
    assert failed["status"] == "failed" and failed["attempts"] == MAX_ATTEMPTS, failed
    assert failed["error"].startswith(f"A exportação falhou {MAX_ATTEMPTS} vezes (Falha ao gerar a exportação"), failed
    assert crash_stack.sql("select count(*) from storage.objects where bucket_id = 'client_exports'"
                           " and name like %s", (f"%{job_id}%",)) == [(0,)]
    # a new request starts a new job, which now finishes
    joao = signed_in(crash_stack, JOAO)
    again = call(joao, {})["job"]["id"]
    assert again != job_id and wait_for(crash_stack, again, ("done", "failed"))["status"] == "done"
    with pytest.raises(FunctionsHttpError) as refused:
        call(signed_in(crash_stack, MARIA), {"jobId": again})
    assert refused.value.status == 404
