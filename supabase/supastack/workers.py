"""The project's background workers: the engine's hook for code that runs beside the API, as functions are
mounted beside it.

config.toml names them, `[workers] <name> = "<module>:<function>"`; the module is imported from the project's
functions folder (on the import path, as for the functions' shared code) or from the installed packages, and
`await function(stack)` runs at the start-up of every API process. The function starts what it needs in the
background and appends its own stop to `stack.on_shutdown`. A hook that cannot be found or does not start stops
the start-up with its reason: a project's worker that silently never runs would lose its work."""
from __future__ import annotations

import importlib
import inspect
import logging
import re
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from supastack.core.config import ConfigError, Settings
from supastack.core.stack import Stack

log = logging.getLogger("supastack.workers")

ENTRY = re.compile(r"(?P<module>[A-Za-z_][\w.]*):(?P<function>[A-Za-z_]\w*)")


@dataclass(frozen=True)
class Worker:
    name: str
    module: str
    function: str


def configured(settings: Settings) -> list[Worker]:
    """`[workers]` entries in the order config.toml gives them."""
    section = settings.raw.get("workers", {})
    if not isinstance(section, dict):
        raise ConfigError("invalid configuration: [workers] must be a table of name = \"module:function\"")
    out = []
    for name, value in section.items():
        m = ENTRY.fullmatch(str(value))
        if m is None:
            raise ConfigError(f"invalid configuration: [workers] {name} = {value!r} is not \"module:function\"")
        out.append(Worker(str(name), m["module"], m["function"]))
    return out


def resolve(settings: Settings, worker: Worker) -> Callable[[Stack], Awaitable[None]]:
    folder = str(settings.functions_dir)
    if settings.functions_dir.is_dir() and folder not in sys.path:
        sys.path.append(folder)
    try:
        module = importlib.import_module(worker.module)
    except ImportError as exc:
        raise ConfigError(f"invalid configuration: [workers] {worker.name}: {exc}") from None
    function = getattr(module, worker.function, None)
    if function is None or not inspect.iscoroutinefunction(function):
        raise ConfigError(f"invalid configuration: [workers] {worker.name}: {worker.module} has no async "
                          f"function {worker.function}(stack)")
    return function  # type: ignore[no-any-return]


async def start_workers(stack: Stack) -> None:
    """Start-up hook of the gateway: every configured worker, in order."""
    for worker in configured(stack.settings):
        await resolve(stack.settings, worker)(stack)
        log.info("worker %s started (%s:%s)", worker.name, worker.module, worker.function)
