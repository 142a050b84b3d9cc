"""The PTAX client against a local fake of the BCB OData service, and the offline demo provider."""

from __future__ import annotations

import importlib.util
import json
import sys
import threading
from datetime import date
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from harness import free_port
from supastack.core.config import REPO_ROOT

_spec = importlib.util.spec_from_file_location("ptax_provider", REPO_ROOT / "functions/exchange-rates/ptax_provider.py")
ptax = importlib.util.module_from_spec(_spec)
sys.modules["ptax_provider"] = ptax
_spec.loader.exec_module(ptax)

# the service's shape: an OData answer with one entry per bulletin (values as the BCB publishes them)
BULLETINS = [
    {"cotacaoCompra": 5.3311, "cotacaoVenda": 5.3317, "dataHoraCotacao": "2025-11-20 13:04:27.385"},
    {"cotacaoCompra": 5.3402, "cotacaoVenda": 5.3408, "dataHoraCotacao": "2025-11-21 10:09:11.102"},
    {"cotacaoCompra": 5.3490, "cotacaoVenda": 5.3496, "dataHoraCotacao": "2025-11-21 13:06:45.220"},
]


class FakePtax:
    """A local stand-in for olinda.bcb.gov.br: records the requests, answers `status` with `body`."""

    def __init__(self, status: int = 200, body: object = None):
        self.status, self.body, self.requests = status, body, []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                fake.requests.append(self.path)
                payload = json.dumps(
                    fake.body if fake.body is not None else {"@odata.context": "x", "value": BULLETINS}
                ).encode()
                self.send_response(fake.status)
                self.send_header("Content-Type", "application/json;odata.metadata=minimal")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/olinda/servico/PTAX/versao/v1/odata"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake():
    f = FakePtax()
    yield f
    f.close()


async def test_ptax_asks_the_period_in_us_order_and_keeps_each_days_closing(fake):
    rates = await ptax.PtaxRates(fake.url).rates(date(2025, 11, 17), date(2025, 11, 23))
    assert [(r.rate_date, r.rate, r.source) for r in rates] == [
        (date(2025, 11, 20), Decimal("5.331700"), "ptax"),
        (date(2025, 11, 21), Decimal("5.349600"), "ptax"),
    ]
    path, query = urlsplit(fake.requests[0])[2:4]
    assert unquote(path).endswith("/CotacaoDolarPeriodo(dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)")
    params = parse_qs(query)
    assert params["@dataInicial"] == ["'11-17-2025'"] and params["@dataFinalCotacao"] == ["'11-23-2025'"]
    assert params["$format"] == ["json"]


async def test_ptax_errors_are_reported():
    down = FakePtax(status=503, body={"error": "x"})
    try:
        with pytest.raises(ptax.RateProviderError, match="503"):
            await ptax.PtaxRates(down.url).rates(date(2025, 11, 17), date(2025, 11, 23))
    finally:
        down.close()
    odd = FakePtax(body={"value": [{"cotacaoVenda": "abc", "dataHoraCotacao": "2025-11-20 13:00:00"}]})
    try:
        with pytest.raises(ptax.RateProviderError, match="formato"):
            await ptax.PtaxRates(odd.url).rates(date(2025, 11, 17), date(2025, 11, 23))
    finally:
        odd.close()


async def test_demo_rates_are_weekday_only_deterministic_and_marked():
    one = await ptax.DemoRates().rates(date(2025, 11, 17), date(2025, 11, 23))
    two = await ptax.DemoRates().rates(date(2025, 11, 17), date(2025, 11, 23))
    assert one == two and len(one) == 5 and {r.source for r in one} == {"demo"}
    assert all(Decimal("5") < r.rate < Decimal("6") for r in one)


def test_provider_choice():
    class Env(dict):
        def get(self, k, d=""):
            return super().get(k, d)

    assert isinstance(ptax.rate_provider(Env()), ptax.DemoRates)
    chosen = ptax.rate_provider(Env(EXCHANGE_RATE_PROVIDER="ptax", PTAX_BASE_URL="http://127.0.0.1:9/x"))
    assert isinstance(chosen, ptax.PtaxRates) and chosen.base_url == "http://127.0.0.1:9/x"
    with pytest.raises(ptax.RateProviderError):
        ptax.rate_provider(Env(EXCHANGE_RATE_PROVIDER="bogus"))
