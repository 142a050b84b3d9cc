"""Which EOIR provider answers: EOIR_PROVIDER (config.toml [providers] eoir) = demo | http | assisted."""
from __future__ import annotations

from edgekit.clients import shared_http
from edgekit.env import FunctionEnv
from edgekit.eoir.demo import DemoCourtProvider
from edgekit.eoir.http_service import HttpCourtProvider
from edgekit.eoir.provider import CourtProviderError


def court_provider(env: FunctionEnv, choice: str | None = None):
    """`choice`: the provider in effect (edgekit.providers.provider_choice); default the configuration's."""
    choice = choice or env.provider("eoir")
    if choice == "demo":
        return DemoCourtProvider()
    if choice == "http":
        return HttpCourtProvider(env.get("EOIR_API_BASE_URL"), env.get("EOIR_API_TOKEN"),
                                 float(env.get("EOIR_TIMEOUT_SECONDS", "10")), http=shared_http())
    if choice == "assisted":
        raise CourtProviderError("Consulta assistida: informe o resultado lido no portal da EOIR (manualResult)", 400)
    raise CourtProviderError(f"Provedor EOIR desconhecido: {choice}", 503)
