"""The sink's web inbox (pt-BR) and its JSON API, in Inbucket's shape:
GET /api/v1/messages · GET /api/v1/mailbox/{name} · GET /api/v1/mailbox/{name}/{id} · DELETE /api/v1/messages ·
DELETE /api/v1/mailbox/{name}. A mailbox name is an address or its local part."""
from __future__ import annotations

from datetime import datetime
from html import escape

from fastapi import FastAPI, HTTPException
from fastapi.responses import HTMLResponse

from supastack.mail.sink.store import MailStore

PAGE = """<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}}table{{border-collapse:collapse;width:100%}}
td,th{{text-align:left;padding:.4rem;border-bottom:1px solid #ddd}}pre{{white-space:pre-wrap}}</style></head>
<body>{body}</body></html>"""


def _when(summary: dict) -> str:
    return datetime.fromtimestamp(summary["received_at"]).strftime("%d/%m/%Y %H:%M:%S")


def create_sink_app(store: MailStore) -> FastAPI:
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)

    @app.get("/api/v1/messages")
    def all_messages() -> list[dict]:
        return store.summaries()

    @app.delete("/api/v1/messages")
    def delete_all() -> dict:
        return {"deleted": store.delete()}

    @app.get("/api/v1/mailbox/{name}")
    def mailbox(name: str) -> list[dict]:
        return store.summaries(name)

    @app.delete("/api/v1/mailbox/{name}")
    def purge(name: str) -> dict:
        return {"deleted": store.delete(name)}

    @app.get("/api/v1/mailbox/{name}/{mail_id}")
    def message(name: str, mail_id: str) -> dict:
        found = store.message(mail_id)
        if found is None or name.lower() not in (found["to"], found["to"].split("@")[0]):
            raise HTTPException(404, "mensagem não encontrada")
        return found

    @app.get("/", response_class=HTMLResponse)
    def inbox() -> str:
        rows = "".join(
            f'<tr><td>{escape(_when(m))}</td><td>{escape(m["to"])}</td>'
            f'<td><a href="/m/{escape(m["id"])}">{escape(m["subject"] or "(sem assunto)")}</a></td></tr>'
            for m in reversed(store.summaries()))
        body = ("<h1>Caixa de entrada local</h1><p>E-mails enviados pela stack em desenvolvimento. "
                "Nada aqui saiu para a internet.</p>"
                + (f"<table><tr><th>Recebido em</th><th>Para</th><th>Assunto</th></tr>{rows}</table>"
                   if rows else "<p>Nenhum e-mail recebido.</p>"))
        return PAGE.format(title="Caixa de entrada local", body=body)

    @app.get("/m/{mail_id}", response_class=HTMLResponse)
    def view(mail_id: str) -> str:
        found = store.message(mail_id)
        if found is None:
            raise HTTPException(404, "mensagem não encontrada")
        # the HTML part is shown in a sandboxed frame: it cannot run scripts or reach this page
        html = found["body"]["html"]
        part = (f'<iframe sandbox srcdoc="{escape(html)}" style="width:100%;height:30rem;border:1px solid #ddd">'
                f'</iframe>' if html else f'<pre>{escape(found["body"]["text"])}</pre>')
        body = (f'<p><a href="/">← Voltar</a></p><h1>{escape(found["subject"] or "(sem assunto)")}</h1>'
                f'<p>De: {escape(found["from"])}<br>Para: {escape(found["to"])}<br>Recebido em: '
                f'{escape(_when(found))}</p>{part}')
        return PAGE.format(title=escape(found["subject"]), body=body)

    return app
