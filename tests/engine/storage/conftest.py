"""Fixtures of the storage tests: a stack serving the fixture project (own buckets and policies), users' tokens."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from harness import StackProcess

sys.path.insert(0, str(Path(__file__).parent))

from storage_helpers import CLIENT_1, CLIENT_2, FIXTURE, STAFF, Api, user_token  # noqa: E402


@pytest.fixture(scope="session")
def storage_stack(cluster):
    s = StackProcess(cluster, workdir=FIXTURE, seed=False, name="storage")
    yield s
    s.stop()


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
