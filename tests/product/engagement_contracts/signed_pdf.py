"""Checks a signed contract PDF with pyHanko's validator: every signature intact, valid and made by one certificate.

Used by the tests and, as a script, by the browser journey: `python signed_pdf.py FILE.pdf` prints a JSON report
({signatures: [{field, intact, valid, trusted, signer_sha256}], text}) and exits 1 when any signature fails.
"""

from __future__ import annotations

import io
import json
import sys

from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko_certvalidator import ValidationContext
from pypdf import PdfReader


def report(pdf: bytes, office_sha256: str | None = None) -> dict:
    """The signatures of `pdf`, validated against the certificate that signed them (the office's self-signed one,
    or `office_sha256` when given: then a signature by any other certificate is untrusted)."""
    reader = PdfFileReader(io.BytesIO(pdf), strict=False)
    signatures = []
    for embedded in reader.embedded_signatures:
        cert = embedded.signer_cert
        expected = office_sha256 or cert.sha256.hex()
        context = ValidationContext(trust_roots=[cert] if cert.sha256.hex() == expected else [], allow_fetching=False)
        status = validate_pdf_signature(embedded, context)
        signatures.append({
            "field": embedded.field_name,
            "intact": status.intact,
            "valid": status.valid,
            "trusted": status.trusted,
            "signer_sha256": cert.sha256.hex(),
            "subfilter": str(embedded.sig_object.get("/SubFilter")),
            "coverage": status.coverage.name if status.coverage else None,
        })
    text = "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages)
    return {"signatures": signatures, "text": text}


def main() -> int:
    with open(sys.argv[1], "rb") as handle:
        result = report(handle.read(), sys.argv[2] if len(sys.argv) > 2 else None)
    print(json.dumps(result, ensure_ascii=False))
    ok = bool(result["signatures"]) and all(s["intact"] and s["valid"] and s["trusted"] for s in result["signatures"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
