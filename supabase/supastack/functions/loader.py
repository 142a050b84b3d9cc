"""Find and import the project's functions: `<functions dir>/<name>/main.py` defining `app` (ASGI).

A function is found at start and imported on its first request, as Supabase's edge runtime boots a function's
worker on its first call: a stack starts without importing the functions nobody calls (the project's 31
took half a second of every start), and a broken one answers BOOT_ERROR, with its traceback in the log, when
it is called."""
from __future__ import annotations

import importlib.util
import logging
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from starlette.types import ASGIApp

log = logging.getLogger("supastack.functions")

FUNCTION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


@dataclass
class LoadedFunction:
    name: str
    path: Path
    app: ASGIApp | None = None
    error: str | None = None

    @property
    def loaded(self) -> bool:
        """Imported already, well (`app`) or not (`error`)."""
        return self.app is not None or self.error is not None


def discover(functions_dir: Path) -> dict[str, LoadedFunction]:
    """Every folder with a main.py, by folder name (the URL name), not imported yet; `_shared`-style folders
    are skipped."""
    found: dict[str, LoadedFunction] = {}
    if not functions_dir.is_dir():
        return found
    # Shared code next to the functions (e.g. a common package) is importable, as in Supabase's layout.
    if str(functions_dir) not in sys.path:
        sys.path.append(str(functions_dir))
    for entry in sorted(functions_dir.iterdir()):
        main = entry / "main.py"
        if entry.name.startswith(("_", ".")) or not FUNCTION_NAME.fullmatch(entry.name) or not main.is_file():
            continue
        found[entry.name] = LoadedFunction(entry.name, main)
    return found


def load(name: str, main: Path) -> LoadedFunction:
    """Import main.py by file path (folder names have dashes, so they are not importable as packages)."""
    module_name = "supastack_function_" + re.sub(r"\W", "_", name)
    try:
        spec = importlib.util.spec_from_file_location(module_name, main)
        if spec is None or spec.loader is None:
            raise ImportError(f"{main} cannot be imported")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
        app = getattr(module, "app", None)
        if app is None or not callable(app):
            raise AttributeError(f"{main.name} defines no ASGI `app`")
        return LoadedFunction(name, main, app=app)
    except Exception as exc:  # a broken function must not take the stack down
        sys.modules.pop(module_name, None)
        log.exception("function %s failed to load", name)
        return LoadedFunction(name, main, error=f"{type(exc).__name__}: {exc}")
