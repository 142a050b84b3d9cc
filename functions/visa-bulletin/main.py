"""POST {html | url, uscisChartFamily?, uscisChartEmployment?} -> {month, rows, newest, became_current, retrogressed}.

Administrators only. Imports one month of the State Department's Visa Bulletin: the saved page (`html`, what
the administrator uploads) or the page fetched from travel.state.gov (`url`; the site often refuses
data-centre addresses, hence the upload). The four preference charts are parsed (edgekit.visa_bulletin) and
stored through public.import_visa_bulletin() with the caller's JWT: the database checks the role again,
keeps every month, and announces the processes that became current or retrogressed. `uscisChart*` say which
chart USCIS accepts for adjustment of status that month ('final_action' | 'dates_for_filing').
"""
from urllib.parse import urlsplit

import httpx
from fastapi import FastAPI, Request
from postgrest.exceptions import APIError

from edgekit.caller import identify
from edgekit.clients import user_client
from edgekit.env import function_env
from edgekit.responses import FunctionError, install_error_handler, json_body
from edgekit.visa_bulletin import CHARTS, MAX_PAGE_BYTES, BulletinError, parse_bulletin

app = FastAPI()
install_error_handler(app)

BULLETIN_HOST = "travel.state.gov"
BULLETIN_PATH = "/content/travel/en/legal/visa-law0/visa-bulletin/"


def _chart(body: dict, key: str, default: str) -> str:
    value = body.get(key) or default
    if value not in CHARTS:
        raise FunctionError(400, "Tabela aceita pelo USCIS inválida (final_action ou dates_for_filing)")
    return value


def _bulletin_url(raw: object) -> str:
    url = raw.strip() if isinstance(raw, str) else ""
    parts = urlsplit(url)
    if (parts.scheme != "https" or parts.hostname != BULLETIN_HOST or parts.port is not None
            or parts.username or not parts.path.startswith(BULLETIN_PATH) or not parts.path.endswith(".html")):
        raise FunctionError(400, f"Endereço do boletim inválido: use uma página https://{BULLETIN_HOST}{BULLETIN_PATH}…")
    return url


async def _fetch(url: str) -> str:
    try:
        async with httpx.AsyncClient(timeout=httpx.Timeout(20.0, connect=10.0), follow_redirects=False) as http:
            async with http.stream("GET", url, headers={"User-Agent": "Mozilla/5.0"}) as answer:
                if answer.status_code != 200:
                    raise FunctionError(502, f"O site do Departamento de Estado respondeu HTTP {answer.status_code}: "
                                             "salve a página e envie o arquivo")
                chunks, size = [], 0
                async for chunk in answer.aiter_bytes():
                    size += len(chunk)
                    if size > MAX_PAGE_BYTES:
                        raise FunctionError(400, "Página grande demais para um Boletim de Vistos")
                    chunks.append(chunk)
    except httpx.HTTPError:
        raise FunctionError(502, "Não foi possível buscar o boletim no site do Departamento de Estado: "
                                 "salve a página e envie o arquivo") from None
    return b"".join(chunks).decode("utf-8", "replace")


@app.post("/")
async def import_bulletin(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    if not caller.is_administrator:
        raise FunctionError(403, "Apenas administradores importam o Boletim de Vistos")
    body = await json_body(request)
    family = _chart(body, "uscisChartFamily", "dates_for_filing")
    employment = _chart(body, "uscisChartEmployment", "final_action")
    html, url = body.get("html"), None
    if isinstance(html, str) and html.strip():
        if len(html.encode("utf-8", "ignore")) > MAX_PAGE_BYTES:
            raise FunctionError(400, "Arquivo grande demais para um Boletim de Vistos")
    elif body.get("url"):
        url = _bulletin_url(body.get("url"))
        html = await _fetch(url)
    else:
        raise FunctionError(400, "Envie a página do boletim (arquivo HTML) ou o endereço dela")
    try:
        bulletin = parse_bulletin(html)
    except BulletinError as exc:
        raise FunctionError(400, str(exc)) from None

    db = user_client(env, caller.access_token)
    try:
        answer = await db.rpc("import_visa_bulletin", {
            "p_month": bulletin.month.isoformat(),
            "p_rows": [c.row(bulletin.month) for c in bulletin.cutoffs],
            "p_uscis_chart_family": family, "p_uscis_chart_employment": employment,
            "p_source": "fetch" if url else "upload", "p_source_url": url}).execute()
    except APIError as exc:
        status = 403 if exc.code == "42501" else 400
        raise FunctionError(status, exc.message or "Não foi possível importar o boletim") from None
    return answer.data
