"""Offline demonstration provider: a realistic status per receipt, always the same for the same number."""
from __future__ import annotations

import hashlib

from edgekit.uscis.provider import CaseStatus

# (title, description) along a typical family-based case; {r} is the receipt number, {f} the form.
_SEQUENCE = [
    ("Case Was Received",
     "We received your Form {f}, Receipt Number {r}, and sent you the receipt notice."),
    ("Fingerprint Fee Was Received",
     "We received your fingerprint fee for your Form {f}, Receipt Number {r}."),
    ("Case Was Transferred And A New Office Has Jurisdiction",
     "We transferred your Form {f}, Receipt Number {r}, to another office for faster processing."),
    ("Case Is Being Actively Reviewed By USCIS",
     "Your Form {f}, Receipt Number {r}, is being actively reviewed by USCIS."),
    ("Request for Additional Evidence Was Sent",
     "We sent a request for evidence for your Form {f}, Receipt Number {r}. Please follow the instructions."),
    ("Response To USCIS' Request For Evidence Was Received",
     "We received your response to our request for evidence for your Form {f}, Receipt Number {r}."),
    ("Interview Was Scheduled",
     "We scheduled an interview for your Form {f}, Receipt Number {r}. We mailed you an interview notice."),
    ("Case Was Approved",
     "We approved your Form {f}, Receipt Number {r}. We sent you an approval notice."),
    ("New Card Is Being Produced",
     "We ordered your new card for Receipt Number {r}, and will mail it to the address you gave us."),
    ("Card Was Mailed To Me",
     "We mailed your new card for Receipt Number {r} to the address you gave us."),
]
_FORMS = ["I-130", "I-485", "I-765", "I-131", "N-400", "I-751", "I-589"]


class DemoStatusProvider:
    name = "demo"

    async def case_status(self, receipt_number: str) -> CaseStatus:
        digest = hashlib.sha256(receipt_number.encode()).digest()
        title, description = _SEQUENCE[digest[0] % len(_SEQUENCE)]
        form = _FORMS[digest[1] % len(_FORMS)]
        return CaseStatus(receipt_number=receipt_number, title=title,
                          description=description.format(r=receipt_number, f=form), form_type=form, demo=True)
