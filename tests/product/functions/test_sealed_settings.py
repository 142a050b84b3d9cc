"""Secret fields of system settings: declared by the setting's shape, encrypted at rest, masked on the way out."""
import json

import pytest
from cryptography.exceptions import InvalidTag

from edgekit.sealed_settings import MASK, SettingsCipher, is_sealed, masked, opened, seal
from edgekit.setting_schemas import SECRET, SETTINGS, TEXT, SettingRejected, Shape, conform

S3_SHAPE = SETTINGS["aws_s3_config"]
S3 = {"accessKeyId": "AKIAEXAMPLE123", "secretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      "region": "us-east-1", "bucket": "escritorio-docs"}

# A shape with a nested secret whose name no pattern would guess, and a harmless name that looks secret.
WEBHOOK = Shape(fields={"name": TEXT, "tokenizer": TEXT,
                        "delivery": Shape(fields={"url": TEXT, "signingKey": SECRET,
                                                  "auth": Shape(fields={"user": TEXT, "chave": SECRET})})},
                required=frozenset({"name"}))
HOOK = {"name": "avisos", "tokenizer": "wordpiece",
        "delivery": {"url": "https://hooks.example/x", "signingKey": "whsec_0123456789abcdefWXYZ",
                     "auth": {"user": "escritorio", "chave": "chave-muito-secreta-42"}}}


def test_secret_fields_are_encrypted_and_others_kept():
    cipher = SettingsCipher("jwt-secret-of-the-project-with-32-chars!!")
    sealed = seal(S3, S3_SHAPE, cipher)
    assert sealed["accessKeyId"] == S3["accessKeyId"] and sealed["bucket"] == S3["bucket"]
    assert is_sealed(sealed["secretAccessKey"]) and S3["secretAccessKey"] not in str(sealed)
    assert opened(sealed, S3_SHAPE, cipher) == S3
    assert masked(sealed, S3_SHAPE, cipher)["secretAccessKey"] == MASK + "EKEY"


def test_nested_secrets_follow_the_shape_not_the_field_names():
    cipher = SettingsCipher("k" * 40)
    sealed = seal(HOOK, WEBHOOK, cipher)
    text = json.dumps(sealed)
    assert HOOK["delivery"]["signingKey"] not in text and HOOK["delivery"]["auth"]["chave"] not in text
    assert is_sealed(sealed["delivery"]["signingKey"]) and is_sealed(sealed["delivery"]["auth"]["chave"])
    assert sealed["tokenizer"] == "wordpiece" and sealed["delivery"]["url"] == HOOK["delivery"]["url"]
    shown = masked(sealed, WEBHOOK, cipher)
    assert shown["delivery"]["signingKey"] == MASK + "WXYZ" and shown["delivery"]["auth"]["chave"] == MASK + "a-42"
    assert shown["tokenizer"] == "wordpiece"
    assert opened(sealed, WEBHOOK, cipher) == HOOK


def test_a_secret_stored_in_clear_is_still_answered_masked():
    cipher = SettingsCipher("k" * 40)
    legacy = {**HOOK, "delivery": {**HOOK["delivery"], "signingKey": "whsec_stored_in_clear_1234"}}
    shown = masked(legacy, WEBHOOK, cipher)
    assert shown["delivery"]["signingKey"] == MASK + "1234"
    assert masked({"name": "x", "delivery": {"signingKey": 12345678901234}}, WEBHOOK, cipher) == \
        {"name": "x", "delivery": {"signingKey": MASK}}


def test_undeclared_fields_are_refused_and_never_stored_nor_answered():
    cipher = SettingsCipher("k" * 40)
    with pytest.raises(SettingRejected, match="Campo desconhecido na configuração: delivery.apiKey"):
        conform({**HOOK, "delivery": {**HOOK["delivery"], "apiKey": "sk-live-1"}}, WEBHOOK)
    assert "apiKey" not in seal({**S3, "apiKey": "sk-live-1"}, S3_SHAPE, cipher)
    assert masked({**S3, "apiKey": "sk-live-1"}, S3_SHAPE, cipher).get("apiKey") is None


def test_shapes_check_kinds_and_required_fields():
    conform(HOOK, WEBHOOK)
    with pytest.raises(SettingRejected, match="Todos os campos são obrigatórios"):
        conform({**S3, "bucket": "  "}, S3_SHAPE)
    with pytest.raises(SettingRejected, match="Todos os campos são obrigatórios"):
        conform("texto", S3_SHAPE)
    with pytest.raises(SettingRejected, match="delivery.signingKey deve ser texto"):
        conform({**HOOK, "delivery": {"signingKey": {"nested": "escape"}}}, WEBHOOK)
    with pytest.raises(SettingRejected, match="delivery.auth deve ser um objeto"):
        conform({**HOOK, "delivery": {"auth": "x"}}, WEBHOOK)


def test_every_declared_setting_declares_its_secrets():
    def secrets_of(shape: Shape) -> list:
        return [name for name, kind in shape.fields.items()
                if kind == SECRET or (isinstance(kind, Shape) and secrets_of(kind))]
    assert secrets_of(S3_SHAPE) == ["secretAccessKey"]
    assert all(isinstance(shape, Shape) for shape in SETTINGS.values())


def test_each_encryption_is_fresh_and_bound_to_its_field():
    cipher = SettingsCipher("k" * 40)
    a, b = cipher.encrypt("same", "password"), cipher.encrypt("same", "password")
    assert a != b
    with pytest.raises(InvalidTag):
        cipher.decrypt(a, "secretAccessKey")     # moved to another field: refused
    nested = seal(HOOK, WEBHOOK, cipher)
    with pytest.raises(InvalidTag):
        cipher.decrypt(nested["delivery"]["auth"]["chave"], "chave")   # bound to its path, not just its name


def test_another_key_cannot_read_and_shows_only_the_mask():
    sealed = seal(S3, S3_SHAPE, SettingsCipher("first-key" * 5))
    other = SettingsCipher("second-key" * 5)
    with pytest.raises(InvalidTag):
        opened(sealed, S3_SHAPE, other)
    assert masked(sealed, S3_SHAPE, other)["secretAccessKey"] == MASK


def test_sending_the_mask_back_keeps_the_stored_secret():
    cipher = SettingsCipher("k" * 40)
    stored = seal(S3, S3_SHAPE, cipher)
    shown = masked(stored, S3_SHAPE, cipher)
    again = seal({**shown, "region": "us-west-2"}, S3_SHAPE, cipher, previous=stored)
    assert again["secretAccessKey"] == stored["secretAccessKey"]
    assert opened(again, S3_SHAPE, cipher)["region"] == "us-west-2"
    changed = seal({**shown, "secretAccessKey": "a-new-secret-value-0000"}, S3_SHAPE, cipher, previous=stored)
    assert opened(changed, S3_SHAPE, cipher)["secretAccessKey"] == "a-new-secret-value-0000"
    nested = seal(HOOK, WEBHOOK, cipher)
    kept = seal(masked(nested, WEBHOOK, cipher), WEBHOOK, cipher, previous=nested)
    assert kept["delivery"]["auth"]["chave"] == nested["delivery"]["auth"]["chave"]


def test_short_secrets_reveal_nothing():
    cipher = SettingsCipher("k" * 40)
    short = {**S3, "secretAccessKey": "abc123"}
    assert masked(seal(short, S3_SHAPE, cipher), S3_SHAPE, cipher)["secretAccessKey"] == MASK
