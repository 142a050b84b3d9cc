"""Reading a passport's data page: `read-passport` proposes the client's name (accents from the printed page), date
of birth, nationality, passport number and expiry from a photo or scan, its check digits verified; writes nothing;
answers staff only. The pages are drawn here with a real machine-readable zone in OCR-B (passport_images)."""

from __future__ import annotations

import io
import sys
import unicodedata
import uuid
from datetime import date
from pathlib import Path

import pytest
from passport_images import check_digit, passport_page, zone
from PIL import Image
from supabase_functions.errors import FunctionsHttpError

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "functions" / "read-passport"))
from mrz import read_zone, read_zones, with_printed_spelling  # noqa: E402

ADMIN = "admin@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
MARIA = "maria.silva@cliente.test"
JOAO = "joao.souza@cliente.test"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
MARIA_USER = "10000000-0000-4000-8000-000000000005"

# name as printed, zone name, number, nationality, birth, sex, expiry -> what is proposed
PASSPORTS = [
    ("SILVA", "MARIA APARECIDA", "FZ123456", "BRA", "850314", "F", "300722",
     {"fullName": "Maria Aparecida Silva", "birthDate": "1985-03-14", "expiryDate": "2030-07-22",
      "passportNumber": "FZ123456", "nationality": "Brasil", "sex": "F"}),
    ("CONCEIÇÃO", "BEATRIZ", "KZ5558810", "PRT", "920616", "F", "310101",
     {"fullName": "Beatriz Conceição", "birthDate": "1992-06-16", "expiryDate": "2031-01-01",
      "passportNumber": "KZ5558810", "nationality": "Portugal", "sex": "F"}),
    ("DOS SANTOS OLIVEIRA", "ANA LUÍZA", "GD4411025", "BRA", "011231", "F", "341109",
     {"fullName": "Ana Luíza dos Santos Oliveira", "birthDate": "2001-12-31", "expiryDate": "2034-11-09",
      "passportNumber": "GD4411025", "nationality": "Brasil", "sex": "F"}),
]


def folded(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def client_document(sign_in, content: bytes, name: str, content_type: str) -> str:
    path = f"{MARIA_CLIENT}/{uuid.uuid4().hex}-{name}"
    maria = sign_in(MARIA)
    maria.storage.from_("client_documents").upload(path, content, {"content-type": content_type})
    return maria.table("client_documents").insert({
        "client_id": MARIA_CLIENT, "name": name, "file_path": path, "uploaded_by": "client",
        "uploader_id": MARIA_USER}).execute().data[0]["id"]


def read(sb, document_id: str) -> dict:
    return sb.functions.invoke("read-passport",
                               invoke_options={"body": {"documentId": document_id}, "responseType": "json"})


# --- the zone, without OCR ------------------------------------------------------------------------------------------

def test_the_icao_specimen_reads_with_every_check_digit():
    zone_text = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10"
    proposal = read_zone(zone_text, today=date(2026, 11, 27)).proposal()
    assert proposal["fullName"] == "Anna Maria Eriksson" and proposal["passportNumber"] == "L898902C3"
    assert proposal["birthDate"] == "1974-08-12" and proposal["expiryDate"] == "2012-04-15"
    assert all(proposal["checks"].values()) and proposal["valid"]


def test_ocr_confusions_are_mended_and_a_wrong_digit_is_caught():
    first, second = zone("SOUZA", "JOAO PEDRO", "YB0987654", "BRA", "790101", "M", "290515")
    # O for 0 in the dates, fillers miscounted, a K read in the fillers
    misread = second[:13] + "79O1O1" + second[19:28] + "<<<<<<K<<" + second[-2:]
    proposal = read_zone(f"{first[:30]}K<<<\n{misread}", today=date(2026, 11, 27)).proposal()
    assert proposal["birthDate"] == "1979-01-01" and proposal["valid"]
    assert proposal["fullName"] == "Joao Pedro Souza"
    wrong = second[:13] + "790102" + second[19:]  # a day misread as another digit: its check digit says so
    proposal = read_zone(f"{first}\n{wrong}", today=date(2026, 11, 27)).proposal()
    assert proposal["checks"]["birthDate"] is False and proposal["valid"] is False
    assert check_digit("790101") == second[19]


def test_names_take_the_printed_spelling():
    first, second = zone("CONCEICAO", "JOAO", "AB1234567", "BRA", "800101", "M", "300101")
    voted = read_zones([f"{first}\n{second}", f"{first.replace('<<JOAO', '<<KJOAO')}\n{second}"])
    spelled = with_printed_spelling(voted, "Sobrenome\nCONCEIÇÃO\nNome\nJOÃO\n")
    assert spelled.proposal()["fullName"] == "João Conceição"
    assert read_zones(["nada aqui", "P<BRA"]) is None


# --- through the function, as the app calls it ---------------------------------------------------------------------

@pytest.mark.parametrize("printed_surname, printed_given, number, nationality, birth, sex, expiry, expected",
                         PASSPORTS, ids=[p[0] for p in PASSPORTS])
@pytest.mark.parametrize("photo", [False, True], ids=["scan", "photo"])
def test_a_passport_page_is_read(sign_in, documents_stack, printed_surname, printed_given, number, nationality,
                                 birth, sex, expiry, expected, photo):
    lines = zone(folded(printed_surname), folded(printed_given), number, nationality, birth, sex, expiry)
    image = passport_page(lines, surname=printed_surname, given=printed_given, photo=photo)
    document = client_document(sign_in, image, "passaporte.jpg" if photo else "passaporte.png",
                               "image/jpeg" if photo else "image/png")
    before = documents_stack.sql("select full_name, passport_number, passport_expires_on from public.clients "
                                 "where id = %s", (MARIA_CLIENT,))
    answer = read(sign_in(SECRETARY), document)
    proposal = answer["proposal"]
    assert answer["clientId"] == MARIA_CLIENT
    assert proposal["valid"] is True, proposal["checks"]
    for key in ("birthDate", "expiryDate", "passportNumber", "nationality", "sex"):
        assert proposal[key] == expected[key], key
    assert folded(proposal["fullName"]) == folded(expected["fullName"])
    # nothing is written: staff confirm the proposal on screen
    assert documents_stack.sql("select full_name, passport_number, passport_expires_on from public.clients "
                               "where id = %s", (MARIA_CLIENT,)) == before


def test_accents_come_from_the_printed_page(sign_in):
    surname, given, number, nationality, birth, sex, expiry, _ = PASSPORTS[1]
    image = passport_page(zone(folded(surname), given, number, nationality, birth, sex, expiry),
                          surname=surname, given=given)
    assert read(sign_in(ADMIN), client_document(sign_in, image, "p.png", "image/png"))["proposal"]["fullName"] \
        == "Beatriz Conceição"


def test_an_image_without_a_zone_proposes_nothing(sign_in):
    buffer = io.BytesIO()
    Image.new("RGB", (800, 600), "white").save(buffer, format="PNG")
    document = client_document(sign_in, buffer.getvalue(), "foto.png", "image/png")
    assert read(sign_in(ADMIN), document)["proposal"] is None


def test_crafted_files_are_refused(sign_in):
    not_an_image = client_document(sign_in, b"%PDF-1.4 nada", "scan.pdf", "application/pdf")
    with pytest.raises(FunctionsHttpError) as refused:
        read(sign_in(ADMIN), not_an_image)
    assert refused.value.status == 422
    # a PNG that declares 100,000 x 100,000 pixels: refused before it is decoded
    header = bytearray(io.BytesIO().getvalue())
    buffer = io.BytesIO()
    Image.new("L", (1, 1)).save(buffer, format="PNG")
    header = bytearray(buffer.getvalue())
    header[16:24] = (100_000).to_bytes(4, "big") * 2  # IHDR width and height (the CRC no longer matches)
    bomb = client_document(sign_in, bytes(header), "bomba.png", "image/png")
    with pytest.raises(FunctionsHttpError) as refused:
        read(sign_in(ADMIN), bomb)
    assert refused.value.status in (400, 422)


@pytest.mark.parametrize("email", [MARIA, JOAO])
def test_clients_get_nothing(sign_in, email):
    buffer = io.BytesIO()
    Image.new("RGB", (10, 10), "white").save(buffer, format="PNG")
    document = client_document(sign_in, buffer.getvalue(), "p.png", "image/png")
    with pytest.raises(FunctionsHttpError) as refused:
        read(sign_in(email), document)
    assert refused.value.status == 404


def test_an_unknown_document_or_a_bad_body_is_refused(sign_in):
    for body, status in (({"documentId": str(uuid.uuid4())}, 404), ({"documentId": "1 or 1=1"}, 400), ({}, 400)):
        with pytest.raises(FunctionsHttpError) as refused:
            sign_in(ADMIN).functions.invoke("read-passport", invoke_options={"body": body})
        assert refused.value.status == status
