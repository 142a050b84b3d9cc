"""Reading an uploaded USCIS notice (I-797): the function proposes receipt number, form and notice date from the
PDF's text, writes nothing, and answers staff only, through supabase-py as the app calls it. The notices are made
here (fpdf2), laid out like a real I-797C."""

from __future__ import annotations

import uuid

import pytest
from fpdf import FPDF
from supabase_functions.errors import FunctionsHttpError

ADMIN = "admin@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
MARIA = "maria.silva@cliente.test"
JOAO = "joao.souza@cliente.test"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
MARIA_USER = "10000000-0000-4000-8000-000000000005"


def i797_pdf(receipt: str, form: str, notice_date: str) -> bytes:
    pdf = FPDF(format="Letter")
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, "Department of Homeland Security", new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 8, "U.S. Citizenship and Immigration Services", new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 8, "I-797C, Notice of Action", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    for line in (f"Receipt Number: {receipt}", f"Case Type: {form} - Application to Register Permanent Residence",
                 "Received Date: 01/15/2026", f"Notice Date: {notice_date}", "Priority Date:",
                 "Applicant: A123456789 MARIA SILVA", "Payment Information: Total Amount Received: $1,440.00",
                 "The above application has been received. Please notify us immediately if any of the above "
                 "information is incorrect."):
        pdf.multi_cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def client_document(sign_in, content: bytes, name: str, content_type: str = "application/pdf") -> str:
    path = f"{MARIA_CLIENT}/{uuid.uuid4().hex}-{name}"
    maria = sign_in(MARIA)
    maria.storage.from_("client_documents").upload(path, content, {"content-type": content_type})
    return maria.table("client_documents").insert({
        "client_id": MARIA_CLIENT, "name": name, "file_path": path, "uploaded_by": "client",
        "uploader_id": MARIA_USER}).execute().data[0]["id"]


def read(sb, document_id: str) -> dict:
    return sb.functions.invoke("read-uscis-notice",
                               invoke_options={"body": {"documentId": document_id}, "responseType": "json"})


def test_an_i797_proposes_its_receipt_form_and_notice_date_and_writes_nothing(sign_in, documents_stack):
    document = client_document(sign_in, i797_pdf("IOE0923456789", "I-485", "02/03/2026"), "i797c.pdf")
    receipts_before = documents_stack.sql("select count(*) from public.uscis_receipts")
    answer = read(sign_in(SECRETARY), document)
    assert answer["proposal"] == {"receiptNumber": "IOE0923456789", "form": "I-485", "noticeDate": "2026-02-03"}
    assert documents_stack.sql("select count(*) from public.uscis_receipts") == receipts_before


def test_a_pdf_that_is_not_a_notice_proposes_nothing(sign_in):
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "", 12)
    pdf.cell(0, 8, "Extrato bancario EAC1234567890")
    document = client_document(sign_in, bytes(pdf.output()), "extrato.pdf")
    assert read(sign_in(ADMIN), document)["proposal"] is None


@pytest.mark.parametrize("email", [MARIA, JOAO])
def test_clients_get_nothing(sign_in, email):
    document = client_document(sign_in, i797_pdf("EAC2490123456", "I-130", "03/04/2026"), "i797.pdf")
    with pytest.raises(FunctionsHttpError) as refused:
        read(sign_in(email), document)
    assert refused.value.status == 404


def test_an_unknown_document_or_a_bad_body_is_refused(sign_in):
    for body, status in (({"documentId": str(uuid.uuid4())}, 404), ({"documentId": "1 or 1=1"}, 400), ({}, 400)):
        with pytest.raises(FunctionsHttpError) as refused:
            sign_in(ADMIN).functions.invoke("read-uscis-notice", invoke_options={"body": body})
        assert refused.value.status == status
