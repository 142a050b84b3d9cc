"""Reading an upload body (multipart form or raw bytes) into a staged file, enforcing the size while streaming."""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import AsyncIterator, Mapping

from python_multipart.multipart import MultipartParser, parse_options_header

from supastack.storage import errors

MAX_FIELD_BYTES = 1024 * 1024          # cacheControl / metadata / contentType form fields
DRAIN_AFTER_REFUSAL = 64 * 1024 * 1024  # read (and drop) this much more so the client sees the answer


@dataclass
class ReceivedFile:
    size: int
    etag: str                       # quoted MD5, as S3 and storage-api report it
    mimetype: str
    cache_control: str
    user_metadata: dict | None = None


@dataclass
class _Multipart:
    """State of the streaming multipart parse: form fields in memory, the file part to disk."""

    sink: "_Sink"
    fields: dict[str, bytes] = field(default_factory=dict)
    header_name: bytes = b""
    header_value: bytes = b""
    headers: dict[bytes, bytes] = field(default_factory=dict)
    current: str | None = None      # field name being read, or None for the file part / ignored parts
    in_file: bool = False
    file_seen: bool = False
    file_type: str = ""


class _Sink:
    """Writes the file bytes to the staged file, hashing them and refusing more than `limit` bytes."""

    def __init__(self, handle, limit: int):
        self.handle = handle
        self.limit = limit
        self.size = 0
        self.md5 = hashlib.md5()  # noqa: S324 - an ETag, not security

    def write(self, data: bytes) -> None:
        self.size += len(data)
        if self.size > self.limit:
            raise errors.entity_too_large()
        self.md5.update(data)
        self.handle.write(data)


async def _drain(chunks: AsyncIterator[bytes]) -> None:
    seen = 0
    async for chunk in chunks:
        seen += len(chunk)
        if seen > DRAIN_AFTER_REFUSAL:
            return


def _parse_metadata_json(raw: bytes | str | None) -> dict | None:
    if raw is None:
        return None
    if len(raw) > MAX_FIELD_BYTES:
        raise errors.StorageError(413, "EntityTooLarge", "The user_metadata exceeded the maximum allowed size",
                                  error="Payload too large")
    try:
        value = json.loads(raw)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _x_metadata(header: str | None) -> dict | None:
    if not header:
        return None
    try:
        return _parse_metadata_json(base64.b64decode(header, validate=False))
    except (binascii.Error, ValueError):
        return None


async def receive(headers: Mapping[str, str], chunks: AsyncIterator[bytes], staged: Path,
                  limit: int) -> ReceivedFile:
    """Stream the body into `staged`. Raises EntityTooLarge past `limit` bytes of file content."""
    content_type = headers.get("content-type") or ""
    with open(staged, "wb") as handle:
        sink = _Sink(handle, limit)
        try:
            if content_type.lower().startswith("multipart/form-data"):
                return await _receive_multipart(content_type, chunks, sink)
            return await _receive_raw(headers, content_type, chunks, sink)
        except errors.StorageError:
            await _drain(chunks)
            raise


async def _receive_raw(headers: Mapping[str, str], content_type: str, chunks: AsyncIterator[bytes],
                       sink: _Sink) -> ReceivedFile:
    declared = headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > sink.limit:
        raise errors.entity_too_large()
    async for chunk in chunks:
        sink.write(chunk)
    return ReceivedFile(size=sink.size, etag=f'"{sink.md5.hexdigest()}"',
                        mimetype=content_type or "application/octet-stream",
                        cache_control=headers.get("cache-control") or "no-cache",
                        user_metadata=_x_metadata(headers.get("x-metadata")))


async def _receive_multipart(content_type: str, chunks: AsyncIterator[bytes], sink: _Sink) -> ReceivedFile:
    _, params = parse_options_header(content_type)
    boundary = params.get(b"boundary")
    if not boundary:
        raise errors.no_content()
    state = _Multipart(sink=sink)

    def on_part_begin() -> None:
        state.headers, state.current, state.in_file = {}, None, False

    def on_header_field(data: bytes, start: int, end: int) -> None:
        state.header_name += data[start:end]

    def on_header_value(data: bytes, start: int, end: int) -> None:
        state.header_value += data[start:end]

    def on_header_end() -> None:
        state.headers[state.header_name.strip().lower()] = state.header_value.strip()
        state.header_name, state.header_value = b"", b""

    def on_headers_finished() -> None:
        _, disposition = parse_options_header(state.headers.get(b"content-disposition", b""))
        name = disposition.get(b"name", b"").decode("utf-8", "replace")
        is_file = b"filename" in disposition or name in ("", "file")
        if is_file and not state.file_seen:
            # JS sends the file part with an empty field name, Python as `file`: any file part will do
            state.in_file = state.file_seen = True
            state.file_type = state.headers.get(b"content-type", b"").decode("latin-1").strip()
        elif not is_file:
            state.current = name
            state.fields[name] = b""

    def on_part_data(data: bytes, start: int, end: int) -> None:
        if state.in_file:
            sink.write(data[start:end])
        elif state.current is not None:
            value = state.fields[state.current] + data[start:end]
            if len(value) > MAX_FIELD_BYTES:
                raise errors.invalid_request("Form field too large")
            state.fields[state.current] = value

    def on_part_end() -> None:
        state.in_file, state.current = False, None

    parser = MultipartParser(boundary, {
        "on_part_begin": on_part_begin, "on_header_field": on_header_field, "on_header_value": on_header_value,
        "on_header_end": on_header_end, "on_headers_finished": on_headers_finished,
        "on_part_data": on_part_data, "on_part_end": on_part_end,
    })
    try:
        async for chunk in chunks:
            parser.write(chunk)
        parser.finalize()
    except errors.StorageError:
        raise
    except Exception as exc:  # malformed multipart body
        raise errors.no_content() from exc
    if not state.file_seen:
        raise errors.no_content()

    def text(name: str) -> str | None:
        raw = state.fields.get(name)
        return raw.decode("utf-8", "replace").strip() if raw is not None else None

    cache_time = text("cacheControl")
    metadata = state.fields.get("metadata", state.fields.get("userMetadata"))
    return ReceivedFile(size=sink.size, etag=f'"{sink.md5.hexdigest()}"',
                        mimetype=text("contentType") or state.file_type or "application/octet-stream",
                        cache_control=f"max-age={cache_time}" if cache_time else "no-cache",
                        user_metadata=_parse_metadata_json(metadata))
