"""The engagement document: a template's text with its variables filled, as a PDF, and the signature page.

Templates mark sections with lines starting "# " and variables as {{name}}; {{clausulas}} receives the optional
clauses of the process's case type. The PDF uses the core fonts (Latin-1, enough for Portuguese and English).
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from io import BytesIO

from fpdf import FPDF
from pypdf import PdfReader, PdfWriter

VARIABLE = re.compile(r"\{\{\s*([a-z_]+)\s*\}\}")
SIGNATURE_PNG = re.compile(r"^data:image/png;base64,([A-Za-z0-9+/=]+)$")
MAX_SIGNATURE_BYTES = 300_000
TITLES = {"pt": "Contrato de prestação de serviços", "en": "Engagement agreement"}
AMENDMENT_TITLES = {"pt": "Aditivo ao contrato {original}:", "en": "Amendment to agreement {original}:"}


@dataclass(frozen=True)
class Office:
    name: str
    address: str = ""
    phone: str = ""
    email: str = ""
    attorney: str = ""


def money(amount, currency: str) -> str:
    """pt-BR money with its own currency: 'US$ 1.234,56' / 'R$ 1.234,56'."""
    value = Decimal(str(amount or 0)).quantize(Decimal("0.01"))
    text = f"{abs(value):,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
    return ("-" if value < 0 else "") + ("R$ " if currency == "BRL" else "US$ ") + text


def day(value) -> str:
    if not value:
        return "-"
    parsed = value if isinstance(value, date) else datetime.fromisoformat(str(value)[:10]).date()
    return parsed.strftime("%d/%m/%Y")


def latin1(text) -> str:
    return str(text if text is not None else "").encode("latin-1", "replace").decode("latin-1")


def template_values(office: Office, contract: dict, client: dict, items: list[dict], installments: list[dict],
                    family: list[str], case_type: str, today: date) -> dict[str, str]:
    currency = contract.get("currency") or "USD"
    services = "\n".join(
        f"- {item['description']}: {money(item.get('amount'), currency)}" for item in items
    ) or f"- {contract.get('title')}"
    schedule = "\n".join(
        f"- {'Entrada' if row['number'] == 0 else 'Parcela ' + str(row['number'])}: "
        f"{money(row['amount'], row.get('currency') or currency)}, vencimento {day(row['due_date'])}"
        for row in installments
    ) or (contract.get("payment_terms") or "Pagamento à vista")
    return {
        "cliente": client.get("full_name") or "",
        "cliente_email": client.get("email") or "-",
        "familiares": (", com os familiares " + ", ".join(family)) if family else "",
        "tipo_caso": case_type or (contract.get("title") or ""),
        "servicos": services,
        "honorarios": f"{money(contract.get('total_amount'), currency)} ({contract.get('payment_terms') or '-'})",
        "parcelas": schedule,
        "escritorio": office.name,
        "advogado": office.attorney or office.name,
        "data": day(today),
        "contrato": contract.get("contract_number") or "",
    }


def render_text(body: str, clauses: list[dict], values: dict[str, str]) -> str:
    """The template's text with every {{variable}} replaced (unknown ones become empty)."""
    clause_text = "\n".join(f"{c['title']}: {c['body']}" for c in clauses) or "Nenhuma."
    filled = {**values, "clausulas": clause_text}
    return VARIABLE.sub(lambda m: filled.get(m.group(1), ""), body).strip() + "\n"


class _Doc(FPDF):
    def __init__(self, office: Office, title: str):
        super().__init__(format="A4")
        self.office = office
        self.doc_title = title
        self.set_title(latin1(title))
        self.set_author(latin1(office.name))
        self.set_auto_page_break(True, margin=18)

    def header(self):
        self.set_font("Helvetica", "B", 13)
        self.set_text_color(30, 58, 138)
        self.cell(0, 7, latin1(self.office.name), new_x="LMARGIN", new_y="NEXT")
        self.set_font("Helvetica", "", 8)
        self.set_text_color(90, 90, 90)
        contact = " | ".join(p for p in (self.office.address, self.office.phone, self.office.email) if p)
        if contact:
            self.cell(0, 4, latin1(contact), new_x="LMARGIN", new_y="NEXT")
        self.ln(4)
        self.set_text_color(0, 0, 0)

    def footer(self):
        self.set_y(-14)
        self.set_font("Helvetica", "", 8)
        self.set_text_color(120, 120, 120)
        self.cell(0, 4, latin1(f"{self.doc_title} - página {self.page_no()}"), align="C")


def amendment_text(original: dict, amendment: dict, language: str) -> str:
    """The section that opens an amendment: which signed contract it amends (number, date, SHA-256 of the
    signed PDF), what it adds, and that the original's terms stay as signed."""
    if language == "en":
        return (f"# Amendment\nThis document amends agreement {original['contract_number']} ({original['title']}), "
                f"signed by both parties on {day(original.get('countersigned_at'))} (SHA-256 of the signed PDF: "
                f"{original.get('final_sha256') or '-'}). Its terms remain unchanged except as added below.\n"
                f"Subject of the amendment: {amendment.get('notes') or amendment.get('title')}\n\n")
    return (f"# Aditivo\nEste documento é aditivo ao contrato {original['contract_number']} ({original['title']}), "
            f"assinado pelas partes em {day(original.get('countersigned_at'))} (SHA-256 do PDF assinado: "
            f"{original.get('final_sha256') or '-'}). Os termos do contrato original permanecem inalterados, "
            "salvo o que este aditivo acrescenta.\n"
            f"Objeto do aditivo: {amendment.get('notes') or amendment.get('title')}\n\n")


def document_pdf(office: Office, contract_number: str, language: str, text: str, amends: str | None = None) -> bytes:
    title = f"{TITLES.get(language, TITLES['pt'])} {contract_number}"
    if amends:
        title = f"{AMENDMENT_TITLES.get(language, AMENDMENT_TITLES['pt']).format(original=amends)} {contract_number}"
    pdf = _Doc(office, title)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 15)
    pdf.multi_cell(0, 8, latin1(title), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    for line in text.splitlines():
        if line.startswith("# "):
            pdf.ln(2)
            pdf.set_font("Helvetica", "B", 11)
            pdf.multi_cell(0, 6, latin1(line[2:].strip()), new_x="LMARGIN", new_y="NEXT")
        elif line.strip():
            pdf.set_font("Helvetica", "", 10)
            pdf.multi_cell(0, 5, latin1(line), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def signature_png(data_url: str) -> bytes:
    """The drawn signature as PNG bytes, or ValueError for anything else."""
    match = SIGNATURE_PNG.match(data_url or "")
    if not match:
        raise ValueError("Desenhe a sua assinatura")
    raw = base64.b64decode(match.group(1))
    if len(raw) > MAX_SIGNATURE_BYTES or not raw.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ValueError("Desenhe a sua assinatura")
    return raw


def _evidence_pdf(office: Office, contract_number: str, evidence: dict, signature: bytes | None) -> bytes:
    pdf = _Doc(office, f"Página de assinaturas {contract_number}")
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, latin1("Página de assinaturas e trilha de evidências"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    pdf.multi_cell(0, 5, latin1(
        "Assinatura eletrônica nos termos do ESIGN Act e do UETA (EUA) e da Lei 14.063/2020 (Brasil). Este arquivo é "
        "selado com o certificado do escritório (PAdES): qualquer alteração posterior invalida o selo."),
        new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    rows = [
        ("Contrato", contract_number),
        ("SHA-256 do documento", evidence.get("document_sha256")),
        ("Assinado por", evidence.get("typed_name")),
        ("Data e hora (UTC)", evidence.get("signed_at")),
        ("Endereço IP", evidence.get("ip")),
        ("Navegador", evidence.get("user_agent")),
        ("Identificação", f"sessão do portal ({evidence.get('email') or '-'}) e código de uso único enviado por "
                          f"{evidence.get('code_channel') or 'e-mail'}"),
        ("Consentimento", evidence.get("consent_text")),
        ("Consentimento aceito em", evidence.get("consented_at")),
    ]
    for label, value in rows:
        pdf.set_font("Helvetica", "B", 9)
        pdf.cell(45, 5, latin1(label))
        pdf.set_font("Helvetica", "", 9)
        pdf.multi_cell(0, 5, latin1(value or "-"), new_x="LMARGIN", new_y="NEXT")
    if signature:
        pdf.ln(3)
        pdf.set_font("Helvetica", "B", 9)
        pdf.cell(0, 5, latin1("Assinatura desenhada pelo cliente:"), new_x="LMARGIN", new_y="NEXT")
        pdf.image(BytesIO(signature), w=70)
    return bytes(pdf.output())


def with_signature_page(document: bytes, office: Office, contract_number: str, evidence: dict,
                        signature: bytes | None) -> bytes:
    """The document's pages followed by the signature page (the document's own bytes are hashed in evidence)."""
    writer = PdfWriter()
    for source in (document, _evidence_pdf(office, contract_number, evidence, signature)):
        for page in PdfReader(BytesIO(source)).pages:
            writer.add_page(page)
    writer.add_metadata({"/Title": f"{contract_number} (assinado)", "/Author": office.name})
    out = BytesIO()
    writer.write(out)
    return out.getvalue()
