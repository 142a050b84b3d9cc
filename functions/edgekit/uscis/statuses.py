"""USCIS status titles (English or Spanish) -> the office's pt-BR categories.

USCIS answers only in English and Spanish; the office reads Portuguese. The title is kept as USCIS
wrote it in `details`; the category label is what the app shows as the status.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta


@dataclass(frozen=True)
class Category:
    code: str
    label: str                      # pt-BR, shown as the receipt's status
    follow_up_days: int | None      # when to look again (next_action_date); None = case closed


RECEIVED = Category("received", "Caso recebido", 30)
RESPONSE_RECEIVED = Category("response_received", "Resposta recebida pelo USCIS", 30)
BIOMETRICS = Category("biometrics", "Biometria agendada", 14)
INTERVIEW = Category("interview", "Entrevista agendada", 7)
RFE = Category("rfe", "Pedido de evidências (RFE)", 14)
NOID = Category("noid", "Intenção de negar (NOID)", 7)
PROCESSING = Category("processing", "Em análise", 30)
TRANSFERRED = Category("transferred", "Caso transferido", 30)
APPROVED = Category("approved", "Aprovado", 14)
CARD_PRODUCED = Category("card_produced", "Cartão em produção", 7)
CARD_MAILED = Category("card_mailed", "Cartão enviado pelo correio", None)
CARD_DELIVERED = Category("card_delivered", "Cartão entregue", None)
DENIED = Category("denied", "Negado", None)
REJECTED = Category("rejected", "Caso rejeitado", None)
WITHDRAWN = Category("withdrawn", "Caso retirado", None)
OTHER = Category("other", "Outro status", 30)

# Order matters: the first pattern found in the title wins ("Card Was Mailed" before "Mailed").
_PATTERNS: list[tuple[str, Category]] = [
    (r"response to .*(was received|received)|respuesta .*recibida", RESPONSE_RECEIVED),
    (r"card was delivered|tarjeta fue entregada", CARD_DELIVERED),
    (r"card was (mailed|picked up)|card is being returned|tarjeta fue enviada", CARD_MAILED),
    (r"card (is being|was) produced|new card is being produced|tarjeta (est[aá] siendo|fue) producida", CARD_PRODUCED),
    (r"intent to deny|intenci[oó]n de negar", NOID),
    (r"request for (additional )?evidence|solicitud de evidencia|evidencia adicional", RFE),
    (r"fingerprint|biometric|huellas|biom[eé]tric", BIOMETRICS),
    (r"interview|entrevista", INTERVIEW),
    (r"approv|aprob|oath ceremony|juramento|welcome notice", APPROVED),
    (r"denied|deni|negad|terminated", DENIED),
    (r"rejected|rechaz", REJECTED),
    (r"withdraw|retir", WITHDRAWN),
    (r"transferred|relocated|transferido|reubicado", TRANSFERRED),
    (r"was received|fue recibido|received|recibid", RECEIVED),
    (r"review|actively|updated|response to|respuesta|revisi|was reopened|reabierto", PROCESSING),
]


def categorize(title: str | None) -> Category:
    text = (title or "").lower()
    for pattern, category in _PATTERNS:
        if re.search(pattern, text):
            return category
    return OTHER


def next_action_date(category: Category, today: date | None = None) -> str | None:
    if category.follow_up_days is None:
        return None
    return ((today or date.today()) + timedelta(days=category.follow_up_days)).isoformat()


_TAG = re.compile(r"<[^>]+>")


def plain_text(html: str | None) -> str:
    """USCIS descriptions may hold anchors; keep only their text."""
    return re.sub(r"\s+", " ", _TAG.sub("", html or "")).strip()
