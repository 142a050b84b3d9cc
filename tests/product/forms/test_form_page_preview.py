"""preview-uscis-form: staff review a filled form's pages as images before sharing it. The page is drawn by
PDFium with the form's values; the document and its file are read under the caller's RLS."""
from __future__ import annotations

import base64
import io
import uuid

import pytest
from pdf_builder import DEMO_FIELDS, fillable_pdf
from PIL import Image, ImageChops

from conftest import MARIA_CLIENT
from edgekit.uscis_forms.pdf import fill

ASSISTANT = "assistente@escritorio.test"
MARIA = "maria.silva@cliente.test"


@pytest.fixture(scope="module")
def documents(api, forms_stack):
    """Three office documents of Maria, not shared: the blank form, the same form filled, and a PNG."""
    blank = fillable_pdf(DEMO_FIELDS)
    files = {"blank": blank, "filled": fill(blank, {"Pt2Line4a_FamilyName": "SILVA",
                                                    "Pt2Line4b_GivenName": "MARIA APARECIDA"}),
             "image": b"\x89PNG\r\n\x1a\n" + b"\x00" * 64}
    ids = {}
    for kind, data in files.items():
        path = f"{MARIA_CLIENT}/formularios/preview-{kind}-{uuid.uuid4().hex[:8]}.pdf"
        assert api[ASSISTANT].upload("client_documents", path, data).status_code == 200
        row = api[ASSISTANT].rest("POST", "client_documents", headers={"Prefer": "return=representation"}, json={
            "client_id": MARIA_CLIENT, "name": f"Prévia {kind}", "file_path": path, "uploaded_by": "office",
            "shared_with_client": False})
        assert row.status_code == 201, row.text
        ids[kind] = row.json()[0]["id"]
    yield ids
    forms_stack.sql("delete from client_documents where id = any(%s::uuid[])", (list(ids.values()),))
    forms_stack.sql("delete from storage.objects where bucket_id = 'client_documents' and name like %s",
                    (f"{MARIA_CLIENT}/formularios/preview-%",))


def preview(api, who, body):
    return api[who].function("preview-uscis-form", body)


def image_of(answer) -> Image.Image:
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "private, no-store"
    image = Image.open(io.BytesIO(base64.b64decode(answer.json()["png"])))
    assert image.format == "PNG"
    return image.convert("RGB")


def test_staff_see_each_page_with_the_values_filled_in(api, documents):
    filled = preview(api, ASSISTANT, {"documentId": documents["filled"], "page": 1, "width": 600})
    blank = preview(api, ASSISTANT, {"documentId": documents["blank"], "width": 600})
    assert filled.json()["pageCount"] == 1 and filled.json()["page"] == 1
    assert image_of(filled).width == 600 and image_of(blank).width == 600
    # the values are drawn on the page: the filled page differs from the blank one, and not by nothing
    difference = ImageChops.difference(image_of(filled), image_of(blank)).getbbox()
    assert difference is not None
    assert image_of(filled).getextrema() != ((255, 255), (255, 255), (255, 255))


def test_bad_pages_widths_and_files_are_refused_in_portuguese(api, documents):
    beyond = preview(api, ASSISTANT, {"documentId": documents["filled"], "page": 2})
    assert beyond.status_code == 400 and "Página 2 inexistente" in beyond.text
    for bad in ({"documentId": documents["filled"], "page": "um"}, {"documentId": documents["filled"], "width": -5},
                {"documentId": "nao-e-um-id"}):
        assert preview(api, ASSISTANT, bad).status_code == 400, bad
    not_pdf = preview(api, ASSISTANT, {"documentId": documents["image"]})
    assert not_pdf.status_code == 400 and "PDF" in not_pdf.text
    # widths are held between 300 and 1600 pixels
    assert image_of(preview(api, ASSISTANT, {"documentId": documents["filled"], "width": 5000})).width == 1600


def test_clients_and_strangers_cannot_preview(api, documents):
    assert preview(api, MARIA, {"documentId": documents["filled"]}).status_code == 403
    assert preview(api, None, {"documentId": documents["filled"]}).status_code == 401
    assert preview(api, ASSISTANT, {"documentId": str(uuid.uuid4())}).status_code == 404
