"""The office's contact details and responsible attorney on office_settings: who reads and writes them, the
format checks (state codes, ZIP, e-mail, phone) and office_contact() for clients, in PostgreSQL and via REST."""

from __future__ import annotations

import httpx
import psycopg
import pytest
from sql_scope import acting_as, rolled_back, rows

ADMIN = "10000000-0000-4000-8000-000000000001"
SECRETARY = "10000000-0000-4000-8000-000000000004"
MARIA_USER = "10000000-0000-4000-8000-000000000005"



@pytest.fixture
def db(stack):
    """A connection whose every change is rolled back at the end of the test."""
    with rolled_back(stack.db_url) as conn:
        yield conn





def test_the_seed_fills_the_profile(db):
    assert rows(
        db, "select office_city, office_state, office_zip, attorney_bar_state, attorney_eoir_id from office_settings"
    ) == [("Boston", "MA", "02110", "MA", "QX123456")]


def test_only_administrators_change_it_and_staff_read_the_attorney(db):
    with acting_as(db, SECRETARY):
        assert rows(db, "select attorney_name, attorney_bar_number from office_settings") == [
            ("Helena Duarte Ramos", "681234")
        ]
        assert rows(db, "update office_settings set office_city = 'Newark' returning id") == []
    with acting_as(db, ADMIN):
        assert rows(
            db,
            "update office_settings set office_city = 'Newark', attorney_bar_number = '12345' "
            "returning office_city, attorney_bar_number",
        ) == [("Newark", "12345")]


def test_clients_get_the_contact_details_but_not_the_attorney(db):
    with acting_as(db, MARIA_USER):
        assert rows(db, "select attorney_bar_number from office_settings") == []
        assert rows(db, "select city, state, zip, phone, email, website from office_contact()") == [
            ("Boston", "MA", "02110", "+1 (617) 555-0100", "contato@escritorio.test", "https://escritorio.test")
        ]
        columns = [c.name for c in db.execute("select * from office_contact()").description]
        assert not any(name.startswith("attorney") for name in columns)


def test_office_contact_is_not_for_anon(stack):
    answer = httpx.post(
        f"{stack.url}/rest/v1/rpc/office_contact",
        json={},
        headers={"apikey": stack.anon_key, "Authorization": f"Bearer {stack.anon_key}"},
    )
    assert answer.status_code in (401, 403, 404), answer.text


@pytest.mark.parametrize(
    "column, value, constraint",
    [
        ("office_state", "XX", "office_state_is_us_state_code"),
        ("office_state", "Massachusetts", "office_state_is_us_state_code"),
        ("attorney_bar_state", "ZZ", "attorney_bar_state_is_us_state_code"),
        ("office_zip", "0211", "office_zip_is_5_or_9_digits"),
        ("office_zip", "02110-12", "office_zip_is_5_or_9_digits"),
        ("office_email", "contato@", "office_email_format"),
        ("attorney_email", "helena escritorio.test", "attorney_email_format"),
        ("office_phone", "555-0100", "office_phone_format"),
        ("attorney_phone", "ligue para nós", "attorney_phone_format"),
        ("office_website", "não é site", "office_website_format"),
        ("attorney_eoir_id", "QX-12", "attorney_eoir_id_format"),
        ("attorney_mobile", "617-5550", "attorney_mobile_format"),
        ("attorney_mobile", "celular: 617 555 0142", "attorney_mobile_format"),
        ("attorney_fax", "1234567890123456", "attorney_fax_format"),
        ("attorney_fax", "fax 617", "attorney_fax_format"),
    ],
)
def test_bad_values_are_refused_by_a_named_check(db, column, value, constraint):
    with pytest.raises(psycopg.errors.CheckViolation) as refused, acting_as(db, ADMIN):
        db.execute(f"update office_settings set {column} = %s", (value,))  # noqa: S608 - column from the list above
    assert refused.value.diag.constraint_name == constraint


def test_good_values_are_normalised(db):
    with acting_as(db, ADMIN):
        saved = rows(
            db,
            "update office_settings set office_state = ' nj ', office_zip = '07102-1234', "
            "office_email = ' Contato@Example.COM ', office_suite = '  ', attorney_eoir_id = 'ab123456', "
            "office_phone = '973.555.0100', office_website = 'www.example.com/contato' "
            "returning office_state, office_zip, office_email, office_suite, attorney_eoir_id",
        )
        assert saved == [("NJ", "07102-1234", "contato@example.com", None, "AB123456")]


def test_rest_answers_a_bad_zip_with_the_check_code(stack):
    token = httpx.post(
        f"{stack.url}/auth/v1/token?grant_type=password",
        headers={"apikey": stack.anon_key},
        json={"email": "admin@escritorio.test", "password": "Demo@12345"},
    ).json()["access_token"]
    headers = {"apikey": stack.anon_key, "Authorization": f"Bearer {token}"}
    answer = httpx.patch(
        f"{stack.url}/rest/v1/office_settings?id=eq.true", json={"office_zip": "ABCDE"}, headers=headers
    )
    assert answer.status_code == 400 and answer.json()["code"] == "23514"
    assert "office_zip_is_5_or_9_digits" in answer.json()["message"]
    assert stack.sql("select office_zip from office_settings") == [("02110",)]


def test_the_seed_has_the_attorneys_mobile_and_fax(db):
    assert rows(db, "select attorney_mobile, attorney_fax from office_settings") == [
        ("+1 (617) 555-0142", "+1 (617) 555-0199")
    ]


def test_the_attorneys_mobile_and_fax_are_for_staff_only(db):
    with acting_as(db, SECRETARY):
        assert rows(db, "select attorney_mobile, attorney_fax from office_settings") == [
            ("+1 (617) 555-0142", "+1 (617) 555-0199")
        ]
        assert rows(db, "update office_settings set attorney_fax = '617 555 0100' returning id") == []
    with acting_as(db, MARIA_USER):
        assert rows(db, "select attorney_mobile, attorney_fax from office_settings") == []
        values = rows(db, "select * from office_contact()")[0]
        assert "+1 (617) 555-0142" not in values and "+1 (617) 555-0199" not in values
        columns = [c.name for c in db.execute("select * from office_contact()").description]
        assert not any("mobile" in name or "fax" in name for name in columns)


def test_the_attorneys_mobile_and_fax_are_trimmed_and_blanks_are_null(db):
    with acting_as(db, ADMIN):
        assert rows(
            db,
            "update office_settings set attorney_mobile = '  +55 11 91234-5678 ', attorney_fax = '   ' "
            "returning attorney_mobile, attorney_fax",
        ) == [("+55 11 91234-5678", None)]


def test_rest_answers_a_bad_mobile_with_the_named_check(stack):
    """The REST refusal names the check; the app words each named check in Portuguese (strings.ts)."""
    token = httpx.post(
        f"{stack.url}/auth/v1/token?grant_type=password",
        headers={"apikey": stack.anon_key},
        json={"email": "admin@escritorio.test", "password": "Demo@12345"},
    ).json()["access_token"]
    headers = {"apikey": stack.anon_key, "Authorization": f"Bearer {token}"}
    answer = httpx.patch(
        f"{stack.url}/rest/v1/office_settings?id=eq.true", json={"attorney_mobile": "555-0142"}, headers=headers
    )
    assert answer.status_code == 400 and answer.json()["code"] == "23514"
    assert "attorney_mobile_format" in answer.json()["message"]
    assert stack.sql("select attorney_mobile from office_settings") == [("+1 (617) 555-0142",)]
