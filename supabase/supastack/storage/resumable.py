"""Resumable uploads (TUS 1.0.0 at /upload/resumable), as storage-api serves them for supabase-js and Uppy.

An upload is created with the object's bucket and name in `Upload-Metadata`; the same checks as a normal
upload (bucket, declared size, MIME type, the caller's right to write under RLS) answer before a byte is
accepted. The bytes then arrive in PATCHes at `Upload-Offset`, appended to a file under
`<storage>/#resumable/` (flushed before each answer, so an acknowledged offset survives a crash); the last
PATCH hands the file to the normal upload path (row and bytes written atomically, policies checked again).
Uploads untouched for a day are removed.

The upload id in the URL is storage-api's: base64url of `<bucket>/<name>/<version>`.
"""
from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import time
import uuid
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path

from starlette.requests import ClientDisconnect

from supastack.storage import errors
from supastack.storage.names import check_object_name, mime_allowed

TUS_VERSION = "1.0.0"
EXTENSIONS = "creation,creation-with-upload,termination,expiration"
EXPIRE_SECONDS = 24 * 3600
DIR_NAME = "#resumable"          # '#' cannot start a bucket id: never a bucket's folder
CHUNK_FLUSH = 1024 * 1024


class TusError(Exception):
    """A protocol error: tus servers answer these as plain text."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def not_found() -> TusError:
    return TusError(404, "The file for this url was not found")


@dataclass
class UploadInfo:
    bucket: str
    name: str
    version: str
    length: int
    metadata: dict            # the decoded Upload-Metadata pairs
    raw_metadata: str         # the header as sent (HEAD echoes it)
    upsert: bool
    owner: str | None         # the `sub` that created it: only it may continue or end it
    created: float
    done: bool = False

    @property
    def upload_id(self) -> str:
        return encode_id(self.bucket, self.name, self.version)

    @property
    def expires(self) -> float:
        return self.created + EXPIRE_SECONDS


def encode_id(bucket: str, name: str, version: str) -> str:
    return base64.urlsafe_b64encode(f"{bucket}/{name}/{version}".encode()).decode().rstrip("=")


def decode_id(upload_id: str) -> tuple[str, str, str]:
    try:
        text = base64.urlsafe_b64decode(upload_id + "=" * (-len(upload_id) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise not_found() from None
    bucket, _, rest = text.partition("/")
    name, _, version = rest.rpartition("/")
    if not bucket or not name or not version:
        raise not_found()
    return bucket, name, version


def parse_metadata(header: str | None) -> dict[str, str]:
    """`Upload-Metadata: key base64,key2 base64`: the decoded pairs; 400 when malformed."""
    pairs: dict[str, str] = {}
    for item in (header or "").split(","):
        item = item.strip()
        if not item:
            continue
        key, _, value = item.partition(" ")
        try:
            pairs[key] = base64.b64decode(value.strip(), validate=True).decode() if value.strip() else ""
        except (binascii.Error, UnicodeDecodeError, ValueError):
            raise TusError(400, "Invalid Upload-Metadata header") from None
    return pairs


def cache_control(value: str | None) -> str:
    value = (value or "").strip()
    return f"max-age={value}" if value.lstrip("-").isdigit() else "no-cache"


class Uploads:
    """The uploads under way, one folder each (`info.json`, `data`, a lock file)."""

    def __init__(self, root: Path):
        self.root = root
        self._last_sweep = 0.0

    def _folder(self, upload_id: str) -> Path:
        # a hash: the id of a long object name would exceed the file name limit
        return self.root / hashlib.sha256(upload_id.encode()).hexdigest()

    def create(self, info: UploadInfo) -> None:
        folder = self._folder(info.upload_id)
        folder.mkdir(parents=True, exist_ok=False)
        (folder / "data").touch()
        self._write_info(folder, info)

    def _write_info(self, folder: Path, info: UploadInfo) -> None:
        tmp = folder / "info.json.tmp"
        tmp.write_text(json.dumps(asdict(info)))
        os.replace(tmp, folder / "info.json")

    def load(self, upload_id: str) -> UploadInfo:
        folder = self._folder(upload_id)
        try:
            info = UploadInfo(**json.loads((folder / "info.json").read_text()))
        except (FileNotFoundError, NotADirectoryError, ValueError, TypeError):
            raise not_found() from None
        if info.upload_id != upload_id:
            raise not_found()
        if time.time() > info.expires:
            raise TusError(410, "The file for this url no longer exists")
        return info

    def offset(self, info: UploadInfo) -> int:
        if info.done:
            return info.length
        try:
            return (self._folder(info.upload_id) / "data").stat().st_size
        except FileNotFoundError:
            raise not_found() from None

    def data_path(self, info: UploadInfo) -> Path:
        return self._folder(info.upload_id) / "data"

    def mark_done(self, info: UploadInfo) -> None:
        """Kept (without bytes) until it expires, so a client resuming a finished upload sees it complete."""
        info.done = True
        folder = self._folder(info.upload_id)
        self._write_info(folder, info)
        with contextlib.suppress(FileNotFoundError):
            (folder / "data").unlink()

    def remove(self, info: UploadInfo) -> None:
        shutil.rmtree(self._folder(info.upload_id), ignore_errors=True)

    @contextlib.contextmanager
    def locked(self, info: UploadInfo) -> Iterator[None]:
        """One request at a time per upload, across API processes; a second one is told 423."""
        path = self._folder(info.upload_id) / "lock"
        with open(path, "a+b") as handle:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise TusError(423, "file is locked") from None
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

    async def append(self, info: UploadInfo, chunks: AsyncIterator[bytes], offset: int) -> int:
        """Append the body at `offset` (already checked), never past the declared length; flushed to disk."""
        path = self.data_path(info)
        written = offset
        try:
            with open(path, "r+b") as handle:
                handle.seek(offset)
                handle.truncate()
                async for chunk in chunks:
                    if written + len(chunk) > info.length:
                        raise TusError(413, "upload's size exceeded")
                    handle.write(chunk)
                    written += len(chunk)
                handle.flush()
                await asyncio.to_thread(os.fsync, handle.fileno())
        except FileNotFoundError:
            raise not_found() from None
        except ClientDisconnect:
            # the client went away mid-PATCH: what arrived is kept, as tus expects (it resumes from HEAD)
            with contextlib.suppress(FileNotFoundError):
                written = path.stat().st_size
        return written

    def sweep(self, now: float | None = None, every: float = 600.0) -> int:
        """Remove uploads a day old (finished or not). Runs at most every `every` seconds."""
        now = now or time.time()
        if now - self._last_sweep < every or not self.root.is_dir():
            return 0
        self._last_sweep = now
        removed = 0
        for folder in self.root.iterdir():
            try:
                created = json.loads((folder / "info.json").read_text())["created"]
            except (OSError, ValueError, KeyError):
                created = folder.stat().st_mtime if folder.exists() else now
            if now - created > EXPIRE_SECONDS:
                shutil.rmtree(folder, ignore_errors=True)
                removed += 1
        return removed


def new_info(headers: Mapping[str, str], sub: str | None) -> UploadInfo:
    """The upload a creation request describes (400 when the protocol's headers are missing or bad)."""
    raw = headers.get("upload-metadata") or ""
    metadata = parse_metadata(raw)
    bucket, name = metadata.get("bucketName") or "", metadata.get("objectName") or ""
    if not bucket or not name:
        raise TusError(400, "metadata header is required: bucketName and objectName")
    check_object_name(name)
    length = (headers.get("upload-length") or "").strip()
    if headers.get("upload-defer-length"):
        raise TusError(400, "Upload-Defer-Length is not supported")
    if not length.isdigit():
        raise TusError(400, "Upload-Length or Upload-Defer-Length header required")
    return UploadInfo(bucket=bucket, name=name, version=str(uuid.uuid4()), length=int(length),
                      metadata=metadata, raw_metadata=raw,
                      upsert=(headers.get("x-upsert") or "").strip().lower() == "true",
                      owner=sub, created=time.time())


def check_type(info: UploadInfo, bucket: Mapping) -> None:
    mimetype = info.metadata.get("contentType")
    if mimetype and not mime_allowed(mimetype, bucket.get("allowed_mime_types")):
        raise errors.invalid_mime_type(mimetype)


def upload_headers(info: UploadInfo, size: int) -> dict[str, str]:
    """The headers the normal upload path reads, from the upload's metadata."""
    headers = {"content-type": info.metadata.get("contentType") or "application/octet-stream",
               "cache-control": cache_control(info.metadata.get("cacheControl")),
               "content-length": str(size)}
    if info.metadata.get("metadata"):
        headers["x-metadata"] = base64.b64encode(info.metadata["metadata"].encode()).decode()
    return headers


async def file_chunks(path: Path) -> AsyncIterator[bytes]:
    with open(path, "rb") as handle:
        while chunk := await asyncio.to_thread(handle.read, CHUNK_FLUSH):
            yield chunk
