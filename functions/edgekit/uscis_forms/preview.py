"""One page of a filled form as a PNG image, rendered by PDFium with the form's fields drawn (what a reviewer
sees in Acrobat, not what a browser's own PDF viewer makes of an XFA hybrid). Runs in the isolated worker."""
from __future__ import annotations

import io
from typing import TYPE_CHECKING

from edgekit.uscis_forms.pdf import InvalidPdf

if TYPE_CHECKING:
    from pypdfium2 import PdfDocument

MIN_WIDTH, MAX_WIDTH = 300, 1600


def page_count(data: bytes) -> int:
    document = _open(data)
    try:
        return len(document)
    finally:
        document.close()


def render_png(data: bytes, page: int, width: int) -> tuple[bytes, int]:
    """Page `page` (1-based) at `width` pixels wide; returns (PNG bytes, the document's page count)."""
    document = _open(data)
    try:
        count = len(document)
        if not 1 <= page <= count:
            raise InvalidPdf(f"Página {page} inexistente: o PDF tem {count} página(s)")
        document.init_forms()                       # draw the AcroForm fields' values on the page
        pdf_page = document[page - 1]
        scale = max(MIN_WIDTH, min(MAX_WIDTH, width)) / pdf_page.get_width()
        image = pdf_page.render(scale=scale, may_draw_forms=True).to_pil()
        out = io.BytesIO()
        image.convert("RGB").save(out, format="PNG", optimize=True)
        return out.getvalue(), count
    finally:
        document.close()


def _open(data: bytes) -> PdfDocument:
    # PDFium is loaded at the first page opened (in the isolated worker), not with the functions at every start
    # of the stack: a tenth of a second
    import pypdfium2 as pdfium

    try:
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError:
        raise InvalidPdf("O arquivo não é um PDF legível") from None
