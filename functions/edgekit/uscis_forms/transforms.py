"""Transforms of a mapped value into what a USCIS form field expects (dates, names, numbers, boxes)."""
from __future__ import annotations

import re
from datetime import date, datetime

TRANSFORMS = ("text", "upper", "date_mdy", "name_first", "name_middle", "name_last", "checkbox",
              "phone_us", "ssn", "a_number", "receipt", "digits", "street", "unit_number", "unit_is", "country_en",
              "count", "place_city", "place_country")
# "Rua, número e complemento" as the client writes it: "100 Example St, Apt 1", "200 Main St Suite 300"
_UNIT = re.compile(r"(?:^|,\s*|\s+)(apt\.?|apartment|ap\.?|apto\.?|unit|ste\.?|suite|sala|fl\.?|floor|andar|#)\s*"
                   r"([\w-]+)\s*$", re.IGNORECASE)
_UNIT_TYPES = {"apt": "APT", "apartment": "APT", "ap": "APT", "apto": "APT", "unit": "APT", "#": "APT",
               "ste": "STE", "suite": "STE", "sala": "STE", "fl": "FLR", "floor": "FLR", "andar": "FLR"}
# countries as Brazilian clients write them -> as the forms ask for them (others are written as given)
_COUNTRIES = {"brasil": "Brazil", "estados unidos": "United States", "eua": "United States",
              "estados unidos da america": "United States", "estados unidos da américa": "United States",
              "portugal": "Portugal", "mexico": "Mexico", "méxico": "Mexico", "colombia": "Colombia",
              "colômbia": "Colombia", "argentina": "Argentina", "paraguai": "Paraguay", "uruguai": "Uruguay",
              "bolivia": "Bolivia", "bolívia": "Bolivia", "peru": "Peru", "chile": "Chile",
              "venezuela": "Venezuela", "equador": "Ecuador", "haiti": "Haiti", "canada": "Canada",
              "canadá": "Canada", "espanha": "Spain", "italia": "Italy", "itália": "Italy", "franca": "France",
              "frança": "France", "alemanha": "Germany", "inglaterra": "United Kingdom",
              "reino unido": "United Kingdom", "japao": "Japan", "japão": "Japan", "china": "China",
              "angola": "Angola", "mocambique": "Mozambique", "moçambique": "Mozambique", "cabo verde": "Cape Verde"}
_FALSE = {"", "false", "0", "nao", "não", "no", "n", "off", "none", "null"}


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return ""
    return str(value).strip()


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def _date_mdy(text: str) -> str:
    for pattern in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return datetime.strptime(text[:10], pattern).strftime("%m/%d/%Y")
        except ValueError:
            continue
    return ""


def _name_parts(text: str) -> tuple[str, str, str]:
    """First, middle and last name. Brazilian names carry several surnames: the last word is the family
    name the forms ask for, the words between the first and the last are the middle name."""
    words = text.split()
    if not words:
        return "", "", ""
    if len(words) == 1:
        return words[0], "", ""
    return words[0], " ".join(words[1:-1]), words[-1]


def _phone_us(text: str) -> str:
    digits = _digits(text)
    if len(digits) == 11 and digits.startswith("1"):
        digits = digits[1:]
    if len(digits) == 10:
        return f"({digits[:3]}) {digits[3:6]}-{digits[6:]}"
    return text   # a foreign number is written as given


def _ssn(text: str) -> str:
    digits = _digits(text)
    return f"{digits[:3]}-{digits[3:5]}-{digits[5:]}" if len(digits) == 9 else ""


def _a_number(text: str) -> str:
    """The 9 digits the forms' A-Number boxes take (8-digit numbers get a leading zero)."""
    digits = _digits(text)
    return digits.zfill(9) if 8 <= len(digits) <= 9 else ""


def _receipt(text: str) -> str:
    compact = re.sub(r"[\s-]", "", text).upper()
    return compact if re.fullmatch(r"[A-Z]{3}\d{10}", compact) else ""


def _unit(text: str) -> tuple[str, str, str]:
    """Street, unit type (APT, STE, FLR or '') and unit number of an address line."""
    found = _UNIT.search(text)
    if not found:
        return text.strip(" ,"), "", ""
    kind = _UNIT_TYPES.get(found.group(1).rstrip(".").casefold(), "APT")
    return text[:found.start()].strip(" ,"), kind, found.group(2)


def _checked(text: str, arg: str | None) -> bool:
    if arg:
        return text.casefold() == arg.strip().casefold()
    return text.casefold() not in _FALSE


def apply(transform: str, value, arg: str | None = None) -> str | bool:
    """The field value ('' when there is nothing to write); `checkbox` answers True or False."""
    if isinstance(value, (date, datetime)):
        value = value.isoformat()
    if transform == "count":
        return str(len(value)) if isinstance(value, list) and value else ""
    text = _text(value)
    if transform == "checkbox":
        return _checked(text, arg)
    if transform == "unit_is":
        return bool(text) and _unit(text)[1] == (arg or "").strip().upper()
    if not text:
        return ""
    if transform == "upper":
        return text.upper()
    if transform == "date_mdy":
        return _date_mdy(text)
    if transform in ("name_first", "name_middle", "name_last"):
        first, middle, last = _name_parts(text)
        return {"name_first": first, "name_middle": middle, "name_last": last}[transform]
    if transform == "phone_us":
        return _phone_us(text)
    if transform == "ssn":
        return _ssn(text)
    if transform == "a_number":
        return _a_number(text)
    if transform == "receipt":
        return _receipt(text)
    if transform == "digits":
        return _digits(text)
    if transform == "street":
        return _unit(text)[0]
    if transform == "unit_number":
        return _unit(text)[2]
    if transform in ("place_city", "place_country"):
        # "Belo Horizonte, Brasil" (a place as one answer): the city, then the country after the last comma
        city, _, country = text.rpartition(",")
        if not city:
            return text if transform == "place_city" else ""
        return city.strip() if transform == "place_city" else _COUNTRIES.get(country.strip().casefold(),
                                                                                 country.strip())
    if transform == "country_en":
        return _COUNTRIES.get(text.casefold(), text)
    return text
