"""Client of the official USCIS Case Status API (developer.uscis.gov, "Torch").

OAuth2 client credentials: POST {token_url} (form: grant_type, client_id, client_secret) gives an
access token (`expires_in` is a string, ~30 min); GET {base_url}/{receiptNumber} with the bearer
answers {"case_status": {...}, "message": ...}. The client caches the token until shortly before it
expires, renews it once on a 401, retries 429/5xx/time-outs with backoff (honouring Retry-After),
spaces requests to the configured rate and stops at the daily quota.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import httpx

from edgekit.constant_time import same_secret
from edgekit.uscis.provider import CaseStatus, ProviderError
from edgekit.uscis.statuses import plain_text

SANDBOX_BASE_URL = "https://api-int.uscis.gov/case-status"
SANDBOX_TOKEN_URL = "https://api-int.uscis.gov/oauth/accesstoken"
TOKEN_EARLY_RENEWAL = 60          # seconds before expiry a cached token is considered stale
MAX_RETRY_AFTER = 30.0            # never wait longer than this for one Retry-After


@dataclass(frozen=True)
class UscisApiConfig:
    client_id: str
    client_secret: str
    base_url: str = SANDBOX_BASE_URL
    token_url: str = SANDBOX_TOKEN_URL
    timeout: float = 10.0             # seconds per HTTP request
    max_retries: int = 3              # extra attempts after a 429, 5xx or time-out
    backoff: float = 0.5              # first retry delay, doubled each time
    requests_per_second: float = 5.0  # sandbox 5 TPS, production 10 TPS
    daily_quota: int = 1000           # sandbox 1,000/day; production per agreement (reset midnight UTC)

    @classmethod
    def from_env(cls, env) -> UscisApiConfig:
        def number(name: str, default: float) -> float:
            value = env.get(name, "")
            return float(value) if value else default

        client_id, client_secret = env.get("USCIS_CLIENT_ID", ""), env.get("USCIS_CLIENT_SECRET", "")
        if not client_id or not client_secret:
            raise ProviderError("API do USCIS não configurada: defina USCIS_CLIENT_ID e USCIS_CLIENT_SECRET")
        return cls(client_id=client_id, client_secret=client_secret,
                   base_url=env.get("USCIS_API_BASE_URL", "") or SANDBOX_BASE_URL,
                   token_url=env.get("USCIS_TOKEN_URL", "") or SANDBOX_TOKEN_URL,
                   timeout=number("USCIS_TIMEOUT_SECONDS", 10.0),
                   max_retries=int(number("USCIS_MAX_RETRIES", 3)),
                   backoff=number("USCIS_RETRY_BACKOFF_SECONDS", 0.5),
                   requests_per_second=number("USCIS_TPS", 5.0),
                   daily_quota=int(number("USCIS_DAILY_QUOTA", 1000)))


class _Pacer:
    """Spaces request starts to at most `rate` per second (across concurrent checks)."""

    def __init__(self, rate: float, clock: Callable[[], float], sleep: Callable[[float], Awaitable[None]]):
        self.interval = 1.0 / rate if rate > 0 else 0.0
        self.clock, self.sleep = clock, sleep
        self.next_slot = 0.0
        self.lock = asyncio.Lock()

    async def wait(self) -> None:
        if not self.interval:
            return
        async with self.lock:
            now = self.clock()
            delay = self.next_slot - now
            self.next_slot = max(now, self.next_slot) + self.interval
        if delay > 0:
            await self.sleep(delay)


class _DailyQuota:
    def __init__(self, limit: int):
        self.limit, self.day, self.used = limit, None, 0

    def take(self) -> None:
        today = datetime.now(UTC).date()
        if today != self.day:
            self.day, self.used = today, 0
        if self.limit and self.used >= self.limit:
            raise ProviderError("Cota diária da API do USCIS atingida; tente novamente amanhã", 429)
        self.used += 1


class UscisCaseStatusApi:
    name = "uscis"

    def __init__(self, config: UscisApiConfig, http: httpx.AsyncClient | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep):
        self.config = config
        self.http = http or httpx.AsyncClient(timeout=config.timeout)
        self.clock, self.sleep = clock, sleep
        self._token: str | None = None
        self._token_expires = 0.0
        self._token_lock = asyncio.Lock()
        self._pacer = _Pacer(config.requests_per_second, clock, sleep)
        self._quota = _DailyQuota(config.daily_quota)
        self.token_requests = 0       # observable for tests and logs

    # -- token ---------------------------------------------------------------------------
    async def _access_token(self, stale: str | None = None) -> str:
        async with self._token_lock:
            fresh = self._token and not same_secret(self._token, stale) and self.clock() < self._token_expires
            if not fresh:
                self._token, self._token_expires = await self._request_token()
            return self._token

    async def _request_token(self) -> tuple[str, float]:
        self.token_requests += 1
        form = {"grant_type": "client_credentials", "client_id": self.config.client_id,
                "client_secret": self.config.client_secret}
        try:
            response = await self.http.post(self.config.token_url, data=form, timeout=self.config.timeout)
        except httpx.HTTPError as exc:
            raise ProviderError(f"Falha ao obter token da API do USCIS: {type(exc).__name__}") from exc
        if response.status_code != 200:
            raise ProviderError(f"Credenciais da API do USCIS recusadas (HTTP {response.status_code})",
                                response.status_code)
        body = response.json()
        token = body.get("access_token")
        if not token:
            raise ProviderError("Resposta de token da API do USCIS sem access_token")
        lifetime = int(body.get("expires_in") or 1799)       # a string in USCIS's answer
        return token, self.clock() + max(lifetime - TOKEN_EARLY_RENEWAL, 1)

    # -- case status ---------------------------------------------------------------------
    async def case_status(self, receipt_number: str) -> CaseStatus:
        url = f"{self.config.base_url.rstrip('/')}/{receipt_number}"
        token = await self._access_token()
        renewed = False
        attempt = 0
        while True:
            self._quota.take()                    # every HTTP attempt counts against USCIS's quota
            await self._pacer.wait()
            try:
                response = await self.http.get(url, headers={"Authorization": f"Bearer {token}",
                                                             "Accept": "application/json"},
                                               timeout=self.config.timeout)
            except httpx.TimeoutException:
                failure, retry_after = ProviderError("Tempo esgotado ao consultar o USCIS", 504), None
            except httpx.HTTPError as exc:
                failure, retry_after = ProviderError(f"Falha de conexão com o USCIS: {type(exc).__name__}", 502), None
            else:
                if response.status_code == 200:
                    return self._parse(receipt_number, response)
                if response.status_code == 401 and not renewed:
                    renewed = True                       # token expired or revoked: renew once
                    token = await self._access_token(stale=token)
                    continue
                if response.status_code == 404:
                    raise ProviderError("Número de recibo não reconhecido pelo USCIS", 404)
                failure = ProviderError(self._error_message(response), response.status_code)
                retry_after = _retry_after(response)
                if response.status_code != 429 and response.status_code < 500:
                    raise failure
            if attempt >= self.config.max_retries:
                raise failure
            delay = retry_after if retry_after is not None else self.config.backoff * (2 ** attempt)
            attempt += 1
            await self.sleep(min(delay, MAX_RETRY_AFTER))

    @staticmethod
    def _parse(receipt_number: str, response: httpx.Response) -> CaseStatus:
        try:
            case = response.json()["case_status"]
        except (ValueError, KeyError, TypeError) as exc:
            raise ProviderError("Resposta inesperada da API do USCIS") from exc
        title = case.get("current_case_status_text_en") or case.get("current_case_status_text_es") or ""
        description = case.get("current_case_status_desc_en") or case.get("current_case_status_desc_es") or ""
        form = (case.get("formType") or "").strip() or None
        if form and "-" not in form and form[:1].isalpha():
            form = f"{form[0]}-{form[1:]}"                 # "N400" -> "N-400"
        return CaseStatus(receipt_number=case.get("receiptNumber") or receipt_number, title=title.strip(),
                          description=plain_text(description), form_type=form,
                          modified_at=case.get("modifiedDate"))

    @staticmethod
    def _error_message(response: httpx.Response) -> str:
        detail = ""
        try:
            body = response.json()
            if isinstance(body, dict):
                errors = body.get("errors")
                if isinstance(errors, list) and errors and isinstance(errors[0], dict):
                    detail = str(errors[0].get("message") or "")
                detail = detail or str(body.get("message") or body.get("fault", {}).get("faultstring", "") or "")
        except ValueError:
            detail = response.text[:200]
        if response.status_code == 429:
            return "Limite de requisições da API do USCIS excedido" + (f" ({detail})" if detail else "")
        return f"Erro da API do USCIS (HTTP {response.status_code})" + (f": {detail}" if detail else "")

    async def aclose(self) -> None:
        await self.http.aclose()


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    if not value:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        return None
