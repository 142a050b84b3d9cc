"""The known system settings and the shape of each value: its fields, which are required, which are secret.

This is the one place that says what a setting holds. system-settings refuses keys and fields not
declared here, encrypts every field declared SECRET (nested objects too) and only ever answers it
masked: nothing is guessed from field names.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from edgekit.providers import FIELD_CHOICES

TEXT = "text"      # a string, stored and answered as it is
SECRET = "secret"  # a string, encrypted at rest and answered masked


@dataclass(frozen=True)
class Shape:
    """An object value: field name -> TEXT, SECRET or a nested Shape; `required` fields must not be blank."""
    fields: Mapping[str, str | Shape]
    required: frozenset[str] = field(default_factory=frozenset)
    choices: Mapping[str, frozenset[str]] = field(default_factory=dict)   # TEXT fields with a closed set


# key -> shape. `lastUpdated` is stamped by the function on every save.
SETTINGS: Mapping[str, Shape] = {
    # Integrações > Amazon S3 (spec sections 2 and 5): the four fields of the dialog, all required.
    "aws_s3_config": Shape(
        fields={"accessKeyId": TEXT, "secretAccessKey": SECRET, "region": TEXT, "bucket": TEXT,
                "lastUpdated": TEXT},
        required=frozenset({"accessKeyId", "secretAccessKey", "region", "bucket"})),
    # Integrações > WhatsApp (Cloud API): the number's id, the token and the app secret (webhook signatures),
    # the approved template for business-initiated messages (per kind in `templates`, else templateName).
    "whatsapp": Shape(
        fields={"phoneNumberId": TEXT, "accessToken": SECRET, "appSecret": SECRET, "verifyToken": SECRET,
                "apiBaseUrl": TEXT, "apiVersion": TEXT, "templateName": TEXT, "languageCode": TEXT,
                "templates": Shape(fields={k: TEXT for k in (
                    "stage_change", "uscis_status", "eoir_status", "office_message", "document_request",
                    "reminder")}),
                "lastUpdated": TEXT},
        required=frozenset({"phoneNumberId", "accessToken", "appSecret", "verifyToken", "templateName"})),
    # Integrações > Stripe: card payments in USD through Stripe Checkout (functions payments-checkout and
    # payments-webhook); apiBaseUrl only for a local fake, refused in production (edgekit.payments_endpoint).
    "stripe": Shape(
        fields={"secretKey": SECRET, "webhookSecret": SECRET, "apiBaseUrl": TEXT, "lastUpdated": TEXT},
        required=frozenset({"secretKey", "webhookSecret"})),
    # Integrações > Pix: the office's Pix key and the merchant name and city its BR Codes carry.
    "pix": Shape(
        fields={"key": TEXT, "merchantName": TEXT, "merchantCity": TEXT, "lastUpdated": TEXT},
        required=frozenset({"key", "merchantName", "merchantCity"})),
    # Integrações > Stripe: what the client pays on top of an installment, in percent ("0" to "10").
    "payment_fees": Shape(
        fields={"cardSurchargePercent": TEXT, "pixFeePercent": TEXT, "lastUpdated": TEXT}),
    # Integrações > Provedores de consulta: who answers each lookup (edgekit.providers); demo is offline.
    "providers": Shape(
        fields={**{name: TEXT for name in FIELD_CHOICES}, "lastUpdated": TEXT},
        choices=FIELD_CHOICES),
}

ALL_REQUIRED = "Todos os campos são obrigatórios"


class SettingRejected(ValueError):
    """A value that does not fit its setting's shape; the message is shown to the administrator."""


def shape_of(key: str) -> Shape | None:
    return SETTINGS.get(key)


def conform(value: object, shape: Shape, path: str = "") -> None:
    """Raise SettingRejected unless `value` is an object with only declared fields, of the declared kinds."""
    if not isinstance(value, dict):
        raise SettingRejected(ALL_REQUIRED if shape.required
                              else f"O campo {path.rstrip('.') or 'value'} deve ser um objeto JSON")
    for name in value:
        if name not in shape.fields:
            raise SettingRejected(f"Campo desconhecido na configuração: {path}{name}")
    for name, kind in shape.fields.items():
        item = value.get(name)
        if name in shape.required and (item is None or (isinstance(item, str) and not item.strip())):
            raise SettingRejected(ALL_REQUIRED)
        if item is None:
            continue
        if isinstance(kind, Shape):
            conform(item, kind, f"{path}{name}.")
        elif not isinstance(item, str):
            raise SettingRejected(f"O campo {path}{name} deve ser texto")
        elif name in shape.choices and item not in shape.choices[name]:
            raise SettingRejected(f"Valor inválido para {path}{name}: use {', '.join(sorted(shape.choices[name]))}")
