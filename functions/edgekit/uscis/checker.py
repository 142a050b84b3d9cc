"""Check many receipts at once: bounded concurrency, one failure never fails the others."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from postgrest.types import ReturnMethod

from edgekit.identifiers import InvalidIdentifier, normalize_receipt_number
from edgekit.uscis.provider import CaseStatus, ProviderError, StatusProvider
from edgekit.uscis.statuses import next_action_date

log = logging.getLogger("functions.uscis-status-checker")

DEFAULT_CONCURRENCY = 8


@dataclass
class CheckResult:
    receipt_number: str
    status: str | None = None
    details: str | None = None
    changed: bool = False
    error: str | None = None
    tracked: bool = False
    demo: bool = False

    def as_json(self) -> dict:
        return {"receiptNumber": self.receipt_number, "status": self.status, "details": self.details,
                "changed": self.changed, "error": self.error, "tracked": self.tracked, "demo": self.demo}


class ReceiptStore(Protocol):
    async def tracked(self, receipt_numbers: list[str]) -> dict[str, dict]: ...

    async def record(self, row: dict, status: CaseStatus, changed: bool, checked_at: str) -> None: ...


Progress = Callable[[CheckResult, int, int], Awaitable[None] | None]


async def check_receipts(raw_numbers: list, provider: StatusProvider, store: ReceiptStore,
                         concurrency: int = DEFAULT_CONCURRENCY, progress: Progress | None = None) -> dict:
    """Validate, ask the provider and store each receipt; answer {results, checked, failed}."""
    results: list[CheckResult] = []
    valid: list[CheckResult] = []
    seen: set[str] = set()
    for raw in raw_numbers:
        try:
            number = normalize_receipt_number(raw)
        except InvalidIdentifier as exc:
            results.append(CheckResult(receipt_number=str(raw).strip() if raw is not None else "", error=str(exc)))
            continue
        if number in seen:
            continue
        seen.add(number)
        result = CheckResult(receipt_number=number)
        results.append(result)
        valid.append(result)

    rows = await store.tracked([r.receipt_number for r in valid]) if valid else {}
    gate = asyncio.Semaphore(max(1, concurrency))
    storing = asyncio.Semaphore(max(1, concurrency))   # the REST API is shared with everyone else
    done = 0
    total = len(results)

    async def report(result: CheckResult) -> None:
        nonlocal done
        done += 1
        log.info("receipt %s checked (%d/%d): %s", result.receipt_number, done, total,
                 result.error or result.status)
        if progress:
            outcome = progress(result, done, total)
            if asyncio.iscoroutine(outcome):
                await outcome

    async def check_one(result: CheckResult) -> None:
        try:
            async with gate:           # bounds the calls to the provider; storing happens outside
                status = await provider.case_status(result.receipt_number)
            result.status, result.details, result.demo = status.status, status.details, status.demo
            row = rows.get(result.receipt_number)
            if row is not None:
                result.tracked = True
                result.changed = row.get("last_status") != status.status
                checked_at = datetime.now(UTC).isoformat()
                async with storing:
                    await store.record(row, status, result.changed, checked_at)
        except ProviderError as exc:
            result.error = exc.message
        except Exception as exc:   # a storage failure on one receipt must not fail the batch
            log.exception("receipt %s failed", result.receipt_number)
            result.error = f"Falha ao registrar o status: {type(exc).__name__}"
        await report(result)

    for result in results:
        if result.error:
            await report(result)
    await asyncio.gather(*(check_one(r) for r in valid))
    failed = sum(1 for r in results if r.error)
    return {"results": [r.as_json() for r in results], "checked": len(results) - failed, "failed": failed}


class SupabaseReceiptStore:
    """Reads with the caller's client (RLS decides what is tracked for them); writes as service_role."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    async def tracked(self, receipt_numbers: list[str]) -> dict[str, dict]:
        rows: dict[str, dict] = {}
        for start in range(0, len(receipt_numbers), 100):     # keep the URL short
            chunk = receipt_numbers[start:start + 100]
            answer = await (self.reader.table("uscis_receipts").select("id, receipt_number, last_status")
                            .in_("receipt_number", chunk).execute())
            rows.update({row["receipt_number"]: row for row in answer.data})
        return rows

    async def record(self, row: dict, status: CaseStatus, changed: bool, checked_at: str) -> None:
        update = {"last_status": status.status, "last_status_is_demo": status.demo, "last_checked_at": checked_at,
                  "next_action_date": next_action_date(status.category)}
        if changed:
            update["last_updated_at"] = checked_at
        writes = [self.writer.table("uscis_receipts").update(update, returning=ReturnMethod.minimal)
                  .eq("id", row["id"]).execute()]
        if changed:
            writes.append(self.writer.table("uscis_status_history").insert(
                {"receipt_id": row["id"], "status": status.status, "details": status.details,
                 "is_demo": status.demo, "updated_at": checked_at}, returning=ReturnMethod.minimal).execute())
        await asyncio.gather(*writes)
