"""Reading and filling USCIS PDFs away from the API's event loop, within limits.

pypdf is pure Python: a large or crafted PDF parsed in the request's process would hold the event loop (and
the GIL) for seconds and stall every other request that process serves. The work runs in a worker process
of its own (one per API process, started on first use), and a PDF is refused with a pt-BR message when it
is too big, has too many pages or fields, or takes too long (the worker is then stopped and replaced).
Limits: USCIS_PDF_MAX_BYTES, USCIS_PDF_MAX_PAGES, USCIS_PDF_MAX_FIELDS, USCIS_PDF_SECONDS.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import resource
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from edgekit.uscis_forms import packet, pdf, preview
from edgekit.uscis_forms.pdf import InvalidPdf
from supastack.core.processes import die_with_parent

WORKER_MEMORY_BYTES = 1 << 30      # a PDF that needs more than this to be read is not a form


@dataclass(frozen=True)
class PdfLimits:
    max_bytes: int = 15 * 1024 * 1024     # official USCIS forms are under 3 MB
    max_pages: int = 200                  # the longest (I-589, N-400) have about 20
    max_fields: int = 5000                # the richest (I-485) have under 1,000
    seconds: float = 30.0

    @classmethod
    def from_env(cls, env) -> PdfLimits:
        """`env`: the function's FunctionEnv (anything with get(name, default))."""
        default = cls()
        try:
            return cls(max_bytes=int(env.get("USCIS_PDF_MAX_BYTES", str(default.max_bytes))),
                       max_pages=int(env.get("USCIS_PDF_MAX_PAGES", str(default.max_pages))),
                       max_fields=int(env.get("USCIS_PDF_MAX_FIELDS", str(default.max_fields))),
                       seconds=float(env.get("USCIS_PDF_SECONDS", str(default.seconds))))
        except ValueError:
            return default


class PdfRefused(InvalidPdf):
    """Over one of the limits; the message says which (pt-BR)."""


# -- in the worker process -------------------------------------------------------------------------------
def _start_worker(api_pid: int) -> None:
    """Memory capped, and dying with the API process: a pool worker waits on a queue whose write end it holds
    itself, so it never notices that the API process was killed and would live on, idle, forever (Linux's
    parent-death signal; elsewhere the worker still ends when the API process exits normally)."""
    try:
        resource.setrlimit(resource.RLIMIT_AS, (WORKER_MEMORY_BYTES, WORKER_MEMORY_BYTES))
    except (ValueError, OSError):
        pass
    die_with_parent(signal.SIGKILL)
    if os.getppid() != api_pid:      # the API process died before the signal was asked for
        os._exit(1)


def _count_fields(reader, cap: int) -> int:
    """Field dictionaries under /AcroForm /Fields (kids included), counting stops past `cap`."""
    root = reader.trailer["/Root"].get_object()
    acroform = root.get("/AcroForm")
    if acroform is None:
        return 0
    stack = list(acroform.get_object().get("/Fields") or [])
    seen: set[int] = set()
    count = 0
    while stack and count <= cap:
        ref = stack.pop()
        ident = id(ref) if not hasattr(ref, "idnum") else ref.idnum
        if ident in seen:
            continue
        seen.add(ident)
        node = ref.get_object()
        count += 1
        stack.extend(node.get("/Kids") or [])
    return count


def _check_shape(data: bytes, limits: PdfLimits) -> None:
    reader = pdf._reader(data)
    if len(reader.pages) > limits.max_pages:
        raise PdfRefused(f"O PDF tem mais de {limits.max_pages} páginas: não parece um formulário do USCIS")
    if _count_fields(reader, limits.max_fields) > limits.max_fields:
        raise PdfRefused(f"O PDF tem mais de {limits.max_fields} campos: não parece um formulário do USCIS")


def _read_fields(data: bytes, limits: PdfLimits) -> tuple[list[dict], int]:
    _check_shape(data, limits)
    return pdf.read_fields(data)


def _fill(data: bytes, values: dict[str, str], limits: PdfLimits) -> bytes:
    _check_shape(data, limits)
    return pdf.fill(data, values)


def _render(data: bytes, page: int, width: int, limits: PdfLimits) -> tuple[bytes, int]:
    if preview.page_count(data) > limits.max_pages:
        raise PdfRefused(f"O PDF tem mais de {limits.max_pages} páginas: não parece um formulário do USCIS")
    return preview.render_png(data, page, width)


def _packet(jobs: list[tuple[bytes, dict[str, str]]], cover: bytes, index: bytes,
            limits: PdfLimits) -> tuple[list[bytes], bytes]:
    """Every form filled, then the packet: cover letter, the forms in order, the exhibit index."""
    filled = [_fill(data, values, limits) for data, values in jobs]
    return filled, packet.join([cover, *filled, index])


# -- in the API process ----------------------------------------------------------------------------------
_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            # spawn: a clean interpreter, not a fork of a process with an event loop and threads
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_start_worker, initargs=(os.getpid(),))
        return _pool


def _discard(pool: ProcessPoolExecutor) -> None:
    """Stops a worker that overran its time (or died) and forgets the pool: the next PDF gets a new one."""
    global _pool
    with _pool_lock:
        if _pool is pool:
            _pool = None
    for process in list(getattr(pool, "_processes", {}).values()):
        process.kill()
    pool.shutdown(wait=False, cancel_futures=True)


async def _run(fn, data: bytes, limits: PdfLimits, *args):
    if len(data) > limits.max_bytes:
        raise PdfRefused(f"O PDF tem {len(data) / 1048576:.1f} MB: o limite é "
                         f"{limits.max_bytes / 1048576:.0f} MB")
    pool = _executor()
    loop = asyncio.get_running_loop()
    try:
        return await asyncio.wait_for(loop.run_in_executor(pool, fn, data, *args, limits), limits.seconds)
    except TimeoutError:
        _discard(pool)
        raise PdfRefused(f"O PDF demorou mais de {limits.seconds:g} s para ser lido: não parece um "
                         "formulário do USCIS") from None
    except (BrokenProcessPool, MemoryError):
        _discard(pool)
        raise PdfRefused("O PDF não pôde ser lido dentro dos limites de memória") from None


MAX_PACKET_FORMS = 15


async def fill_packet(jobs: list[tuple[bytes, dict[str, str]]], cover: bytes, index: bytes,
                      limits: PdfLimits) -> tuple[list[bytes], bytes]:
    """The forms filled and joined into one packet in the worker process; each form within `limits`, the
    whole within the forms' time together."""
    if len(jobs) > MAX_PACKET_FORMS:
        raise PdfRefused(f"Um pacote tem no máximo {MAX_PACKET_FORMS} formulários")
    for data, _ in jobs:
        if len(data) > limits.max_bytes:
            raise PdfRefused(f"O PDF tem {len(data) / 1048576:.1f} MB: o limite é "
                             f"{limits.max_bytes / 1048576:.0f} MB")
    pool = _executor()
    loop = asyncio.get_running_loop()
    seconds = limits.seconds * max(1, len(jobs))
    try:
        return await asyncio.wait_for(loop.run_in_executor(pool, _packet, jobs, cover, index, limits), seconds)
    except TimeoutError:
        _discard(pool)
        raise PdfRefused(f"O pacote demorou mais de {seconds:g} s para ser montado") from None
    except (BrokenProcessPool, MemoryError):
        _discard(pool)
        raise PdfRefused("O pacote não pôde ser montado dentro dos limites de memória") from None


async def read_fields(data: bytes, limits: PdfLimits) -> tuple[list[dict], int]:
    """pdf.read_fields in the worker process, within `limits` (PdfRefused / InvalidPdf otherwise)."""
    return await _run(_read_fields, data, limits)


async def fill(data: bytes, values: dict[str, str], limits: PdfLimits) -> bytes:
    """pdf.fill in the worker process, within `limits`."""
    return await _run(_fill, data, limits, values)


async def render_page(data: bytes, page: int, width: int, limits: PdfLimits) -> tuple[bytes, int]:
    """preview.render_png in the worker process, within `limits`: (PNG bytes, page count)."""
    return await _run(_render, data, limits, page, width)
