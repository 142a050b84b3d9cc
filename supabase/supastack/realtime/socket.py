"""One client WebSocket: Phoenix heartbeats, joins, leaves, token refresh, broadcast and presence pushes."""
from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
import zlib
from typing import TYPE_CHECKING, Any

from starlette.responses import JSONResponse
from starlette.websockets import WebSocket, WebSocketDisconnect

from supastack.core import jwt
from supastack.core.db import role_of
from supastack.realtime import filters, protocol
from supastack.realtime.authorize import TokenRejected, channel_policies, delete_filter_refusal, verify_token
from supastack.realtime.channels import Binding, Channel
from supastack.realtime.protocol import Frame

if TYPE_CHECKING:
    from supastack.core.config import Settings
    from supastack.realtime.service import Realtime

log = logging.getLogger("supastack.realtime")

MAX_QUEUED_FRAMES = 10_000


def binding_id(entry: dict) -> int:
    """A stable positive integer per binding parameters (Supabase uses a hash of them too)."""
    return zlib.crc32(json.dumps(entry, sort_keys=True).encode()) & 0x7FFFFFFF or 1


class JoinError(Exception):
    """A join refused with a Supabase-style `reason`."""


class Connection:
    def __init__(self, service: Realtime, websocket: WebSocket, vsn: str, token: str) -> None:
        self.service = service
        self.websocket = websocket
        self.vsn = vsn
        self.token = token                       # the socket's apikey as a verified JWT (gateway mapping)
        self.channels: dict[str, Channel] = {}
        self.queue: asyncio.Queue[str | bytes | None] = asyncio.Queue()
        self.closing = False

    # -- outgoing ----------------------------------------------------------------------
    def send(self, data: str | bytes) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= MAX_QUEUED_FRAMES:
            log.warning("realtime: closing a socket that does not read its messages")
            self.closing = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(data)

    def send_frame(self, frame: Frame) -> None:
        self.send(protocol.encode(self.vsn, frame))

    async def _write(self) -> None:
        while True:
            data = await self.queue.get()
            if data is None:
                await self.websocket.close(1008)
                return
            if isinstance(data, bytes):
                await self.websocket.send_bytes(data)
            else:
                await self.websocket.send_text(data)

    # -- lifecycle -----------------------------------------------------------------------
    async def run(self) -> None:
        writer = asyncio.create_task(self._write())
        try:
            while True:
                message = await self.websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                data = message.get("text")
                if data is None:
                    data = message.get("bytes")
                if data is None:
                    continue
                try:
                    frame = protocol.decode(self.vsn, data)
                except protocol.ProtocolError as exc:
                    log.info("realtime: dropping an undecodable frame: %s", exc)
                    continue
                try:
                    await self.handle(frame)
                except Exception:
                    log.exception("realtime: handling %s on %s failed", frame.event, frame.topic)
                    if frame.ref is not None:
                        self.send_frame(protocol.reply(frame, "error", {"reason": "Unknown Error on Channel"}))
                if writer.done():
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.closing = True
            writer.cancel()
            await asyncio.gather(writer, return_exceptions=True)
            for channel in list(self.channels.values()):
                await self.service.hub.remove(channel)
            self.channels.clear()

    # -- incoming ----------------------------------------------------------------------
    async def handle(self, frame: Frame) -> None:
        if frame.topic == "phoenix":
            if frame.event == "heartbeat":
                self.send_frame(protocol.reply(frame, "ok", {}))
            return
        if frame.event == "phx_join":
            await self.join(frame)
            return
        channel = self.channels.get(frame.topic)
        if channel is None:
            self.send_frame(protocol.reply(frame, "error", {"reason": "unmatched topic"}))
            return
        payload = frame.payload if isinstance(frame.payload, dict) else {}
        if frame.event == "phx_leave":
            self.send_frame(protocol.reply(frame, "ok", {}))
            await self.drop(channel)
        elif frame.event == "broadcast":
            await self.on_broadcast(channel, frame, payload)
        elif frame.event == "presence":
            await self.on_presence(channel, frame, payload)
        elif frame.event == "access_token":
            await self.on_access_token(channel, payload.get("access_token"))

    async def drop(self, channel: Channel, message: str | None = None) -> None:
        """Close a channel: with a `system` error first when the server ends it (as Supabase does)."""
        if message is not None:
            channel.system("system", "error", message)
        channel.close_frame()
        if self.channels.get(channel.topic) is channel:
            del self.channels[channel.topic]
        await self.service.hub.remove(channel)

    def _claims(self, token: str | None) -> tuple[dict, str]:
        """Claims for a join's token; `sb_…` or no token means the socket's apikey."""
        if not token or token.startswith("sb_"):
            token = self.token
        return verify_token(token, self.service.settings.jwt_secret), token

    def _expire_at(self, channel: Channel) -> None:
        if channel.expiry:
            channel.expiry.cancel()
        exp = channel.claims.get("exp")
        if not isinstance(exp, (int, float)):
            return
        delay = max(0.0, exp - time.time())
        loop = asyncio.get_running_loop()
        channel.expiry = loop.call_later(delay, lambda: asyncio.ensure_future(
            self._expire(channel, int(exp))))

    async def _expire(self, channel: Channel, exp: int) -> None:
        if self.channels.get(channel.topic) is channel and channel.claims.get("exp") == exp:
            await self.drop(channel, f"Token has expired {max(0, int(time.time()) - exp)} seconds ago")

    async def join(self, frame: Frame) -> None:
        try:
            channel, reply = await self._build_channel(frame)
        except TokenRejected as exc:
            self.send_frame(protocol.reply(frame, "error", {"reason": exc.reason}))
            return
        except JoinError as exc:
            self.send_frame(protocol.reply(frame, "error", {"reason": str(exc)}))
            return
        previous = self.channels.pop(frame.topic, None)
        if previous is not None:               # a rejoin replaces the old channel (Phoenix does the same)
            await self.service.hub.remove(previous)
        self.channels[frame.topic] = channel
        self.service.hub.add(channel)
        self._expire_at(channel)
        self.send_frame(protocol.reply(frame, "ok", reply))
        if channel.bindings:
            channel.system("postgres_changes", "ok", "Subscribed to PostgreSQL")
        if channel.presence_enabled:
            channel.push("presence_state", self.service.hub.presence_state(channel.address))

    async def _build_channel(self, frame: Frame) -> tuple[Channel, dict]:
        if not frame.topic.startswith("realtime:"):
            raise JoinError("unmatched topic")
        if frame.topic == "realtime:":
            raise JoinError("TopicNameRequired: You must provide a topic name")
        payload = frame.payload if isinstance(frame.payload, dict) else {}
        config = payload.get("config")
        if not isinstance(config, dict):
            config = {}
        claims, token = self._claims(payload.get("access_token") or payload.get("user_token"))
        broadcast = config.get("broadcast") or {}
        presence = config.get("presence") or {}
        if not isinstance(broadcast, dict) or not isinstance(presence, dict):
            raise JoinError("InvalidJoinPayload: broadcast and presence must be objects")
        channel = Channel(
            outbox=self, topic=frame.topic, join_ref=frame.join_ref or frame.ref, claims=claims, token=token,
            private=bool(config.get("private")),
            broadcast_self=bool(broadcast.get("self")), broadcast_ack=bool(broadcast.get("ack")),
            presence_key=str(presence.get("key") or uuid.uuid4()),
            presence_enabled=bool(presence.get("enabled")))
        entries = config.get("postgres_changes") or []
        if not isinstance(entries, list):
            raise JoinError("InvalidJoinPayload: postgres_changes must be a list")
        echoed = []
        for entry in entries:
            binding = await self._binding(entry, role_of(claims))
            channel.bindings.append(binding)
            echoed.append({**entry, "id": binding.id})
        if channel.private:
            channel.policies = await channel_policies(self.service.db, claims, channel.sub_topic)
            if not channel.policies.can_join:
                raise JoinError("Unauthorized: You do not have permissions to read from this Channel topic: "
                                f"{channel.sub_topic}")
        return channel, {"postgres_changes": echoed}

    async def _binding(self, entry: Any, role: str) -> Binding:
        if not isinstance(entry, dict):
            raise JoinError("InvalidJoinPayload: each postgres_changes entry must be an object")
        event = str(entry.get("event") or "*").upper()
        schema = str(entry.get("schema") or "public")
        table = entry.get("table")
        raw_filter = entry.get("filter")
        params = (f"[event: {event}, schema: {schema}, table: {table or '*'}, "
                  f"filters: [{raw_filter or ''}]]")
        if event not in ("*", "INSERT", "UPDATE", "DELETE"):
            raise JoinError(f"RealtimeDisabledForConfiguration: Unable to subscribe to changes with given "
                            f"parameters. An unsupported event was given: {params}")
        tables = await self.service.published(schema, table)
        if not tables:
            raise JoinError("RealtimeDisabledForConfiguration: Unable to subscribe to changes with given "
                            "parameters. Please check Realtime is enabled for the given connect parameters: "
                            + params)
        parsed = None
        if raw_filter:
            try:
                parsed = filters.parse(str(raw_filter))
            except filters.FilterError as exc:
                raise JoinError(f"Error parsing `filter` params: {exc}") from exc
            if not any(parsed.column in t.column_types for t in tables):
                raise JoinError(f"Error parsing `filter` params: column {parsed.column} does not exist "
                                f"in {params}")
        refusal = delete_filter_refusal(tables, event, parsed, role)
        if refusal:
            raise JoinError(refusal)
        return Binding(binding_id(entry), entry, event, schema, table or None, parsed)

    async def on_broadcast(self, channel: Channel, frame: Frame, payload: dict) -> None:
        if channel.private and not channel.policies.broadcast_write:
            if channel.broadcast_ack:
                self.send_frame(protocol.reply(frame, "error", {
                    "reason": f"You do not have permissions to write to this Channel topic: {channel.sub_topic}"}))
            return
        event = payload.get("event")
        if isinstance(event, str):
            await self.service.hub.broadcast(channel.address, event, payload.get("payload"), sender=channel)
        if channel.broadcast_ack:
            self.send_frame(protocol.reply(frame, "ok", {}))

    async def on_presence(self, channel: Channel, frame: Frame, payload: dict) -> None:
        if channel.private and not channel.policies.presence_write:
            self.send_frame(protocol.reply(frame, "error", {
                "reason": f"You do not have permissions to track presence on this Channel topic: "
                          f"{channel.sub_topic}"}))
            return
        event = payload.get("event")
        if event == "track":
            meta = payload.get("payload")
            if not isinstance(meta, dict):
                self.send_frame(protocol.reply(frame, "error", {"reason": "Presence track payload must be a map"}))
                return
            if not channel.presence_enabled:
                channel.presence_enabled = True
                channel.push("presence_state", self.service.hub.presence_state(channel.address))
            await self.service.hub.track(channel, meta)
        elif event == "untrack":
            await self.service.hub.untrack(channel)
        self.send_frame(protocol.reply(frame, "ok", {}))

    async def on_access_token(self, channel: Channel, token: Any) -> None:
        if not isinstance(token, str) or not token or token.startswith("sb_") or token == channel.token:
            return
        try:
            claims = verify_token(token, self.service.settings.jwt_secret)
        except TokenRejected as exc:
            await self.drop(channel, exc.message)
            return
        for binding in channel.bindings:       # a new role may lose the right to a binding's DELETE filter
            refusal = delete_filter_refusal(self.service.catalog.matching(binding.schema, binding.table),
                                            binding.event, binding.filter, role_of(claims))
            if refusal:
                await self.drop(channel, refusal)
                return
        if channel.private:
            policies = await channel_policies(self.service.db, claims, channel.sub_topic)
            if channel.policies.can_join and not policies.can_join:
                await self.drop(channel, "You no longer have permission to read from this Channel topic: "
                                         f"{channel.sub_topic}")
                return
            channel.policies = policies
        channel.claims, channel.token = claims, token
        self._expire_at(channel)


# Connect-time refusals, worded as Supabase Realtime answers the upgrade (status, `{"error": …}`).
MISSING_API_KEY = "API key is missing"
CONNECT_REFUSALS = {
    "MalformedJWT": "The token provided is not a valid JWT",
    "JwtSignatureError": "Failed to validate JWT signature",
}


def socket_token(apikey: str | None, settings: Settings) -> str:
    """The JWT a socket's apikey stands for; raises TokenRejected for a missing or invalid key.

    `sb_publishable_`/`sb_secret_` keys become the anon/service_role JWTs (the gateway's mapping); any
    other value must itself be a valid JWT with `role` and `exp`, so an unknown `sb_` key is refused too.
    """
    if not apikey:
        raise TokenRejected("MissingAPIKey", MISSING_API_KEY)
    token = jwt.bearer_token({"apikey": apikey}, settings) or apikey
    verify_token(token, settings.jwt_secret)
    return token


def _refusal(exc: TokenRejected) -> str:
    if exc.message.startswith("Token has expired"):
        return "Token has expired"
    return CONNECT_REFUSALS.get(exc.code, exc.message)


async def serve(service: Realtime, websocket: WebSocket) -> None:
    """The `/websocket` endpoint: check the apikey, then speak the Phoenix protocol until the socket closes."""
    params = websocket.query_params
    vsn = protocol.serializer_version(params.get("vsn"))
    # Supabase reads the `x-api-key` header first, then the `apikey` query parameter (what supabase-js sends)
    apikey = websocket.headers.get("x-api-key") or params.get("apikey") or websocket.headers.get("apikey")
    try:
        token = socket_token(apikey, service.settings)
    except TokenRejected as exc:
        await _deny(websocket, _refusal(exc))
        return
    await websocket.accept()
    await Connection(service, websocket, vsn, token).run()


async def _deny(websocket: WebSocket, message: str) -> None:
    """Refuse the upgrade with a plain HTTP 401 `{"error": message}`, as the Supabase server does."""
    try:
        await websocket.send_denial_response(JSONResponse({"error": message}, status_code=401))
    except RuntimeError:
        await websocket.close(1008)
