"""Pure parts of realtime: Phoenix frames in both serializers, and postgres_changes filters."""
from __future__ import annotations

import doctest
import json

import pytest

from supastack.realtime import filters, protocol
from supastack.realtime.changelog import Cursor
from supastack.realtime.protocol import V1, V2, Frame


@pytest.mark.parametrize("module", [protocol, filters])
def test_docstring_examples(module):
    assert doctest.testmod(module).failed == 0


def test_v1_frames_always_carry_ref_and_join_ref():
    text = protocol.encode(V1, Frame(None, None, "realtime:a", "postgres_changes", {"ids": [1]}))
    assert json.loads(text) == {"topic": "realtime:a", "event": "postgres_changes", "payload": {"ids": [1]},
                                "ref": None, "join_ref": None}


def test_user_broadcast_push_kind_3_with_binary_payload_and_meta():
    join_ref, ref, topic, event, meta = b"4", b"12", b"realtime:r", b"blob", b'{"a":1}'
    frame = (bytes([3, len(join_ref), len(ref), len(topic), len(event), len(meta), 0])
             + join_ref + ref + topic + event + meta + b"\x00\xff")
    decoded = protocol.decode(V2, frame)
    assert (decoded.join_ref, decoded.ref, decoded.topic, decoded.event) == ("4", "12", "realtime:r", "broadcast")
    assert decoded.payload == {"type": "broadcast", "event": "blob", "payload": b"\x00\xff", "meta": {"a": 1}}


def test_binary_broadcasts_skip_v1_and_use_kind_4_for_v2():
    assert protocol.encode_user_broadcast(V1, "realtime:r", "e", b"x") is None
    assert json.loads(protocol.encode_user_broadcast(V1, "realtime:r", "e", {"a": 1}))["payload"]["payload"] == {"a": 1}


@pytest.mark.parametrize("bad", ["", "[1,2]", '"text"', '{"event":"x"}', bytes([9, 0])])
def test_undecodable_frames(bad):
    with pytest.raises(protocol.ProtocolError):
        protocol.decode(V2, bad)


@pytest.mark.parametrize("text, record, types, expected", [
    ("id=eq.5", {"id": 5}, {"id": "int8"}, True),
    ("id=neq.5", {"id": 5}, {"id": "int8"}, False),
    ("price=lt.10.5", {"price": 10.25}, {"price": "numeric"}, True),
    ("price=lte.10", {"price": "10.00"}, {"price": "numeric"}, True),
    ("n=gt.9", {"n": 10}, {"n": "int4"}, True),           # numeric, not text, comparison
    ("n=gte.11", {"n": 10}, {"n": "int4"}, False),
    ("status=in.(open,\"on, hold\")", {"status": "on, hold"}, {"status": "text"}, True),
    ("status=in.(open,closed)", {"status": "draft"}, {"status": "text"}, False),
    ("done=eq.true", {"done": True}, {"done": "bool"}, True),
    ("client_id=eq.6DE95FAE-DEC9-44A4-9D6D-B8B22FF110B4", {"client_id": "6de95fae-dec9-44a4-9d6d-b8b22ff110b4"},
     {"client_id": "uuid"}, True),
    ("at=gt.2026-01-01T00:00:00Z", {"at": "2026-03-01T10:00:00+00:00"}, {"at": "timestamptz"}, True),
    ("x=eq.1", {"x": None}, {"x": "int4"}, False),        # NULL never matches
    ("x=neq.1", {"x": None}, {"x": "int4"}, False),
    ("missing=eq.1", {"x": 1}, {"x": "int4"}, False),
])
def test_filter_semantics(text, record, types, expected):
    assert filters.matches(filters.parse(text), record, types) is expected


@pytest.mark.parametrize("bad", ["id", "id=like.x", "id=in.1,2", "=eq.1"])
def test_filter_parse_errors(bad):
    with pytest.raises(filters.FilterError):
        filters.parse(bad)


def test_change_log_cursor_delivers_each_change_once_and_forgets_below_the_horizon():
    cursor = Cursor()
    cursor.advance(100)
    assert [cursor.take(seq, xid) for seq, xid in [(1, 100), (2, 101), (1, 100), (0, 99)]] == [True, True, False, False]
    cursor.advance(101)                       # a mark: every transaction below 101 is handled
    assert cursor.seen == {2: 101}
    assert cursor.take(3, 100) is False       # below the horizon: delivered before the mark
    assert cursor.take(5, 102) is True and cursor.take(4, 101) is True   # numbers need not arrive in order
    cursor.advance(50)                        # an older mark never moves the horizon back
    assert cursor.horizon == 101
