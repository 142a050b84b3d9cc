"""The ZIP of a client's data: its rows as JSON (dados/<table>.json), a pt-BR summary PDF (resumo.pdf) and its
documents and attachments (documentos/, anexos/), read through the service role."""
from __future__ import annotations

import asyncio
import io
import json
import re
import zipfile
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

from client_exports.summary_pdf import summary_pdf
from supabase import AsyncClient

DOCUMENTS_BUCKET = "client_documents"

Progress = Callable[[int], Awaitable[None]]


def safe_name(name: str) -> str:
    cleaned = re.sub(r"[^\w.\- ]+", "_", name).strip(" .") or "arquivo"
    return cleaned[:120]


async def build_archive(admin: AsyncClient, client_id: str, progress: Progress) -> bytes:
    """The ZIP's bytes; `progress(percent)` is awaited as it goes (5 … 90)."""
    await progress(5)
    export = (await admin.rpc("client_data_export", {"p_client": client_id}).execute()).data
    await progress(25)
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
            entry = f"{folder}/{safe_name(Path(name).stem if Path(name).suffix == suffix else name)}{suffix}"
            while entry in used:
                entry = f"{folder}/{index}-{entry.split('/', 1)[1]}"
            used.add(entry)
            try:
                content = await documents.download(path)
            except Exception:  # a row whose file is missing: the listing says so instead of failing the export
                archive.writestr(entry + ".ausente.txt", f"Arquivo não encontrado no armazenamento: {path}\n")
            else:
                # compressing a large file would hold up the API process's other requests: off the event loop
                await asyncio.to_thread(archive.writestr, entry, content)
            await progress(25 + int(65 * index / len(files)))
    return buffer.getvalue()
