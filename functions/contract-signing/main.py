"""POST {action, ...}: engagement contracts signed in the portal (send, read, one-time code, sign, countersign).

Every action first reads the contract with the caller's JWT, so row-level security decides who reaches it (a
client only its own contract; staff without finance rights get a 404); only then does the function write as
service_role. Actions:
- send {contractId, templateId?, language?} (administrator, legal_assistant): renders the template with the
  quote, installments, client, case type and office into a PDF, stores it and its SHA-256, status 'sent'.
- document {contractId} (the client or finance staff): the newest PDF (sealed final, client-signed, or sent).
- request-code {contractId} (the client): a six-digit code by e-mail through the outbox, sealed in the row (the
  worker opens it only to send it; public.forget_sent_code drops it once sent) (and WhatsApp when the
  client opted in and WhatsApp is configured); only its HMAC is stored; it expires in 10 minutes.
- sign {contractId, code, typedName, signature (PNG data URL), consent, consentText, documentSha256} (the
  client): spends the code once, records the evidence, appends the signature page, seals with the office's
  certificate (PAdES), status 'client_signed'.
- countersign {contractId} (administrator, legal_assistant): a second seal by the office, status 'countersigned'.
- certificate {} / upload-certificate {p12, password} (administrator): the office's signing certificate.
"""

import datetime as dt
import hashlib
import hmac
import secrets
import sys
import unicodedata
import uuid
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response

sys.path.insert(0, str(Path(__file__).parent))

import engagement  # noqa: E402
import sealing  # noqa: E402

from edgekit.caller import Caller, identify  # noqa: E402
from edgekit.clients import service_client, user_client  # noqa: E402
from edgekit.constant_time import same_secret  # noqa: E402
from edgekit.env import FunctionEnv, function_env  # noqa: E402
from edgekit.office import office_sources  # noqa: E402
from edgekit.responses import FunctionError, install_error_handler, json_body  # noqa: E402
from edgekit.sealed_settings import SettingsCipher  # noqa: E402
from office_outbox import sealed_codes  # noqa: E402

app = FastAPI()
install_error_handler(app)

BUCKET = "signed_contracts"
MANAGERS = frozenset({"administrator", "legal_assistant"})
NOT_FOUND = "Contrato não encontrado"
CODE_MINUTES = 10
CODE_ATTEMPTS = 5
CODES_PER_HOUR = 5
CONSENT_TEXT = (
    "Concordo em usar registros e assinaturas eletrônicos para este contrato, nos termos do ESIGN Act e do UETA "
    "(EUA) e da Lei 14.063/2020 (Brasil). Sei que posso pedir ao escritório uma cópia em papel e retirar este "
    "consentimento antes de assinar."
)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _iso(moment: dt.datetime) -> str:
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


def _path(contract: dict, name: str) -> str:
    return f"{contract['client_id']}/{contract['id']}/{name}"


def _normal_name(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode()
    return " ".join(plain.lower().split())


async def _contract(env: FunctionEnv, caller: Caller, contract_id) -> dict:
    """The contract as the caller may read it (RLS), else 404."""
    contract_id = str(contract_id or "")
    try:
        uuid.UUID(contract_id)
    except ValueError:
        raise FunctionError(400, "Informe o contrato") from None
    rows = (
        await user_client(env, caller.access_token).table("financial_contracts").select("*")
        .eq("id", contract_id).limit(1).execute()
    ).data
    if not rows:
        raise FunctionError(404, NOT_FOUND)
    return rows[0]


async def _own_client(env: FunctionEnv, caller: Caller, contract: dict) -> dict:
    """The caller's own client row, which must be the contract's client (a client signs only its contract)."""
    if caller.is_staff:
        raise FunctionError(403, "Só o cliente assina o próprio contrato")
    rows = (
        await user_client(env, caller.access_token).table("clients").select("id, full_name, email, user_id")
        .eq("user_id", caller.user_id).limit(1).execute()
    ).data
    if not rows or rows[0]["id"] != contract["client_id"]:
        raise FunctionError(404, NOT_FOUND)
    return rows[0]


def _require_manager(caller: Caller) -> None:
    if not caller.roles & MANAGERS:
        raise FunctionError(403, "Apenas administradores e assistentes jurídicos enviam e assinam contratos")


async def _office(env: FunctionEnv) -> engagement.Office:
    rows = (await service_client(env).table("office_settings").select("*").limit(1).execute()).data
    office, attorney = office_sources(rows[0] if rows else None)
    return engagement.Office(
        name=office.get("name") or env.get("OFFICE_NAME", "Escritório de Advocacia de Imigração"),
        address=office.get("address") or "", phone=office.get("phone") or "", email=office.get("email") or "",
        attorney=attorney.get("full_name") or "",
    )


def _cipher(env: FunctionEnv) -> SettingsCipher:
    return SettingsCipher.from_env(env)


async def _certificate(env: FunctionEnv, office_name: str) -> sealing.OfficeCertificate:
    """The office's certificate; generated and stored sealed on first use (the first writer wins)."""
    db = service_client(env)
    rows = (await db.table("system_settings").select("value").eq("key", sealing.SETTING_KEY).execute()).data
    if rows:
        return sealing.open_value(rows[0]["value"], _cipher(env))
    cert = sealing.generate(office_name)
    await db.table("system_settings").upsert(
        {"key": sealing.SETTING_KEY, "value": sealing.seal_value(cert, _cipher(env))},
        on_conflict="key", ignore_duplicates=True).execute()
    rows = (await db.table("system_settings").select("value").eq("key", sealing.SETTING_KEY).execute()).data
    return sealing.open_value(rows[0]["value"], _cipher(env))


def _code_hash(env: FunctionEnv, code_id: str, contract_id: str, code: str) -> str:
    key = hashlib.sha256(b"contract-signing-code:" + (env.get("SETTINGS_ENCRYPTION_KEY")
                                                      or env.get("SUPABASE_JWT_SECRET")).encode()).digest()
    return hmac.new(key, f"{code_id}:{contract_id}:{code}".encode(), hashlib.sha256).hexdigest()


async def _upload(env: FunctionEnv, path: str, data: bytes, content_type: str = "application/pdf") -> None:
    await service_client(env).storage.from_(BUCKET).upload(
        path, data, {"content-type": content_type, "upsert": "true"})


async def _download(env: FunctionEnv, path: str) -> bytes:
    return await service_client(env).storage.from_(BUCKET).download(path)


# ---------------------------------------------------------------------------------------------------------------
# staff: send for signature
# ---------------------------------------------------------------------------------------------------------------
async def _send(env: FunctionEnv, caller: Caller, body: dict) -> dict:
    _require_manager(caller)
    contract = await _contract(env, caller, body.get("contractId"))
    if contract["signature_status"] not in ("draft", "sent"):
        raise FunctionError(409, "Contrato já assinado: para mudar os termos, faça um aditivo")
    db = user_client(env, caller.access_token)
    language = body.get("language") or contract.get("language") or "pt"
    if language not in ("pt", "en"):
        raise FunctionError(400, "Idioma inválido (pt ou en)")
    query = db.table("contract_templates").select("*").eq("active", True)   # a removed template sends nothing
    if body.get("templateId"):
        query = query.eq("id", str(body["templateId"]))
    else:
        query = query.eq("language", language).eq("is_default", True)
    templates = (await query.limit(1).execute()).data
    if not templates:
        raise FunctionError(404, "Modelo de contrato não encontrado")
    template = templates[0]
    client = (await db.table("clients").select("id, full_name, email").eq("id", contract["client_id"])
              .limit(1).execute()).data[0]
    items = []
    if contract.get("quote_id"):
        items = (await db.table("financial_quote_items").select("description, amount").eq(
            "quote_id", contract["quote_id"]).order("position").execute()).data
    installments = (await db.table("financial_installments").select("number, amount, currency, due_date").eq(
        "contract_id", contract["id"]).order("number").execute()).data
    case_type_id, case_label = None, ""
    if contract.get("process_id"):
        processes = (await db.table("processes").select("type, case_type_id").eq("id", contract["process_id"])
                     .limit(1).execute()).data
        if processes:
            case_type_id, case_label = processes[0].get("case_type_id"), processes[0].get("type") or ""
    clauses = [
        c for c in (await db.table("contract_template_clauses").select("*").eq("template_id", template["id"])
                    .order("position").execute()).data
        if c.get("case_type_id") in (None, case_type_id)
    ]
    office = await _office(env)
    values = engagement.template_values(office, contract, client, items, installments, [], case_label,
                                        _now().date())
    text = engagement.render_text(template["body"], clauses, values)
    amends = None
    if contract.get("amends_contract_id"):   # an amendment: the document names the signed original
        originals = (await db.table("financial_contracts").select(
            "contract_number, title, countersigned_at, final_sha256").eq("id", contract["amends_contract_id"])
            .limit(1).execute()).data
        if not originals:
            raise FunctionError(404, NOT_FOUND)
        amends = originals[0]["contract_number"]
        text = engagement.amendment_text(originals[0], contract, template["language"]) + text
    pdf = engagement.document_pdf(office, contract["contract_number"], template["language"], text, amends)
    digest = sealing.sha256(pdf)
    await _upload(env, _path(contract, "enviado.pdf"), pdf)
    service = service_client(env)
    updated = (await service.table("financial_contracts").update({
        "signature_status": "sent", "template_id": template["id"], "language": template["language"],
        "document_text": text, "document_sha256": digest, "sent_at": _iso(_now()), "sent_by": caller.user_id,
    }).eq("id", contract["id"]).in_("signature_status", ["draft", "sent"]).execute()).data
    if not updated:
        raise FunctionError(409, "Contrato já assinado: para mudar os termos, faça um aditivo")
    client_user = (await service.table("clients").select("user_id").eq("id", contract["client_id"])
                   .limit(1).execute()).data
    if client_user and client_user[0].get("user_id"):
        await service.rpc("notify", {
            "p_user_id": client_user[0]["user_id"], "p_kind": "contract_signature",
            "p_title": f"Contrato {contract['contract_number']} para assinar",
            "p_body": "O escritório enviou o seu contrato. Leia e assine pelo portal.",
            "p_link": f"/cliente/contratos/{contract['id']}",
            "p_payload": {"client_id": contract["client_id"], "contract_id": contract["id"]},
            "p_idempotency_key": f"contract-sent:{contract['id']}:{digest}",
        }).execute()
    return {"status": "sent", "documentSha256": digest}


# ---------------------------------------------------------------------------------------------------------------
# client: code and signature
# ---------------------------------------------------------------------------------------------------------------
async def _request_code(env: FunctionEnv, caller: Caller, body: dict) -> dict:
    contract = await _contract(env, caller, body.get("contractId"))
    client = await _own_client(env, caller, contract)
    if contract["signature_status"] != "sent":
        raise FunctionError(409, "Este contrato não está aguardando a sua assinatura")
    service = service_client(env)
    hour_ago = _iso(_now() - dt.timedelta(hours=1))
    recent = (await service.table("contract_signing_codes").select("id", count="exact")
              .eq("contract_id", contract["id"]).gte("created_at", hour_ago).execute()).count or 0
    if recent >= CODES_PER_HOUR:
        raise FunctionError(429, "Muitos códigos pedidos. Aguarde uma hora e tente de novo.")
    code = f"{secrets.randbelow(1_000_000):06d}"
    code_id = str(uuid.uuid4())
    expires = _now() + dt.timedelta(minutes=CODE_MINUTES)
    consents = (await service.table("client_channel_consents").select("channel, phone, granted")
                .eq("client_id", client["id"]).execute()).data
    whatsapp_phone = next((c.get("phone") for c in consents if c["channel"] == "whatsapp" and c.get("granted")
                           and c.get("phone")), None)
    whatsapp_ready = bool((await service.table("system_settings").select("key").eq("key", "whatsapp")
                           .execute()).data) and bool(whatsapp_phone)
    channel = "email"
    await service.table("contract_signing_codes").insert({
        "id": code_id, "contract_id": contract["id"], "client_id": client["id"],
        "code_hash": _code_hash(env, code_id, contract["id"], code), "channel": channel,
        "expires_at": _iso(expires),
    }).execute()
    # older unspent codes of this contract stop working: only the newest one signs
    await service.table("contract_signing_codes").update({"used_at": _iso(_now())}).eq(
        "contract_id", contract["id"]).is_("used_at", "null").neq("id", code_id).execute()
    # the outbox row never holds the code in clear: sealed here, opened by the worker only to send it
    payload = {
        "title": f"Código para assinar o contrato {contract['contract_number']}",
        "body": f"Seu código de assinatura: {sealed_codes.MASK}. Ele vale por {CODE_MINUTES} minutos e só pode ser "
                "usado uma vez. Não o compartilhe com ninguém.",
        "recipient_name": client.get("full_name") or "", "link": f"/cliente/contratos/{contract['id']}",
        "contract_id": contract["id"], "client_id": client["id"],
        "code_id": code_id, "sealed_code": sealed_codes.seal(_cipher(env), code_id, code),
        "code_expires_at": _iso(expires),
    }
    rows = [{"user_id": caller.user_id, "channel": "email", "recipient": client.get("email") or caller.email,
             "template": "contract_signing_code", "payload": payload,
             "idempotency_key": f"contract-code:{code_id}:email"}]
    if whatsapp_ready:
        rows.append({"user_id": caller.user_id, "channel": "whatsapp", "recipient": whatsapp_phone,
                     "template": "contract_signing_code", "payload": payload,
                     "idempotency_key": f"contract-code:{code_id}:whatsapp"})
    await service.table("notification_deliveries").insert(rows).execute()
    sent_to = ["email"] + (["whatsapp"] if whatsapp_ready else [])
    return {"sentTo": sent_to, "expiresAt": _iso(expires)}


async def _spend_code(env: FunctionEnv, contract: dict, code: str) -> dict:
    """The newest code of the contract, spent once; 400 for a wrong, expired, used or over-tried code."""
    service = service_client(env)
    rows = (await service.table("contract_signing_codes").select("*").eq("contract_id", contract["id"])
            .order("created_at", desc=True).limit(1).execute()).data
    if not rows or not code.isdigit() or len(code) != 6:
        raise FunctionError(400, "Código inválido")
    row = rows[0]
    if row.get("used_at"):
        raise FunctionError(400, "Código já utilizado. Peça um novo código.")
    if dt.datetime.fromisoformat(row["expires_at"].replace("Z", "+00:00")) <= _now():
        raise FunctionError(400, "Código expirado. Peça um novo código.")
    if row["attempts"] >= CODE_ATTEMPTS:
        raise FunctionError(400, "Tentativas esgotadas. Peça um novo código.")
    if not same_secret(_code_hash(env, row["id"], contract["id"], code), row["code_hash"]):
        await service.table("contract_signing_codes").update({"attempts": row["attempts"] + 1}).eq(
            "id", row["id"]).execute()
        raise FunctionError(400, "Código inválido")
    spent = (await service.table("contract_signing_codes").update({"used_at": _iso(_now())}).eq("id", row["id"])
             .is_("used_at", "null").execute()).data
    if not spent:   # a concurrent request spent it first
        raise FunctionError(400, "Código já utilizado. Peça um novo código.")
    return row


async def _sign(env: FunctionEnv, caller: Caller, body: dict, request: Request) -> dict:
    contract = await _contract(env, caller, body.get("contractId"))
    client = await _own_client(env, caller, contract)
    if contract["signature_status"] != "sent":
        raise FunctionError(409, "Este contrato não está aguardando a sua assinatura")
    if body.get("consent") is not True or body.get("consentText") != CONSENT_TEXT:
        raise FunctionError(400, "Aceite o uso de registros eletrônicos para assinar")
    typed = " ".join(str(body.get("typedName") or "").split())
    if not typed or _normal_name(typed) != _normal_name(client.get("full_name") or ""):
        raise FunctionError(400, "Digite o seu nome completo como consta no cadastro")
    if body.get("documentSha256") != contract["document_sha256"]:
        raise FunctionError(409, "O documento mudou desde que você o abriu. Leia a versão atual antes de assinar.")
    try:
        signature = engagement.signature_png(str(body.get("signature") or ""))
    except ValueError as exc:
        raise FunctionError(400, str(exc)) from None
    code_row = await _spend_code(env, contract, str(body.get("code") or "").strip())

    signed_at = _now()
    evidence = {
        "document_sha256": contract["document_sha256"],
        "signed_at": _iso(signed_at),
        "ip": request.client.host if request.client else None,
        "user_agent": (request.headers.get("user-agent") or "")[:500],
        "consent_text": CONSENT_TEXT,
        "consented_at": _iso(signed_at),
        "typed_name": typed,
        "email": caller.email,
        "user_id": caller.user_id,
        "code_id": code_row["id"],
        "code_channel": code_row.get("channel") or "email",
        "signature_image_sha256": sealing.sha256(signature),
    }
    office = await _office(env)
    document = await _download(env, _path(contract, "enviado.pdf"))
    if sealing.sha256(document) != contract["document_sha256"]:
        raise FunctionError(409, "O documento armazenado não confere com o enviado")
    with_page = engagement.with_signature_page(document, office, contract["contract_number"], evidence, signature)
    cert = await _certificate(env, office.name)
    sealed = await sealing.seal_pdf(with_page, cert, "AssinaturaCliente",
                                    f"Assinado eletronicamente por {typed} (evidências na última página)",
                                    office.address)
    digest = sealing.sha256(sealed)
    await _upload(env, _path(contract, "assinatura.png"), signature, "image/png")
    await _upload(env, _path(contract, "assinado-cliente.pdf"), sealed)
    service = service_client(env)
    updated = (await service.table("financial_contracts").update({
        "signature_status": "client_signed", "signed_at": _iso(signed_at), "signed_by_name": typed,
        "signature_evidence": evidence, "client_signed_sha256": digest,
    }).eq("id", contract["id"]).eq("signature_status", "sent").eq("document_sha256", contract["document_sha256"])
        .execute()).data
    if not updated:
        raise FunctionError(409, "Este contrato não está aguardando a sua assinatura")
    if contract.get("sent_by"):
        await service.rpc("notify", {
            "p_user_id": contract["sent_by"], "p_kind": "contract_signed",
            "p_title": f"Contrato {contract['contract_number']} assinado pelo cliente",
            "p_body": f"{typed} assinou. Falta a contra-assinatura do escritório.", "p_link": "/financeiro/contratos",
            "p_payload": {"contract_id": contract["id"]},
            "p_idempotency_key": f"contract-signed:{contract['id']}",
        }).execute()
    return {"status": "client_signed", "signedAt": evidence["signed_at"], "sha256": digest}


# ---------------------------------------------------------------------------------------------------------------
# staff: countersign; the document
# ---------------------------------------------------------------------------------------------------------------
async def _countersign(env: FunctionEnv, caller: Caller, body: dict) -> dict:
    _require_manager(caller)
    contract = await _contract(env, caller, body.get("contractId"))
    if contract["signature_status"] != "client_signed":
        raise FunctionError(409, "O cliente ainda não assinou este contrato")
    service = service_client(env)
    profile = (await service.table("profiles").select("full_name").eq("id", caller.user_id).limit(1).execute()).data
    name = (profile[0].get("full_name") if profile else None) or caller.email
    office = await _office(env)
    signed = await _download(env, _path(contract, "assinado-cliente.pdf"))
    if sealing.sha256(signed) != contract["client_signed_sha256"]:
        raise FunctionError(409, "O documento armazenado não confere com o assinado")
    cert = await _certificate(env, office.name)
    final = await sealing.seal_pdf(signed, cert, "ContraAssinaturaEscritorio",
                                   f"Contra-assinado por {name} pelo escritório {office.name}", office.address)
    digest = sealing.sha256(final)
    await _upload(env, _path(contract, "vigente.pdf"), final)
    at = _now()
    updated = (await service.table("financial_contracts").update({
        "signature_status": "countersigned", "countersigned_at": _iso(at), "countersigned_by": caller.user_id,
        "countersigned_by_name": name, "final_sha256": digest,
    }).eq("id", contract["id"]).eq("signature_status", "client_signed").execute()).data
    if not updated:
        raise FunctionError(409, "O cliente ainda não assinou este contrato")
    return {"status": "countersigned", "countersignedAt": _iso(at), "sha256": digest}


async def _document(env: FunctionEnv, caller: Caller, body: dict) -> Response:
    contract = await _contract(env, caller, body.get("contractId"))
    if not caller.is_staff:
        await _own_client(env, caller, contract)
    name = {"sent": "enviado.pdf", "client_signed": "assinado-cliente.pdf", "countersigned": "vigente.pdf"}.get(
        contract["signature_status"])
    if not name:
        raise FunctionError(409, "Este contrato ainda não foi enviado para assinatura")
    pdf = await _download(env, _path(contract, name))
    filename = f"contrato-{contract['contract_number']}-{name}"
    return Response(pdf, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{filename}"',
                             "X-Document-Sha256": sealing.sha256(pdf)})


async def _certificate_info(env: FunctionEnv, caller: Caller, body: dict, upload: bool) -> dict:
    if not caller.is_administrator:
        raise FunctionError(403, "Apenas administradores gerenciam o certificado do escritório")
    service = service_client(env)
    if upload:
        try:
            cert = sealing.from_upload(str(body.get("p12") or ""), str(body.get("password") or ""))
        except ValueError as exc:
            raise FunctionError(400, str(exc)) from None
        await service.table("system_settings").upsert(
            {"key": sealing.SETTING_KEY, "value": sealing.seal_value(cert, _cipher(env)),
             "updated_by": caller.user_id}, on_conflict="key").execute()
        return {"certificate": cert.info()}
    office = await _office(env)
    return {"certificate": (await _certificate(env, office.name)).info()}


@app.post("/")
async def contract_signing(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    body = await json_body(request)
    action = body.get("action")
    if action == "send":
        return await _send(env, caller, body)
    if action == "document":
        return await _document(env, caller, body)
    if action == "request-code":
        return await _request_code(env, caller, body)
    if action == "sign":
        return await _sign(env, caller, body, request)
    if action == "countersign":
        return await _countersign(env, caller, body)
    if action in ("certificate", "upload-certificate"):
        return await _certificate_info(env, caller, body, action == "upload-certificate")
    if action == "consent-text":
        return {"consentText": CONSENT_TEXT}
    raise FunctionError(400, "Ação inválida")

