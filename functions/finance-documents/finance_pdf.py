"""The office's finance documents as pt-BR PDFs (fpdf2): quote, contract and payment receipt."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from fpdf import FPDF

METHODS = {"zelle": "Zelle", "cartao": "Cartão", "pix": "PIX", "transferencia": "Transferência", "dinheiro": "Dinheiro"}
QUOTE_STATUS = {
    "draft": "Rascunho",
    "sent": "Enviado",
    "accepted": "Aceito",
    "declined": "Recusado",
    "expired": "Expirado",
}
# The quote's item table: headers, column widths (mm, from the left margin) and alignments.
QUOTE_COLUMNS = ["Descrição", "Qtd.", "Valor unitário", "Desconto", "Total"]
QUOTE_WIDTHS = [72, 15, 32, 36, 35]
INSTALLMENT_STATUS = {"pending": "Pendente", "partial": "Parcial", "paid": "Pago", "cancelled": "Cancelada"}


@dataclass(frozen=True)
class Office:
    name: str = "Escritório de Advocacia de Imigração"
    address: str = ""
    phone: str = ""
    email: str = ""
    website: str = ""


def money(amount, currency: str) -> str:
    """pt-BR money: 'US$ 1.234,56' / 'R$ 1.234,56'."""
    value = Decimal(str(amount or 0)).quantize(Decimal("0.01"))
    text = f"{abs(value):,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
    return ("-" if value < 0 else "") + ("R$ " if currency == "BRL" else "US$ ") + text


def percent(value) -> str:
    """pt-BR percentage without idle decimals: '10%', '12,5%'."""
    return f"{Decimal(str(value)):.2f}".rstrip("0").rstrip(".").replace(".", ",") + "%"


def _discount(row: dict, currency: str) -> str:
    """A discount's money, with the percentage it came from when one was given: 'US$ 10,00 (10%)'."""
    text = money(row.get("discount_amount") or 0, currency)
    return f"{text} ({percent(row['discount_percent'])})" if row.get("discount_percent") is not None else text


def day(value) -> str:
    if not value:
        return "-"
    parsed = value if isinstance(value, date) else datetime.fromisoformat(str(value)[:10]).date()
    return parsed.strftime("%d/%m/%Y")


def _latin1(text) -> str:
    # the PDF core fonts are Latin-1 (enough for Portuguese); anything else becomes '?'
    return str(text if text is not None else "").encode("latin-1", "replace").decode("latin-1")


class _Doc(FPDF):
    def __init__(self, office: Office, title: str):
        super().__init__(format="A4")
        self.office = office
        self.doc_title = title
        self.set_title(_latin1(title))
        self.set_author(_latin1(office.name))
        self.set_auto_page_break(True, margin=18)
        self.add_page()

    def header(self):
        self.set_font("Helvetica", "B", 14)
        self.set_text_color(30, 58, 138)
        self.cell(0, 8, _latin1(self.office.name), new_x="LMARGIN", new_y="NEXT")
        self.set_font("Helvetica", "", 9)
        self.set_text_color(90, 90, 90)
        if self.office.address:
            self.cell(0, 5, _latin1(self.office.address), new_x="LMARGIN", new_y="NEXT")
        contact = " | ".join(
            p
            for p in (
                self.office.phone and f"Tel.: {self.office.phone}",
                self.office.email and f"E-mail: {self.office.email}",
                self.office.website,
            )
            if p
        )
        if contact:
            self.cell(0, 5, _latin1(contact), new_x="LMARGIN", new_y="NEXT")
        self.set_draw_color(30, 58, 138)
        self.line(self.l_margin, self.get_y() + 2, self.w - self.r_margin, self.get_y() + 2)
        self.ln(6)
        self.set_text_color(0, 0, 0)

    def footer(self):
        # every page names the office and how to reach it: a page may travel alone (a printout, a fax)
        self.set_y(-16)
        self.set_font("Helvetica", "", 8)
        self.set_text_color(120, 120, 120)
        who = " - ".join(p for p in (self.office.name, self.office.address, self.office.phone) if p)
        self.cell(0, 4, _latin1(who), align="C", new_x="LMARGIN", new_y="NEXT")
        self.cell(0, 4, _latin1(f"{self.doc_title} - página {self.page_no()}"), align="C")

    def heading(self, text: str):
        self.set_font("Helvetica", "B", 16)
        self.cell(0, 10, _latin1(text), new_x="LMARGIN", new_y="NEXT")
        self.set_font("Helvetica", "", 10)

    def field(self, label: str, value):
        self.set_font("Helvetica", "B", 10)
        self.cell(45, 6, _latin1(label))
        self.set_font("Helvetica", "", 10)
        self.multi_cell(0, 6, _latin1(value), new_x="LMARGIN", new_y="NEXT")

    def table(self, headers: list[str], widths: list[int], rows: list[list[str]], aligns: str):
        """A bordered table whose cells wrap inside their own column (a long item name grows its row, never
        runs over the next column); a row that does not fit goes whole to the next page, under the headers."""
        self.ln(2)
        self._table_headers(headers, widths, aligns)
        self.set_font("Helvetica", "", 9)
        for row in rows:
            texts = [_latin1(text) for text in row]
            lines = max(
                len(self.multi_cell(w, 5, text, dry_run=True, output="LINES"))
                for text, w in zip(texts, widths, strict=True)
            )
            line_height = 6 if lines == 1 else 5
            height = lines * line_height
            if self.get_y() + height > self.page_break_trigger:
                self.add_page()
                self._table_headers(headers, widths, aligns)
                self.set_font("Helvetica", "", 9)
            top, x = self.get_y(), self.l_margin
            for text, w, a in zip(texts, widths, aligns, strict=True):
                self.rect(x, top, w, height)
                self.set_xy(x, top)
                self.multi_cell(w, line_height, text, align=a, new_x="RIGHT", new_y="TOP")
                x += w
            self.set_xy(self.l_margin, top + height)
        self.ln(2)

    def _table_headers(self, headers: list[str], widths: list[int], aligns: str):
        self.set_font("Helvetica", "B", 9)
        self.set_fill_color(230, 236, 250)
        for h, w, a in zip(headers, widths, aligns, strict=True):
            self.cell(w, 7, _latin1(h), border=1, fill=True, align=a)
        self.ln()

    def total(self, label: str, value: str, bold: bool = False):
        self.set_font("Helvetica", "B" if bold else "", 10)
        self.cell(140, 6, _latin1(label), align="R")
        self.cell(0, 6, _latin1(value), align="R", new_x="LMARGIN", new_y="NEXT")

    def note(self, text: str):
        self.ln(3)
        self.set_font("Helvetica", "I", 9)
        self.multi_cell(0, 5, _latin1(text), new_x="LMARGIN", new_y="NEXT")

    def bytes(self) -> bytes:
        return bytes(self.output())


def _rate_note(rate, rate_date, total, currency) -> str | None:
    if currency != "USD" or not rate:
        return None
    brl = Decimal(str(total)) * Decimal(str(rate))
    rate_text = f"{Decimal(str(rate)):.4f}".replace(".", ",")
    return f"Equivalente em reais: {money(brl, 'BRL')} (cotação de {day(rate_date)}: US$ 1,00 = R$ {rate_text})"


def quote_pdf(office: Office, quote: dict, items: list[dict], client: dict) -> bytes:
    cur = quote.get("currency") or "USD"
    doc = _Doc(office, f"Orçamento {quote['quote_number']}")
    doc.heading(f"Orçamento {quote['quote_number']}")
    doc.field("Cliente:", client.get("full_name", ""))
    doc.field("Título:", quote["title"])
    doc.field("Situação:", QUOTE_STATUS.get(quote.get("status"), quote.get("status", "")))
    doc.field("Emitido em:", day(quote.get("created_at")))
    doc.field("Válido até:", day(quote.get("expiration_date")))
    rows = [
        [
            it["description"],
            f"{Decimal(str(it['quantity'])):g}".replace(".", ","),
            money(it["unit_price"], cur),
            _discount(it, cur),
            money(it["amount"], cur),
        ]
        for it in items
    ]
    doc.table(QUOTE_COLUMNS, QUOTE_WIDTHS, rows, "LRRRR")
    doc.total("Subtotal:", money(quote.get("subtotal_amount") or quote["total_amount"], cur))
    if Decimal(str(quote.get("discount_amount") or 0)) > 0:
        pct = quote.get("discount_percent")
        label = "Desconto:" if pct is None else f"Desconto ({percent(pct)}):"
        doc.total(label, "- " + money(quote["discount_amount"], cur))
    doc.total("Total:", money(quote["total_amount"], cur), bold=True)
    note = _rate_note(quote.get("exchange_rate"), quote.get("exchange_rate_date"), quote["total_amount"], cur)
    if note:
        doc.note(note)
    if quote.get("notes"):
        doc.note(f"Observações: {quote['notes']}")
    doc.note(
        "As taxas do USCIS são pagas diretamente ao governo americano e podem mudar; "
        "os valores seguem a tabela vigente na data do orçamento."
    )
    return doc.bytes()


def contract_pdf(office: Office, contract: dict, installments: list[dict], client: dict) -> bytes:
    cur = contract.get("currency") or "USD"
    doc = _Doc(office, f"Contrato {contract['contract_number']}")
    doc.heading(f"Contrato de prestação de serviços {contract['contract_number']}")
    doc.field("Contratante:", client.get("full_name", ""))
    doc.field("Objeto:", contract["title"])
    doc.field("Valor total:", money(contract["total_amount"], cur))
    doc.field("Condições:", contract.get("payment_terms") or "-")
    doc.field("Vigência:", f"{day(contract.get('start_date'))} a {day(contract.get('end_date'))}")
    rows = [
        [
            "Entrada" if i["number"] == 0 else f"{i['number']}",
            day(i["due_date"]),
            money(i["amount"], cur),
            money(i.get("paid_amount") or 0, cur),
            INSTALLMENT_STATUS.get(i["status"], i["status"]),
        ]
        for i in installments
    ]
    doc.table(["Parcela", "Vencimento", "Valor", "Pago", "Situação"], [25, 35, 40, 40, 40], rows, "LCRRC")
    note = _rate_note(contract.get("exchange_rate"), contract.get("exchange_rate_date"), contract["total_amount"], cur)
    if note:
        doc.note(note)
    if contract.get("notes"):
        doc.note(f"Observações: {contract['notes']}")
    doc.note("Os honorários não incluem as taxas governamentais, salvo quando listadas no orçamento aceito.")
    return doc.bytes()


def receipt_pdf(office: Office, payment: dict, installment: dict | None, contract: dict | None, client: dict) -> bytes:
    cur = payment.get("currency") or "USD"
    number = payment.get("receipt_number") or str(payment["id"])[:8]
    doc = _Doc(office, f"Recibo {number}")
    doc.heading(f"Recibo de pagamento {number}")
    doc.field("Recebemos de:", client.get("full_name", ""))
    doc.field("A quantia de:", money(payment["amount"], cur))
    doc.field("Data do pagamento:", day(payment.get("payment_date")))
    doc.field(
        "Forma de pagamento:", METHODS.get(payment.get("payment_method") or "", payment.get("payment_method") or "-")
    )
    if contract:
        doc.field("Referente a:", f"Contrato {contract['contract_number']} - {contract['title']}")
    if installment:
        label = "entrada" if installment["number"] == 0 else f"parcela {installment['number']}"
        doc.field(
            "Parcela:", f"{label}, vencimento {day(installment['due_date'])}, valor {money(installment['amount'], cur)}"
        )
        doc.field(
            "Saldo da parcela:",
            money(Decimal(str(installment["amount"])) - Decimal(str(installment["paid_amount"])), cur),
        )
    if cur == "USD" and payment.get("amount_brl"):
        doc.field(
            "Equivalente:",
            f"{money(payment['amount_brl'], 'BRL')} (cotação de {day(payment.get('exchange_rate_date'))})",
        )
    doc.note("Este recibo comprova o pagamento acima e foi emitido eletronicamente.")
    return doc.bytes()
