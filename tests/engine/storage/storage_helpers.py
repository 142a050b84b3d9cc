"""What the storage tests share besides fixtures: the fixture project, its users, a raw HTTP caller, disk/row views.

(A module of its own, not conftest: several test folders have a conftest, and `from conftest import` would
pick whichever was imported first when they run together.)
"""
from __future__ import annotations

from pathlib import Path

import httpx

from harness import access_token

FIXTURE = Path(__file__).parent / "fixture"
STAFF = "00000000-0000-4000-8000-00000000000a"
CLIENT_1, CLIENT_1_ID = "00000000-0000-4000-8000-0000000000c1", "11111111-1111-4111-8111-111111111111"
CLIENT_2, CLIENT_2_ID = "00000000-0000-4000-8000-0000000000c2", "22222222-2222-4222-8222-222222222222"


def user_token(stack, sub: str, expires_in: int = 3600) -> str:
    return access_token(stack, sub, ttl=expires_in)


class Api:
    """Raw HTTP to /storage/v1 as one caller."""

    def __init__(self, stack, token: str | None):
        headers = {"apikey": stack.anon_key}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.http = httpx.Client(base_url=f"{stack.url}/storage/v1", headers=headers, timeout=30)

    def __getattr__(self, name):
        return getattr(self.http, name)


def stored_files(stack, bucket: str) -> set[str]:
    """Object files on disk (relative names), hidden staging/backup files included."""
    root = stack.data_dir / "storage" / bucket
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()} if root.exists() else set()


def object_rows(stack, bucket: str) -> set[str]:
    return {r[0] for r in stack.sql("select name from storage.objects where bucket_id = %s", (bucket,))}
