"""Online payments, shared by payments-checkout, payments-pix, payments-webhook, payments-reconciliation and
stripe-fake: the Stripe settings in effect, the office's fees, and the Pix BR Code (Banco Central's EMV
merchant-presented payload with its CRC16-CCITT-FALSE).

Stripe: the `stripe` system setting {secretKey, webhookSecret, apiBaseUrl}. On a development stack with no
such setting, the local fake (the stripe-fake function) answers with well-known test secrets; production
needs a stored setting and refuses any host but Stripe's own.
"""
from __future__ import annotations

import secrets
import unicodedata
import uuid
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from urllib.parse import urlsplit

import stripe

from edgekit.clients import service_client
from edgekit.env import FunctionEnv
from edgekit.sealed_settings import SettingsCipher, opened
from edgekit.setting_schemas import SETTINGS

OFFICIAL_API = "https://api.stripe.com"
FAKE_SECRET_KEY = "sk_test_local_fake_0000000000"
FAKE_WEBHOOK_SECRET = "whsec_local_fake_0000000000"
SIGNATURE_TOLERANCE = 300   # seconds, as Stripe's libraries default
CENT = Decimal("0.01")


def fake_base(env: FunctionEnv) -> str:
    return f"{env.supabase_url}/functions/v1/stripe-fake"


def endpoint_refusal(url: str | None, production: bool) -> str | None:
    """Why `url` may not be Stripe's API for this office (pt-BR), or None. Empty means Stripe's own host."""
    if not url:
        return None
    text = url.strip().rstrip("/")
    if text == OFFICIAL_API:
        return None
    if production:
        return f"Em produção, a API do Stripe é somente {OFFICIAL_API}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return "Endereço da API do Stripe inválido"
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password \
            or parts.query or parts.fragment or (port is not None and not 0 < port < 65536):
        return "Endereço da API do Stripe inválido (use http:// ou https:// e um servidor)"
    return None


async def stored_setting(env: FunctionEnv, key: str) -> dict:
    rows = (await service_client(env).table("system_settings").select("value").eq("key", key).execute()).data
    if not rows:
        return {}
    return opened(rows[0]["value"], SETTINGS[key], SettingsCipher.from_env(env)) or {}


@dataclass(frozen=True)
class StripeConfig:
    secret_key: str
    webhook_secret: str
    api_base: str

    def client(self) -> stripe.StripeClient:
        return stripe.StripeClient(self.secret_key, base_addresses={"api": self.api_base},
                                   http_client=stripe.HTTPXClient(), max_network_retries=1)


async def stripe_config(env: FunctionEnv) -> StripeConfig | None:
    """The Stripe account in effect, or None (production without a stored setting)."""
    value = await stored_setting(env, "stripe")
    if value.get("secretKey") and value.get("webhookSecret"):
        base = (value.get("apiBaseUrl") or "").strip().rstrip("/") or OFFICIAL_API
        if endpoint_refusal(base, env.production):
            return None
        return StripeConfig(value["secretKey"], value["webhookSecret"], base)
    if env.production:
        return None
    return StripeConfig(FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, fake_base(env))


def percent(raw: object) -> Decimal:
    """A fee setting ("2.9", "2,9") as a Decimal in [0, 10]; anything else is 0."""
    try:
        value = Decimal(str(raw or "0").replace(",", ".").strip())
    except InvalidOperation:
        return Decimal(0)
    return value if Decimal(0) <= value <= Decimal(10) else Decimal(0)


def percent_refusal(raw: object) -> str | None:
    if raw in (None, ""):
        return None
    try:
        value = Decimal(str(raw).replace(",", ".").strip())
    except InvalidOperation:
        return "Percentual inválido (use um número de 0 a 10)"
    return None if Decimal(0) <= value <= Decimal(10) else "Percentual inválido (use um número de 0 a 10)"


def fee_of(amount: Decimal, rate_percent: Decimal) -> Decimal:
    return (amount * rate_percent / 100).quantize(CENT, ROUND_HALF_UP)


# ---------------------------------------------------------------------------
# Pix BR Code (Manual de Padrões para Iniciação do Pix, EMV QRCPS-MPM)
# ---------------------------------------------------------------------------
PIX_GUI = "br.gov.bcb.pix"


def ascii_upper(text: str, limit: int) -> str:
    """Letters without accents (BR Codes carry ASCII), upper case, cut to `limit`."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(plain.upper().split())[:limit]


def pix_refusal(value: dict) -> str | None:
    key = (value.get("key") or "").strip()
    if not key or len(key) > 77 or not key.isascii():
        return "Chave Pix inválida (até 77 caracteres)"
    if not ascii_upper(value.get("merchantName") or "", 25):
        return "Informe o nome do recebedor"
    if not ascii_upper(value.get("merchantCity") or "", 15):
        return "Informe a cidade do recebedor"
    return None


def _field(tag: str, value: str) -> str:
    if len(value) > 99:
        raise ValueError(f"campo {tag} longo demais")
    return f"{tag}{len(value):02d}{value}"


def crc16_ccitt_false(data: bytes) -> int:
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def br_code(key: str, merchant_name: str, merchant_city: str, amount_brl: Decimal, txid: str) -> str:
    """A static Pix BR Code ("copia e cola") for `amount_brl` with `txid`."""
    account = _field("00", PIX_GUI) + _field("01", key.strip())
    payload = (_field("00", "01") + _field("26", account) + _field("52", "0000") + _field("53", "986")
               + _field("54", f"{amount_brl.quantize(CENT, ROUND_HALF_UP):.2f}") + _field("58", "BR")
               + _field("59", ascii_upper(merchant_name, 25)) + _field("60", ascii_upper(merchant_city, 15))
               + _field("62", _field("05", txid)) + "6304")
    return payload + f"{crc16_ccitt_false(payload.encode()):04X}"


def new_txid() -> str:
    """25 letters and digits (the most a BR Code's txid holds), unguessable."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "PIX" + "".join(secrets.choice(alphabet) for _ in range(22))


# ---------------------------------------------------------------------------
# the client's own open installment, read with its own JWT (row-level security), never a browser's amount
# ---------------------------------------------------------------------------
INSTALLMENT_COLUMNS = "id, client_id, contract_id, number, due_date, amount, paid_amount, currency, status"


async def own_open_installment(env: FunctionEnv, caller, raw_id: object) -> dict:
    from edgekit.clients import user_client
    from edgekit.responses import FunctionError

    try:
        installment_id = str(uuid.UUID(str(raw_id)))
    except ValueError:
        raise FunctionError(400, "Parcela inválida") from None
    client = user_client(env, caller.access_token)
    client_id = (await client.rpc("current_client_id", {}).execute()).data
    if not client_id:
        raise FunctionError(404, "Parcela não encontrada")
    rows = (await client.table("financial_installments").select(INSTALLMENT_COLUMNS)
            .eq("id", installment_id).eq("client_id", client_id).execute()).data
    if not rows:
        raise FunctionError(404, "Parcela não encontrada")
    row = rows[0]
    if row["status"] not in ("pending", "partial"):
        raise FunctionError(409, "Esta parcela não está em aberto")
    return row


def open_balance(row: dict) -> Decimal:
    return (Decimal(str(row["amount"])) - Decimal(str(row["paid_amount"]))).quantize(CENT)
