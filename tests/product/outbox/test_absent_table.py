"""A project without the notifications migration: the outbox worker waits quietly instead of logging an
error every round."""
from __future__ import annotations

import asyncio
import logging

from office_outbox.config import WorkerConfig
from office_outbox.worker import OutboxWorker
from supastack.core.config import load_settings


def test_worker_on_a_database_without_the_outbox_table_says_so_once(cluster, caplog):
    db_url = cluster.create_database("no_outbox")
    settings = load_settings().model_copy(update={"database_url": db_url})
    worker = OutboxWorker(settings, WorkerConfig(poll_seconds=0.05))

    async def run_briefly() -> None:
        task = asyncio.create_task(worker.run())
        await asyncio.sleep(0.6)   # about a dozen rounds
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        await worker.close()

    with caplog.at_level(logging.INFO, logger="office_outbox"):
        asyncio.run(run_briefly())
    said = [r for r in caplog.records if r.name == "office_outbox"]
    assert [r.levelno for r in said] == [logging.INFO], [r.getMessage() for r in said]
    assert "notification_deliveries" in said[0].getMessage()
