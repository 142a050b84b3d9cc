"""POST {formNumber, editionDate, storagePath[, formName, category]} -> {form, edition, mapping}.

Administrators and legal assistants. The fillable PDF was uploaded first to the bucket uscis_forms (as
the caller); its AcroForm fields (name, type, options) are read with pypdf and stored as the edition of
the form (created when the number is new; a second import of the same edition replaces it).

An edition without a mapping is mapped on import: the product's pack of the form (packs/<form>.json) by
field-name pattern, then, for what the pack leaves, the hand mapping of the form's previous edition. The
answer's `mapping` says {fields (fillable), mapped, version, unmapped: [{name, reason}]}.
"""
import re
from datetime import date

from fastapi import FastAPI, Request
from postgrest.exceptions import APIError
from storage3.exceptions import StorageApiError

from edgekit.caller import identify
from edgekit.clients import user_client
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler, json_body
from edgekit.uscis_forms import packs, store
from edgekit.uscis_forms.isolated import PdfLimits, read_fields
from edgekit.uscis_forms.pdf import InvalidPdf

app = FastAPI()
install_error_handler(app)

FORM_NUMBER = re.compile(r"[A-Z]{1,4}-\d{1,4}[A-Z]{0,3}")
STORAGE_PATH = re.compile(r"[A-Za-z0-9._/-]+\.pdf")
MANAGERS = frozenset({"administrator", "legal_assistant"})


def _text(body: dict, key: str) -> str:
    value = body.get(key)
    return value.strip() if isinstance(value, str) else ""


def _edition_date(raw: str) -> date:
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise FunctionError(400, "Data da edição inválida (AAAA-MM-DD)") from None


@app.post("/")
async def import_form(request: Request):
    env = function_env(request)
    caller = await identify(request, env)
    if not caller.roles & MANAGERS:
        raise FunctionError(403, "Acesso negado: apenas administradores e assistentes jurídicos importam formulários")
    body = await json_body(request)
    number = _text(body, "formNumber").upper()
    if not FORM_NUMBER.fullmatch(number):
        raise FunctionError(400, "Número do formulário inválido (ex.: I-130)")
    edition_date = _edition_date(_text(body, "editionDate"))
    path = _text(body, "storagePath")
    if not STORAGE_PATH.fullmatch(path) or ".." in path:
        raise FunctionError(400, "Caminho do PDF inválido")

    db = user_client(env, caller.access_token)
    try:
        pdf = await db.storage.from_(store.FORMS_BUCKET).download(path)
    except StorageApiError:
        raise FunctionError(404, "PDF não encontrado: envie o arquivo antes de importar") from None
    try:
        fields, pages = await read_fields(pdf, PdfLimits.from_env(env))   # off the event loop, within limits
    except InvalidPdf as exc:
        raise FunctionError(400, str(exc)) from None
    if not fields:
        raise FunctionError(400, "O PDF não tem campos preenchíveis (AcroForm)")

    form = await store.form_by_number(db, number)
    pack = packs.load(number)
    if form is None:
        name = _text(body, "formName") or (pack or {}).get("name", "")
        category = _text(body, "category") or (pack or {}).get("category", "")
        if not name or not category:
            raise FunctionError(400, "Formulário novo: informe o nome e a categoria")
        try:
            form = (await db.table("uscis_forms").insert({"number": number, "name": name, "category": category,
                                                          "updated_at": edition_date.isoformat(),
                                                          "downloaded": True}).execute()).data[0]
        except APIError as exc:
            if exc.code == "23514":
                raise FunctionError(400, "Categoria inválida") from None
            raise
    edition = (await db.table("uscis_form_editions").upsert(
        {"form_id": form["id"], "edition_date": edition_date.isoformat(), "storage_path": path, "fields": fields,
         "page_count": pages}, on_conflict="form_id,edition_date").execute()).data[0]
    newest = max(filter(None, [form.get("updated_at"), edition_date.isoformat()]))
    form = (await db.table("uscis_forms").update({"updated_at": newest, "downloaded": True})
            .eq("id", form["id"]).execute()).data[0]
    return {"form": form, "edition": edition, "mapping": await _map_edition(db, form, edition, pack)}


async def _map_edition(db, form: dict, edition: dict, pack: dict | None) -> dict:
    """Saves the pack's mapping (plus the previous edition's hand mapping) as the edition's first version;
    an edition already mapped keeps its mapping, and the answer reports its coverage."""
    version, rows = await store.current_mapping(db, edition["id"])
    if version:
        applied = packs.apply(edition["fields"], {"fields": [], "skip": (pack or {}).get("skip", []),
                                                  "manual": (pack or {}).get("manual", [])},
                              packs.by_pattern(rows))
        return {**applied.summary(), "version": version, "pack": pack is not None}
    previous = await store.previous_mapping(db, form["id"], edition["edition_date"])
    applied = packs.apply(edition["fields"], pack, packs.by_pattern(previous))
    if applied.mappings:
        version = (await db.rpc("save_form_mapping", {"p_edition_id": edition["id"],
                                                      "p_fields": applied.mappings}).execute()).data
    return {**applied.summary(), "version": version or 0, "pack": pack is not None}
