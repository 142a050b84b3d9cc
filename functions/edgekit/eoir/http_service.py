"""An office data service for court cases (e.g. fed by the firm's case-management or ECAS exports).

Contract: GET {EOIR_API_BASE_URL}/cases/{aNumber}   (aNumber as 'A' + 9 digits)
          Authorization: Bearer {EOIR_API_TOKEN}     (when configured)
  200 {"aNumber": "A012345678", "status": "Audiência individual agendada", "details": "...",
       "hearingDate": "2026-03-10", "hearingTime": "09:00", "courtLocation": "...", "judgeName": "..."}
       (every field but status optional; hearingDate may also be a full ISO datetime)
  404 any body: no case for this A-number.
"""
from __future__ import annotations

import httpx

from edgekit.eoir.provider import CourtProviderError, CourtResult, clean_text, parse_hearing


class HttpCourtProvider:
    name = "http"

    def __init__(self, base_url: str, token: str = "", timeout: float = 10.0,
                 http: httpx.AsyncClient | None = None):
        if not base_url:
            raise CourtProviderError("Serviço de dados da EOIR não configurado: defina EOIR_API_BASE_URL", 503)
        self.base_url, self.token, self.timeout = base_url.rstrip("/"), token, timeout
        self.http = http

    async def court_case(self, a_number: str) -> CourtResult:
        headers = {"Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        url = f"{self.base_url}/cases/{a_number}"
        try:
            if self.http is not None:
                response = await self.http.get(url, headers=headers, timeout=self.timeout)
            else:
                async with httpx.AsyncClient(timeout=self.timeout) as client:
                    response = await client.get(url, headers=headers)
        except httpx.TimeoutException as exc:
            raise CourtProviderError("Tempo esgotado ao consultar o serviço de dados da EOIR", 504) from exc
        except httpx.HTTPError as exc:
            raise CourtProviderError(f"Falha de conexão com o serviço de dados da EOIR: {type(exc).__name__}") from exc
        if response.status_code == 404:
            raise CourtProviderError("Nenhum caso encontrado para este Número A", 404)
        if response.status_code != 200:
            raise CourtProviderError(f"Serviço de dados da EOIR respondeu HTTP {response.status_code}")
        try:
            body = response.json()
            status = clean_text(body.get("status"), 200)
            hearing = parse_hearing(body.get("hearingDate"), body.get("hearingTime"))
        except (ValueError, AttributeError) as exc:
            raise CourtProviderError("Resposta inválida do serviço de dados da EOIR") from exc
        if not status:
            raise CourtProviderError("Resposta do serviço de dados da EOIR sem status")
        return CourtResult(status=status, details=clean_text(body.get("details")), hearing_at=hearing,
                           court_location=clean_text(body.get("courtLocation"), 500),
                           judge_name=clean_text(body.get("judgeName"), 200), source="http")
