"""AcroForm fields of a fillable PDF (pypdf): list them on import, fill them with resolved values."""
from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.errors import PdfReadError
from pypdf.generic import NameObject

# /Ff bits of button fields (PDF 32000-1, 12.7.4.2)
_RADIO = 1 << 15
_PUSHBUTTON = 1 << 16
_FIELD_TYPES = {"/Tx": "text", "/Ch": "choice", "/Sig": "signature"}
FILLABLE = frozenset({"text", "checkbox", "radio", "choice"})


class InvalidPdf(ValueError):
    """The bytes are not a readable PDF."""


def _reader(data: bytes) -> PdfReader:
    try:
        reader = PdfReader(io.BytesIO(data))
        # USCIS forms carry an owner password only (no password to open them): they open with the empty
        # user password; a PDF that needs a password to be read is refused
        if reader.is_encrypted and not reader.decrypt(""):
            raise InvalidPdf("PDF protegido por senha")
        _ = len(reader.pages)
        return reader
    except InvalidPdf:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InvalidPdf("Arquivo PDF inválido") from exc


def _kind(field) -> str:
    field_type = field.get("/FT")
    if field_type == "/Btn":
        flags = int(field.get("/Ff", 0) or 0)
        if flags & _PUSHBUTTON:
            return "button"
        return "radio" if flags & _RADIO else "checkbox"
    return _FIELD_TYPES.get(field_type, "other")


def _options(field, kind: str) -> list[str]:
    if kind in ("checkbox", "radio"):
        return [str(s).lstrip("/") for s in field.get("/_States_", []) if str(s) != "/Off"]
    if kind == "choice":
        values = []
        for option in field.get("/Opt", []) or []:
            # an option is a string or [export value, display text]
            values.append(str(option[0] if isinstance(option, (list, tuple)) else option))
        return values
    return []


def read_fields(data: bytes) -> tuple[list[dict], int]:
    """[{name, type, options, label}] of every terminal field (fully qualified names), and the page count."""
    reader = _reader(data)
    fields = reader.get_fields() or {}
    listed = []
    for name, field in fields.items():
        if field.get("/Kids") and field.get("/FT") is None:
            continue   # a container of fields, not a field
        kind = _kind(field)
        if kind == "other":
            continue
        listed.append({"name": name, "type": kind, "options": _options(field, kind),
                       "label": str(field.get("/TU") or "") or None})
    return listed, len(reader.pages)


def fill(data: bytes, values: dict[str, str]) -> bytes:
    """The PDF with `values` set (checkbox/radio values are their on-state names, without '/').

    NeedAppearances asks viewers to draw the values; the XFA copy of hybrid USCIS forms is dropped so
    viewers show the AcroForm values instead of the empty XFA form.
    """
    reader = _reader(data)
    writer = PdfWriter(clone_from=reader)
    kinds = {name: _kind(field) for name, field in (reader.get_fields() or {}).items()}
    prepared = {}
    for name, value in values.items():
        if kinds.get(name) in ("checkbox", "radio"):
            prepared[name] = NameObject("/" + value.lstrip("/"))
        else:
            prepared[name] = value
    acroform = writer._root_object.get("/AcroForm")
    if acroform is not None:
        acroform = acroform.get_object()
        if "/XFA" in acroform:
            del acroform["/XFA"]
    # auto_regenerate draws text appearances and leaves NeedAppearances on (False would clear it)
    writer.update_page_form_field_values(None, prepared, auto_regenerate=True)
    writer.set_need_appearances_writer(True)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def filled_values(data: bytes) -> dict[str, str]:
    """Field name -> current value (on-states without '/'), as a reader of the filled file sees them."""
    reader = _reader(data)
    return {name: str(field.get("/V")).lstrip("/") for name, field in (reader.get_fields() or {}).items()
            if field.get("/V") not in (None, "")}
