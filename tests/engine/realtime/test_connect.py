"""Opening the realtime socket: a valid `apikey` is required, as on Supabase Realtime."""
from __future__ import annotations

import asyncio
import json

import pytest
import websockets

from realtime_helpers import user_token


def socket_url(stack, apikey: str | None) -> str:
    url = stack.url.replace("http", "ws", 1) + "/realtime/v1/websocket?vsn=2.0.0"
    return url + (f"&apikey={apikey}" if apikey is not None else "")


@pytest.mark.parametrize("apikey, message", [
    (None, "API key is missing"),
    ("", "API key is missing"),
    ("not-a-jwt", "The token provided is not a valid JWT"),
    ("sb_publishable_not-this-project", "The token provided is not a valid JWT"),
    ("sb_secret_not-this-project", "The token provided is not a valid JWT"),
    ("expired", "Token has expired"),
    ("foreign", "Failed to validate JWT signature"),
])
async def test_socket_without_a_valid_apikey_is_refused(rt_stack, apikey, message):
    if apikey == "expired":
        apikey = user_token(rt_stack, ttl=-5, role="anon")
    elif apikey == "foreign":
        other = type("Other", (), {"settings": type("S", (), {"jwt_secret": "x" * 40})()})()
        apikey = user_token(other, role="anon")
    with pytest.raises(websockets.exceptions.InvalidStatus) as refused:
        async with websockets.connect(socket_url(rt_stack, apikey)):
            pass
    response = refused.value.response
    assert response.status_code == 401
    assert json.loads(response.body) == {"error": message}


@pytest.mark.parametrize("key", ["anon_key", "service_role_key", "publishable_key", "secret_key"])
async def test_project_keys_open_the_socket(rt_stack, key):
    async with websockets.connect(socket_url(rt_stack, getattr(rt_stack.settings, key))) as ws:
        await ws.send(json.dumps([None, "1", "phoenix", "heartbeat", {}]))
        assert json.loads(await ws.recv()) == [None, "1", "phoenix", "phx_reply", {"status": "ok", "response": {}}]


@pytest.mark.parametrize("config", [{"broadcast": "yes"}, {"presence": ["key"]}])
async def test_join_with_a_malformed_broadcast_or_presence_config_gets_an_error_reply(rt_stack, config):
    # a truthy non-object config once raised AttributeError inside the join: an 'Unknown Error on Channel'
    # reply and a logged traceback, instead of saying what is wrong with the payload
    async with websockets.connect(socket_url(rt_stack, rt_stack.settings.anon_key)) as ws:
        await ws.send(json.dumps(["1", "1", "realtime:malformed", "phx_join",
                                  {"config": config, "access_token": rt_stack.settings.anon_key}]))
        reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
    assert reply[3] == "phx_reply"
    assert reply[4] == {"status": "error",
                        "response": {"reason": "InvalidJoinPayload: broadcast and presence must be objects"}}
