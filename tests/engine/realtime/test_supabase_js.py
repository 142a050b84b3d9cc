"""supabase-js (Node, vsn 2.0.0 and 1.0.0) against the stack: changes, broadcast, private channels, presence."""
from __future__ import annotations

import base64
import uuid

import httpx
import pytest

from realtime_helpers import sub_of, user_token
from supastack.core import jwt

subscribed = lambda e: e["type"] == "status" and e["status"] == "SUBSCRIBED"  # noqa: E731


@pytest.mark.parametrize("vsn", ["2.0.0", "1.0.0"])
def test_js_receives_own_insert_but_not_other_users(rt_stack, node_listener, vsn):
    maria, joao = user_token(rt_stack), user_token(rt_stack)
    binding = {"event": "INSERT", "schema": "public", "table": "messages"}
    listeners = [node_listener({"vsn": vsn, "token": t, "channel": f"inbox-{i}", "postgres_changes": [binding]})
                 for i, t in enumerate((maria, joao))]
    for listener in listeners:
        listener.wait(subscribed)
    rt_stack.sql("insert into messages (client_id, content, priority) values (%s, 'para Maria', 3)",
                 (sub_of(maria),))
    change = listeners[0].wait(lambda e: e["type"] == "postgres_changes", timeout=2)
    assert change["eventType"] == "INSERT" and change["new"]["content"] == "para Maria"
    assert change["new"]["priority"] == 3 and change["old"] == {}
    assert change["commit_timestamp"].endswith("Z")
    assert not [e for e in listeners[1].drain(0.3) if e["type"] == "postgres_changes"]


def test_js_update_and_delete_payloads(rt_stack, node_listener):
    token = user_token(rt_stack)
    listener = node_listener({"token": token, "postgres_changes": [
        {"event": "UPDATE", "schema": "public", "table": "messages"},
        {"event": "DELETE", "schema": "public", "table": "messages"}]})
    listener.wait(subscribed)
    row = rt_stack.sql("insert into messages (client_id, content) values (%s, 'v1') returning id", (sub_of(token),))
    rt_stack.sql("update messages set content = 'v2' where id = %s", (row[0][0],))
    rt_stack.sql("delete from messages where id = %s", (row[0][0],))
    update = listener.wait(lambda e: e.get("eventType") == "UPDATE", timeout=2)
    assert update["new"]["content"] == "v2" and update["old"] == {"id": row[0][0]}   # default replica identity
    delete = listener.wait(lambda e: e.get("eventType") == "DELETE", timeout=2)
    assert delete["old"] == {"id": row[0][0]} and delete["new"] == {}


def test_broadcast_self_ack_binary_and_rest(rt_stack, node_listener):
    room = f"room-{uuid.uuid4().hex[:6]}"
    sender = node_listener({"channel": room, "broadcast": {"self": True, "ack": True}})
    other = node_listener({"channel": room, "vsn": "1.0.0"})
    quiet = node_listener({"channel": room, "broadcast": {"self": False, "ack": False}})
    for listener in (sender, other, quiet):
        listener.wait(subscribed)
    sender.command({"send": {"event": "cursor", "payload": {"x": 1}}})
    assert sender.wait(lambda e: e["type"] == "sent")["result"] == "ok"          # ack from the server
    for listener in (sender, other):                                              # self: true echoes
        assert listener.wait(lambda e: e["type"] == "broadcast")["payload"] == {"x": 1}
    quiet.command({"send": {"event": "cursor", "payload": {"x": 2}}})
    assert sender.wait(lambda e: e["type"] == "broadcast" and e["payload"] == {"x": 2})
    assert not [e for e in quiet.drain(0.3) if e.get("payload") == {"x": 2}]      # self: false
    raw = base64.b64encode(bytes([0, 1, 2, 250])).decode()
    sender.command({"send": {"event": "blob", "payload": raw, "binary": True}})
    assert quiet.wait(lambda e: e.get("event") == "blob")["payload"] == {"binary": raw}
    # REST: the batch endpoint (realtime-js falls back to it) and httpSend's single endpoint
    response = httpx.post(f"{rt_stack.url}/realtime/v1/api/broadcast", headers={"apikey": rt_stack.anon_key},
                          json={"messages": [{"topic": room, "event": "rest", "payload": {"n": 1}}]})
    assert response.status_code == 202
    assert other.wait(lambda e: e.get("event") == "rest")["payload"] == {"n": 1}
    quiet.command({"httpSend": {"event": "single", "payload": {"n": 2}}})
    assert quiet.wait(lambda e: e["type"] == "http_sent")["result"] == {"success": True}
    assert other.wait(lambda e: e.get("event") == "single")["payload"] == {"n": 2}


def test_private_channels_follow_realtime_messages_policies(rt_stack, node_listener):
    alice, bob = user_token(rt_stack), user_token(rt_stack)
    own_topic = f"user:{sub_of(alice)}"
    mine = node_listener({"token": alice, "channel": own_topic, "private": True, "broadcast": {"ack": True}})
    mine.wait(subscribed)
    intruder = node_listener({"token": bob, "channel": own_topic, "private": True})
    refused = intruder.wait(lambda e: e["type"] == "status")
    assert refused["status"] == "CHANNEL_ERROR" and "permissions to read" in refused["error"]
    anon = node_listener({"channel": "announcements", "private": True})
    assert anon.wait(lambda e: e["type"] == "status")["status"] == "CHANNEL_ERROR"
    # announcements: Bob may read but not write
    reader = node_listener({"token": bob, "channel": "announcements", "private": True,
                            "broadcast": {"ack": True, "self": True}})
    reader.wait(subscribed)
    reader.command({"send": {"event": "spam", "payload": {}}})
    assert reader.wait(lambda e: e["type"] == "sent")["result"] == "error"
    response = httpx.post(f"{rt_stack.url}/realtime/v1/api/broadcast",
                          headers={"apikey": rt_stack.anon_key, "Authorization": f"Bearer {rt_stack.service_role_key}"},
                          json={"messages": [{"topic": "announcements", "event": "news", "payload": {"v": 1},
                                              "private": True}]})
    assert response.status_code == 202
    assert reader.wait(lambda e: e.get("event") == "news")["payload"] == {"v": 1}
    # a public channel of the same name is a different audience
    public = node_listener({"channel": "announcements"})
    public.wait(subscribed)
    assert not [e for e in public.drain(0.3) if e.get("event") == "news"]
    assert not [e for e in reader.seen if e.get("event") == "spam"]


def test_presence_state_and_diff(rt_stack, node_listener):
    room = f"lobby-{uuid.uuid4().hex[:6]}"
    first = node_listener({"channel": room, "presence": {"key": "ana"}})
    first.wait(subscribed)
    first.command({"track": {"online_at": "now"}})
    assert first.wait(lambda e: e["type"] == "tracked")["result"] == "ok"
    second = node_listener({"channel": room, "presence": {"key": "bia"}})
    second.wait(subscribed)
    state = second.wait(lambda e: e["type"] == "presence" and "ana" in e["state"])["state"]
    assert state["ana"][0]["online_at"] == "now"
    second.command({"track": {"online_at": "later"}})
    first.wait(lambda e: e["type"] == "presence" and set(e["state"]) == {"ana", "bia"})
    second.close()
    first.wait(lambda e: e["type"] == "presence" and set(e["state"]) == {"ana"})


def test_expired_access_token_closes_the_channel(rt_stack, node_listener):
    listener = node_listener({"token": user_token(rt_stack, ttl=2), "postgres_changes": [
        {"event": "*", "schema": "public", "table": "messages"}]})
    listener.wait(subscribed)
    error = listener.wait(lambda e: e["type"] == "system" and e.get("status") == "error", timeout=5)
    assert "Token has expired" in error["message"]


def test_access_token_update_switches_claims_and_a_bad_token_closes(rt_stack, node_listener):
    first, second = user_token(rt_stack), user_token(rt_stack)
    listener = node_listener({"token": first, "broadcast": {"ack": True}, "postgres_changes": [
        {"event": "INSERT", "schema": "public", "table": "messages"}]})
    listener.wait(subscribed)
    listener.command({"setAuth": second})
    listener.wait(lambda e: e["type"] == "auth_set")
    # the refresh has no reply; a socket's frames are handled in order, so an acked push proves it applied
    listener.command({"send": {"event": "sync", "payload": {}}})
    assert listener.wait(lambda e: e["type"] == "sent")["result"] == "ok"
    for token, text in ((first, "antes"), (second, "depois")):
        rt_stack.sql("insert into messages (client_id, content) values (%s, %s)", (sub_of(token), text))
    assert listener.wait(lambda e: e["type"] == "postgres_changes")["new"]["content"] == "depois"
    assert [e["new"]["content"] for e in listener.drain(0.3) if e["type"] == "postgres_changes"] == ["depois"]
    forged = jwt.sign(jwt.jose_jwt.get_unverified_claims(second), "not-the-project-secret-at-all-0123456789")
    listener.command({"setAuth": forged})
    error = listener.wait(lambda e: e["type"] == "system" and e.get("status") == "error")
    assert error["message"] == "Failed to validate JWT signature"
    assert listener.wait(lambda e: e["type"] == "status" and e["status"] == "CLOSED")
