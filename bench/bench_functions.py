"""200 USCIS receipts checked through the uscis-status-checker function against a fake USCIS API.

The fake answers each case-status request after a fixed latency; the function checks receipts with
bounded concurrency, so the ideal total is latency x 200 / concurrency. Prints the measured time
against that ideal and against checking one by one.
"""
from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "product" / "functions")]

from function_fakes import CLIENT_ID, CLIENT_SECRET, ServedApp, UscisBehaviour, case_status, uscis_app  # noqa: E402

from edgekit.uscis.api import UscisApiConfig, UscisCaseStatusApi  # noqa: E402
from edgekit.uscis.checker import check_receipts  # noqa: E402
from harness import Cluster, StackProcess  # noqa: E402

RECEIPTS = 200
LATENCY = 0.05
CONCURRENCY = 8


class NoStore:
    async def tracked(self, numbers):
        return {}

    async def record(self, *args):
        pass


async def checker_only(fake_url: str, numbers: list[str]) -> float:
    api = UscisCaseStatusApi(UscisApiConfig(client_id=CLIENT_ID, client_secret=CLIENT_SECRET,
                                            base_url=f"{fake_url}/case-status",
                                            token_url=f"{fake_url}/oauth/accesstoken",
                                            requests_per_second=0, daily_quota=0))
    started = time.perf_counter()
    answer = await check_receipts(numbers, api, NoStore(), concurrency=CONCURRENCY)
    assert answer["failed"] == 0, answer
    return time.perf_counter() - started


def main() -> None:
    numbers = [f"EAC77771{i:05d}" for i in range(RECEIPTS)]
    behaviour = UscisBehaviour(cases={n: case_status(n) for n in numbers}, latency=LATENCY)
    fake = ServedApp(uscis_app(behaviour))
    cluster = Cluster()
    stack = StackProcess(cluster, name="bench-fn", env={
        "USCIS_PROVIDER": "uscis", "USCIS_CLIENT_ID": CLIENT_ID, "USCIS_CLIENT_SECRET": CLIENT_SECRET,
        "USCIS_API_BASE_URL": f"{fake.url}/case-status", "USCIS_TOKEN_URL": f"{fake.url}/oauth/accesstoken",
        "USCIS_TPS": "0", "USCIS_DAILY_QUOTA": "0", "USCIS_CONCURRENCY": str(CONCURRENCY)})
    try:
        for number in numbers:   # tracked receipts, so every check also writes its row and history
            stack.sql("insert into uscis_receipts (process_id, receipt_number) values (1, %s)", (number,))
        token = httpx.post(f"{stack.url}/auth/v1/token?grant_type=password", headers={"apikey": stack.anon_key},
                           json={"email": "admin@escritorio.test", "password": "Demo@12345"}).json()["access_token"]
        started = time.perf_counter()
        answer = httpx.post(f"{stack.url}/functions/v1/uscis-status-checker", json={"receiptNumbers": numbers},
                            headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}"}, timeout=120)
        through_function = time.perf_counter() - started
        body = answer.json()
        assert answer.status_code == 200 and body["checked"] == RECEIPTS, body
        history = stack.sql("select count(*) from uscis_status_history h join uscis_receipts r on r.id = h.receipt_id "
                            "where r.receipt_number like 'EAC77771%%'")[0][0]
        in_process = asyncio.run(checker_only(fake.url, numbers))
    finally:
        stack.stop()
        cluster.stop()
        fake.stop()

    ideal = LATENCY * RECEIPTS / CONCURRENCY
    sequential = LATENCY * RECEIPTS
    print(f"receipts {RECEIPTS}, provider latency {LATENCY * 1000:.0f} ms, concurrency {CONCURRENCY}")
    print(f"  ideal (latency x {RECEIPTS} / {CONCURRENCY}):         {ideal:6.2f} s")
    print(f"  checker alone (no storage):           {in_process:6.2f} s  ratio to ideal {in_process / ideal:5.2f}")
    print(f"  through the function (+ REST writes): {through_function:6.2f} s  ratio to ideal "
          f"{through_function / ideal:5.2f}; {sequential / through_function:4.1f}x faster than one by one "
          f"({sequential:.0f} s)")
    print(f"  max requests in flight at the fake USCIS: {behaviour.max_in_flight}; token requests: "
          f"{behaviour.token_requests}; history rows written: {history}")


if __name__ == "__main__":
    main()
