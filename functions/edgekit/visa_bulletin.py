"""The State Department's monthly Visa Bulletin page -> its cut-off dates.

Reads the four preference charts of the page (family and employment, "Final Action Dates" and "Dates for
Filing"), whatever the layout of the month: the chart a table belongs to is the heading written before it,
its columns are the chargeability areas of its own header row (they differ between charts and years), and
the off-screen one-cell tables some pages carry are not charts. Cells are `DDMONYY` dates, `C` (current) or
`U` (unavailable). Only the standard library's HTML parser: the page is plain tables.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from html.parser import HTMLParser

CHARTS = ("final_action", "dates_for_filing")
MONTHS = {name: number for number, name in enumerate(
    ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"), start=1)}
MONTH_NAMES = {name: number for number, name in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"), start=1)}
MAX_PAGE_BYTES = 5 * 1024 * 1024


class BulletinError(ValueError):
    """The page is not a Visa Bulletin this parser can read (message in pt-BR, shown to the administrator)."""


@dataclass(frozen=True)
class Cutoff:
    chart: str             # 'final_action' | 'dates_for_filing'
    category: str          # 'F1', 'F2A', ..., 'EB1', 'EB3-OW', 'EB5', 'EB5-RURAL', ...
    chargeability: str     # 'ALL', 'CHINA', 'INDIA', 'MEXICO', 'PHILIPPINES', ...
    cutoff: str            # as printed: '01FEB16', 'C' or 'U'

    @property
    def cutoff_date(self) -> date | None:
        return cell_date(self.cutoff)

    def row(self, month: date) -> dict:
        return {"month": month.isoformat(), "chart": self.chart, "category": self.category,
                "chargeability": self.chargeability, "cutoff": self.cutoff,
                "cutoff_date": d.isoformat() if (d := self.cutoff_date) else None}


@dataclass(frozen=True)
class Bulletin:
    month: date
    cutoffs: tuple[Cutoff, ...]

    def value(self, chart: str, category: str, chargeability: str = "ALL") -> str | None:
        for c in self.cutoffs:
            if (c.chart, c.category, c.chargeability) == (chart, category, chargeability):
                return c.cutoff
        return None


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip()


def cell_date(value: str) -> date | None:
    """'01FEB16' -> 2016-02-01; 'C' and 'U' -> None. Two-digit years below 50 are 20xx (the charts reach back
    to the 1990s)."""
    m = re.fullmatch(r"(\d{2})([A-Z]{3})(\d{2})", value)
    if not m or m.group(2) not in MONTHS:
        return None
    year = int(m.group(3))
    return date(2000 + year if year < 50 else 1900 + year, MONTHS[m.group(2)], int(m.group(1)))


def _cutoff(text: str) -> str:
    value = _clean(text).upper().replace(" ", "")
    if value in ("C", "U") or cell_date(value):
        return value
    raise BulletinError(f"Célula do boletim não reconhecida: {_clean(text)!r}")


def _chargeability(header: str) -> str:
    h = _clean(header).upper()
    if "ALL CHARGEABILITY" in h:
        return "ALL"
    if h.startswith("CHINA"):
        return "CHINA"
    return re.sub(r"[^A-Z]+", "_", h).strip("_")


def _category(label: str, family: bool) -> str:
    text = _clean(label)
    if family:
        code = text.upper().replace(" ", "")
        if code in ("F1", "F2A", "F2B", "F3", "F4"):
            return code
        raise BulletinError(f"Categoria familiar não reconhecida: {text!r}")
    low = text.lower()
    if low.startswith("other workers"):
        return "EB3-OW"
    if low.startswith("certain religious"):
        return "EB4-RW"
    m = re.match(r"(\d)(st|nd|rd|th)\b", low)
    if not m:
        raise BulletinError(f"Categoria de emprego não reconhecida: {text!r}")
    base = f"EB{m.group(1)}"
    if base != "EB5":
        return base
    if "set aside" in low:
        for word, suffix in (("rural", "RURAL"), ("unemployment", "HIGH-UNEMPLOYMENT"),
                             ("infrastructure", "INFRASTRUCTURE")):
            if word in low:
                return f"EB5-{suffix}"
    if "non-regional" in low or "unreserved" in low:
        return "EB5"
    if "regional center" in low:
        return "EB5-RC"
    return "EB5"


class _Tables(HTMLParser):
    """Collects the page's title and every top-level table, each with the text written before it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title = ""
        self.heading = ""
        self.tables: list[tuple[str, list[list[str]]]] = []
        self._depth = 0
        self._rows: list[list[str]] = []
        self._cell: list[str] | None = None
        self._in_title = False
        self._before: list[str] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "title":
            self._in_title = True
        elif tag == "table":
            self._depth += 1
            if self._depth == 1:
                self._rows = []
        elif self._depth == 1 and tag == "tr":
            self._rows.append([])
        elif self._depth == 1 and tag in ("td", "th"):
            self._cell = []
        elif self._depth == 1 and tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag == "table" and self._depth:
            self._depth -= 1
            if self._depth == 0:
                self.tables.append((_clean(" ".join(self._before[-40:])), self._rows))
                self._before = []
        elif self._depth == 1 and tag in ("td", "th") and self._cell is not None:
            if self._rows:
                self._rows[-1].append(_clean("".join(self._cell)))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif self._depth == 0:
            if data.strip():
                self._before.append(data)
        elif self._cell is not None:
            self._cell.append(data)


def _bulletin_month(title: str) -> date:
    m = re.search(r"visa bulletin for (\w+) (\d{4})", _clean(title).lower())
    if not m or m.group(1) not in MONTH_NAMES:
        raise BulletinError("Página não reconhecida como Boletim de Vistos (título sem mês e ano)")
    return date(int(m.group(2)), MONTH_NAMES[m.group(1)], 1)


def _chart_of(before: str) -> str | None:
    text = before.upper()
    fa, dff = text.rfind("FINAL ACTION DATES FOR"), text.rfind("DATES FOR FILING")
    if fa < 0 and dff < 0:
        return None
    return "final_action" if fa > dff else "dates_for_filing"


def parse_bulletin(html: str) -> Bulletin:
    """All cut-offs of the page's family and employment charts, or BulletinError."""
    if len(html.encode("utf-8", "ignore")) > MAX_PAGE_BYTES:
        raise BulletinError("Arquivo grande demais para um Boletim de Vistos")
    reader = _Tables()
    reader.feed(html)
    reader.close()
    title = reader.title
    if "visa bulletin for" not in title.lower():
        h1 = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.I | re.S)
        title = re.sub(r"<[^>]+>", " ", h1.group(1)) if h1 else title
    month = _bulletin_month(title)
    cutoffs: list[Cutoff] = []
    seen: set[tuple[str, str]] = set()
    chart = None
    for before, rows in reader.tables:
        chart = _chart_of(before) or chart
        if not rows or not rows[0]:
            continue
        corner = rows[0][0].lower().replace(" ", "")
        family = corner.startswith("family")
        if not family and not corner.startswith("employment"):
            continue
        if chart is None:
            raise BulletinError("Tabela do boletim sem título (Final Action Dates / Dates for Filing)")
        kind = (chart, "family" if family else "employment")
        if kind in seen:
            raise BulletinError("Boletim com tabelas repetidas: página não reconhecida")
        seen.add(kind)
        areas = [_chargeability(h) for h in rows[0][1:]]
        for row in rows[1:]:
            if not row or not any(row):
                continue
            if len(row) != len(areas) + 1:
                raise BulletinError(f"Linha do boletim com {len(row) - 1} colunas, esperadas {len(areas)}")
            category = _category(row[0], family)
            cutoffs.extend(Cutoff(chart, category, area, _cutoff(cell))
                           for area, cell in zip(areas, row[1:], strict=True))
    missing = {(c, k) for c in CHARTS for k in ("family", "employment")} - seen
    if missing:
        names = {"final_action": "Final Action Dates", "dates_for_filing": "Dates for Filing",
                 "family": "família", "employment": "emprego"}
        raise BulletinError("Boletim incompleto: faltam tabelas de " + ", ".join(
            f"{names[c]} ({names[k]})" for c, k in sorted(missing)))
    return Bulletin(month=month, cutoffs=tuple(cutoffs))
