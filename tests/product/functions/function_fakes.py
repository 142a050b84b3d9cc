"""Local stand-ins for outside services (USCIS Case Status API, an office EOIR data service).

Each is a small FastAPI app answering in the documented JSON shapes, served by uvicorn on a free
loopback port in a background thread.
"""
from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field

import uvicorn
from fastapi import FastAPI, Form, Request
from fastapi.responses import JSONResponse

from harness import free_port


class ServedApp:
    """Serve an ASGI app on 127.0.0.1:<free port> until stop()."""

    def __init__(self, app):
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("fake service did not start")
            time.sleep(0.01)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


# --------------------------------------------------------------------------------------------
# USCIS Case Status API
# --------------------------------------------------------------------------------------------
CLIENT_ID, CLIENT_SECRET = "fake-client-id", "fake-client-secret"
RATE_LIMITED = "EAC0000000429"     # answers 429 with Retry-After the first `throttle_times` calls
UNAVAILABLE = "EAC0000000503"      # answers 503 the first `unavailable_times` calls
SLOW = "EAC0000000999"             # answers after `slow_seconds`


@dataclass
class UscisBehaviour:
    cases: dict[str, dict] = field(default_factory=dict)     # receipt -> case_status object
    expires_in: str = "1799"
    latency: float = 0.0                                     # added to every case-status answer
    slow_seconds: float = 2.0
    throttle_times: int = 1
    retry_after: str = "0"
    unavailable_times: int = 1
    token_requests: int = 0
    status_requests: int = 0
    valid_tokens: set[str] = field(default_factory=set)
    in_flight: int = 0
    max_in_flight: int = 0
    calls_by_receipt: dict[str, int] = field(default_factory=dict)

    def expire_tokens(self) -> None:
        """As if every issued token reached its 30 minutes."""
        self.valid_tokens.clear()


def case_status(receipt: str, title: str = "Case Was Approved", form: str = "I-130") -> dict:
    return {"receiptNumber": receipt, "formType": form, "submittedDate": "09-05-2023 14:28:46",
            "modifiedDate": "09-05-2023 14:28:46", "current_case_status_text_en": title,
            "current_case_status_desc_en": f'On September 5, 2023, we acted on your Form {form}, Receipt Number '
                                           f'{receipt}. <a href="https://www.uscis.gov/addresschange">Update</a>.',
            "current_case_status_text_es": "Caso Fue Aprobado", "current_case_status_desc_es": "...",
            "hist_case_status": None}


def uscis_app(b: UscisBehaviour) -> FastAPI:
    app = FastAPI()

    @app.post("/oauth/accesstoken")
    async def token(grant_type: str = Form(), client_id: str = Form(), client_secret: str = Form()):
        if grant_type != "client_credentials" or (client_id, client_secret) != (CLIENT_ID, CLIENT_SECRET):
            return JSONResponse({"ErrorCode": "invalid_client", "Error": "Client credentials are invalid"}, 401)
        b.token_requests += 1
        access = f"token-{b.token_requests}"
        b.valid_tokens.add(access)
        return {"refresh_token_expires_in": "0", "api_product_list": "[case-status]", "token_type": "BearerToken",
                "issued_at": str(int(time.time() * 1000)), "client_id": client_id, "access_token": access,
                "expires_in": b.expires_in, "status": "approved"}

    @app.get("/case-status/{receipt}")
    async def status(receipt: str, request: Request):
        b.status_requests += 1
        b.calls_by_receipt[receipt] = calls = b.calls_by_receipt.get(receipt, 0) + 1
        auth = request.headers.get("authorization", "")
        if not auth.startswith("Bearer ") or auth[7:] not in b.valid_tokens:
            return JSONResponse({"code": 401, "message": "Invalid Access Token"}, 401)
        b.in_flight += 1
        b.max_in_flight = max(b.max_in_flight, b.in_flight)
        try:
            if b.latency:
                await asyncio.sleep(b.latency)
            if receipt == SLOW:
                await asyncio.sleep(b.slow_seconds)
            if receipt == RATE_LIMITED and calls <= b.throttle_times:
                return JSONResponse({"fault": {"faultstring": "Spike Arrest Violation"}}, 429,
                                    headers={"Retry-After": b.retry_after})
            if receipt == UNAVAILABLE and calls <= b.unavailable_times:
                return JSONResponse({"errors": [{"code": "503", "message": "Service Unavailable"}]}, 503)
            case = b.cases.get(receipt)
            if case is None and receipt in (RATE_LIMITED, UNAVAILABLE, SLOW):
                case = case_status(receipt)
            if case is None:
                return JSONResponse({"errors": [{"code": "404", "message": "Case Status Online does not recognize "
                                                 "the receipt number entered."}]}, 404)
            return {"case_status": case, "message": "Query was successful"}
        finally:
            b.in_flight -= 1

    return app


# --------------------------------------------------------------------------------------------
# Office EOIR data service (the contract documented in edgekit.eoir.http_service)
# --------------------------------------------------------------------------------------------
@dataclass
class EoirBehaviour:
    cases: dict[str, dict] = field(default_factory=dict)
    token: str = "eoir-token"
    slow_seconds: float = 0.0
    requests: int = 0


def eoir_app(b: EoirBehaviour) -> FastAPI:
    app = FastAPI()

    @app.get("/cases/{a_number}")
    async def case(a_number: str, request: Request):
        b.requests += 1
        if b.token and request.headers.get("authorization") != f"Bearer {b.token}":
            return JSONResponse({"message": "unauthorized"}, 401)
        if b.slow_seconds:
            await asyncio.sleep(b.slow_seconds)
        if a_number not in b.cases:
            return JSONResponse({"message": "No case found for this A-Number"}, 404)
        return {"aNumber": a_number, **b.cases[a_number]}

    return app
