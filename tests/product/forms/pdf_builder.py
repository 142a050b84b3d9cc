"""Fillable PDFs for the tests, written with reportlab's AcroForm support (nothing is downloaded)."""
from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject
from reportlab.pdfgen import canvas


def _on_states(data: bytes, states: dict[str, str]) -> bytes:
    """Checkboxes drawn with the form's own on-state (USCIS boxes say " APT ", "M", "Y"...) instead of /Yes."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for page in writer.pages:
        for ref in page.get("/Annots") or []:
            annot = ref.get_object()
            state = states.get(str(annot.get("/T")))
            if state is None:
                continue
            for kind in ("/N", "/D"):
                looks = annot["/AP"].get(kind)
                if looks is not None and "/Yes" in looks:
                    looks[NameObject("/" + state)] = looks.pop("/Yes")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def fillable_pdf(fields: list[dict]) -> bytes:
    """fields: {name, type: text|checkbox|radio|choice, options (radio values / choices; a checkbox's on-state)};
    one per line."""
    buf = io.BytesIO()
    pdf = canvas.Canvas(buf)
    form = pdf.acroForm
    y = 780
    for field in fields:
        pdf.drawString(40, y + 5, field["name"][:30])
        kind = field["type"]
        if kind == "text":
            form.textfield(name=field["name"], x=250, y=y, width=300, height=18, tooltip=field.get("label", ""))
        elif kind == "checkbox":
            form.checkbox(name=field["name"], x=250, y=y, size=14, buttonStyle="check")
        elif kind == "radio":
            for i, value in enumerate(field["options"]):
                form.radio(name=field["name"], value=value, x=250 + i * 40, y=y, size=14, selected=False)
        elif kind == "choice":
            form.choice(name=field["name"], options=field["options"], value=field["options"][0], x=250, y=y,
                        width=120, height=18)
        y -= 28
        if y < 60:
            pdf.showPage()
            form = pdf.acroForm
            y = 780
    pdf.showPage()
    pdf.save()
    states = {f["name"]: f["options"][0] for f in fields if f["type"] == "checkbox" and f.get("options")}
    return _on_states(buf.getvalue(), states) if states else buf.getvalue()


# A small I-130-like form: names, dates, numbers, a checkbox, a radio group and a list.
DEMO_FIELDS = [
    {"name": "Pt2Line4a_FamilyName", "type": "text", "label": "Family Name (Last Name)"},
    {"name": "Pt2Line4b_GivenName", "type": "text"},
    {"name": "Pt2Line4c_MiddleName", "type": "text"},
    {"name": "Pt2Line8_DateofBirth", "type": "text"},
    {"name": "Pt2Line1_AlienNumber", "type": "text"},
    {"name": "Pt2Line11_SSN", "type": "text"},
    {"name": "Pt2Line20_DaytimePhone", "type": "text"},
    {"name": "Pt2Line12_ReceiptNumber", "type": "text"},
    {"name": "Pt2Line9_Female", "type": "checkbox"},
    {"name": "Pt2Line17_Removal", "type": "checkbox"},
    {"name": "Pt2Line16_MaritalStatus", "type": "radio", "options": ["Single", "Married", "Divorced"]},
    {"name": "Pt2Line7_State", "type": "choice", "options": ["MA", "NJ", "NY"]},
    {"name": "Pt2Line5_CityOfBirth", "type": "text"},
    {"name": "Pt5_PreparerName", "type": "text"},
    {"name": "Pt9_Unmapped", "type": "text"},
]
