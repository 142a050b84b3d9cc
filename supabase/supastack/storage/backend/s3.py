"""Object bytes in an S3-compatible store (boto3, blocking calls run in threads), key `<bucket>/<name>/<version>`."""
from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

from supastack.storage.backend import Blob, ByteRange, ObjectKey, StoredVersion, looks_like_version

T = TypeVar("T")

CHUNK = 256 * 1024


def _missing(exc: ClientError) -> bool:
    return exc.response.get("Error", {}).get("Code") in ("404", "NoSuchKey", "NotFound")


class S3Backend:
    def __init__(self, config: dict, staging_dir: Path):
        self.bucket = config.get("bucket") or "storage"
        self.staging_dir = Path(staging_dir)
        self.client = boto3.client(
            "s3",
            endpoint_url=config.get("endpoint") or None,
            region_name=config.get("region") or "us-east-1",
            aws_access_key_id=config.get("access_key_id") or None,
            aws_secret_access_key=config.get("secret_access_key") or None,
            config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 3}),
        )

    async def start(self) -> None:
        """Create the configured bucket when it does not exist yet (a fresh local S3-compatible store)."""

        def run() -> None:
            try:
                self.client.head_bucket(Bucket=self.bucket)
            except ClientError as exc:
                if exc.response.get("Error", {}).get("Code") not in ("404", "NoSuchBucket", "NotFound"):
                    raise
                self.client.create_bucket(Bucket=self.bucket)

        await asyncio.to_thread(run)

    @staticmethod
    def _key(key: ObjectKey) -> str:
        base = f"{key.bucket}/{key.name}"
        return f"{base}/{key.version}" if key.version else base

    def staging_file(self) -> Path:
        self.staging_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        staged = self.staging_dir / f"{uuid.uuid4().hex}.part"
        staged.touch(mode=0o600, exist_ok=False)
        return staged

    def _on_bytes_of(self, key: ObjectKey, call: Callable[[str], T]) -> T:
        """`call(s3_key)` on `key`'s version; for an object stored before versions, on its unversioned key."""
        try:
            return call(self._key(key))
        except ClientError as exc:
            if not _missing(exc) or key.version is None:
                raise
        return call(self._key(ObjectKey(key.bucket, key.name, None)))

    def _delete_keys(self, keys: list[str]) -> None:
        for i in range(0, len(keys), 1000):
            batch = keys[i:i + 1000]
            if batch:
                self.client.delete_objects(Bucket=self.bucket,
                                           Delete={"Objects": [{"Key": k} for k in batch], "Quiet": True})

    async def store(self, staged: Path, key: ObjectKey) -> None:
        # a PUT is durable once acknowledged; the version key is new, so nothing is overwritten
        await asyncio.to_thread(self.client.upload_file, str(staged), self.bucket, self._key(key))

    async def copy(self, source: ObjectKey, target: ObjectKey) -> None:
        def run() -> None:
            self._on_bytes_of(source, lambda s3_key: self.client.copy_object(
                Bucket=self.bucket, Key=self._key(target), CopySource={"Bucket": self.bucket, "Key": s3_key}))

        try:
            await asyncio.to_thread(run)
        except ClientError as exc:
            if _missing(exc):
                raise FileNotFoundError(self._key(source)) from exc
            raise

    async def read(self, key: ObjectKey, byte_range: ByteRange | None = None) -> Blob:
        def open_object() -> dict[str, Any]:
            args = {"Bucket": self.bucket}
            if byte_range:
                start, end = byte_range
                args["Range"] = f"bytes={start}-{'' if end is None else end}"
            try:
                return self._on_bytes_of(key, lambda s3_key: self.client.get_object(Key=s3_key, **args))
            except ClientError as exc:
                if _missing(exc):
                    raise FileNotFoundError(self._key(key)) from exc
                raise

        obj = await asyncio.to_thread(open_object)
        body = obj["Body"]
        total = obj["ContentLength"]
        start, end = 0, None
        if byte_range and obj.get("ContentRange"):  # "bytes 0-9/123"
            span, _, whole = obj["ContentRange"].split(" ", 1)[1].partition("/")
            first, _, last = span.partition("-")
            start, end, total = int(first), int(last), int(whole)

        async def chunks() -> AsyncIterator[bytes]:
            try:
                while True:
                    chunk = await asyncio.to_thread(body.read, CHUNK)
                    if not chunk:
                        return
                    yield chunk
            finally:
                await asyncio.to_thread(body.close)

        return Blob(size=total, chunks=chunks(), start=start, end=end)

    async def delete(self, keys: list[ObjectKey]) -> None:
        # with each version, the unversioned key of an object stored before versions; never a key that
        # ends in a uuid that way, since that is another object's version
        legacy = [self._key(ObjectKey(k.bucket, k.name, None)) for k in keys
                  if not looks_like_version(k.name.rsplit("/", 1)[-1])]
        names = [self._key(k) for k in keys if k.version] + legacy
        await asyncio.to_thread(self._delete_keys, names)

    async def delete_bucket(self, bucket: str) -> None:
        def run() -> None:
            paginator = self.client.get_paginator("list_objects_v2")
            for page in paginator.paginate(Bucket=self.bucket, Prefix=f"{bucket}/"):
                self._delete_keys([o["Key"] for o in page.get("Contents", [])])

        await asyncio.to_thread(run)

    async def stored_versions(self) -> list[StoredVersion]:
        def run() -> list[StoredVersion]:
            found, now = [], datetime.now(UTC)
            for page in self.client.get_paginator("list_objects_v2").paginate(Bucket=self.bucket):
                for item in page.get("Contents", []):
                    bucket, _, rest = item["Key"].partition("/")
                    name, _, version = rest.rpartition("/")
                    if bucket and name and looks_like_version(version):
                        age = (now - item["LastModified"]).total_seconds()
                        found.append(StoredVersion(ObjectKey(bucket, name, version), age))
            return found

        return await asyncio.to_thread(run)
