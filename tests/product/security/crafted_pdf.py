"""Crafted fillable PDFs written byte by byte (fast even with tens of thousands of fields): one page per
`pages`, `fields` text fields on the first page, and `padding` bytes of a comment stream."""
from __future__ import annotations


def crafted_pdf(fields: int, pages: int = 1, padding: int = 0) -> bytes:
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")                      # filled in below, once the other numbers are known
    page_tree = add(b"")
    page_ids = [add(b"") for _ in range(pages)]
    field_ids = [add(b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (Campo%d) /Rect [10 10 60 20] /P %d 0 R >>"
                     % (n, page_ids[0])) for n in range(fields)]
    if padding:
        add(b"<< /Length %d >>\nstream\n" % padding + b"%" * padding + b"\nendstream")
    refs = b" ".join(b"%d 0 R" % i for i in field_ids)
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R /AcroForm << /Fields [%s] >> >>" % (page_tree, refs)
    objects[page_tree - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % i for i in page_ids), pages)
    for n, page in enumerate(page_ids):
        annots = b" /Annots [%s]" % refs if n == 0 and fields else b""
        objects[page - 1] = b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792]%s >>" % (page_tree, annots)

    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    return bytes(out)
