"""USD->BRL rates: Banco Central do Brasil's PTAX (open data OData API) or an offline demo provider."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

import httpx

PTAX_BASE_URL = "https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata"


@dataclass(frozen=True)
class Rate:
    rate_date: date
    rate: Decimal  # BRL per USD (PTAX selling rate)
    source: str  # 'ptax' or 'demo'

    def row(self) -> dict:
        return {
            "base_currency": "USD",
            "quote_currency": "BRL",
            "rate_date": self.rate_date.isoformat(),
            "rate": str(self.rate),
            "source": self.source,
        }


class RateProviderError(Exception):
    def __init__(self, message: str, status: int = 502):
        super().__init__(message)
        self.message = message
        self.status = status


class DemoRates:
    """Offline and deterministic (weekdays only, as PTAX): marked 'demo', never mistaken for PTAX."""

    async def rates(self, start: date, end: date) -> list[Rate]:
        days = (start + timedelta(days=n) for n in range((end - start).days + 1))
        return [
            Rate(d, Decimal(str(round(5.30 + 0.15 * math.sin(d.timetuple().tm_yday / 9), 4))), "demo")
            for d in days
            if d.isoweekday() < 6
        ]


class PtaxRates:
    """CotacaoDolarPeriodo of the PTAX service: one closing bulletin per business day (dates as MM-DD-YYYY)."""

    def __init__(self, base_url: str = PTAX_BASE_URL, timeout: float = 10.0, http: httpx.AsyncClient | None = None):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.http = http

    async def rates(self, start: date, end: date) -> list[Rate]:
        url = f"{self.base_url}/CotacaoDolarPeriodo(dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)"
        params = {
            "@dataInicial": f"'{start:%m-%d-%Y}'",
            "@dataFinalCotacao": f"'{end:%m-%d-%Y}'",
            "$format": "json",
            "$select": "cotacaoCompra,cotacaoVenda,dataHoraCotacao",
        }
        try:
            if self.http is not None:
                answer = await self.http.get(url, params=params, timeout=self.timeout)
            else:
                async with httpx.AsyncClient() as http:
                    answer = await http.get(url, params=params, timeout=self.timeout)
        except httpx.HTTPError as exc:
            raise RateProviderError(f"PTAX indisponível: {type(exc).__name__}") from exc
        if answer.status_code != 200:
            raise RateProviderError(f"PTAX respondeu {answer.status_code}")
        try:
            values = answer.json()["value"]
            latest: dict[date, tuple[str, Decimal]] = {}
            for item in values:
                stamp = str(item["dataHoraCotacao"])
                day = datetime.strptime(stamp[:10], "%Y-%m-%d").date()
                # the day's last bulletin is its closing PTAX
                if day not in latest or stamp > latest[day][0]:
                    latest[day] = (stamp, Decimal(str(item["cotacaoVenda"])).quantize(Decimal("0.000001")))
        except (KeyError, TypeError, ValueError, ArithmeticError) as exc:
            raise RateProviderError("Resposta da PTAX em formato inesperado") from exc
        return [Rate(day, rate, "ptax") for day, (_, rate) in sorted(latest.items())]


def rate_provider(env, choice: str | None = None) -> DemoRates | PtaxRates:
    """`choice` (the provider in effect), else EXCHANGE_RATE_PROVIDER: 'demo' (default, offline) or 'ptax'
    (PTAX_BASE_URL, PTAX_TIMEOUT_SECONDS)."""
    name = choice or env.get("EXCHANGE_RATE_PROVIDER", "demo").strip().lower()
    if name == "ptax":
        return PtaxRates(env.get("PTAX_BASE_URL", PTAX_BASE_URL), float(env.get("PTAX_TIMEOUT_SECONDS", "10")))
    if name == "demo":
        return DemoRates()
    raise RateProviderError(f"Provedor de câmbio desconhecido: {name}", 500)
