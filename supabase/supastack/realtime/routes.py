"""Realtime API: the Phoenix WebSocket `/websocket` and the REST broadcast endpoints under `/api/broadcast`."""
from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import JSONResponse, Response

from supastack.core import jwt
from supastack.core.stack import Stack
from supastack.realtime.authorize import TokenRejected, channel_policies, verify_token
from supastack.realtime.service import Realtime
from supastack.realtime.socket import serve


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"message": message, "error": message}, status_code=status)


def router(stack: Stack) -> APIRouter:
    realtime = Realtime(stack)
    stack.on_startup.append(realtime.start)
    stack.on_shutdown.append(realtime.stop)
    r = APIRouter()

    @r.websocket("/websocket")
    async def websocket(ws: WebSocket) -> None:
        await serve(realtime, ws)

    async def caller_claims(request: Request) -> dict:
        headers = {k.lower(): v for k, v in request.headers.items()}
        if "apikey" not in headers and request.query_params.get("apikey"):
            headers["apikey"] = request.query_params["apikey"]
        token = jwt.bearer_token(headers, stack.settings)
        if not token:
            return {"role": "anon"}
        return verify_token(token, stack.settings.jwt_secret)

    async def send(claims: dict, messages: list[tuple[str, str, Any, bool]]) -> None:
        """Deliver REST broadcasts; private ones only where the caller's INSERT policy allows."""
        allowed: dict[str, bool] = {}
        for topic, event, payload, private in messages:
            if private:
                if topic not in allowed:
                    allowed[topic] = (await channel_policies(stack.db, claims, topic)).broadcast_write
                if not allowed[topic]:
                    continue
            await realtime.hub.broadcast((topic, private), event, payload)

    @r.post("/api/broadcast")
    async def broadcast_batch(request: Request) -> Response:
        try:
            claims = await caller_claims(request)
        except TokenRejected as exc:
            return _error(401, exc.message)
        try:
            body = json.loads(await request.body() or b"null")
        except (ValueError, RecursionError):
            return _error(400, "Request body must be JSON")
        messages = body.get("messages") if isinstance(body, dict) else None
        if not isinstance(messages, list) or not messages:
            return _error(422, "messages: must be a non-empty list")
        batch = []
        for index, message in enumerate(messages):
            if not (isinstance(message, dict) and isinstance(message.get("topic"), str)
                    and isinstance(message.get("event"), str) and "payload" in message):
                return _error(422, f"messages[{index}]: topic, event and payload are required")
            batch.append((message["topic"].removeprefix("realtime:"), message["event"], message["payload"],
                          bool(message.get("private"))))
        await send(claims, batch)
        return Response(status_code=202)

    @r.post("/api/broadcast/{topic}/events/{event}")
    async def broadcast_single(topic: str, event: str, request: Request) -> Response:
        try:
            claims = await caller_claims(request)
        except TokenRejected as exc:
            return _error(401, exc.message)
        raw = await request.body()
        content_type = (request.headers.get("content-type") or "").split(";")[0].strip().lower()
        if content_type == "application/octet-stream":
            payload: Any = raw
        else:
            try:
                payload = json.loads(raw or b"null")
            except (ValueError, RecursionError):
                return _error(400, "Request body must be JSON")
        private = request.query_params.get("private") == "true"
        await send(claims, [(topic.removeprefix("realtime:"), event, payload, private)])
        return Response(status_code=202)

    return r
