"""Checking many receipts: bounded concurrency, progress, failures isolated, history only on change."""
import time

import pytest
from function_fakes import CLIENT_ID, CLIENT_SECRET, ServedApp, UscisBehaviour, case_status, uscis_app

from edgekit.uscis.api import UscisApiConfig, UscisCaseStatusApi
from edgekit.uscis.checker import check_receipts
from edgekit.uscis.demo import DemoStatusProvider
from edgekit.uscis.provider import ProviderError


class MemoryStore:
    def __init__(self, rows):
        self.rows = {r["receipt_number"]: r for r in rows}
        self.history = []

    async def tracked(self, numbers):
        return {n: self.rows[n] for n in numbers if n in self.rows}

    async def record(self, row, status, changed, checked_at):
        row["last_status"] = status.status
        row["last_checked_at"] = checked_at
        if changed:
            self.history.append((row["receipt_number"], status.status))


class FailingFor:
    def __init__(self, bad):
        self.bad, self.inner = bad, DemoStatusProvider()

    async def case_status(self, number):
        if number == self.bad:
            raise ProviderError("Número de recibo não reconhecido pelo USCIS", 404)
        return await self.inner.case_status(number)


async def test_invalid_and_failing_receipts_do_not_fail_the_others():
    store = MemoryStore([{"id": 1, "receipt_number": "EAC9999103403", "last_status": None}])
    answer = await check_receipts([" eac9999103403", "bad", "LIN9999106498", "EAC9999103403"],
                                  FailingFor("LIN9999106498"), store)
    by_number = {r["receiptNumber"]: r for r in answer["results"]}
    assert answer["checked"] == 1 and answer["failed"] == 2 and len(answer["results"]) == 3   # duplicate merged
    assert by_number["EAC9999103403"]["changed"] is True and by_number["EAC9999103403"]["tracked"] is True
    assert by_number["EAC9999103403"]["details"].startswith("Demonstração:")
    assert "inválido" in by_number["bad"]["error"]
    assert by_number["LIN9999106498"]["error"] == "Número de recibo não reconhecido pelo USCIS"
    assert store.history == [("EAC9999103403", by_number["EAC9999103403"]["status"])]
    again = await check_receipts(["EAC9999103403"], FailingFor(None), store)
    assert again["results"][0]["changed"] is False and len(store.history) == 1     # same status: no new history


@pytest.fixture
def slow_uscis():
    behaviour = UscisBehaviour(latency=0.05)
    served = ServedApp(uscis_app(behaviour))
    served.behaviour = behaviour
    yield served
    served.stop()


async def test_200_receipts_with_bounded_concurrency_and_progress(slow_uscis):
    numbers = [f"EAC99991{i:05d}" for i in range(200)]
    slow_uscis.behaviour.cases = {n: case_status(n) for n in numbers}
    api = UscisCaseStatusApi(UscisApiConfig(client_id=CLIENT_ID, client_secret=CLIENT_SECRET,
                                            base_url=f"{slow_uscis.url}/case-status",
                                            token_url=f"{slow_uscis.url}/oauth/accesstoken",
                                            requests_per_second=0, daily_quota=0))
    seen = []
    started = time.monotonic()
    answer = await check_receipts(numbers, api, MemoryStore([]), concurrency=8,
                                  progress=lambda result, done, total: seen.append((done, total)))
    elapsed = time.monotonic() - started
    assert answer["checked"] == 200 and answer["failed"] == 0
    assert slow_uscis.behaviour.max_in_flight <= 8
    assert slow_uscis.behaviour.max_in_flight >= 4           # really concurrent
    assert [d for d, _ in seen] == list(range(1, 201)) and {t for _, t in seen} == {200}
    assert elapsed < 200 * 0.05 / 2                          # far below the sequential 10 s
    assert slow_uscis.behaviour.token_requests == 1
