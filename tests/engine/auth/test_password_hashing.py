"""bcrypt as GoTrue stores it, and an unknown e-mail costing the same bcrypt run as a known one."""
from __future__ import annotations

import bcrypt

from supastack.auth import passwords


def _cost(hashed: str) -> int:
    return int(hashed.split("$")[2])


async def test_hashes_are_gotrue_s_2a_at_cost_10_and_verify() -> None:
    hashed = await passwords.hash_password("uma senha boa")
    assert hashed.startswith("$2a$") and _cost(hashed) == passwords.COST == 10
    assert await passwords.verify_password("uma senha boa", hashed)
    assert not await passwords.verify_password("outra senha", hashed)
    assert not await passwords.verify_password("x" * 73, hashed)           # beyond bcrypt's 72 bytes


async def test_an_unknown_e_mail_costs_one_bcrypt_run_of_the_same_cost_and_never_matches(monkeypatch) -> None:
    # the stand-in hash is written out in the module: it must stay a valid hash of the same cost
    assert passwords._DUMMY_HASH.startswith("$2a$") and _cost(passwords._DUMMY_HASH) == passwords.COST
    assert bcrypt.checkpw(b"not-a-real-password", passwords._DUMMY_HASH.encode())
    runs: list[bytes] = []

    def counted(password: bytes, hashed: bytes) -> bool:
        runs.append(hashed)
        return real(password, hashed)

    real = bcrypt.checkpw
    monkeypatch.setattr(bcrypt, "checkpw", counted)
    assert not await passwords.verify_password("not-a-real-password", None)   # the stand-in never signs in
    assert not await passwords.verify_password("errada", "not a bcrypt hash")
    assert runs == [passwords._DUMMY_HASH.encode()] * 2                        # one full bcrypt run each
