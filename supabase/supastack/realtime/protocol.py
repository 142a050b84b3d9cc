"""Phoenix channel frames in both serializer versions: 1.0.0 (JSON objects) and 2.0.0 (JSON arrays + binary).

Pure functions, no I/O. A client picks the version with the socket URL's `vsn` parameter; no `vsn`
means 1.0.0 (supabase-py), `2.0.0` is supabase-js's default.

Binary frames of 2.0.0 (all lengths are one unsigned byte):
  push (kind 0), client -> server:   kind, len(join_ref), len(ref), len(topic), len(event),
                                     join_ref, ref, topic, event, payload bytes
  user broadcast push (kind 3), in:  kind, len(join_ref), len(ref), len(topic), len(event), len(meta),
                                     encoding (1 JSON, 0 binary), join_ref, ref, topic, event, meta, payload
  user broadcast (kind 4), out:      kind, len(topic), len(event), len(meta), encoding,
                                     topic, event, meta, payload
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

V1 = "1.0.0"
V2 = "2.0.0"

KIND_PUSH = 0
KIND_USER_BROADCAST_PUSH = 3
KIND_USER_BROADCAST = 4
ENCODING_BINARY = 0
ENCODING_JSON = 1


class ProtocolError(ValueError):
    """A frame the server cannot decode."""


@dataclass(frozen=True, slots=True)
class Frame:
    join_ref: str | None
    ref: str | None
    topic: str
    event: str
    payload: Any


def serializer_version(vsn: str | None) -> str:
    """The serializer for a socket's `vsn` query parameter (absent -> 1.0.0).

    >>> serializer_version(None), serializer_version("2.0.0"), serializer_version("1.0.0")
    ('1.0.0', '2.0.0', '1.0.0')
    """
    return V2 if (vsn or "").startswith("2.") else V1


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def decode(vsn: str, data: str | bytes) -> Frame:
    """One client frame.

    >>> decode(V2, '["1","2","realtime:room","phx_join",{}]')
    Frame(join_ref='1', ref='2', topic='realtime:room', event='phx_join', payload={})
    >>> decode(V1, '{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"3"}').ref
    '3'
    """
    if isinstance(data, (bytes, bytearray, memoryview)):
        return _decode_binary(bytes(data))
    try:
        message = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("frame is not JSON") from exc
    if isinstance(message, list):
        if len(message) != 5:
            raise ProtocolError("array frame must have 5 elements")
        join_ref, ref, topic, event, payload = message
    elif isinstance(message, dict):
        join_ref, ref = message.get("join_ref"), message.get("ref")
        topic, event, payload = message.get("topic"), message.get("event"), message.get("payload")
    else:
        raise ProtocolError("frame must be an array or an object")
    if not isinstance(topic, str) or not isinstance(event, str):
        raise ProtocolError("frame needs a topic and an event")
    return Frame(_text(join_ref), _text(ref), topic, event, payload if payload is not None else {})


def _decode_binary(data: bytes) -> Frame:
    """Binary pushes of 2.0.0: a plain push (kind 0) or a user broadcast push (kind 3).

    >>> head = bytes([3, 1, 1, 4, 1, 0, 1]) + b"12roomx"
    >>> decode(V2, head + b'{"a":1}').payload
    {'type': 'broadcast', 'event': 'x', 'payload': {'a': 1}}
    """
    if not data:
        raise ProtocolError("empty binary frame")
    kind = data[0]
    try:
        if kind == KIND_USER_BROADCAST_PUSH:
            sizes = data[1:7]
            join_ref_len, ref_len, topic_len, event_len, meta_len, encoding = sizes
            offset = 7
            parts = []
            for size in (join_ref_len, ref_len, topic_len, event_len, meta_len):
                parts.append(data[offset:offset + size].decode())
                offset += size
            join_ref, ref, topic, user_event, meta = parts
            raw = data[offset:]
            body: dict[str, Any] = {"type": "broadcast", "event": user_event,
                                    "payload": json.loads(raw) if encoding == ENCODING_JSON else raw}
            if meta:
                body["meta"] = json.loads(meta)
            return Frame(join_ref or None, ref or None, topic, "broadcast", body)
        if kind == KIND_PUSH:
            join_ref_len, ref_len, topic_len, event_len = data[1:5]
            offset = 5
            parts = []
            for size in (join_ref_len, ref_len, topic_len, event_len):
                parts.append(data[offset:offset + size].decode())
                offset += size
            join_ref, ref, topic, event = parts
            return Frame(join_ref or None, ref or None, topic, event, data[offset:])
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise ProtocolError("malformed binary frame") from exc
    raise ProtocolError(f"unsupported binary frame kind {kind}")


def encode(vsn: str, frame: Frame) -> str:
    """One server frame as text. 1.0.0 objects always carry `ref` and `join_ref` (supabase-py needs them).

    >>> encode(V2, Frame(None, "7", "phoenix", "phx_reply", {"status": "ok", "response": {}}))
    '[null,"7","phoenix","phx_reply",{"status":"ok","response":{}}]'
    >>> encode(V1, Frame(None, None, "realtime:a", "system", {}))
    '{"topic":"realtime:a","event":"system","payload":{},"ref":null,"join_ref":null}'
    """
    if vsn == V2:
        body: Any = [frame.join_ref, frame.ref, frame.topic, frame.event, frame.payload]
    else:
        body = {"topic": frame.topic, "event": frame.event, "payload": frame.payload,
                "ref": frame.ref, "join_ref": frame.join_ref}
    return encode_json(body)


def encode_json(value: Any) -> str:
    """A value as the frames write it."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)


_PRE_ENCODED = "\x00pre-encoded\x00"
_PRE_ENCODED_TEXT = encode_json(_PRE_ENCODED)


def encode_change(vsn: str, topic: str, ids: list[int], data_json: str) -> str:
    """A postgres_changes push whose `data` is already JSON (encode_json): a change goes to every subscriber
    with the same data under each one's topic, so the row is encoded once, not once per topic.

    >>> data = {"table": "messages", "record": {"content": "Olá"}}
    >>> encode_change(V2, "realtime:a", [1], encode_json(data)) == encode(
    ...     V2, Frame(None, None, "realtime:a", "postgres_changes", {"ids": [1], "data": data}))
    True
    """
    text = encode(vsn, Frame(None, None, topic, "postgres_changes", {"ids": ids, "data": _PRE_ENCODED}))
    head, _, tail = text.rpartition(_PRE_ENCODED_TEXT)     # the payload's last value in both versions
    return head + data_json + tail


def encode_user_broadcast(vsn: str, topic: str, event: str, payload: Any) -> str | bytes | None:
    """A user broadcast to a subscriber: JSON for JSON payloads, binary kind 4 for byte payloads.

    Byte payloads cannot reach a 1.0.0 client (None: not deliverable), as on Supabase.

    >>> encode_user_broadcast(V2, "realtime:r", "e", b"\\x01")
    b'\\x04\\n\\x01\\x00\\x00realtime:re\\x01'
    """
    if isinstance(payload, (bytes, bytearray)):
        if vsn != V2:
            return None
        topic_bytes, event_bytes = topic.encode(), event.encode()
        if len(topic_bytes) > 255 or len(event_bytes) > 255:
            return None
        header = bytes([KIND_USER_BROADCAST, len(topic_bytes), len(event_bytes), 0, ENCODING_BINARY])
        return header + topic_bytes + event_bytes + bytes(payload)
    return encode(vsn, Frame(None, None, topic, "broadcast",
                             {"type": "broadcast", "event": event, "payload": payload}))


def reply(frame: Frame, status: str, response: Any) -> Frame:
    """The phx_reply answering a client push."""
    return Frame(frame.join_ref, frame.ref, frame.topic, "phx_reply", {"status": status, "response": response})
