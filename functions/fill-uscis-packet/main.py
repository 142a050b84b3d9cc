"""POST {processId} -> the case's packet: every form of its case type filled and joined into one PDF.

Staff only. The forms are the case type's (case_types.forms, in that order, edited by administrators in
Configurações); each is filled from its latest imported edition and mapping in force, as fill-uscis-form
does, and stored in the process's documents; the packet joins the office's cover letter, the filled forms
and an exhibit index of the case's documents. Everything stored is internal (shared_with_client = false)
until staff share it. Forms not yet imported or mapped, or whose stored PDF is gone, are listed in `skipped`
with the reason; filling and joining run in the PDF worker process, within its limits.
"""
import re
import time

from fastapi import FastAPI, Request
from storage3.exceptions import StorageApiError

from edgekit.caller import identify
from edgekit.clients import user_client
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler, json_body
from edgekit.uscis_forms import packet, store
from edgekit.uscis_forms.isolated import MAX_PACKET_FORMS, PdfLimits, fill_packet
from edgekit.uscis_forms.mapping import plan
from edgekit.uscis_forms.pdf import InvalidPdf

app = FastAPI()
install_error_handler(app)
SIGNED_URL_SECONDS = 600
FORM_NUMBER = re.compile(r"[A-Z]{1,4}-\d{1,4}[A-Z]{0,3}")
INTERNAL_TYPES = ("formulario_uscis", "pacote_uscis")


def _process_id(raw: object) -> int:
    if isinstance(raw, bool) or raw is None:
        raise FunctionError(400, "ID do processo inválido")
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise FunctionError(400, "ID do processo inválido") from None
    if value <= 0:
        raise FunctionError(400, "ID do processo inválido")
    return value


def form_numbers(listed: str | None) -> list[str]:
    """'I-130, I-130A; g-28' -> ['I-130', 'I-130A', 'G-28'] (order kept, repeats and non-numbers dropped)."""
    numbers: list[str] = []
    for part in re.split(r"[,;\s]+", (listed or "").upper()):
        if FORM_NUMBER.fullmatch(part) and part not in numbers:
            numbers.append(part)
    return numbers[:MAX_PACKET_FORMS]


async def _first(query) -> dict | None:
    rows = (await query.limit(1).execute()).data
    return rows[0] if rows else None


@app.post("/")
async def fill_packet_of_process(request: Request):
    env = function_env(request)
    caller = await identify(request, env)
    if not caller.is_staff:
        raise FunctionError(403, "Acesso negado: apenas a equipe do escritório pode preencher formulários")
    body = await json_body(request)
    process_id = _process_id(body.get("processId"))
    db = user_client(env, caller.access_token)

    process = await store.process_by_id(db, process_id)
    if process is None:
        raise FunctionError(404, "Processo não encontrado")
    if not process.get("client_id"):
        raise FunctionError(400, "O processo não tem cliente vinculado")
    case_type = None
    if process.get("case_type_id"):
        case_type = await _first(db.table("case_types").select("id, label, forms").eq("id", process["case_type_id"]))
    numbers = form_numbers((case_type or {}).get("forms"))
    if not numbers:
        raise FunctionError(400, "O tipo do caso não tem formulários: defina o pacote do tipo em Configurações")

    ready, skipped = [], []
    forms_bucket = db.storage.from_(store.FORMS_BUCKET)
    for number in numbers:
        form = await store.form_by_number(db, number)
        edition = await store.latest_edition(db, form["id"]) if form else None
        if edition is None:
            skipped.append({"formNumber": number, "reason": "Formulário ainda não importado: importe o PDF da edição"})
            continue
        version, mappings = await store.current_mapping(db, edition["id"])
        if not mappings:
            skipped.append({"formNumber": number, "reason": "Formulário sem mapeamento: configure o mapeamento"})
            continue
        try:
            blank = await forms_bucket.download(edition["storage_path"])
        except StorageApiError:
            # the edition's row without its stored PDF: the other forms still make the packet
            skipped.append({"formNumber": number,
                            "reason": "PDF da edição não encontrado no armazenamento: importe o PDF de novo"})
            continue
        ready.append((form, edition, version, mappings, blank))
    if not ready:
        raise FunctionError(400, "Nenhum formulário do pacote está pronto: importe as edições em Formulários")

    data = await store.case_data(db, process, caller.user_id, forms=[f["number"] for f, *_ in ready])
    documents = (await db.table("client_documents").select("name, document_type, created_at")
                 .eq("process_id", process["id"]).order("created_at").execute()).data
    exhibits = [d for d in documents if d.get("document_type") not in INTERNAL_TYPES]
    template = await _first(db.table("office_settings").select("packet_cover_letter"))
    office_name = (data["office"] or {}).get("name") or ""
    client_name = (data["client"] or {}).get("full_name") or process.get("client_name") or ""
    letter = packet.cover_text((template or {}).get("packet_cover_letter"), {
        "escritorio": office_name, "cliente": client_name,
        "processo": (case_type or {}).get("label") or process.get("type") or "",
        "formularios": ", ".join(f["number"] for f, *_ in ready), "data": packet.today_us(),
        "advogado": (data["attorney"] or {}).get("full_name") or ""})
    cover = packet.cover_letter(letter, office_name)
    index = packet.exhibit_index(data["client"].get("full_name") or "", [f["number"] for f, *_ in ready], exhibits)

    jobs, reports = [], []
    for form, edition, version, mappings, blank in ready:
        result = plan(edition["fields"], mappings, data)
        jobs.append((blank, result.values))
        reports.append({"formNumber": form["number"], "formId": form["id"], "editionId": edition["id"],
                        "mappingVersion": version, "filledCount": len(result.values),
                        "emptyFields": result.empty, "unmappedCount": len(result.unmapped)})
    try:
        filled, joined = await fill_packet(jobs, cover, index, PdfLimits.from_env(env))
    except InvalidPdf as exc:
        raise FunctionError(400, str(exc)) from None

    stamp = int(time.time() * 1000)
    folder = f"{process['client_id']}/formularios"
    uploads = [(f"{folder}/{r['formNumber']}-processo-{process['id']}-{stamp}.pdf", pdf_bytes,
                f"{r['formNumber']} preenchido (pacote)", "formulario_uscis")
               for r, pdf_bytes in zip(reports, filled, strict=True)]
    uploads.append((f"{folder}/pacote-processo-{process['id']}-{stamp}.pdf", joined,
                    f"Pacote {(case_type or {}).get('label') or ''} ({', '.join(r['formNumber'] for r in reports)})",
                    "pacote_uscis"))
    bucket = db.storage.from_(store.DOCUMENTS_BUCKET)
    stored: list[str] = []
    rows = []
    try:
        for path, content, name, kind in uploads:
            await bucket.upload(path, content, {"content-type": "application/pdf"})
            stored.append(path)
            rows.append({"client_id": process["client_id"], "process_id": process["id"], "name": name[:200],
                         "file_path": path, "uploaded_by": "office", "document_type": kind,
                         # drafts for the office to review: the client sees them once staff share them
                         "shared_with_client": False})
        saved = (await db.table("client_documents").insert(rows).execute()).data
    except Exception:
        if stored:
            await bucket.remove(stored)    # no stored file without its document row
        raise
    packet_row = next(r for r in saved if r["document_type"] == "pacote_uscis")
    signed = await bucket.create_signed_url(packet_row["file_path"], SIGNED_URL_SECONDS)
    return {"caseType": case_type, "forms": reports, "skipped": skipped, "exhibits": len(exhibits),
            "packet": packet_row, "documents": saved,
            "signedUrl": signed.get("signedURL") or signed.get("signedUrl")}
