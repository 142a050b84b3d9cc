"""GET -> {kind, address}: where the office's e-mails go, for administrators (Integrações).

`kind` is "smtp" (address: host:port of the configured server), "local_sink" (the stack's local inbox: nothing
leaves the server) or "none". The stack hands the answer in MAIL_DELIVERY_KIND and MAIL_DELIVERY_ADDRESS, the
same reading `supastack status` prints as MAIL_DELIVERY. No password or user name is ever answered.
"""
from fastapi import FastAPI, Request

from edgekit.caller import identify
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler

DENIED = "Apenas administradores podem ver a configuração de e-mail"
KINDS = ("smtp", "local_sink", "none")

app = FastAPI()
install_error_handler(app)


@app.get("/")
async def mail_delivery(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    if not caller.is_administrator:
        raise FunctionError(403, DENIED)
    kind = env.get("MAIL_DELIVERY_KIND", "none")
    return {"kind": kind if kind in KINDS else "none", "address": env.get("MAIL_DELIVERY_ADDRESS")}
