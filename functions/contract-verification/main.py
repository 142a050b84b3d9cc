"""POST a PDF (raw body, application/pdf; no sign-in) -> whether it is a contract signed through the portal.

Public: anyone holding a signed contract may check it. The answer says only whether the file's SHA-256 equals
the stored hash of a signed version (client-signed or countersigned) and, when it does, that contract's number,
the signer's typed name and the dates: what the PDF itself already shows. Bodies over 25 MiB are refused.
"""

import hashlib

from fastapi import FastAPI, Request

from edgekit.clients import service_client
from edgekit.constant_time import same_secret
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler

app = FastAPI()
install_error_handler(app)
MAX_BYTES = 25 * 1024 * 1024


async def _body(request: Request) -> bytes:
    data = bytearray()
    async for chunk in request.stream():
        data.extend(chunk)
        if len(data) > MAX_BYTES:
            raise FunctionError(413, "Arquivo grande demais (máximo 25 MB)")
    return bytes(data)


@app.post("/")
async def verify_contract(request: Request):
    env = function_env(request)
    data = await _body(request)
    if not data.startswith(b"%PDF-"):
        raise FunctionError(400, "Envie o contrato em PDF")
    digest = hashlib.sha256(data).hexdigest()
    columns = "contract_number, signed_at, signed_by_name, countersigned_at, client_signed_sha256, final_sha256"
    rows = (
        await service_client(env).table("financial_contracts").select(columns)
        .or_(f"client_signed_sha256.eq.{digest},final_sha256.eq.{digest}").limit(1).execute()
    ).data
    if not rows:
        return {"match": False, "sha256": digest}
    row = rows[0]
    final = same_secret(row["final_sha256"] or "", digest)
    return {
        "match": True, "sha256": digest, "version": "countersigned" if final else "client_signed",
        "contractNumber": row["contract_number"], "signedAt": row["signed_at"], "signedByName": row["signed_by_name"],
        "countersignedAt": row["countersigned_at"] if final else None,
    }
