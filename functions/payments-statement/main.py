"""POST {content, format?: 'csv' | 'ofx'} (administrator or legal_assistant) -> {matched, unmatched}: a bank statement
is read line by line (CSV) or transaction by transaction (OFX); a credit naming an open Pix charge's txid for the
charge's exact BRL amount confirms it (public.confirm_pix_charge, with the caller's JWT: the database checks the
role). Anything else is listed as unmatched with its reason; nothing is guessed.
"""
import re
from datetime import date
from decimal import Decimal, InvalidOperation

from fastapi import FastAPI, Request
from postgrest.exceptions import APIError

from edgekit.caller import identify
from edgekit.clients import user_client
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler, json_body

app = FastAPI()
install_error_handler(app)
TXID = re.compile(r"\bPIX[A-Z0-9]{22}\b")
MONEY = re.compile(r"-?(?:\d{1,3}(?:\.\d{3})+|\d+),\d{2}\b|-?\d+\.\d{2}\b")
MAX_CHARS = 2_000_000


def records(content: str, kind: str) -> list[str]:
    if kind == "ofx" or "<STMTTRN>" in content.upper():
        return re.findall(r"<STMTTRN>(.*?)</STMTTRN>", content, flags=re.S | re.I)
    return [line for line in content.splitlines() if line.strip()]


def amounts(text: str) -> list[Decimal]:
    found = []
    for raw in MONEY.findall(re.sub(r"<TRNAMT>", " ", text, flags=re.I)):
        plain = raw.replace(".", "").replace(",", ".") if "," in raw else raw
        try:
            found.append(Decimal(plain))
        except InvalidOperation:
            continue
    return found


def day_of(text: str) -> str | None:
    if m := re.search(r"<DTPOSTED>\s*(\d{4})(\d{2})(\d{2})", text, flags=re.I):
        parts = (m.group(1), m.group(2), m.group(3))
    elif m := re.search(r"\b(\d{2})/(\d{2})/(\d{4})\b", text):
        parts = (m.group(3), m.group(2), m.group(1))
    elif m := re.search(r"\b(\d{4})-(\d{2})-(\d{2})\b", text):
        parts = (m.group(1), m.group(2), m.group(3))
    else:
        return None
    try:
        return date(int(parts[0]), int(parts[1]), int(parts[2])).isoformat()
    except ValueError:
        return None


@app.post("/")
async def import_statement(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    if not caller.roles & {"administrator", "legal_assistant"}:
        raise FunctionError(403, "Permissão negada")
    body = await json_body(request)
    content, kind = body.get("content"), str(body.get("format") or "").lower()
    if not isinstance(content, str) or not content.strip() or len(content) > MAX_CHARS:
        raise FunctionError(400, "Extrato vazio ou grande demais")
    client = user_client(env, caller.access_token)
    matched, unmatched = [], []
    for record in records(content, kind):
        txids = TXID.findall(record.upper())
        line = " ".join(record.split())[:200]
        if not txids:
            continue   # not a Pix of ours: statements carry every other movement too
        rows = (await client.table("pix_charges").select("id, txid, amount_brl, status")
                .eq("txid", txids[0]).execute()).data
        if not rows:
            unmatched.append({"line": line, "txid": txids[0], "reason": "txid desconhecido"})
            continue
        charge = rows[0]
        expected = Decimal(str(charge["amount_brl"]))
        if charge["status"] != "open":
            unmatched.append({"line": line, "txid": charge["txid"], "reason": "cobrança já baixada"})
            continue
        if expected not in amounts(record):
            unmatched.append({"line": line, "txid": charge["txid"], "reason": "valor diferente do cobrado"})
            continue
        try:
            paid = (await client.rpc("confirm_pix_charge", {"charge_id": charge["id"], "received_brl": str(expected),
                                                            "received_on": day_of(record)}).execute()).data
        except APIError as exc:
            unmatched.append({"line": line, "txid": charge["txid"], "reason": exc.message})
            continue
        matched.append({"txid": charge["txid"], "amountBrl": str(expected), "receiptNumber": paid["receipt_number"]})
    return {"matched": matched, "unmatched": unmatched}
