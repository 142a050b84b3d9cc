"""Realtime: a subscriber never receives another client's rows, whatever it binds to or filters on."""
from __future__ import annotations

import json
import uuid

import pytest
import websockets
from security_helpers import JOAO_CLIENT, MARIA_CLIENT

SECRET = "segredo do João: número do passaporte"


def _joao_message(stack, edited: bool = False):
    """(write, delete) of an office message to João: `write` inserts it (and edits it when `edited`), `delete`
    removes it."""
    message_id = str(uuid.uuid4())

    def write():
        stack.sql("insert into messages (id, client_id, sender_type, content) values (%s, %s, 'office', %s)",
                  (message_id, JOAO_CLIENT, SECRET))
        if edited:
            stack.sql("update messages set content = %s where id = %s", (SECRET + " (editado)", message_id))

    def delete():
        stack.sql("delete from messages where id = %s", (message_id,))
    return write, delete


def _joao_message_written_edited_and_deleted(stack):
    write, delete = _joao_message(stack, edited=True)
    return lambda: (write(), delete())


def _values(payloads: list[dict]) -> str:
    return repr([(p.get("record"), p.get("old_record")) for p in payloads])


async def _join_reply(attacker, who: str | None, bindings: list[dict]) -> dict:
    """The reply to a raw 1.0.0 join with these postgres_changes bindings."""
    url = attacker.stack.url.replace("http", "ws", 1) + \
        f"/realtime/v1/websocket?apikey={attacker.stack.anon_key}&vsn=1.0.0"
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps({"topic": "realtime:probe", "event": "phx_join", "ref": "1", "payload": {
            "config": {"postgres_changes": bindings},
            "access_token": attacker.token(who) if who else attacker.stack.anon_key}}))
        while True:
            frame = json.loads(await ws.recv())
            if frame["event"] == "phx_reply":
                return frame["payload"]


@pytest.mark.parametrize("who", [None, "maria"], ids=["anon-key", "maria"])
async def test_deleted_rows_of_others_do_not_reach_subscribers(attacker, sec_stack, who):
    binding = {"event": "*", "schema": "public", "table": "messages"}
    seen = await attacker.changes_seen(who, [binding], _joao_message_written_edited_and_deleted(sec_stack))
    # INSERT and UPDATE are RLS-checked (nothing arrives); a DELETE cannot be, so it carries the key only
    assert [p["type"] for p in seen] == ["DELETE"]
    assert SECRET not in _values(seen)
    assert set(seen[0]["old_record"]) == {"id"}


@pytest.mark.parametrize("who", [None, "maria"], ids=["anon-key", "maria"])
@pytest.mark.parametrize("event", ["DELETE", "*"])
async def test_delete_filters_on_other_columns_are_refused_at_join(attacker, who, event):
    # a match on the old row's client_id would say "João's message was just deleted" to anyone
    reply = await _join_reply(attacker, who, [{"event": event, "schema": "public", "table": "messages",
                                               "filter": f"client_id=eq.{JOAO_CLIENT}"}])
    assert reply["status"] == "error"
    assert "DELETE events of public.messages (row level security) can only be filtered on its primary key" \
        in reply["response"]["reason"]


async def test_other_columns_still_filter_inserts_and_updates(attacker, sec_stack):
    seen = await attacker.changes_seen("maria", [
        {"event": "INSERT", "schema": "public", "table": "messages", "filter": f"client_id=eq.{JOAO_CLIENT}"},
        {"event": "UPDATE", "schema": "public", "table": "messages", "filter": f"client_id=eq.{JOAO_CLIENT}"}],
        _joao_message_written_edited_and_deleted(sec_stack))
    assert seen == []                          # RLS-checked: João's rows never reach Maria


async def test_a_primary_key_filter_on_deletes_is_accepted(attacker, sec_stack):
    message_id = str(uuid.uuid4())

    def act():
        sec_stack.sql("insert into messages (id, client_id, sender_type, content) values (%s, %s, 'office', %s)",
                      (message_id, JOAO_CLIENT, SECRET))
        sec_stack.sql("delete from messages where id = %s", (message_id,))
    seen = await attacker.changes_seen("maria", [{"event": "DELETE", "schema": "public", "table": "messages",
                                                  "filter": f"id=eq.{message_id}"}], act)
    assert seen and all(p["old_record"] == {"id": message_id} for p in seen)


async def test_staff_still_get_whole_rows(attacker, sec_stack):
    write, delete = _joao_message(sec_stack)
    # deleted once the insert has arrived: an insert is re-selected under RLS when it is delivered, and a row
    # already gone by then (a busy machine) is never announced
    seen = await attacker.changes_seen("secretary", [{"event": "*", "schema": "public", "table": "messages"}],
                                       write, after_first=delete)
    assert [p["type"] for p in seen] == ["INSERT", "DELETE"]
    assert seen[0]["record"]["content"] == SECRET


async def test_own_rows_still_arrive_with_filters(attacker, sec_stack):
    def act():
        sec_stack.sql("insert into messages (client_id, sender_type, content) values (%s, 'office', 'Olá Maria')",
                      (MARIA_CLIENT,))
    seen = await attacker.changes_seen("maria", [{"event": "INSERT", "schema": "public", "table": "messages",
                                                  "filter": f"client_id=eq.{MARIA_CLIENT}"}], act)
    assert [p["record"]["content"] for p in seen] == ["Olá Maria"]


@pytest.mark.parametrize("table", ["client_documents", "process_notifications"])
async def test_other_published_tables(attacker, sec_stack, table):
    def act():
        if table == "client_documents":
            row = sec_stack.sql("insert into client_documents (client_id, name, file_path, uploaded_by) "
                                "values (%s, 'passaporte-joao.pdf', %s, 'office') returning id",
                                (JOAO_CLIENT, f"{JOAO_CLIENT}/passaporte-joao.pdf"))
            sec_stack.sql("delete from client_documents where id = %s", (row[0][0],))
        else:
            row = sec_stack.sql("insert into process_notifications (process_id, notification_type, "
                                "notification_channel, content, recipient, status) select id, 'stage_update', "
                                "'email', 'passaporte-joao.pdf', 'joao@x.test', 'pending' from processes "
                                "order by id limit 1 returning id")
            sec_stack.sql("delete from process_notifications where id = %s", (row[0][0],))
    seen = await attacker.changes_seen("maria", [{"event": "*", "schema": "public", "table": table}], act)
    assert "passaporte-joao" not in _values(seen)
