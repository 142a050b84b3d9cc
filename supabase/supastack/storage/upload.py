"""Reading an upload body: its head (type, cache control, user metadata) before any file byte, then the file.

The head is known before the first file byte is accepted, so the service can check the caller's right
to write, the bucket's MIME list and the declared size first. A multipart form may carry only the
fields storage-api reads, ahead of the file; every byte of it that is not the file counts against
FORM_FIELDS_LIMIT, and no more than one network chunk is ever held in memory.
"""
from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import json
import os
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from python_multipart.multipart import MultipartParser, parse_options_header

from supastack.storage import errors

FORM_FIELDS_LIMIT = 64 * 1024     # part headers, fields, preamble and epilogue of a multipart body
KNOWN_FIELDS = ("cacheControl", "contentType", "metadata", "userMetadata")   # what storage-api reads
MAX_METADATA_BYTES = 64 * 1024    # user metadata (form field or base64 x-metadata header)


@dataclass
class UploadHead:
    mimetype: str
    cache_control: str
    user_metadata: dict | None = None


@dataclass
class StoredFile:
    size: int
    etag: str                       # quoted MD5, as S3 and storage-api report it


def _parse_metadata_json(raw: bytes | None) -> dict | None:
    if raw is None:
        return None
    if len(raw) > MAX_METADATA_BYTES:
        raise errors.StorageError(413, "EntityTooLarge", "The user_metadata exceeded the maximum allowed size",
                                  error="Payload too large")
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _x_metadata(header: str | None) -> dict | None:
    if not header:
        return None
    try:
        return _parse_metadata_json(base64.b64decode(header, validate=False))
    except (binascii.Error, ValueError):
        return None


def _declared_length(headers: Mapping[str, str]) -> int | None:
    value = (headers.get("content-length") or "").strip()
    return int(value) if value.isdigit() else None


async def open_body(headers: Mapping[str, str], chunks: AsyncIterator[bytes],
                    limit: int) -> tuple[UploadHead, AsyncIterator[bytes]]:
    """The upload's head and the stream of its file bytes. EntityTooLarge when the declared size is over `limit`."""
    content_type = headers.get("content-type") or ""
    declared = _declared_length(headers)
    if content_type.lower().startswith("multipart/form-data"):
        if declared is not None and declared > limit + FORM_FIELDS_LIMIT:
            raise errors.entity_too_large()
        form = _Form(content_type)
        return await form.read_head(chunks), form.file_chunks(chunks)
    if declared is not None and declared > limit:
        raise errors.entity_too_large()
    return UploadHead(mimetype=content_type or "application/octet-stream",
                      cache_control=headers.get("cache-control") or "no-cache",
                      user_metadata=_x_metadata(headers.get("x-metadata"))), chunks


async def write_file(chunks: AsyncIterator[bytes], staged: Path, limit: int) -> StoredFile:
    """Stream the file bytes into `staged` and flush them to disk. EntityTooLarge past `limit` bytes."""
    size, md5 = 0, hashlib.md5()  # noqa: S324 - an ETag, not security
    with open(staged, "wb") as handle:
        async for chunk in chunks:
            size += len(chunk)
            if size > limit:
                raise errors.entity_too_large()
            md5.update(chunk)
            handle.write(chunk)
        handle.flush()
        await asyncio.to_thread(os.fsync, handle.fileno())
    return StoredFile(size=size, etag=f'"{md5.hexdigest()}"')


def form_too_large() -> errors.StorageError:
    return errors.StorageError(413, "EntityTooLarge", "The form fields exceeded the maximum allowed size",
                               error="Payload too large")


@dataclass
class _Form:
    """A streaming multipart parse: known fields kept (small), the first file part handed on, the rest dropped."""

    content_type: str
    fields: dict[str, bytes] = field(default_factory=dict)
    headers: dict[bytes, bytes] = field(default_factory=dict)
    header_name: bytes = b""
    header_value: bytes = b""
    part: str | None = None          # "file", a known field's name, or None (a part that is dropped)
    file_started: bool = False
    file_done: bool = False
    file_type: str = ""
    pending: list[bytes] = field(default_factory=list)   # file bytes of the chunk just parsed
    fed: int = 0
    file_bytes: int = 0

    def __post_init__(self) -> None:
        _, params = parse_options_header(self.content_type)
        boundary = params.get(b"boundary")
        if not boundary:
            raise errors.no_content()
        self.parser = MultipartParser(boundary, {
            "on_part_begin": self._part_begin, "on_header_field": self._header_field,
            "on_header_value": self._header_value, "on_header_end": self._header_end,
            "on_headers_finished": self._headers_finished, "on_part_data": self._part_data,
            "on_part_end": self._part_end,
        })

    # -- parser callbacks ---------------------------------------------------------------------------
    def _part_begin(self) -> None:
        self.headers, self.part = {}, None

    def _header_field(self, data: bytes, start: int, end: int) -> None:
        self.header_name += data[start:end]

    def _header_value(self, data: bytes, start: int, end: int) -> None:
        self.header_value += data[start:end]

    def _header_end(self) -> None:
        self.headers[self.header_name.strip().lower()] = self.header_value.strip()
        self.header_name, self.header_value = b"", b""

    def _headers_finished(self) -> None:
        _, disposition = parse_options_header(self.headers.get(b"content-disposition", b""))
        name = disposition.get(b"name", b"").decode("utf-8", "replace")
        is_file = b"filename" in disposition or name in ("", "file")
        if is_file and not self.file_started:
            # JS sends the file part with an empty field name, Python as `file`: any file part will do
            self.part, self.file_started = "file", True
            self.file_type = self.headers.get(b"content-type", b"").decode("latin-1").strip()
        elif not is_file and not self.file_started and name in KNOWN_FIELDS:
            self.part = name
            self.fields[name] = b""

    def _part_data(self, data: bytes, start: int, end: int) -> None:
        if self.part == "file":
            self.pending.append(bytes(data[start:end]))
            self.file_bytes += end - start
        elif self.part is not None:
            self.fields[self.part] += data[start:end]

    def _part_end(self) -> None:
        if self.part == "file":
            self.file_done = True
        self.part = None

    # -- feeding ------------------------------------------------------------------------------------
    def _feed(self, chunk: bytes) -> None:
        self.fed += len(chunk)
        try:
            self.parser.write(chunk)
        except errors.StorageError:
            raise
        except Exception as exc:  # a malformed multipart body
            raise errors.no_content() from exc
        if self.fed - self.file_bytes > FORM_FIELDS_LIMIT:
            raise form_too_large()

    def _finish(self) -> None:
        try:
            self.parser.finalize()
        except Exception as exc:
            raise errors.no_content() from exc

    async def read_head(self, chunks: AsyncIterator[bytes]) -> UploadHead:
        """Parse up to the start of the file part (its first bytes wait in `pending`)."""
        async for chunk in chunks:
            self._feed(chunk)
            if self.file_started:
                return self._head()
        self._finish()
        raise errors.no_content()

    async def file_chunks(self, chunks: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
        while self.pending:
            yield self.pending.pop(0)
        async for chunk in chunks:
            self._feed(chunk)
            while self.pending:
                yield self.pending.pop(0)
        self._finish()
        if not self.file_done:      # the body ended inside the file part
            raise errors.no_content()

    def _head(self) -> UploadHead:
        def text(name: str) -> str | None:
            raw = self.fields.get(name)
            return raw.decode("utf-8", "replace").strip() if raw is not None else None

        cache_time = text("cacheControl")
        return UploadHead(mimetype=text("contentType") or self.file_type or "application/octet-stream",
                          cache_control=f"max-age={cache_time}" if cache_time else "no-cache",
                          user_metadata=_parse_metadata_json(self.fields.get("metadata",
                                                                             self.fields.get("userMetadata"))))
