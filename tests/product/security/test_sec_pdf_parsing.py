"""Importing or filling a USCIS PDF never stalls the API: the PDF is parsed in a worker process, and a PDF over
the limits (size, pages, fields, time) is refused with a pt-BR message and writes nothing."""
from __future__ import annotations

import asyncio
import statistics
import threading
import time
import uuid
from pathlib import Path

import httpx
import pytest
from crafted_pdf import crafted_pdf
from security_helpers import PASSWORD

from harness import StackProcess

# A crafted PDF of 8,000 fields is allowed here so that it is parsed all the way (seconds of pure-Python
# work) while REST is measured; the 30,000-field one is over the limit.
LIMITS = {"USCIS_PDF_SECONDS": "180", "USCIS_PDF_MAX_FIELDS": "25000", "USCIS_PDF_MAX_BYTES": str(6 * 1024 * 1024),
          "USCIS_PDF_MAX_PAGES": "50"}


@pytest.fixture(scope="module")
def pdf_stack(cluster):
    s = StackProcess(cluster, name="pdf-limits", env=LIMITS)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def assistant(pdf_stack):
    session = httpx.post(f"{pdf_stack.url}/auth/v1/token?grant_type=password", headers={"apikey": pdf_stack.anon_key},
                         json={"email": "assistente@escritorio.test", "password": PASSWORD})
    assert session.status_code == 200, session.text
    return {"apikey": pdf_stack.anon_key, "Authorization": f"Bearer {session.json()['access_token']}"}


def _upload(stack, headers, data: bytes) -> str:
    path = f"T-{uuid.uuid4().int % 9000 + 1000}/2025-01-20-{uuid.uuid4().hex[:8]}.pdf"
    answer = httpx.post(f"{stack.url}/storage/v1/object/uscis_forms/{path}", content=data, timeout=60,
                        headers={**headers, "Content-Type": "application/pdf", "x-upsert": "true"})
    assert answer.status_code == 200, answer.text
    return path


def _import(stack, headers, path: str) -> httpx.Response:
    number = path.split("/")[0]
    return httpx.post(f"{stack.url}/functions/v1/import-uscis-form", headers=headers, timeout=120,
                      json={"formNumber": number, "editionDate": "2025-01-20", "storagePath": path,
                            "formName": "Formulário forjado", "category": "Petições Familiares"})


def _written(stack) -> tuple[int, int]:
    return stack.sql("select (select count(*) from uscis_forms), (select count(*) from uscis_form_editions)")[0]


def test_the_api_keeps_answering_while_a_large_pdf_is_parsed(pdf_stack, assistant):
    path = _upload(pdf_stack, assistant, crafted_pdf(8_000))
    # warm the worker process (started on first use) and the REST path
    assert _import(pdf_stack, assistant, _upload(pdf_stack, assistant, crafted_pdf(5))).status_code == 200
    rest = f"{pdf_stack.url}/rest/v1/process_stages?select=name&limit=1"
    with httpx.Client(headers=assistant, timeout=30) as client:
        client.get(rest)

        outcome: dict = {}
        importing = threading.Thread(target=lambda: outcome.update(answer=_import(pdf_stack, assistant, path)))
        started = time.monotonic()
        importing.start()
        latencies = []
        time.sleep(0.3)              # the import is under way: downloaded, handed to the worker
        while importing.is_alive() and len(latencies) < 100:
            before = time.monotonic()
            assert client.get(rest).status_code == 200
            latencies.append(time.monotonic() - before)
            time.sleep(0.05)
        importing.join(120)
    took = time.monotonic() - started
    answer = outcome["answer"]
    assert answer.status_code == 200, answer.text
    assert len(answer.json()["edition"]["fields"]) == 8_000
    assert len(latencies) >= 3, f"the import took only {took:.1f} s"
    assert statistics.median(latencies) < 0.3 and max(latencies) < 1.0, (latencies, took)


@pytest.mark.parametrize(("data", "message"), [
    (lambda: crafted_pdf(30_000), "O PDF tem mais de 25000 campos"),
    (lambda: crafted_pdf(3, pages=51), "O PDF tem mais de 50 páginas"),
    (lambda: crafted_pdf(3, padding=7 * 1024 * 1024), "o limite é 6 MB"),
])
def test_a_pdf_over_the_limits_is_refused_and_writes_nothing(pdf_stack, assistant, data, message):
    before = _written(pdf_stack)
    answer = _import(pdf_stack, assistant, _upload(pdf_stack, assistant, data()))
    assert answer.status_code == 400 and message in answer.json()["error"], answer.text
    assert _written(pdf_stack) == before


def test_a_pdf_that_takes_too_long_is_stopped():
    from edgekit.uscis_forms.isolated import PdfLimits, PdfRefused, read_fields

    with pytest.raises(PdfRefused, match="demorou mais de 0.2 s"):
        asyncio.run(read_fields(crafted_pdf(20_000), PdfLimits(max_fields=50_000, seconds=0.2)))


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(child) for child in (task / "children").read_text().split())
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def test_the_pdf_worker_does_not_outlive_a_killed_api_process(cluster):
    """The worker process that reads PDFs waits on a queue it holds both ends of: without the parent-death
    signal, a kill -9 of the API process left it running, idle, for good (one more process per crash)."""
    stack = StackProcess(cluster, name="pdf-orphan")
    try:
        session = httpx.post(f"{stack.url}/auth/v1/token?grant_type=password", headers={"apikey": stack.anon_key},
                             json={"email": "assistente@escritorio.test", "password": PASSWORD})
        headers = {"apikey": stack.anon_key, "Authorization": f"Bearer {session.json()['access_token']}"}
        assert _import(stack, headers, _upload(stack, headers, crafted_pdf(5))).status_code == 200
        assert stack.proc is not None
        workers = _children(stack.proc.pid)
        assert workers, "the import ran in a worker process of the API"
        stack.proc.kill()
        stack.proc.wait(10)
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if _alive(pid)], "the PDF worker outlived the API process"
    finally:
        stack.stop()
