"""USCIS titles (English/Spanish) map to the office's pt-BR categories; the demo provider is stable."""
import pytest

from edgekit.uscis import statuses
from edgekit.uscis.demo import DemoStatusProvider


@pytest.mark.parametrize("title, code", [
    ("Case Was Received", "received"),
    ("Caso Fue Recibido", "received"),
    ("Fingerprint Fee Was Received", "biometrics"),
    ("Request for Additional Evidence Was Sent", "rfe"),
    ("Response To USCIS' Request For Evidence Was Received", "response_received"),
    ("Notice Of Intent To Deny Was Sent", "noid"),
    ("Interview Was Scheduled", "interview"),
    ("Case Was Approved", "approved"),
    ("Case Approval Was Affirmed", "approved"),
    ("Aprobación De Caso Reafirmada", "approved"),
    ("New Card Is Being Produced", "card_produced"),
    ("Card Was Mailed To Me", "card_mailed"),
    ("Card Was Delivered To Me By The Post Office", "card_delivered"),
    ("Case Was Denied", "denied"),
    ("Case Was Transferred And A New Office Has Jurisdiction", "transferred"),
    ("Case Is Being Actively Reviewed By USCIS", "processing"),
    ("Something Nobody Has Seen", "other"),
])
def test_titles_map_to_categories(title, code):
    assert statuses.categorize(title).code == code


def test_next_action_date_follows_the_category():
    from datetime import date
    today = date(2026, 1, 10)
    assert statuses.next_action_date(statuses.RFE, today) == "2026-01-24"
    assert statuses.next_action_date(statuses.DENIED, today) is None


def test_descriptions_lose_their_html():
    assert statuses.plain_text('See <a href="https://x">this  page</a>.') == "See this page."


async def test_demo_provider_is_deterministic_and_says_so():
    provider = DemoStatusProvider()
    first = await provider.case_status("EAC9999103403")
    again = await provider.case_status("EAC9999103403")
    assert first == again
    assert first.details.startswith("Demonstração:")
    assert first.status.startswith(first.category.label)
    titles = {(await provider.case_status(f"EAC99991034{i:02d}")).title for i in range(40)}
    assert len(titles) >= 5            # a spread of realistic statuses, not one constant
