"""Edition providers. `demo`: offline, the editions known when the product was written (marked as demo).
`http`: the form's official page (https://www.uscis.gov/<form>), which prints "Edition Date mm/dd/yy"."""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Protocol

import httpx

from edgekit.env import FunctionEnv

OFFICIAL_BASE_URL = "https://www.uscis.gov"


@dataclass(frozen=True)
class Edition:
    number: str
    edition: date | None          # None: the source did not say
    source: str


class EditionError(Exception):
    pass


class EditionProvider(Protocol):
    async def edition(self, number: str) -> Edition: ...


# Editions of a third-party tracking file checked 2025-11-26 (N-400 and I-131 confirmed by two more).
_KNOWN = {"I-130": "2024-04-01", "I-485": "2025-01-20", "I-751": "2024-04-01", "N-400": "2025-01-20",
          "I-765": "2025-01-20", "I-131": "2025-01-20", "I-212": "2025-01-20", "I-601": "2025-01-20",
          "I-601A": "2025-01-20", "I-864": "2024-10-17", "I-90": "2025-01-20", "I-821D": "2025-01-20",
          "I-140": "2024-06-07", "I-129": "2025-01-20", "I-539": "2024-08-28"}


class DemoEditions:
    async def edition(self, number: str) -> Edition:
        known = _KNOWN.get(number.upper())
        return Edition(number, date.fromisoformat(known) if known else None, "demo")


_TAG = re.compile(r"<[^>]+>")
_EDITION = re.compile(r"Edition\s+Date[\s:]*([0-9]{1,2})/([0-9]{1,2})/([0-9]{2,4})", re.I)


def edition_in_page(html: str) -> date | None:
    """The first "Edition Date mm/dd/yy" of a form page (US order), tags removed first."""
    text = re.sub(r"\s+", " ", _TAG.sub(" ", html).replace("&nbsp;", " "))
    m = _EDITION.search(text)
    if not m:
        return None
    month, day, year = (int(g) for g in m.groups())
    try:
        return date(year + 2000 if year < 100 else year, month, day)
    except ValueError:
        return None


class HttpEditions:
    def __init__(self, client: httpx.AsyncClient, base_url: str = OFFICIAL_BASE_URL):
        self.client, self.base_url = client, base_url.rstrip("/")

    async def edition(self, number: str) -> Edition:
        url = f"{self.base_url}/{number.lower()}"
        try:
            answer = await self.client.get(url, follow_redirects=True, timeout=20)
        except httpx.HTTPError as exc:
            raise EditionError(f"{url}: {exc or type(exc).__name__}") from exc
        if answer.status_code != 200:
            raise EditionError(f"{url}: HTTP {answer.status_code}")
        found = edition_in_page(answer.text)
        if found is None:
            raise EditionError(f"{url}: a página não informa a data de edição")
        return Edition(number, found, "http")


def edition_provider(env: FunctionEnv, client: httpx.AsyncClient, choice: str | None = None) -> EditionProvider:
    choice = choice or env.provider("uscis_forms")
    if choice == "http":
        return HttpEditions(client, env.get("USCIS_FORMS_BASE_URL", OFFICIAL_BASE_URL))
    if choice == "demo":
        return DemoEditions()
    raise EditionError(f"Provedor de edições de formulários desconhecido: {choice}")
