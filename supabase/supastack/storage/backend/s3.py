"""Object bytes in an S3-compatible store (boto3, blocking calls run in threads), key `<bucket>/<name>`."""
from __future__ import annotations

import asyncio
import contextlib
import uuid
from pathlib import Path

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

from supastack.storage.backend import Blob, Change

CHUNK = 256 * 1024


async def _nothing() -> None:
    return None


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
    def _key(bucket: str, name: str) -> str:
        return f"{bucket}/{name}"

    def _aside_key(self) -> str:
        return f".supastack/aside/{uuid.uuid4().hex}"

    def staging_file(self, bucket: str, name: str) -> Path:
        self.staging_dir.mkdir(parents=True, exist_ok=True)
        staged = self.staging_dir / f"{uuid.uuid4().hex}.part"
        staged.touch(exist_ok=False)
        return staged

    def _exists(self, key: str) -> bool:
        try:
            self.client.head_object(Bucket=self.bucket, Key=key)
            return True
        except ClientError as exc:
            if _missing(exc):
                return False
            raise

    def _copy_key(self, src: str, dst: str) -> None:
        self.client.copy_object(Bucket=self.bucket, Key=dst, CopySource={"Bucket": self.bucket, "Key": src})

    def _delete_keys(self, keys: list[str]) -> None:
        for i in range(0, len(keys), 1000):
            batch = keys[i:i + 1000]
            if batch:
                self.client.delete_objects(Bucket=self.bucket,
                                           Delete={"Objects": [{"Key": k} for k in batch], "Quiet": True})

    def _replace(self, write, key: str) -> Change:
        """Write `key` with `write()`, keeping a server-side copy of the previous bytes for `undo`."""
        aside = None
        if self._exists(key):
            aside = self._aside_key()
            self._copy_key(key, aside)
        write()

        def undo() -> None:
            if aside:
                self._copy_key(aside, key)
                self._delete_keys([aside])
            else:
                self._delete_keys([key])

        def done() -> None:
            if aside:
                self._delete_keys([aside])

        return Change(lambda: asyncio.to_thread(undo), lambda: asyncio.to_thread(done))

    async def publish(self, staged: Path, bucket: str, name: str) -> Change:
        key = self._key(bucket, name)

        def run() -> Change:
            try:
                return self._replace(lambda: self.client.upload_file(str(staged), self.bucket, key), key)
            finally:
                with contextlib.suppress(FileNotFoundError):
                    staged.unlink()

        return await asyncio.to_thread(run)

    async def copy(self, src_bucket: str, src: str, dst_bucket: str, dst: str) -> Change:
        source, target = self._key(src_bucket, src), self._key(dst_bucket, dst)
        return await asyncio.to_thread(self._replace, lambda: self._copy_key(source, target), target)

    async def move(self, src_bucket: str, src: str, dst_bucket: str, dst: str) -> Change:
        source, target = self._key(src_bucket, src), self._key(dst_bucket, dst)
        if source == target:
            return Change(_nothing, _nothing)
        await asyncio.to_thread(self._copy_key, source, target)
        # the source goes only once the metadata has moved
        return Change(lambda: asyncio.to_thread(self._delete_keys, [target]),
                      lambda: asyncio.to_thread(self._delete_keys, [source]))

    async def read(self, bucket: str, name: str, byte_range=None) -> Blob:
        key = self._key(bucket, name)

        def open_object():
            args = {"Bucket": self.bucket, "Key": key}
            if byte_range:
                start, end = byte_range
                args["Range"] = f"bytes={start}-{'' if end is None else end}"
            try:
                return self.client.get_object(**args)
            except ClientError as exc:
                if _missing(exc):
                    raise FileNotFoundError(key) from exc
                raise

        obj = await asyncio.to_thread(open_object)
        body = obj["Body"]
        total = obj["ContentLength"]
        start, end = 0, None
        if byte_range and obj.get("ContentRange"):  # "bytes 0-9/123"
            span, _, whole = obj["ContentRange"].split(" ", 1)[1].partition("/")
            first, _, last = span.partition("-")
            start, end, total = int(first), int(last), int(whole)

        async def chunks():
            try:
                while True:
                    chunk = await asyncio.to_thread(body.read, CHUNK)
                    if not chunk:
                        return
                    yield chunk
            finally:
                await asyncio.to_thread(body.close)

        return Blob(size=total, chunks=chunks(), start=start, end=end)

    async def remove(self, bucket: str, names: list[str]) -> Change:
        keys = [self._key(bucket, n) for n in names]
        # S3 has no atomic rename: the bytes are deleted after the metadata deletion commits
        return Change(_nothing, lambda: asyncio.to_thread(self._delete_keys, keys))

    async def delete_bucket(self, bucket: str) -> None:
        def run() -> None:
            paginator = self.client.get_paginator("list_objects_v2")
            for page in paginator.paginate(Bucket=self.bucket, Prefix=f"{bucket}/"):
                self._delete_keys([o["Key"] for o in page.get("Contents", [])])

        await asyncio.to_thread(run)
