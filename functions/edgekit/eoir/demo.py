"""Offline demonstration provider: a plausible court situation per A-number, always the same."""
from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

from edgekit.eoir.provider import CourtResult
from edgekit.identifiers import format_a_number

_STATUSES = [
    ("Audiência preliminar (master calendar) agendada", "Audiência preliminar, presencial."),
    ("Audiência individual (merits) agendada", "Audiência de mérito, presencial."),
    ("Audiência preliminar por vídeo agendada", "Audiência preliminar por videoconferência."),
    ("Audiência adiada", "A audiência anterior foi adiada; nova data marcada."),
    ("Decisão: alívio concedido", "O juiz concedeu o pedido de alívio."),
    ("Recurso pendente na BIA", "Recurso interposto no Board of Immigration Appeals, aguardando decisão."),
]
_COURTS = [
    "New York - Broadway Immigration Court, 290 Broadway, New York, NY 10007",
    "Miami Immigration Court, 333 South Miami Ave, Miami, FL 33130",
    "Boston Immigration Court, 15 New Sudbury St, Boston, MA 02203",
    "Orlando Immigration Court, 3535 Lawton Rd, Orlando, FL 32803",
    "Newark Immigration Court, 970 Broad St, Newark, NJ 07102",
]
_JUDGES = ["Juiz(a) Demonstração A", "Juiz(a) Demonstração B", "Juiz(a) Demonstração C"]
_FIRST_DAY = datetime(2027, 1, 4)   # fixed, so results are reproducible; hearings at 08:00 or 13:00 court time


class DemoCourtProvider:
    name = "demo"

    async def court_case(self, a_number: str) -> CourtResult:
        digest = hashlib.sha256(a_number.encode()).digest()
        status, note = _STATUSES[digest[0] % len(_STATUSES)]
        hearing = _FIRST_DAY + timedelta(days=digest[1] % 300, hours=8 + digest[2] % 2 * 5)
        return CourtResult(
            status=status,
            details=(f"Demonstração: dados simulados, sem consulta à EOIR. {note} "
                     f"Número A {format_a_number(a_number)}."),
            hearing_at=hearing, court_location=_COURTS[digest[3] % len(_COURTS)],
            judge_name=_JUDGES[digest[4] % len(_JUDGES)], source="demo")
