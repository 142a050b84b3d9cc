"""Functions are found at start and imported on their first call (as Supabase's edge runtime boots a
function's worker on its first request): a stack starts without the cost of the functions nobody calls, a
function is imported once, and a broken one answers BOOT_ERROR when called without taking the others down."""
from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import Route

from supastack.core.config import load_settings
from supastack.functions.gateway import FunctionsGateway
from supastack.functions.loader import discover

GOOD = '''
from pathlib import Path
with Path(__file__).with_name("imported").open("a") as marks:   # one mark per import
    marks.write("x")


async def app(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"hello"})
'''


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "supabase").mkdir()
    (tmp_path / "supabase" / "config.toml").write_text(
        "[functions.hello]\nverify_jwt = false\n[functions.broken]\nverify_jwt = false\n")
    for name, source in {"hello": GOOD, "broken": "raise RuntimeError('at import')\n"}.items():
        (tmp_path / "functions" / name).mkdir(parents=True)
        (tmp_path / "functions" / name / "main.py").write_text(source)
    return tmp_path


async def test_a_function_is_imported_on_its_first_call_and_once(project: Path) -> None:
    settings = load_settings(project, project / "data", env={})
    functions = discover(settings.functions_dir)
    assert sorted(functions) == ["broken", "hello"]
    assert not any(f.loaded for f in functions.values())
    marks = project / "functions" / "hello" / "imported"
    assert not marks.exists()                                       # found, not imported

    gateway = FunctionsGateway(settings, functions)
    app = Starlette(routes=[Route("/{name}", gateway, methods=["GET", "POST"])])
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://stack") as client:
        assert (await client.get("/missing")).status_code == 404
        assert not marks.exists()
        for _ in range(3):
            answer = await client.get("/hello")
            assert (answer.status_code, answer.text) == (200, "hello")
        assert marks.read_text() == "x"                             # imported once
        broken = await client.post("/broken")
        assert broken.status_code == 500 and broken.json()["code"] == "BOOT_ERROR"
        assert (await client.post("/broken")).json()["code"] == "BOOT_ERROR"   # not retried on every call
        assert (await client.get("/hello")).text == "hello"
