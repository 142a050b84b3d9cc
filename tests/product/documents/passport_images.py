"""Passport data pages drawn here, with a real machine-readable zone (ICAO 9303 TD3, check digits computed), as a
phone photo or a scan would give them."""

from __future__ import annotations

import io
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = Path("/usr/share/fonts/truetype")
# the zone is printed in OCR-B, as on a real passport (Debian: fonts-ocr-b)
ZONE_FONT = Path("/usr/share/fonts/opentype/ocr-b/OCRB.otf")
TEXT_FONT = FONTS / "dejavu" / "DejaVuSans.ttf"


def check_digit(field: str) -> str:
    total = 0
    for i, char in enumerate(field):
        value = int(char) if char.isdigit() else (ord(char) - 55 if char.isalpha() else 0)
        total += value * (7, 3, 1)[i % 3]
    return str(total % 10)


def zone(surname: str, given: str, number: str, nationality: str, birth: str, sex: str, expiry: str,
         issuing: str = "BRA") -> tuple[str, str]:
    """The two 44-character lines (dates as YYMMDD)."""
    names = f"{surname.replace(' ', '<')}<<{given.replace(' ', '<')}"
    first = f"P<{issuing}{names}".ljust(44, "<")[:44]
    number = number.ljust(9, "<")
    personal = "<" * 14
    body = (number + check_digit(number) + nationality + birth + check_digit(birth) + sex + expiry
            + check_digit(expiry) + personal + "<")
    composite = body[0:10] + body[13:20] + body[21:43]
    return first, body + check_digit(composite)


def passport_page(lines: tuple[str, str], *, surname: str = "", given: str = "", photo: bool = False,
                  seed: int = 7) -> bytes:
    """A data page: the visual zone (labels, and the names as printed, accents included), a portrait block, the
    two zone lines at the bottom. As a photo: JPEG, a little noise and blur; else a clean PNG scan."""
    page = Image.new("L", (1250, 880), 236)
    draw = ImageDraw.Draw(page)
    text = ImageFont.truetype(str(TEXT_FONT), 26)
    value = ImageFont.truetype(str(TEXT_FONT), 30)
    draw.text((60, 40), "REPÚBLICA FEDERATIVA DO BRASIL · PASSAPORTE · PASSPORT", font=text, fill=40)
    draw.rectangle((60, 110, 330, 470), fill=190)
    draw.text((380, 110), "Sobrenome/Surname", font=text, fill=70)
    draw.text((380, 145), surname, font=value, fill=20)
    draw.text((380, 200), "Nome/Given names", font=text, fill=70)
    draw.text((380, 235), given, font=value, fill=20)
    for y, label in enumerate(("Nacionalidade/Nationality", "Data de nascimento/Date of birth",
                               "Validade/Date of expiry")):
        draw.text((380, 300 + y * 58), label, font=text, fill=70)
    zone_font = ImageFont.truetype(str(ZONE_FONT), 40)
    draw.text((40, 690), lines[0], font=zone_font, fill=15)
    draw.text((40, 770), lines[1], font=zone_font, fill=15)
    buffer = io.BytesIO()
    if photo:
        rng = random.Random(seed)
        noisy = page.point(lambda v: max(0, min(255, v + rng.randint(-18, 18))))
        noisy.filter(ImageFilter.GaussianBlur(0.8)).convert("RGB").save(buffer, format="JPEG", quality=80)
    else:
        page.save(buffer, format="PNG")
    return buffer.getvalue()


if __name__ == "__main__":  # a page for the browser journey: passport_images.py OUT SURNAME GIVEN NUMBER BIRTH EXPIRY
    import sys
    import unicodedata

    out, surname, given, number, birth, expiry = sys.argv[1:7]

    def plain(text: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))

    page_bytes = passport_page(zone(plain(surname), plain(given), number, "BRA", birth, "F", expiry),
                               surname=surname, given=given, photo=True)
    Path(out).write_bytes(page_bytes)
