"""The machine-readable zone of a passport (ICAO Doc 9303, TD3: two lines of 44 characters) read from OCR text.

OCR of the zone's OCR-B face confuses a few glyphs (O/0, I/1, S/5, B/8...) and miscounts the runs of '<' fillers;
each field is read at its fixed position with the glyphs its kind allows, and the check digits say whether the
number and the dates were read right. Proposals only: a person confirms them before anything is stored."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, replace
from datetime import date

LINE = 44
# what a glyph was most likely meant to be in a field of digits, and in a field of letters
AS_DIGIT = str.maketrans({"O": "0", "Q": "0", "D": "0", "I": "1", "L": "1", "Z": "2",
                          "S": "5", "B": "8", "G": "6"})
AS_LETTER = str.maketrans({"0": "O", "1": "I", "2": "Z", "5": "S", "8": "B", "6": "G"})
WEIGHTS = (7, 3, 1)
# the nationalities an office of Brazilian clients meets most, as the client record writes them
COUNTRIES = {"BRA": "Brasil", "USA": "Estados Unidos", "PRT": "Portugal", "ARG": "Argentina", "BOL": "Bolívia",
             "CHL": "Chile", "COL": "Colômbia", "ECU": "Equador", "PRY": "Paraguai", "PER": "Peru",
             "URY": "Uruguai", "VEN": "Venezuela", "MEX": "México", "GTM": "Guatemala", "HND": "Honduras",
             "SLV": "El Salvador", "HTI": "Haiti", "CUB": "Cuba", "DOM": "República Dominicana", "AGO": "Angola",
             "MOZ": "Moçambique", "CPV": "Cabo Verde", "ITA": "Itália", "ESP": "Espanha", "CAN": "Canadá"}
LOWER_PARTICLES = {"da", "das", "de", "do", "dos", "e"}
FILLER_MISREAD = re.compile(r"(?<=<)[KX](?=<)")
PROPOSED_CHECKS = ("passportNumber", "birthDate", "expiryDate")


def check_digit(field: str) -> str:
    """ICAO 9303 check digit: digits as themselves, A-Z as 10-35, '<' as 0, weighted 7-3-1, modulo 10."""
    total = 0
    for i, char in enumerate(field):
        value = int(char) if char.isdigit() else (ord(char) - 55 if "A" <= char <= "Z" else 0)
        total += value * WEIGHTS[i % 3]
    return str(total % 10)


@dataclass(frozen=True)
class PassportZone:
    document_type: str
    issuing_country: str
    surname: str
    given_names: str
    passport_number: str
    nationality: str
    birth_date: date | None
    sex: str | None
    expiry_date: date | None
    checks: dict[str, bool]

    def proposal(self) -> dict:
        return {
            "fullName": _name_case(f"{self.given_names} {self.surname}".strip()),
            "surname": _name_case(self.surname),
            "givenNames": _name_case(self.given_names),
            "birthDate": self.birth_date.isoformat() if self.birth_date else None,
            "nationalityCode": self.nationality,
            "nationality": COUNTRIES.get(self.nationality, self.nationality),
            "issuingCountry": self.issuing_country,
            "passportNumber": self.passport_number,
            "expiryDate": self.expiry_date.isoformat() if self.expiry_date else None,
            "sex": self.sex,
            "checks": self.checks,
            # what is proposed (number and dates) passed its check digits; the composite digit is often lost by
            # OCR at the line's end and is reported on its own
            "valid": all(ok for name, ok in self.checks.items() if name in PROPOSED_CHECKS),
        }


def _name_case(text: str) -> str:
    words = [w.capitalize() for w in text.lower().split()]
    return " ".join(w.lower() if i and w.lower() in LOWER_PARTICLES else w for i, w in enumerate(words))


def _clean(line: str) -> str:
    # OCR renders the filler as '«', 'K<' runs or spaces now and then; keep only what the zone can hold
    line = line.upper().replace("«", "<<").replace(" ", "")
    return re.sub(r"[^A-Z0-9<]", "", line)


def _date(text: str, *, future: bool, today: date) -> date | None:
    if not text.isdigit():
        return None
    yy, mm, dd = int(text[:2]), int(text[2:4]), int(text[4:6])
    if future:  # an expiry: this century
        century = 2000
    else:  # a birth: never in the future
        century = 2000 if 2000 + yy <= today.year else 1900
    try:
        return date(century + yy, mm, dd)
    except ValueError:
        return None


def _first_line(line: str) -> tuple[str, str, str, str] | None:
    """(document type, issuing country, surname, given names) of a TD3 first line."""
    if len(line) < 10 or line[0] != "P":
        return None
    line = (line + "<" * LINE)[:LINE]
    country = line[2:5].translate(AS_LETTER)
    names = line[5:]
    # OCR reads a filler between two fillers as K or X now and then: a one-letter name there is not a name
    while (cleaned := FILLER_MISREAD.sub("<", names)) != names:
        names = cleaned
    surname, _, given = names.rstrip("<").partition("<<")
    # the given names end where the fillers start (what OCR makes of the fillers after them is not a name)
    given = re.split(r"<{2,}", given.lstrip("<"))[0]
    # a name has no digits: what OCR read as one is the letter it looks like
    surname = surname.translate(AS_LETTER).replace("<", " ").strip()
    given = given.translate(AS_LETTER).replace("<", " ")
    return line[:2].replace("<", ""), country, surname, " ".join(given.split())


def _second_line(line: str, today: date) -> dict | None:
    if len(line) < 28:
        return None
    number = line[0:9]
    digits = line[9].translate(AS_DIGIT) + line[13:20].translate(AS_DIGIT) + line[21:28].translate(AS_DIGIT)
    number_check, birth, birth_check, expiry, expiry_check = digits[0], digits[1:7], digits[7], digits[8:14], digits[14]
    tail = line[28:]
    # the optional personal number has 14 places and its own check digit, then the composite check digit; OCR may
    # miscount the fillers in it, so it is measured from both ends
    final = tail[-1:].translate(AS_DIGIT) if len(tail) >= 2 else ""
    personal_check = tail[-2:-1].translate(AS_DIGIT) if len(tail) >= 2 else ""
    personal = (tail[:-2].rstrip("<") + "<" * 14)[:14]
    nationality = line[10:13].translate(AS_LETTER)
    sex = {"M": "M", "F": "F"}.get(line[20].translate(AS_LETTER))
    # a passport number is letters and digits; only its check digit tells a misread
    number_fixed = number if check_digit(number) == number_check else _best_number(number, number_check)
    composite = number_fixed + number_check + birth + birth_check + expiry + expiry_check + personal + personal_check
    checks = {
        "passportNumber": check_digit(number_fixed) == number_check,
        "birthDate": check_digit(birth) == birth_check,
        "expiryDate": check_digit(expiry) == expiry_check,
        "composite": check_digit(composite) == final,
    }
    if personal.strip("<"):
        checks["personalNumber"] = check_digit(personal) == personal_check
    return {
        "passport_number": number_fixed.rstrip("<"),
        "nationality": nationality,
        "birth_date": _date(birth, future=False, today=today),
        "sex": sex,
        "expiry_date": _date(expiry, future=True, today=today),
        "checks": checks,
    }


def _best_number(number: str, expected: str) -> str:
    """The passport number with the fewest glyph swaps (letter <-> digit) that satisfies its check digit."""
    swaps = {**{k: v for k, v in zip("OQDIZSBG", "00012586", strict=True)},
             **{k: v for k, v in zip("01258", "OIZSB", strict=True)}}
    for i, char in enumerate(number):
        if char in swaps:
            candidate = number[:i] + swaps[char] + number[i + 1:]
            if check_digit(candidate) == expected:
                return candidate
    return number


def read_zones(texts: list[str], today: date | None = None) -> PassportZone | None:
    """The zone read from several OCR passes of one page (each differently prepared): the second line from a pass
    whose check digits hold, the names as most passes read them (names have no check digit)."""
    zones = [z for z in (read_zone(text, today) for text in texts) if z]
    if not zones:
        return None
    valid = [z for z in zones if z.proposal()["valid"]]
    best = (valid or zones)[0]
    names = Counter((z.surname, z.given_names) for z in zones).most_common(1)[0][0]
    return replace(best, surname=names[0], given_names=names[1])


def read_zone(text: str, today: date | None = None) -> PassportZone | None:
    """The passport zone in OCR text, or None when the text has no TD3 zone."""
    today = today or date.today()
    lines = [_clean(raw) for raw in text.splitlines()]
    lines = [line for line in lines if len(line) >= 28]
    for i, line in enumerate(lines[:-1]):
        first = _first_line(line) if line.startswith("P") and "<" in line[:6] else None
        second = _second_line(lines[i + 1], today) if first else None
        if first and second:
            document_type, issuing, surname, given = first
            return PassportZone(document_type=document_type, issuing_country=issuing, surname=surname,
                                given_names=given, passport_number=second["passport_number"],
                                nationality=second["nationality"], birth_date=second["birth_date"],
                                sex=second["sex"], expiry_date=second["expiry_date"], checks=second["checks"])
    return None


def _folded(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word.upper()) if not unicodedata.combining(c))


def with_printed_spelling(zone: PassportZone, printed_text: str) -> PassportZone:
    """The names as the page prints them above the zone (accents included: the zone drops them), where a printed
    word is the zone's word; also where OCR glued a K or X taken from a filler to the zone's word."""
    printed = {}
    for word in re.findall(r"[^\W\d_]{2,}", printed_text.upper()):
        printed.setdefault(_folded(word), word)

    def spelled(names: str) -> str:
        out = []
        for word in names.split():
            if word in printed:
                out.append(printed[word])
            elif word[:1] in ("K", "X") and word[1:] in printed:
                out.append(printed[word[1:]])
            else:
                out.append(word)
        return " ".join(out)

    return replace(zone, surname=spelled(zone.surname), given_names=spelled(zone.given_names))
