"""Receipt numbers and A-numbers: what staff type is normalised, what cannot be one is refused."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from edgekit.identifiers import (
    InvalidIdentifier,
    a_number_variants,
    format_a_number,
    normalize_a_number,
    normalize_receipt_number,
)


@pytest.mark.parametrize("raw, expected", [
    ("EAC9999103403", "EAC9999103403"),
    ("  eac9999103403 ", "EAC9999103403"),
    ("IOE-0912-345678", "IOE0912345678"),
    ("msc 2490 123 456", "MSC2490123456"),
    ("XYZ1234567890", "XYZ1234567890"),        # unknown prefix: USCIS adds prefixes over time
])
def test_receipt_numbers_are_normalised(raw, expected):
    assert normalize_receipt_number(raw) == expected


@pytest.mark.parametrize("raw", ["", "EAC999910340", "EAC99991034031", "EA9999103403", "1239999103403",
                                 "EAC99991034O3", None, 9999103403, ["EAC9999103403"]])
def test_bad_receipt_numbers_are_refused(raw):
    with pytest.raises(InvalidIdentifier, match="Número de recibo inválido"):
        normalize_receipt_number(raw)


@pytest.mark.parametrize("raw, expected", [
    ("A234567890", "A234567890"),
    ("a 234-567-890", "A234567890"),
    ("A-012-345-678", "A012345678"),
    ("A12345678", "A012345678"),               # older 8-digit numbers get a leading zero
    ("234567890", "A234567890"),
])
def test_a_numbers_are_normalised(raw, expected):
    assert normalize_a_number(raw) == expected


@pytest.mark.parametrize("raw", ["", "A1234567", "A1234567890", "B234567890", "A23456789O", None, 234567890])
def test_bad_a_numbers_are_refused(raw):
    with pytest.raises(InvalidIdentifier, match="Número A inválido"):
        normalize_a_number(raw)


def test_a_number_display_and_stored_variants():
    assert format_a_number("A012345678") == "A-012-345-678"
    assert a_number_variants("A012345678") == ["A012345678", "A12345678"]
    assert a_number_variants("A234567890") == ["A234567890"]


_SEPARATORS = st.text(alphabet=" -*", max_size=2)


@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=3, max_size=3),
       st.lists(st.sampled_from("0123456789"), min_size=10, max_size=10), st.lists(_SEPARATORS, min_size=14,
                                                                                  max_size=14))
def test_typed_receipts_with_separators_are_accepted(letters, digits, separators):
    # random text almost never forms a receipt, so the accepting path gets its own generator
    chars = [*letters, *digits]
    typed = "".join(sep + char for sep, char in zip(separators, chars, strict=False)) + separators[-1]
    assert normalize_receipt_number(typed) == letters.upper() + "".join(digits)


@given(st.text(max_size=20))
def test_normalised_receipts_always_match_the_stored_format(text):
    try:
        value = normalize_receipt_number(text)
    except InvalidIdentifier:
        return
    assert len(value) == 13 and value[:3].isalpha() and value[:3].isupper() and value[3:].isdigit()


@pytest.mark.parametrize("raw", ["EAC٩٩٩٩١٠٣٤٠٣", "EAC９９９９１０３４０３"])
def test_receipt_digits_must_be_ascii(raw):
    with pytest.raises(InvalidIdentifier):
        normalize_receipt_number(raw)


@pytest.mark.parametrize("raw", ["A٢٣٤٥٦٧٨٩٠", "A２３４５６７８９"])
def test_a_number_digits_must_be_ascii(raw):
    with pytest.raises(InvalidIdentifier):
        normalize_a_number(raw)
