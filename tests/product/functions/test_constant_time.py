"""same_secret: equal non-empty secrets only (what callers rely on when refusing project keys as user tokens)."""
from edgekit.constant_time import same_secret


def test_same_secret():
    assert same_secret("sb-key-1", "sb-key-1")
    assert not same_secret("sb-key-1", "sb-key-2") and not same_secret("sb-key", "sb-key-1")
    assert not same_secret("", "") and not same_secret(None, None) and not same_secret("x", None)
    assert same_secret("chave-ção", "chave-ção")     # non-ASCII compares as UTF-8, no TypeError
