"""Joined channels of this process, and what travels between them: broadcast and presence.

The Hub knows every joined channel by topic. Broadcasts and presence changes are delivered to this
process's channels directly and relayed to the other stack processes through PostgreSQL
(`pg_notify`), which deliver them to theirs; the origin id keeps a process from delivering twice.
"""
from __future__ import annotations

import asyncio
import base64
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from supastack.realtime import filters, protocol
from supastack.realtime.authorize import PUBLIC, Policies, claims_key


class Outbox(Protocol):
    """The socket a channel lives on: its serializer version and a non-blocking send."""
    vsn: str

    def send(self, data: str | bytes) -> None: ...


@dataclass(eq=False, slots=True)
class Binding:
    """One postgres_changes entry of a join."""
    id: int
    entry: dict
    event: str
    schema: str
    table: str | None
    filter: filters.Filter | None

    def wants(self, schema: str, table: str, change_type: str) -> bool:
        return (self.event in ("*", change_type)
                and self.schema in ("*", schema)
                and self.table in (None, "", "*", table))


@dataclass(eq=False)
class Channel:
    outbox: Outbox
    topic: str
    join_ref: str | None
    claims: dict
    token: str
    private: bool = False
    broadcast_self: bool = False
    broadcast_ack: bool = False
    presence_key: str = ""
    presence_enabled: bool = False
    bindings: list[Binding] = field(default_factory=list)
    policies: Policies = PUBLIC
    presence_ref: str | None = None
    expiry: asyncio.TimerHandle | None = None
    _key: tuple[dict, str] | None = field(default=None, repr=False)

    @property
    def claims_key(self) -> str:
        """`claims_key(self.claims)`, computed again only when the claims object is replaced (token refresh):
        every change asks it of every subscribed channel."""
        if self._key is None or self._key[0] is not self.claims:
            self._key = (self.claims, claims_key(self.claims))
        return self._key[1]

    @property
    def sub_topic(self) -> str:
        return self.topic.removeprefix("realtime:")

    @property
    def address(self) -> tuple[str, bool]:
        return (self.sub_topic, self.private)

    def push(self, event: str, payload: Any) -> None:
        self.outbox.send(protocol.encode(self.outbox.vsn, protocol.Frame(None, None, self.topic, event, payload)))

    def system(self, extension: str, status: str, message: str) -> None:
        self.push("system", {"extension": extension, "status": status, "message": message,
                             "channel": self.sub_topic})

    def close_frame(self) -> None:
        self.outbox.send(protocol.encode(self.outbox.vsn, protocol.Frame(
            self.join_ref, self.join_ref, self.topic, "phx_close", {})))


Relay = Callable[[dict], Awaitable[None]]


class Hub:
    def __init__(self) -> None:
        self.origin = secrets.token_hex(8)
        self.by_address: dict[tuple[str, bool], set[Channel]] = {}
        self.with_bindings: set[Channel] = set()
        # what the change feed derives from the bindings (realtime/changes.py), forgotten whenever a channel
        # with bindings comes or goes
        self.derived: dict[Any, Any] = {}
        # presence: address -> key -> phx_ref -> (owner, meta); owner is a local Channel or a remote origin
        self.presence: dict[tuple[str, bool], dict[str, dict[str, tuple[Any, dict]]]] = {}
        self.relay: Relay | None = None

    # -- membership ------------------------------------------------------------------
    def add(self, channel: Channel) -> None:
        self.by_address.setdefault(channel.address, set()).add(channel)
        if channel.bindings:
            self.with_bindings.add(channel)
            self.derived.clear()

    async def remove(self, channel: Channel) -> None:
        if channel.expiry:
            channel.expiry.cancel()
        members = self.by_address.get(channel.address)
        if members is not None:
            members.discard(channel)
            if not members:
                del self.by_address[channel.address]
        if channel in self.with_bindings:
            self.with_bindings.discard(channel)
            self.derived.clear()
        await self.untrack(channel)

    # -- broadcast -------------------------------------------------------------------
    def deliver_broadcast(self, address: tuple[str, bool], event: str, payload: Any,
                          sender: Channel | None = None) -> None:
        encoded: dict[str, str | bytes | None] = {}
        for channel in list(self.by_address.get(address, ())):
            if channel is sender and not channel.broadcast_self:
                continue
            if channel.private and not channel.policies.broadcast_read:
                continue
            vsn = channel.outbox.vsn
            if vsn not in encoded:
                encoded[vsn] = protocol.encode_user_broadcast(vsn, channel.topic, event, payload)
            data = encoded[vsn]
            if data is not None:
                channel.outbox.send(data)

    async def broadcast(self, address: tuple[str, bool], event: str, payload: Any,
                        sender: Channel | None = None) -> None:
        """Deliver here, then relay to the other processes."""
        self.deliver_broadcast(address, event, payload, sender)
        if self.relay:
            message = {"kind": "broadcast", "origin": self.origin, "topic": address[0],
                       "private": address[1], "event": event}
            if isinstance(payload, (bytes, bytearray)):
                message["payload_b64"] = base64.b64encode(payload).decode()
            else:
                message["payload"] = payload
            await self.relay(message)

    # -- presence --------------------------------------------------------------------
    def presence_state(self, address: tuple[str, bool]) -> dict:
        state = self.presence.get(address, {})
        return {key: {"metas": [meta for _, meta in refs.values()]} for key, refs in state.items() if refs}

    def _deliver_presence_diff(self, address: tuple[str, bool], joins: dict, leaves: dict) -> None:
        diff = {"joins": joins, "leaves": leaves}
        for channel in list(self.by_address.get(address, ())):
            if not channel.presence_enabled:
                continue
            if channel.private and not channel.policies.presence_read:
                continue
            channel.push("presence_diff", diff)

    def _apply_presence(self, address: tuple[str, bool], owner: Any, joins: dict, leaves: dict) -> None:
        state = self.presence.setdefault(address, {})
        for key, entry in leaves.items():
            refs = state.get(key, {})
            for meta in entry["metas"]:
                refs.pop(meta.get("phx_ref"), None)
            if key in state and not refs:
                del state[key]
        for key, entry in joins.items():
            refs = state.setdefault(key, {})
            for meta in entry["metas"]:
                refs[meta["phx_ref"]] = (owner, meta)
        if not state:
            self.presence.pop(address, None)

    async def track(self, channel: Channel, meta: dict) -> None:
        previous = self._own_meta(channel)
        ref = secrets.token_urlsafe(9)
        new_meta = {**meta, "phx_ref": ref}
        if previous:
            new_meta["phx_ref_prev"] = previous["phx_ref"]
        channel.presence_ref = ref
        joins = {channel.presence_key: {"metas": [new_meta]}}
        leaves = {channel.presence_key: {"metas": [previous]}} if previous else {}
        await self._presence_change(channel, joins, leaves)

    async def untrack(self, channel: Channel) -> None:
        previous = self._own_meta(channel)
        channel.presence_ref = None
        if previous:
            await self._presence_change(channel, {}, {channel.presence_key: {"metas": [previous]}})

    def _own_meta(self, channel: Channel) -> dict | None:
        if channel.presence_ref is None:
            return None
        refs = self.presence.get(channel.address, {}).get(channel.presence_key, {})
        owned = refs.get(channel.presence_ref)
        return owned[1] if owned else None

    async def _presence_change(self, channel: Channel, joins: dict, leaves: dict) -> None:
        self._apply_presence(channel.address, channel, joins, leaves)
        self._deliver_presence_diff(channel.address, joins, leaves)
        if self.relay:
            await self.relay({"kind": "presence", "origin": self.origin, "topic": channel.sub_topic,
                              "private": channel.private, "joins": joins, "leaves": leaves})

    # -- messages relayed by other processes -------------------------------------------
    def receive_relayed(self, message: dict) -> None:
        if message.get("origin") == self.origin:
            return
        address = (message["topic"], bool(message.get("private")))
        if message["kind"] == "broadcast":
            payload = (base64.b64decode(message["payload_b64"]) if "payload_b64" in message
                       else message.get("payload"))
            self.deliver_broadcast(address, message["event"], payload)
        elif message["kind"] == "presence":
            self._apply_presence(address, message["origin"], message["joins"], message["leaves"])
            self._deliver_presence_diff(address, message["joins"], message["leaves"])

    async def close_all(self) -> None:
        """On shutdown: tell the other processes that this one's presences left."""
        for members in list(self.by_address.values()):
            for channel in list(members):
                await self.untrack(channel)
