"""The app's origin answers the API's paths with the API itself: the browser's requests need no CORS preflight.

Every answer through the app's port is the API's own (same gateway, same limits, same lean REST path), and the
app's own routes (/auth, /cliente...) are still the app's.
"""
from __future__ import annotations

import asyncio
import json
import uuid

import httpx
import pytest
import websockets

from supastack.gateway.app_server import is_api_path

ADMIN = {"email": "admin@escritorio.test", "password": "Demo@12345"}


@pytest.mark.parametrize(("path", "api"), [
    ("/rest/v1/clients", True), ("/rest/v1", True), ("/auth/v1/token", True), ("/storage/v1/object/x", True),
    ("/realtime/v1/websocket", True), ("/functions/v1/system-settings", True),
    ("/auth", False), ("/auth/v1x", False), ("/rest", False), ("/cliente", False), ("/", False),
    ("/assets/index.js", False), ("/definir-senha", False),
])
def test_which_paths_are_the_apis(path, api):
    assert is_api_path(path) is api


def sign_in(base: str, anon_key: str) -> str:
    r = httpx.post(f"{base}/auth/v1/token?grant_type=password", json=ADMIN, headers={"apikey": anon_key})
    assert r.status_code == 200, r.text
    return r.json()["access_token"]


def test_rest_auth_and_rpc_answer_the_same_on_both_origins(stack):
    token = sign_in(stack.app_url, stack.anon_key)          # a session obtained through the app's origin
    headers = {"apikey": stack.anon_key, "Authorization": f"Bearer {token}"}
    for path in ("/rest/v1/clients?select=id,full_name&order=id", "/rest/v1/user_roles?select=role"):
        via_app = httpx.get(f"{stack.app_url}{path}", headers=headers)
        via_api = httpx.get(f"{stack.url}{path}", headers=headers)
        assert via_app.status_code == via_api.status_code == 200
        assert via_app.json() == via_api.json() and via_app.json()
    rpc = httpx.post(f"{stack.app_url}/rest/v1/rpc/office_branding", json={}, headers=headers)
    assert rpc.status_code == 200 and rpc.json() == httpx.post(f"{stack.url}/rest/v1/rpc/office_branding",
                                                               json={}, headers=headers).json()
    user = httpx.get(f"{stack.app_url}/auth/v1/user", headers=headers)
    assert user.status_code == 200 and user.json()["email"] == ADMIN["email"]
    # RLS is the database's on this origin too: the anon key alone reads no client
    anon = httpx.get(f"{stack.app_url}/rest/v1/clients?select=id", headers={"apikey": stack.anon_key})
    assert anon.status_code == 200 and anon.json() == []


def test_storage_and_functions_answer_on_the_apps_origin(stack):
    name = f"c0000000-0000-4000-8000-000000000001/one-origin-{uuid.uuid4().hex[:8]}.pdf"
    service = {"Authorization": f"Bearer {stack.service_role_key}"}
    content = b"%PDF-1.4 one origin\n" + uuid.uuid4().bytes
    stored = httpx.post(f"{stack.app_url}/storage/v1/object/client_documents/{name}", content=content,
                        headers={**service, "Content-Type": "application/pdf"})
    assert stored.status_code == 200, stored.text
    via_app = httpx.get(f"{stack.app_url}/storage/v1/object/client_documents/{name}", headers=service)
    via_api = httpx.get(f"{stack.url}/storage/v1/object/client_documents/{name}", headers=service)
    assert via_app.status_code == via_api.status_code == 200
    assert via_app.content == via_api.content == content
    # a function refuses an anonymous caller the same way on both
    refused = [httpx.post(f"{base}/functions/v1/system-settings", json={"action": "get"},
                          headers={"apikey": stack.anon_key}) for base in (stack.app_url, stack.url)]
    assert refused[0].status_code == refused[1].status_code and refused[0].status_code in (401, 403)
    assert refused[0].json() == refused[1].json()


def test_the_limits_are_the_apis_on_the_apps_origin(stack):
    big = b"[" + b"1," * (6 * 1024 * 1024) + b"1]"   # ~12 MiB, over the 10 MiB default
    r = httpx.post(f"{stack.app_url}/rest/v1/process_stages", content=big,
                   headers={"Content-Type": "application/json", "apikey": stack.anon_key})
    assert r.status_code == 413


def test_the_apps_own_routes_stay_the_apps(stack):
    for path in ("/auth", "/cliente", "/rest", "/auth/v1x"):
        r = httpx.get(f"{stack.app_url}{path}")
        assert r.status_code in (200, 503), path      # index.html (503 only when the app is not built)
        assert r.headers["content-type"].startswith("text/html"), path


async def test_realtime_socket_on_the_apps_origin(stack):
    token = sign_in(stack.app_url, stack.anon_key)
    url = stack.app_url.replace("http", "ws", 1) + f"/realtime/v1/websocket?apikey={stack.anon_key}&vsn=2.0.0"
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps(["1", "1", "realtime:one-origin", "phx_join", {
            "config": {"postgres_changes": [{"event": "*", "schema": "public", "table": "notifications"}]},
            "access_token": token}]))
        reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
    assert reply[3] == "phx_reply" and reply[4]["status"] == "ok", reply



def test_the_apps_origin_with_several_api_workers(cluster):
    """With API_WORKERS=2 every process accepts on the app's port too (pre-fork): requests on new connections,
    whichever process the kernel hands them to, are answered, and the realtime socket opens there."""
    from harness import StackProcess

    s = StackProcess(cluster, name="one_origin_workers", seed=True, env={"API_WORKERS": "2"})
    try:
        token = sign_in(s.app_url, s.anon_key)
        headers = {"apikey": s.anon_key, "Authorization": f"Bearer {token}"}
        answers = [httpx.get(f"{s.app_url}/rest/v1/user_roles?select=role", headers=headers) for _ in range(30)]
        assert {r.status_code for r in answers} == {200}
        assert all(r.json() == answers[0].json() != [] for r in answers)
        assert httpx.get(f"{s.app_url}/cliente").headers["content-type"].startswith("text/html")

        async def join() -> dict:
            url = s.app_url.replace("http", "ws", 1) + f"/realtime/v1/websocket?apikey={s.anon_key}&vsn=2.0.0"
            async with websockets.connect(url) as ws:
                await ws.send(json.dumps(["1", "1", "realtime:workers", "phx_join",
                                          {"config": {}, "access_token": token}]))
                return json.loads(await asyncio.wait_for(ws.recv(), 10))

        for _ in range(4):
            assert asyncio.run(join())[4]["status"] == "ok"
    finally:
        s.stop()
