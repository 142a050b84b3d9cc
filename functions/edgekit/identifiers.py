"""USCIS receipt numbers and EOIR A-numbers: normalise what staff type, refuse what cannot be one."""
from __future__ import annotations

import re

_RECEIPT = re.compile(r"[A-Z]{3}[0-9]{10}")
_A_NUMBER = re.compile(r"A?([0-9]{8,9})")


class InvalidIdentifier(ValueError):
    pass


def normalize_receipt_number(raw: object) -> str:
    """'  eac-99991 03403 ' -> 'EAC9999103403'; three letters + ten digits, kept as a string."""
    if not isinstance(raw, str):
        raise InvalidIdentifier("Número de recibo inválido: informe 3 letras seguidas de 10 dígitos")
    value = re.sub(r"[\s\-*]", "", raw).upper()
    if not _RECEIPT.fullmatch(value):
        raise InvalidIdentifier(f"Número de recibo inválido: {raw.strip()!s} "
                                "(formato esperado: 3 letras seguidas de 10 dígitos, ex.: EAC9999103403)")
    return value


def normalize_a_number(raw: object) -> str:
    """'a 012-345-678' / 'A12345678' -> 'A012345678': 'A' + nine digits (older 8-digit numbers get a 0)."""
    if not isinstance(raw, str):
        raise InvalidIdentifier("Número A inválido: informe A seguido de 8 ou 9 dígitos")
    value = re.sub(r"[\s\-.]", "", raw).upper()
    match = _A_NUMBER.fullmatch(value)
    if not match:
        raise InvalidIdentifier(f"Número A inválido: {raw.strip()!s} (formato esperado: A seguido de 8 ou 9 dígitos)")
    return "A" + match.group(1).zfill(9)


def a_number_variants(normalized: str) -> list[str]:
    """Forms a stored A-number may have: 'A012345678' was possibly stored as 'A12345678'."""
    digits = normalized[1:]
    variants = [normalized]
    if digits.startswith("0"):
        variants.append("A" + digits[1:])
    return variants


def format_a_number(normalized: str) -> str:
    """'A012345678' -> 'A-012-345-678' (display form)."""
    d = normalized[1:]
    return f"A-{d[:3]}-{d[3:6]}-{d[6:]}"
