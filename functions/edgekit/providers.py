"""Which provider each lookup uses, and the rule that demo providers never serve a real office.

The configuration ([providers] in config.toml, or USCIS_PROVIDER, EOIR_PROVIDER, USCIS_FORMS_PROVIDER,
EXCHANGE_RATE_PROVIDER) gives the default; the administrator's choice in Integrações (the `providers`
system setting) wins over it. Off loopback (production mode) a demo provider is refused: its invented
statuses and rates must not be mistaken for the official ones.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from edgekit.env import FunctionEnv

SETTING_KEY = "providers"
DEMO = "demo"


@dataclass(frozen=True)
class Service:
    field: str                 # the field of the `providers` setting
    env_name: str              # <ENV_NAME>_PROVIDER in the configuration
    label: str                 # pt-BR, for messages
    choices: tuple[str, ...]
    official: str              # what to choose instead of the demo


SERVICES: Mapping[str, Service] = {
    "uscis": Service("uscis", "uscis", "status de casos do USCIS", ("demo", "uscis"), "uscis"),
    "eoir": Service("eoir", "eoir", "casos no tribunal de imigração (EOIR)", ("demo", "http", "assisted"), "http"),
    "uscis_forms": Service("uscisForms", "uscis_forms", "edições dos formulários do USCIS", ("demo", "http"), "http"),
    "exchange_rates": Service("exchangeRates", "exchange_rate", "cotação do dólar (PTAX)", ("demo", "ptax"), "ptax"),
}
FIELD_CHOICES: Mapping[str, frozenset[str]] = {s.field: frozenset(s.choices) for s in SERVICES.values()}


class DemoProviderRefused(Exception):
    """Production mode and a demo provider: the message (pt-BR) says what to choose instead."""

    def __init__(self, service: Service):
        super().__init__(
            f"Provedor de demonstração não é permitido em produção ({service.label}): escolha o provedor oficial "
            "em Integrações > Provedores de consulta.")
        self.message = str(self)


def configured(env: FunctionEnv) -> dict[str, str]:
    """The configuration's choice of each service (before any administrator's choice)."""
    return {s.field: env.provider(s.env_name) for s in SERVICES.values()}


def effective(env: FunctionEnv, stored: Mapping[str, object] | None) -> dict[str, str]:
    """The configuration, overridden field by field by the stored setting."""
    chosen = configured(env)
    for service in SERVICES.values():
        value = (stored or {}).get(service.field)
        if isinstance(value, str) and value in service.choices:
            chosen[service.field] = value
    return chosen


def demo_refusal(env: FunctionEnv, field: str, choice: str) -> DemoProviderRefused | None:
    service = next(s for s in SERVICES.values() if s.field == field)
    if choice == DEMO and env.production:
        return DemoProviderRefused(service)
    return None


async def stored_setting(client) -> dict:
    rows = (await client.table("system_settings").select("value").eq("key", SETTING_KEY).execute()).data
    value = rows[0]["value"] if rows else None
    return value if isinstance(value, dict) else {}


async def provider_choice(env: FunctionEnv, service_name: str, client=None) -> str:
    """The provider a request of this service uses; raises DemoProviderRefused in production mode."""
    from edgekit.clients import service_client

    service = SERVICES[service_name]
    stored = await stored_setting(client if client is not None else service_client(env))
    choice = effective(env, stored)[service.field]
    refused = demo_refusal(env, service.field, choice)
    if refused:
        raise refused
    return choice
