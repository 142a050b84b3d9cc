"""Which USCIS provider a request uses: USCIS_PROVIDER (config.toml [providers] uscis) = demo | uscis."""
from __future__ import annotations

from edgekit.env import FunctionEnv
from edgekit.uscis.api import UscisApiConfig, UscisCaseStatusApi
from edgekit.uscis.demo import DemoStatusProvider
from edgekit.uscis.provider import ProviderError, StatusProvider

# One API client per configuration, kept for the process: its token cache, pacing and quota live there.
_api_clients: dict[UscisApiConfig, UscisCaseStatusApi] = {}


def status_provider(env: FunctionEnv, choice: str | None = None) -> StatusProvider:
    """`choice`: the provider in effect (edgekit.providers.provider_choice); default the configuration's."""
    choice = choice or env.provider("uscis")
    if choice == "demo":
        return DemoStatusProvider()
    if choice in ("uscis", "api", "official"):
        config = UscisApiConfig.from_env(env)
        client = _api_clients.get(config)
        if client is None:
            client = _api_clients[config] = UscisCaseStatusApi(config)
        return client
    raise ProviderError(f"Provedor de status USCIS desconhecido: {choice}")
