"""What a USCIS notice (Form I-797) says, read from its text: receipt number, form and notice date. Proposals only:
a person confirms them before anything is stored."""

from __future__ import annotations

import re
from datetime import date, datetime

# three letters of the service centre (EAC, WAC, LIN, SRC, NBC, MSC, IOE, YSC...) and ten digits
RECEIPT = re.compile(r"\b([A-Z]{3})[\s-]?(\d{10})\b")
FORM = re.compile(r"\b(I|N|G)[\s-]?(\d{2,4}[A-Z]?)\b")
DATE_LABELS = re.compile(
    r"(?:Notice\s+Date|Received\s+Date|Receipt\s+Date)\s*[:\n ]\s*([A-Za-z]+\s+\d{1,2},\s+\d{4}|\d{2}/\d{2}/\d{4})",
    re.IGNORECASE)


def _parse_date(text: str) -> date | None:
    for fmt in ("%B %d, %Y", "%b %d, %Y", "%m/%d/%Y"):
        try:
            return datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


def read_notice(text: str) -> dict | None:
    """{receiptNumber, form, noticeDate} proposed from an I-797's text, or None when it is not one."""
    flat = " ".join(text.split())
    if "I-797" not in flat and "Notice of Action" not in flat.title():
        return None
    receipt = RECEIPT.search(flat.upper())
    if not receipt:
        return None
    # the form the notice is about: the first form number that is not the notice's own (I-797, I-797C...)
    form = next((f"{m.group(1)}-{m.group(2)}" for m in FORM.finditer(flat.upper())
                 if not m.group(2).startswith("797")), None)
    notice = None
    for match in DATE_LABELS.finditer(flat):
        label = match.group(0).lower()
        parsed = _parse_date(match.group(1))
        if parsed and (notice is None or "notice" in label):
            notice = parsed
    return {"receiptNumber": receipt.group(1) + receipt.group(2), "form": form,
            "noticeDate": notice.isoformat() if notice else None}
