"""GET /<token>.ics (or /?token=<token>): a staff member's appointments as an iCalendar feed (text/calendar).

Google Calendar and Outlook subscribe to a URL and send no headers, so the function is public
(verify_jwt = false) and the secret token in the URL is the authorisation: the database keeps only its
SHA-256 (calendar_feeds) and answers through service-role-only functions. An unknown token gets the same
404 as a malformed one.
"""

import re
from datetime import UTC, datetime, timedelta

from fastapi import FastAPI, Request
from fastapi.responses import PlainTextResponse, Response
from icalendar import Calendar, Event

from edgekit.clients import service_client
from edgekit.env import function_env
from edgekit.responses import install_error_handler

TOKEN = re.compile(r"[0-9a-f]{48}")
NOT_FOUND = "Agenda não encontrada"
STATUS = {
    "solicitado": "TENTATIVE",
    "agendado": "CONFIRMED",
    "confirmado": "CONFIRMED",
    "realizado": "CONFIRMED",
    "cancelado": "CANCELLED",
}

app = FastAPI()
install_error_handler(app)


def _when(value: str) -> datetime:
    return datetime.fromisoformat(value).astimezone(UTC)


def build_calendar(owner: str, events: list[dict], host: str = "escritorio") -> bytes:
    """The RFC 5545 calendar of the rows calendar_feed_events() returns."""
    cal = Calendar()
    cal.add("prodid", "-//Escritorio de Imigracao//Agenda//PT-BR")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", f"Agenda — {owner}")
    for row in events:
        start = _when(row["starts_at"])
        event = Event()
        event.add("uid", f"{row['id']}@{host}")
        event.add("dtstamp", _when(row["updated_at"]))
        event.add("last-modified", _when(row["updated_at"]))
        event.add("dtstart", start)
        event.add("dtend", start + timedelta(minutes=int(row["duration_minutes"])))
        summary = row.get("title") or f"Atendimento: {row.get('client_name') or 'cliente'}"
        if row.get("title") and row.get("client_name"):
            summary = f"{row['title']} — {row['client_name']}"
        event.add("summary", summary)
        event.add("status", STATUS.get(row["status"], "CONFIRMED"))
        if row["kind"] == "online" and row.get("meeting_link"):
            event.add("location", row["meeting_link"])
            event.add("url", row["meeting_link"])
        elif row.get("location"):
            event.add("location", row["location"])
        description = [f"Tipo: {'Online' if row['kind'] == 'online' else 'Presencial'}"]
        if row.get("notes"):
            description.append(row["notes"])
        event.add("description", "\n".join(description))
        cal.add_component(event)
    return cal.to_ical()


async def _feed(request: Request, token: str) -> Response:
    if not TOKEN.fullmatch(token or ""):
        return PlainTextResponse(NOT_FOUND, status_code=404)
    admin = service_client(function_env(request))
    owner = (await admin.rpc("calendar_feed_owner", {"p_token": token}).execute()).data
    if not owner:
        return PlainTextResponse(NOT_FOUND, status_code=404)
    rows = (await admin.rpc("calendar_feed_events", {"p_token": token}).execute()).data or []
    body = build_calendar(owner, rows, request.url.hostname or "escritorio")
    return Response(
        body,
        media_type="text/calendar; charset=utf-8",
        headers={"Cache-Control": "private, max-age=300", "Content-Disposition": 'inline; filename="agenda.ics"'},
    )


@app.get("/")
async def feed_by_query(request: Request, token: str = ""):
    return await _feed(request, token)


@app.get("/{token}.ics")
async def feed_by_path(request: Request, token: str):
    return await _feed(request, token)
