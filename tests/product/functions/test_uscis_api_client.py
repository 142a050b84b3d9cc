"""The official USCIS Case Status API client against a local fake speaking the documented JSON."""
import asyncio
import time

import pytest
from function_fakes import (
    CLIENT_ID,
    CLIENT_SECRET,
    RATE_LIMITED,
    SLOW,
    UNAVAILABLE,
    ServedApp,
    UscisBehaviour,
    case_status,
    uscis_app,
)

from edgekit.uscis.api import UscisApiConfig, UscisCaseStatusApi
from edgekit.uscis.provider import ProviderError

RECEIPT = "EAC9999103403"


@pytest.fixture
def uscis():
    behaviour = UscisBehaviour(cases={RECEIPT: case_status(RECEIPT)})
    served = ServedApp(uscis_app(behaviour))
    served.behaviour = behaviour
    yield served
    served.stop()


class RecordedSleep:
    def __init__(self):
        self.delays = []

    async def __call__(self, seconds):
        self.delays.append(seconds)
        await asyncio.sleep(0)


def client(served, sleep=None, clock=time.monotonic, **overrides) -> UscisCaseStatusApi:
    config = UscisApiConfig(client_id=CLIENT_ID, client_secret=CLIENT_SECRET,
                            base_url=f"{served.url}/case-status", token_url=f"{served.url}/oauth/accesstoken",
                            timeout=overrides.pop("timeout", 2.0), requests_per_second=overrides.pop("tps", 0),
                            **overrides)
    return UscisCaseStatusApi(config, sleep=sleep or RecordedSleep(), clock=clock)


async def test_status_is_read_and_the_token_reused(uscis):
    api = client(uscis)
    first = await api.case_status(RECEIPT)
    second = await api.case_status(RECEIPT)
    assert first == second
    assert first.title == "Case Was Approved" and first.form_type == "I-130" and not first.demo
    assert first.status == "Aprovado (Case Was Approved)"
    assert "<a" not in first.details and "Update." in first.details
    assert uscis.behaviour.token_requests == 1 and api.token_requests == 1


async def test_expired_token_gets_401_then_a_new_token(uscis):
    api = client(uscis)
    await api.case_status(RECEIPT)
    uscis.behaviour.expire_tokens()
    status = await api.case_status(RECEIPT)
    assert status.title == "Case Was Approved"
    assert uscis.behaviour.token_requests == 2


async def test_token_is_renewed_before_its_lifetime_ends(uscis):
    now = [1000.0]
    uscis.behaviour.expires_in = "120"                  # a string, as USCIS sends it
    api = client(uscis, clock=lambda: now[0])
    await api.case_status(RECEIPT)
    now[0] += 59
    await api.case_status(RECEIPT)
    assert uscis.behaviour.token_requests == 1
    now[0] += 2                                         # within 60 s of expiry: renewed early
    await api.case_status(RECEIPT)
    assert uscis.behaviour.token_requests == 2


async def test_unknown_receipt_is_a_404_without_retries(uscis):
    api = client(uscis)
    with pytest.raises(ProviderError, match="não reconhecido") as failure:
        await api.case_status("EAC1111111111")
    assert failure.value.status == 404
    assert uscis.behaviour.calls_by_receipt["EAC1111111111"] == 1


async def test_429_waits_for_retry_after_then_succeeds(uscis):
    uscis.behaviour.retry_after = "2"
    sleep = RecordedSleep()
    status = await client(uscis, sleep=sleep).case_status(RATE_LIMITED)
    assert status.receipt_number == RATE_LIMITED
    assert sleep.delays == [2.0]
    assert uscis.behaviour.calls_by_receipt[RATE_LIMITED] == 2


async def test_persistent_429_gives_up_after_the_retries(uscis):
    uscis.behaviour.throttle_times = 100
    sleep = RecordedSleep()
    with pytest.raises(ProviderError, match="Limite de requisições") as failure:
        await client(uscis, sleep=sleep, max_retries=2).case_status(RATE_LIMITED)
    assert failure.value.status == 429 and len(sleep.delays) == 2
    assert uscis.behaviour.calls_by_receipt[RATE_LIMITED] == 3


async def test_5xx_is_retried_with_backoff(uscis):
    uscis.behaviour.unavailable_times = 2
    sleep = RecordedSleep()
    status = await client(uscis, sleep=sleep, backoff=0.25).case_status(UNAVAILABLE)
    assert status.receipt_number == UNAVAILABLE
    assert sleep.delays == [0.25, 0.5]


async def test_slow_answer_times_out(uscis):
    # The token is fetched first, so the timeout under test is the status call's; the margins leave room
    # for a loaded machine (a 0.2 s limit once timed out on connecting to the token endpoint).
    uscis.behaviour.slow_seconds = 2.0
    api = client(uscis, timeout=0.5, max_retries=1)
    await api.case_status(RECEIPT)
    started = time.monotonic()
    with pytest.raises(ProviderError, match="Tempo esgotado") as failure:
        await api.case_status(SLOW)
    assert failure.value.status == 504
    assert time.monotonic() - started < 2.0
    assert uscis.behaviour.calls_by_receipt[SLOW] == 2


async def test_refused_credentials_are_reported(uscis):
    api = UscisCaseStatusApi(UscisApiConfig(client_id="wrong", client_secret="nope",
                                            base_url=f"{uscis.url}/case-status",
                                            token_url=f"{uscis.url}/oauth/accesstoken"))
    with pytest.raises(ProviderError, match="Credenciais da API do USCIS recusadas"):
        await api.case_status(RECEIPT)


async def test_daily_quota_stops_calls(uscis):
    api = client(uscis, daily_quota=2)
    await api.case_status(RECEIPT)
    await api.case_status(RECEIPT)
    with pytest.raises(ProviderError, match="Cota diária"):
        await api.case_status(RECEIPT)
    assert uscis.behaviour.status_requests == 2


async def test_requests_are_paced_to_the_configured_rate(uscis):
    api = UscisCaseStatusApi(UscisApiConfig(client_id=CLIENT_ID, client_secret=CLIENT_SECRET,
                                            base_url=f"{uscis.url}/case-status",
                                            token_url=f"{uscis.url}/oauth/accesstoken", requests_per_second=20))
    started = time.monotonic()
    await asyncio.gather(*(api.case_status(RECEIPT) for _ in range(6)))
    assert time.monotonic() - started >= 0.25          # 6 starts at 20/s span at least 5 intervals


def test_configuration_comes_from_the_environment():
    config = UscisApiConfig.from_env({"USCIS_CLIENT_ID": "id", "USCIS_CLIENT_SECRET": "s",
                                      "USCIS_API_BASE_URL": "https://api.example/case-status", "USCIS_TPS": "10",
                                      "USCIS_DAILY_QUOTA": "10000"})
    assert (config.base_url, config.requests_per_second, config.daily_quota) == \
        ("https://api.example/case-status", 10.0, 10000)
    assert config.token_url.startswith("https://api-int.uscis.gov/")       # sandbox unless configured
    with pytest.raises(ProviderError, match="não configurada"):
        UscisApiConfig.from_env({})
