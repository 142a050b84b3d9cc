"""The finance PDFs carry the office's address, phone, e-mail and website kept in office_settings, on top of
every page and at its foot; the `office_profile` system setting fills only what the settings leave empty."""

from __future__ import annotations

import importlib.util
import io
import json
import sys

import httpx
from finance_actors import ASSISTANT, JOAO, JOAO_CONTRACT, MARIA, MARIA_SENT_QUOTE
from pypdf import PdfReader

from edgekit.office import address_line
from harness import access_token
from supastack.core.config import REPO_ROOT

_spec = importlib.util.spec_from_file_location("finance_pdf", REPO_ROOT / "functions/finance-documents/finance_pdf.py")
finance_pdf = importlib.util.module_from_spec(_spec)
sys.modules["finance_pdf"] = finance_pdf
_spec.loader.exec_module(finance_pdf)

# seed.sql, section "office profile"
SEEDED_ADDRESS = "100 Federal Street, Suite 1200, Boston, MA 02110"
PROFILE_COLUMNS = "office_street, office_suite, office_city, office_state, office_zip, office_phone, office_email"


def pages_of(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def document(stack, actor, kind: str, row_id: str) -> list[str]:
    token = access_token(stack, actor.user_id, email=actor.email)
    answer = httpx.post(
        f"{stack.url}/functions/v1/finance-documents",
        json={"kind": kind, "id": row_id},
        timeout=30,
        headers={"apikey": stack.anon_key, "Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 200, answer.text
    return pages_of(answer.content)


def test_the_address_is_one_letterhead_line():
    assert address_line("100 Federal Street", "Suite 1200", "Boston", "MA", "02110") == SEEDED_ADDRESS
    assert address_line("1 Main St", None, "Newark", "NJ", None) == "1 Main St, Newark, NJ"
    assert address_line() is None


def test_every_page_has_the_contacts_in_its_header_and_footer():
    office = finance_pdf.Office(
        name="Duarte Ramos Imigração",
        address="1 Main St, Newark, NJ 07102",
        phone="+1 (973) 555-0100",
        email="contato@duarte.test",
        website="https://duarte.test",
    )
    items = [
        {
            "description": f"Serviço {n}",
            "quantity": "1",
            "unit_price": "10.00",
            "discount_amount": "0",
            "amount": "10.00",
        }
        for n in range(60)
    ]
    quote = {
        "quote_number": "OR-2025-0100",
        "title": "Muitos itens",
        "status": "draft",
        "currency": "USD",
        "total_amount": "600.00",
    }
    pages = pages_of(finance_pdf.quote_pdf(office, quote, items, {"full_name": "Maria Silva"}))
    assert len(pages) >= 2
    for text in pages:
        for expected in (
            "1 Main St, Newark, NJ 07102",
            "Tel.: +1 (973) 555-0100",
            "E-mail: contato@duarte.test",
            "https://duarte.test",
        ):
            assert expected in text, expected
        # the foot of the page: office, address and phone on one line
        assert "Duarte Ramos Imigração - 1 Main St, Newark, NJ 07102 - +1 (973) 555-0100" in text


def test_a_client_copy_carries_the_stored_contacts(stack):
    for actor, kind, row_id in (
        (ASSISTANT, "quote", MARIA_SENT_QUOTE),
        (MARIA, "quote", MARIA_SENT_QUOTE),
        (JOAO, "contract", JOAO_CONTRACT),
    ):
        text = "\n".join(document(stack, actor, kind, row_id))
        for expected in (
            SEEDED_ADDRESS,
            "Tel.: +1 (617) 555-0100",
            "E-mail: contato@escritorio.test",
            "https://escritorio.test",
        ):
            assert expected in text, (actor.name, expected)


def test_the_fallback_setting_fills_only_what_the_settings_leave_empty(stack):
    (before,) = stack.sql(f"select row_to_json(s) from (select {PROFILE_COLUMNS} from office_settings) s")[0]
    stack.sql(
        "insert into system_settings (key, value) values ('office_profile', %s::jsonb)",
        (
            json.dumps(
                {"address": "9 Old Road, Salem, MA", "phone": "+1 (978) 555-0199", "email": "antigo@escritorio.test"}
            ),
        ),
    )
    try:
        text = "\n".join(document(stack, ASSISTANT, "quote", MARIA_SENT_QUOTE))
        assert SEEDED_ADDRESS in text and "contato@escritorio.test" in text
        assert "9 Old Road" not in text and "antigo@escritorio.test" not in text
        stack.sql(
            "update office_settings set office_street = null, office_suite = null, office_city = null, "
            "office_state = null, office_zip = null, office_phone = null"
        )
        text = "\n".join(document(stack, ASSISTANT, "quote", MARIA_SENT_QUOTE))
        assert "9 Old Road, Salem, MA" in text and "Tel.: +1 (978) 555-0199" in text
        assert "Federal Street" not in text
        assert "E-mail: contato@escritorio.test" in text  # still stored: the setting does not replace it
    finally:
        stack.sql("delete from system_settings where key = 'office_profile'")
        stack.sql(
            "update office_settings s set ("
            + PROFILE_COLUMNS
            + ") = (select "
            + PROFILE_COLUMNS
            + " from json_populate_record(null::office_settings, %s::json))",
            (json.dumps(before),),
        )
