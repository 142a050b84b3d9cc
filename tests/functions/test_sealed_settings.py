"""Secret fields of system settings: encrypted at rest, masked on the way out, masks keep secrets."""
import pytest
from cryptography.exceptions import InvalidTag

from edgekit.sealed_settings import MASK, SettingsCipher, is_sealed, masked, opened, seal

S3 = {"accessKeyId": "AKIAEXAMPLE123", "secretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      "region": "us-east-1", "bucket": "escritorio-docs", "nested": {"apiToken": "tok-1234567890abcd"}}


def test_secret_fields_are_encrypted_and_others_kept():
    cipher = SettingsCipher("jwt-secret-of-the-project-with-32-chars!!")
    sealed = seal(S3, cipher)
    assert sealed["accessKeyId"] == S3["accessKeyId"] and sealed["bucket"] == S3["bucket"]
    assert is_sealed(sealed["secretAccessKey"]) and S3["secretAccessKey"] not in str(sealed)
    assert is_sealed(sealed["nested"]["apiToken"])
    assert opened(sealed, cipher) == S3
    shown = masked(sealed, cipher)
    assert shown["secretAccessKey"] == MASK + "EKEY" and shown["nested"]["apiToken"] == MASK + "abcd"


def test_each_encryption_is_fresh_and_bound_to_its_field():
    cipher = SettingsCipher("k" * 40)
    a, b = cipher.encrypt("same", "password"), cipher.encrypt("same", "password")
    assert a != b
    with pytest.raises(InvalidTag):
        cipher.decrypt(a, "secretAccessKey")     # moved to another field: refused


def test_another_key_cannot_read_and_shows_only_the_mask():
    sealed = seal(S3, SettingsCipher("first-key" * 5))
    other = SettingsCipher("second-key" * 5)
    with pytest.raises(InvalidTag):
        opened(sealed, other)
    assert masked(sealed, other)["secretAccessKey"] == MASK


def test_sending_the_mask_back_keeps_the_stored_secret():
    cipher = SettingsCipher("k" * 40)
    stored = seal(S3, cipher)
    shown = masked(stored, cipher)
    again = seal({**shown, "region": "us-west-2"}, cipher, previous=stored)
    assert again["secretAccessKey"] == stored["secretAccessKey"]
    assert opened(again, cipher)["region"] == "us-west-2"
    changed = seal({**shown, "secretAccessKey": "a-new-secret-value-0000"}, cipher, previous=stored)
    assert opened(changed, cipher)["secretAccessKey"] == "a-new-secret-value-0000"


def test_short_secrets_reveal_nothing():
    cipher = SettingsCipher("k" * 40)
    assert masked(seal({"password": "abc123"}, cipher), cipher) == {"password": MASK}
