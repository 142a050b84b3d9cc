"""The app server's security headers are computed once per (Host, build), not on every request: index.html is
looked at again at most once a RECHECK_SECONDS, a new build's inline hashes still reach the policy, and Host
headers a client makes up cannot grow the cache without bound."""
from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from supastack.gateway import app_server
from supastack.gateway.app_server import SecurityHeaders

PAGE = "<html><script>window.first = 1</script></html>"


class CountingIndex:
    """index.html, counting how often the server looks at it."""

    def __init__(self, path: Path):
        self.path, self.stats, self.reads = path, 0, 0

    def stat(self) -> os.stat_result:
        self.stats += 1
        return self.path.stat()

    def read_text(self, errors: str = "strict") -> str:
        self.reads += 1
        return self.path.read_text(errors=errors)


@pytest.fixture
def index(tmp_path: Path) -> CountingIndex:
    page = tmp_path / "index.html"
    page.write_text(PAGE)
    return CountingIndex(page)


def _site() -> Starlette:
    return Starlette(routes=[Route("/{path:path}", lambda request: PlainTextResponse("ok"))])


async def test_many_requests_cost_one_look_at_the_build_and_one_policy(index, monkeypatch) -> None:
    computed = []
    real = app_server.content_security_policy
    monkeypatch.setattr(app_server, "content_security_policy", lambda *a: computed.append(a) or real(*a))
    headers = SecurityHeaders(_site(), None, production=False, index=index)  # type: ignore[arg-type]
    headers.RECHECK_SECONDS = 60.0
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=headers), base_url="http://app.test") as client:
        answers = [await client.get(path) for path in ("/", "/assets/a.js", "/assets/b.css", "/clientes") * 25]
    policies = {r.headers["content-security-policy"] for r in answers}
    assert len(policies) == 1 and "'sha256-" in policies.pop()
    assert (index.stats, index.reads, len(computed)) == (1, 1, 1)


async def test_a_new_build_reaches_the_policy(index) -> None:
    headers = SecurityHeaders(_site(), None, production=False, index=index)  # type: ignore[arg-type]
    headers.RECHECK_SECONDS = 0.0
    before = dict(headers.headers("app.test"))[b"content-security-policy"]
    index.path.write_text("<html><script>window.second = 2</script></html>")
    stamp = index.path.stat().st_mtime_ns + 1_000_000_000
    os.utime(index.path, ns=(stamp, stamp))
    after = dict(headers.headers("app.test"))[b"content-security-policy"]
    assert before != after
    assert app_server.inline_script_sources(index.path.read_text())[0].encode() in after
    # an unchanged build is not read again
    reads = index.reads
    headers.headers("app.test")
    assert index.reads == reads


def test_made_up_hosts_do_not_grow_the_cache(index) -> None:
    headers = SecurityHeaders(_site(), None, production=False, index=index)  # type: ignore[arg-type]
    for n in range(1000):
        host = f"h{n}.example.test"
        assert f"ws://{host}".encode() in dict(headers.headers(host))[b"content-security-policy"]
    assert len(headers._headers) <= SecurityHeaders.MAX_HOSTS
