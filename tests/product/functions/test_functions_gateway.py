"""/functions/v1 mounting: discovery by folder, verify_jwt, key mapping, CORS preflight, environment."""
import textwrap
import time

import httpx
import pytest
from fastapi import FastAPI

from supastack.core import jwt
from supastack.core.config import load_settings
from supastack.core.stack import Stack
from supastack.functions.routes import router

ECHO = '''
import os
from fastapi import FastAPI, Request
from edgekit.env import function_env
app = FastAPI()

@app.api_route("/", methods=["GET", "POST"])
@app.api_route("/{rest:path}", methods=["GET", "POST"])
async def echo(request: Request, rest: str = ""):
    env = function_env(request)
    return {"path": request.url.path, "rest": rest, "method": request.method,
            "authorization": request.headers.get("authorization"), "query": dict(request.query_params),
            "body": (await request.body()).decode(), "url": env.supabase_url, "anon": env.anon_key,
            "service": env.service_role_key, "admin": env.admin_email, "uscis": env.provider("uscis")}
'''


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = tmp_path_factory.mktemp("fnproject")
    (root / "supabase").mkdir()
    (root / "supabase" / "config.toml").write_text(textwrap.dedent("""
        [auth]
        admin_email = "chefe@escritorio.test"
        [functions.open]
        verify_jwt = false
        [providers]
        uscis = "uscis"
    """))
    for name, code in {"echo": ECHO, "open": ECHO, "broken": "raise RuntimeError('boom')\n",
                       "_shared": ECHO}.items():
        (root / "functions" / name).mkdir(parents=True)
        (root / "functions" / name / "main.py").write_text(code)
    settings = load_settings(root, root / ".data", env={"API_PORT": "50001"})
    app = FastAPI()
    app.include_router(router(Stack(settings=settings, db=None)), prefix="/functions/v1")
    return settings, app


@pytest.fixture
async def http(project):
    settings, app = project
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as client:
        yield client


def user_token(settings, **claims):
    now = int(time.time())
    return jwt.sign({"sub": "u1", "role": "authenticated", "iat": now, "exp": now + 600, **claims},
                    settings.jwt_secret)


async def test_missing_and_invalid_jwt_are_refused(project, http):
    settings, _ = project
    missing = await http.post("/functions/v1/echo", json={})
    assert missing.status_code == 401 and missing.json()["message"] == "Missing authorization header"
    forged = jwt.sign({"role": "authenticated", "exp": int(time.time()) + 60}, "another-secret-" * 3)
    for token in ("not-a-jwt", forged, user_token(settings, exp=int(time.time()) - 10)):
        bad = await http.post("/functions/v1/echo", headers={"Authorization": f"Bearer {token}"})
        assert bad.status_code == 401 and bad.json()["message"] == "Invalid JWT"


async def test_valid_jwt_reaches_the_function_with_its_environment(project, http):
    settings, _ = project
    token = user_token(settings)
    answer = await http.post("/functions/v1/echo", headers={"Authorization": f"Bearer {token}"}, json={"a": 1})
    assert answer.status_code == 200
    body = answer.json()
    assert body["authorization"] == f"Bearer {token}" and body["method"] == "POST" and body["body"] == '{"a":1}'
    assert body["url"] == settings.api_url == "http://127.0.0.1:50001"
    assert (body["anon"], body["service"]) == (settings.anon_key, settings.service_role_key)
    assert body["admin"] == "chefe@escritorio.test" and body["uscis"] == "uscis"


async def test_anon_key_and_new_format_keys_pass_and_are_mapped(project, http):
    settings, _ = project
    with_anon = await http.get("/functions/v1/echo?key=x", headers={"Authorization": f"Bearer {settings.anon_key}"})
    assert with_anon.status_code == 200 and with_anon.json()["query"] == {"key": "x"}
    # supabase-js sends an sb_publishable_ key only as apikey to functions: the anon JWT is forwarded
    publishable = await http.post("/functions/v1/echo", headers={"apikey": settings.publishable_key})
    assert publishable.status_code == 200
    assert publishable.json()["authorization"] == f"Bearer {settings.anon_key}"
    secret = await http.post("/functions/v1/echo", headers={"apikey": settings.secret_key})
    assert secret.json()["authorization"] == f"Bearer {settings.service_role_key}"


async def test_verify_jwt_false_lets_anyone_in(http):
    answer = await http.post("/functions/v1/open", json={})
    assert answer.status_code == 200 and answer.json()["authorization"] is None


async def test_sub_paths_reach_the_function(project, http):
    settings, _ = project
    auth = {"Authorization": f"Bearer {user_token(settings)}"}
    assert (await http.post("/functions/v1/echo/", headers=auth)).json()["rest"] == ""
    deep = (await http.get("/functions/v1/echo/a/b", headers=auth)).json()
    assert deep["rest"] == "a/b" and deep["path"] == "/functions/v1/echo/a/b"


async def test_preflight_is_answered_without_a_token(http):
    answer = await http.options("/functions/v1/echo")
    assert answer.status_code == 200
    allowed = answer.headers["access-control-allow-headers"]
    for header in ("authorization", "x-client-info", "apikey", "content-type"):
        assert header in allowed


async def test_unknown_private_and_broken_functions(project, http):
    settings, _ = project
    auth = {"Authorization": f"Bearer {user_token(settings)}"}
    for name in ("nope", "_shared", "..%2Fsecrets"):
        answer = await http.post(f"/functions/v1/{name}", headers=auth)
        assert answer.status_code == 404 and answer.json()["message"] == "Requested function was not found"
    broken = await http.post("/functions/v1/broken", headers=auth)
    assert broken.status_code == 500 and broken.headers["content-type"] == "application/json"
