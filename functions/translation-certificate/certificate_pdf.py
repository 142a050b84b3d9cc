"""The translator's certification of a certified translation as a PDF (fpdf2), from the office's template."""

from __future__ import annotations

from datetime import date

from fpdf import FPDF

PLACEHOLDERS = ("tradutor", "documento", "cliente", "idioma", "data")


def fill_template(template: str, values: dict[str, str]) -> str:
    """Replaces {tradutor}, {documento}, {cliente}, {idioma}, {data}; anything else in braces is left as written."""
    text = template
    for key in PLACEHOLDERS:
        text = text.replace("{" + key + "}", values.get(key, ""))
    return text


def _latin1(text: str) -> str:
    # the PDF core fonts are Latin-1 (enough for Portuguese and English); anything else becomes '?'
    return text.encode("latin-1", "replace").decode("latin-1")


def certificate_pdf(office_name: str, statement: str, translator: str, document: str, client: str,
                    signed_on: date) -> bytes:
    pdf = FPDF(format="Letter")
    pdf.set_title(_latin1(f"Certificate of Translation - {document}"))
    pdf.set_author(_latin1(office_name))
    pdf.add_page()
    pdf.set_margins(25, 25, 25)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 6, _latin1(office_name), new_x="LMARGIN", new_y="NEXT", align="C")
    pdf.ln(10)
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 10, "CERTIFICATE OF TRANSLATION", new_x="LMARGIN", new_y="NEXT", align="C")
    pdf.ln(4)
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 6, _latin1(f"Document: {document}"), new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 6, _latin1(f"Name on the document: {client}"), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    pdf.set_font("Helvetica", "", 12)
    pdf.multi_cell(0, 7, _latin1(statement), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(20)
    pdf.cell(90, 0, "", border="T", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 6, _latin1(f"Signature: {translator}"), new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 6, f"Date: {signed_on.strftime('%m/%d/%Y')}", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
