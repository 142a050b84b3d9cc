"""One packet PDF to file: the office's cover letter, the filled forms in the case type's order, and an
exhibit index of the case's documents (fpdf2 for the letter and the index, pypdf to join them)."""
from __future__ import annotations

import io
import re
from datetime import date

from fpdf import FPDF
from pypdf import PdfReader, PdfWriter

DEFAULT_COVER = (
    "{data}\n\n"
    "U.S. Citizenship and Immigration Services\n\n"
    "Re: {cliente} - {processo}\n\n"
    "Dear Officer,\n\n"
    "On behalf of our client, {cliente}, {escritorio} respectfully submits the enclosed forms: {formularios}, "
    "with the supporting evidence listed in the exhibit index.\n\n"
    "Please direct any correspondence about this filing to our office.\n\n"
    "Sincerely,\n\n{advogado}\n{escritorio}"
)
_PLACEHOLDER = re.compile(r"\{(escritorio|cliente|processo|formularios|data|advogado)\}")


def _latin1(text: str) -> str:
    """fpdf2's core fonts write Latin-1 (every pt-BR letter): other characters become their nearest."""
    text = text.replace("—", "-").replace("–", "-").replace("“", '"').replace("”", '"').replace("’", "'")
    return text.encode("latin-1", "replace").decode("latin-1")


def cover_text(template: str | None, values: dict[str, str]) -> str:
    """The office's template (or the product's) with its placeholders replaced; unknown braces stay as typed."""
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), ""), (template or "").strip() or DEFAULT_COVER)


def _document() -> FPDF:
    doc = FPDF(format="Letter")
    doc.set_margins(25, 25, 25)
    doc.set_auto_page_break(True, 25)
    doc.add_page()
    return doc


def cover_letter(text: str, office_name: str) -> bytes:
    doc = _document()
    doc.set_font("Helvetica", "B", 13)
    doc.multi_cell(0, 7, _latin1(office_name or ""), new_x="LMARGIN", new_y="NEXT")
    doc.ln(6)
    doc.set_font("Helvetica", "", 11)
    doc.multi_cell(0, 6, _latin1(text), new_x="LMARGIN", new_y="NEXT")
    return bytes(doc.output())


def exhibit_label(index: int) -> str:
    """A, B, ... Z, AA, AB ..."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(65 + rest) + label
    return label


def exhibit_index(client_name: str, forms: list[str], documents: list[dict]) -> bytes:
    """Forms enclosed and one exhibit per document of the case ({name, document_type, created_at})."""
    doc = _document()
    doc.set_font("Helvetica", "B", 14)
    doc.cell(0, 8, "Exhibit Index", new_x="LMARGIN", new_y="NEXT")
    doc.set_font("Helvetica", "", 11)
    doc.multi_cell(0, 6, _latin1(f"{client_name}\nForms enclosed: {', '.join(forms) or '-'}"),
                   new_x="LMARGIN", new_y="NEXT")
    doc.ln(4)
    if not documents:
        doc.cell(0, 6, "No supporting documents on file.", new_x="LMARGIN", new_y="NEXT")
    for number, row in enumerate(documents):
        when = str(row.get("created_at") or "")[:10]
        line = f"Exhibit {exhibit_label(number)}: {row.get('name') or ''}" + (f" ({when})" if when else "")
        doc.multi_cell(0, 6, _latin1(line), new_x="LMARGIN", new_y="NEXT")
    return bytes(doc.output())


def join(parts: list[bytes]) -> bytes:
    """The PDFs one after another. The packet is the copy to print and file: each filled form keeps its
    fields' drawn values; the fillable copies are the forms stored one by one."""
    writer = PdfWriter()
    for part in parts:
        writer.append(PdfReader(io.BytesIO(part)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def today_us() -> str:
    return date.today().strftime("%B %d, %Y")
