"""The state of the stack around a backup or restore: is its API running, and a database server to talk to
(the embedded one is initialised and started when needed, and stopped again if it was stopped)."""
from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator

import httpx

from supastack.core.config import Settings
from supastack.db.postgres import EmbeddedPostgres, wait_for


def running_api(settings: Settings) -> str | None:
    """Why the stack's API counts as running (its pid file names a live process, or it answers), or None."""
    pid_file = settings.data_dir / "stack.pid"
    try:
        pid = int(pid_file.read_text().strip())
        os.kill(pid, 0)
        return f"process {pid} from {pid_file} is alive"
    except (FileNotFoundError, ValueError, ProcessLookupError):
        pass
    except PermissionError:
        return f"process named by {pid_file} is alive"
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
