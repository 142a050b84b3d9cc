"""Pure rules: object and bucket names, MIME matching, size limits, expiresIn."""
from __future__ import annotations

import doctest

import pytest

from supastack.storage import names, signing
from supastack.storage.errors import StorageError


def test_doctests():
    assert doctest.testmod(names).failed == 0


@pytest.mark.parametrize("name", ["a.txt", "c1/relatório final.pdf", "attachments/x/y z(1).png", "ação/é.txt",
                                  ("a" * 200 + "/") * 5 + "b" * 19])
def test_valid_object_names(name):
    assert names.check_object_name(name) == name


@pytest.mark.parametrize("name", ["", "/abs", "a/", "a//b", "..", "a/../b", "./a", "a\\b", "a\x00b", "a\x1fb",
                                  "a\x7fb", "a\x85b", "\ufffd", "\udc80", "é" * 513, "a/" + "b" * 256])
def test_invalid_object_names(name):
    with pytest.raises(StorageError) as exc:
        names.check_object_name(name)
    assert exc.value.code == "InvalidKey" and exc.value.http_status == 400


@pytest.mark.parametrize("name", ["", "a/b", "x" * 101, "é", ".."])
def test_invalid_bucket_names(name):
    with pytest.raises(StorageError):
        names.check_bucket_name(name)


@pytest.mark.parametrize(("mimetype", "allowed", "ok"), [
    ("image/png", ["image/*"], True), ("IMAGE/PNG", ["image/png"], True),
    ("text/plain;charset=UTF-8", ["text/plain"], True),
    ("text/html", ["text/plain", "image/*"], False), ("nonsense", ["image/*"], False), ("anything/x", None, True),
])
def test_mime_matching(mimetype, allowed, ok):
    assert names.mime_allowed(mimetype, allowed) is ok


@pytest.mark.parametrize(("value", "expected"), [("25MB", 25_000_000), ("1.5GB", 1_500_000_000), ("300KB", 300_000),
                                                 ("20B", 20), ("1024", 1024), (0, None)])
def test_size_limits(value, expected):
    assert names.parse_size_limit(value) == expected


@pytest.mark.parametrize("value", ["lots", "-1", -5, True, "10 TB"])
def test_bad_size_limits(value):
    with pytest.raises(StorageError):
        names.parse_size_limit(value)


def test_expires_in():
    assert signing.parse_expires_in("60") == 60 and signing.parse_expires_in(5) == 5
    for bad in (0, -1, "x", None, True, 1.5):
        with pytest.raises(StorageError):
            signing.parse_expires_in(bad)
