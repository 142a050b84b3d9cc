"""Start-up hook: every API process runs the job runner and the net request sender in the background
(the database decides which process runs what), and stops them at shut-down."""
from __future__ import annotations

import asyncio
import contextlib

from supastack.core.stack import Stack
from supastack.cron.config import cron_config
from supastack.cron.runner import Runner
from supastack.net import worker as net_worker


async def scheduled_jobs(stack: Stack) -> None:
    config = cron_config(stack.settings)
    if not config.enabled:
        return
    runner = Runner(stack.settings.db_url, config)
    own = net_worker.Own(stack.settings.api_url, stack.settings.service_role_key)
    tasks = [asyncio.create_task(runner.loop(), name="cron-runner"),
             asyncio.create_task(net_worker.loop(stack.settings.db_url, own), name="net-worker")]

    async def stop() -> None:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await runner.stop()

    stack.on_shutdown.append(stop)
