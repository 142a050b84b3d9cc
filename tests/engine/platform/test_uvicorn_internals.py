"""uvicorn's private internals (its httptools protocol and request cycles), which the gateway's protocol
subclasses, are reached through one module: the installed uvicorn must be the version that module was checked
against and still have every name and attribute it uses, so that an upgrade fails here, loudly, first."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from supastack.gateway import uvicorn_internals
from supastack.gateway.uvicorn_internals import PINNED, problems

ENGINE = Path(uvicorn_internals.__file__).resolve().parents[1]
PRIVATE = ("uvicorn.protocols", "uvicorn._types", "uvicorn.lifespan", "uvicorn.middleware")


def test_the_installed_uvicorn_is_the_one_the_gateway_was_checked_against() -> None:
    assert problems() == [], "\n".join(problems()) + "\n(see supabase/DECISIONS.md, uvicorn's internals)"


def test_the_pin_in_pyproject_is_that_version() -> None:
    pyproject = (ENGINE.parents[1] / "pyproject.toml").read_text()
    assert f'"uvicorn[standard]=={PINNED}"' in pyproject


def test_only_one_module_imports_uvicorn_internals() -> None:
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if any(n.startswith(PRIVATE) for n in names):
                found.append(path.relative_to(ENGINE).as_posix())
    assert sorted(set(found)) == ["gateway/uvicorn_internals.py"]


def test_an_upgrade_or_a_vanished_attribute_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(uvicorn_internals, "version", lambda _name: "0.99.0")
    monkeypatch.setattr(uvicorn_internals, "CYCLE_ATTRIBUTES", (*uvicorn_internals.CYCLE_ATTRIBUTES, "gone_flag"))
    monkeypatch.setattr(uvicorn_internals, "PROTOCOL_METHODS", ("_start_asgi_task", "_renamed_start"))
    found = problems()
    assert any("uvicorn 0.99.0 is installed" in p for p in found)
    assert "RequestResponseCycle.gone_flag is no longer set" in found
    assert "HttpToolsProtocol._renamed_start() is gone" in found
    assert len(found) == 3
