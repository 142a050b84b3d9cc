"""Fixtures of the storage tests: a stack serving the fixture project (own buckets and policies), users' tokens."""
from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from harness import StackProcess, access_token

FIXTURE = Path(__file__).parent / "fixture"
STAFF = "00000000-0000-4000-8000-00000000000a"
CLIENT_1, CLIENT_1_ID = "00000000-0000-4000-8000-0000000000c1", "11111111-1111-4111-8111-111111111111"
CLIENT_2, CLIENT_2_ID = "00000000-0000-4000-8000-0000000000c2", "22222222-2222-4222-8222-222222222222"


@pytest.fixture(scope="session")
def storage_stack(cluster):
    s = StackProcess(cluster, workdir=FIXTURE, seed=False, name="storage")
    yield s
    s.stop()


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


@pytest.fixture(scope="session")
def service(storage_stack):
    return Api(storage_stack, storage_stack.service_role_key)


@pytest.fixture(scope="session")
def anon(storage_stack):
    return Api(storage_stack, storage_stack.anon_key)


@pytest.fixture(scope="session")
def staff(storage_stack):
    return Api(storage_stack, user_token(storage_stack, STAFF))


@pytest.fixture(scope="session")
def client1(storage_stack):
    return Api(storage_stack, user_token(storage_stack, CLIENT_1))


@pytest.fixture(scope="session")
def client2(storage_stack):
    return Api(storage_stack, user_token(storage_stack, CLIENT_2))


def stored_files(stack, bucket: str) -> set[str]:
    """Object files on disk (relative names), hidden staging/backup files included."""
    root = stack.data_dir / "storage" / bucket
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()} if root.exists() else set()


def object_rows(stack, bucket: str) -> set[str]:
    return {r[0] for r in stack.sql("select name from storage.objects where bucket_id = %s", (bucket,))}
