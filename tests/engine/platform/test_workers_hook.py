"""The engine starts the project's workers through config.toml's `[workers]` hook and imports nothing of the
product: the office's outbox is one such worker, and a hook that names nothing stops the start-up."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from supastack.core.config import REPO_ROOT, ConfigError, load_settings
from supastack.core.db import Database
from supastack.core.stack import Stack
from supastack.workers import configured, start_workers


def _project(root: Path, workers: str) -> Path:
    (root / "supabase").mkdir(parents=True)
    (root / "supabase" / "config.toml").write_text(workers)
    return root


def test_the_office_outbox_and_exports_are_configured_workers(tmp_path: Path) -> None:
    settings = load_settings(REPO_ROOT, tmp_path / "d", env={})
    assert [(w.name, w.module, w.function) for w in configured(settings)] == \
        [("outbox", "office_outbox.worker", "start"), ("exports", "client_exports.worker", "start")]


def test_a_worker_in_the_functions_folder_starts_and_stops(tmp_path: Path) -> None:
    root = _project(tmp_path / "p", '[workers]\nbeat = "beat_worker:start"\n')
    (root / "functions").mkdir()
    (root / "functions" / "beat_worker.py").write_text(
        "async def start(stack):\n"
        "    stack.settings.raw['started'] = True\n"
        "    async def stop():\n"
        "        stack.settings.raw['stopped'] = True\n"
        "    stack.on_shutdown.append(stop)\n")
    settings = load_settings(root, tmp_path / "d", env={})
    stack = Stack(settings=settings, db=Database(settings.db_url))
    asyncio.run(start_workers(stack))
    assert settings.raw["started"] is True and len(stack.on_shutdown) == 1
    asyncio.run(stack.on_shutdown[0]())
    assert settings.raw["stopped"] is True


@pytest.mark.parametrize("entry, reason", [
    ('"no_such_module_here:start"', "no_such_module_here"),
    ('"json:loads"', "no async function loads"),
    ('"os.system(\'id\')"', "is not \"module:function\""),
])
def test_a_worker_that_cannot_start_stops_the_start_up(tmp_path: Path, entry: str, reason: str) -> None:
    settings = load_settings(_project(tmp_path / "p", f"[workers]\nx = {entry}\n"), tmp_path / "d", env={})
    stack = Stack(settings=settings, db=Database(settings.db_url))
    with pytest.raises(ConfigError, match=reason):
        asyncio.run(start_workers(stack))
