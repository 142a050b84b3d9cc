"""The state of the stack around a backup or restore: is its API running, and a database server to talk to
(the embedded one is initialised and started when needed, and stopped again if it was stopped)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import httpx

from supastack import runtime
from supastack.core.config import Settings
from supastack.db.postgres import EmbeddedPostgres, wait_for


def running_api(settings: Settings) -> str | None:
    """Why the stack's API counts as running (the process `start` recorded is alive, or the API answers
    on its port, e.g. a `serve` under systemd), or None."""
    running = runtime.current(settings.data_dir)
    if running is not None:
        return f"process {running.pid} started for {settings.data_dir} is running"
    try:
        if httpx.get(f"{settings.api_url}/auth/v1/health", timeout=2).status_code == 200:
            return f"the API answers at {settings.api_url}"
    except httpx.HTTPError:
        pass
    return None


@contextmanager
def database_server(settings: Settings) -> Iterator[None]:
    """Yield once `settings.db_url` accepts connections. An embedded server is created on an empty data
    folder (a new machine), started if stopped, and stopped afterwards if this started it."""
    started = None
    if settings.embedded_db:
        pg = EmbeddedPostgres(settings.data_dir, settings.db_port, settings.host, settings.workdir)
        pg.init()
        if not pg.is_running():
            pg.start()
            started = pg
    try:
        wait_for(settings.db_url)
        yield
    finally:
        if started is not None:
            started.stop()
