"""Encrypted backup archives: the tar, sealed in chunks with AES-256-GCM under a key that is not in the archive
(BACKUP_ENCRYPTION_KEY), streamed both ways so a large archive never sits in memory.

Format, version 1 (all integers big-endian):

    header   magic "SSBACKUP" (8 bytes) | version (1 byte, 1) | plaintext chunk size (4 bytes)
             | salt (32 random bytes) | key check (16 bytes)
    chunks   AES-256-GCM(chunk key, nonce, plaintext chunk, associated data = the header), each the ciphertext
             and its 16-byte tag; every chunk but the last holds exactly `chunk size` plaintext bytes

The chunk key and the key check are HKDF-SHA256(BACKUP_ENCRYPTION_KEY, salt) outputs: a wrong key is told
apart from a damaged archive. Nonce = chunk number (11 bytes) | 1 for the last chunk, else 0 (1 byte), so chunks
cannot be reordered, dropped, or the archive cut short without failing authentication. The key is 32 random
bytes written in base64 (`openssl rand -base64 32`).
"""
from __future__ import annotations

import base64
import binascii
import hmac
import io
import os
import struct
from typing import BinaryIO

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

MAGIC = b"SSBACKUP"
VERSION = 1
CHUNK = 1024 * 1024
TAG = 16
_HEAD = struct.Struct(">8sBI32s16s")
HEADER_SIZE = _HEAD.size
KEY_VARIABLE = "BACKUP_ENCRYPTION_KEY"


class DecryptionError(ValueError):
    pass


class WrongKey(DecryptionError):
    pass


def parse_key(text: str) -> bytes:
    """BACKUP_ENCRYPTION_KEY's value: 32 bytes in base64 (standard or URL-safe alphabet)."""
    cleaned = text.strip()
    try:
        key = base64.b64decode(cleaned.replace("-", "+").replace("_", "/") + "=" * (-len(cleaned) % 4), validate=True)
    except (binascii.Error, ValueError):
        key = b""
    if len(key) != 32:
        raise ValueError(f"{KEY_VARIABLE} must be 32 random bytes in base64, e.g. the output of "
                         "`openssl rand -base64 32`")
    return key


def key_from_env(env: dict | None = None) -> bytes | None:
    value = (os.environ if env is None else env).get(KEY_VARIABLE, "")
    return parse_key(value) if value.strip() else None


def _derive(key: bytes, salt: bytes) -> tuple[bytes, bytes]:
    out = HKDF(algorithm=hashes.SHA256(), length=48, salt=salt, info=b"supastack backup archive v1").derive(key)
    return out[:32], out[32:]


def _nonce(index: int, last: bool) -> bytes:
    return index.to_bytes(11, "big") + (b"\x01" if last else b"\x00")


def is_encrypted(path: os.PathLike | str) -> bool:
    with open(path, "rb") as f:
        return f.read(len(MAGIC)) == MAGIC


class EncryptingWriter(io.RawIOBase):
    """A write-only file for tarfile: what is written goes out sealed, chunk by chunk; `finish()` seals the
    last chunk (it must be called, or the archive reads as cut short)."""

    def __init__(self, raw: BinaryIO, key: bytes, chunk: int = CHUNK):
        super().__init__()
        salt = os.urandom(32)
        chunk_key, check = _derive(key, salt)
        self.header = _HEAD.pack(MAGIC, VERSION, chunk, salt, check)
        self.raw, self.chunk, self.aead = raw, chunk, AESGCM(chunk_key)
        self.buffer = bytearray()
        self.index = self.position = 0
        raw.write(self.header)

    def writable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.position

    def write(self, data: bytes | bytearray | memoryview) -> int:   # type: ignore[override]
        self.buffer += data
        self.position += len(data)
        while len(self.buffer) > self.chunk:      # keep at least one byte back: the last chunk is sealed apart
            self._seal(bytes(self.buffer[:self.chunk]), last=False)
            del self.buffer[:self.chunk]
        return len(data)

    def _seal(self, plain: bytes, last: bool) -> None:
        self.raw.write(self.aead.encrypt(_nonce(self.index, last), plain, self.header))
        self.index += 1

    def finish(self) -> None:
        if len(self.buffer) == self.chunk:        # a full chunk, then an empty last one
            self._seal(bytes(self.buffer), last=False)
            self.buffer.clear()
        self._seal(bytes(self.buffer), last=True)
        self.buffer.clear()

    def flush(self) -> None:
        self.raw.flush()

    def fileno(self) -> int:
        return self.raw.fileno()


class DecryptingReader(io.RawIOBase):
    """A seekable read-only view of an encrypted archive's plaintext (tarfile seeks to its members); every
    chunk read is authenticated first. The key check and the last chunk are verified on opening."""

    def __init__(self, raw: BinaryIO, key: bytes):
        super().__init__()
        head = raw.read(HEADER_SIZE)
        if len(head) < HEADER_SIZE or not head.startswith(MAGIC):
            raise DecryptionError("not an encrypted backup archive")
        magic, version, chunk, salt, check = _HEAD.unpack(head)
        if version != VERSION:
            raise DecryptionError(f"encrypted with format version {version}, which this version cannot read")
        if not 0 < chunk <= 64 * CHUNK:
            raise DecryptionError("the archive's header is damaged")
        chunk_key, expected = _derive(key, salt)
        if not hmac.compare_digest(check, expected[:16]):
            raise WrongKey("the key is not the one this archive was encrypted with")
        self.raw, self.header, self.chunk, self.aead = raw, head, chunk, AESGCM(chunk_key)
        sealed = raw.seek(0, io.SEEK_END) - HEADER_SIZE
        step = chunk + TAG
        self.chunks = max(1, -(-sealed // step))
        last_sealed = sealed - (self.chunks - 1) * step
        if sealed <= 0 or last_sealed < TAG:
            raise DecryptionError("the archive is cut short")
        self.size = (self.chunks - 1) * chunk + last_sealed - TAG
        self.position = 0
        self._cached: tuple[int, bytes] = (-1, b"")
        self._plain(self.chunks - 1)              # the end is there and authentic: not cut short

    def _plain(self, index: int) -> bytes:
        if self._cached[0] == index:
            return self._cached[1]
        step = self.chunk + TAG
        self.raw.seek(HEADER_SIZE + index * step)
        sealed = self.raw.read(step)
        try:
            plain = self.aead.decrypt(_nonce(index, index == self.chunks - 1), sealed, self.header)
        except InvalidTag:
            raise DecryptionError(f"the archive was altered or is damaged (chunk {index} fails its "
                                  "authentication)") from None
        self._cached = (index, plain)
        return plain

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self.position, io.SEEK_END: self.size}[whence]
        self.position = max(0, base + offset)
        return self.position

    def read(self, size: int | None = -1) -> bytes:
        end = self.size if size is None or size < 0 else min(self.size, self.position + size)
        out = bytearray()
        while self.position < end:
            index, within = divmod(self.position, self.chunk)
            piece = self._plain(index)[within:within + end - self.position]
            out += piece
            self.position += len(piece)
        return bytes(out)

    def readinto(self, buffer: bytearray | memoryview) -> int:   # type: ignore[override]
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def close(self) -> None:
        self.raw.close()
        super().close()
