"""The backup archive: one uncompressed tar (`database.dump`, `keys.json`, `objects/<bucket>/<name>`, and
`manifest.json` last, with every member's size and SHA-256), written under a temporary name, fsynced and
renamed, so a crash never leaves a half archive under a backup's name. Reading verifies every checksum.

With a key (BACKUP_ENCRYPTION_KEY) the tar is written sealed (`.tar.enc`, backup/crypto.py): it holds the
JWT secret and every client's data, so a copy that leaks (the off-site bucket) must be useless without the key."""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
import tarfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

from supastack.backup.crypto import DecryptingReader, DecryptionError, EncryptingWriter, WrongKey, is_encrypted

FORMAT = "supastack-backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
DATABASE = "database.dump"
KEYS = "keys.json"
OBJECTS = "objects/"
CHUNK = 1024 * 1024


class ArchiveError(RuntimeError):
    pass


ENCRYPTED_SUFFIX = ".tar.enc"


def archive_name(project: str, when: datetime, encrypted: bool = False) -> str:
    return f"{project}-{when:%Y%m%d-%H%M%S}" + (ENCRYPTED_SUFFIX if encrypted else ".tar")


def archive_pattern(project: str) -> re.Pattern[str]:
    return re.compile(re.escape(project) + r"-\d{8}-\d{6}(-\d+)?\.tar(\.enc)?")


def _split_name(name: str) -> tuple[str, str]:
    for suffix in (ENCRYPTED_SUFFIX, ".tar"):
        if name.endswith(suffix):
            return name[:-len(suffix)], suffix
    return name, ""


@contextlib.contextmanager
def open_archive(path: Path, key: bytes | None) -> Iterator[tarfile.TarFile]:
    """The archive's tar, decrypted on the fly when it is encrypted; ArchiveError without the right key."""
    try:
        encrypted = is_encrypted(path)
    except OSError as exc:
        raise ArchiveError(f"{path} is not a readable backup archive: {exc}") from exc
    if encrypted and key is None:
        raise ArchiveError(f"{path} is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was written with")
    raw = open(path, "rb")
    try:
        if encrypted:
            assert key is not None
            try:
                source: BinaryIO = DecryptingReader(raw, key)      # type: ignore[assignment]
            except WrongKey as exc:
                raise ArchiveError(f"{path}: BACKUP_ENCRYPTION_KEY is wrong ({exc})") from None
            except DecryptionError as exc:
                raise ArchiveError(f"{path}: {exc}") from None
        else:
            source = raw
        try:
            with tarfile.open(fileobj=source, mode="r:") as tar:
                yield tar
        except DecryptionError as exc:
            raise ArchiveError(f"{path}: {exc}") from None
    finally:
        raw.close()


def object_member(bucket: str, name: str) -> str:
    return f"{OBJECTS}{bucket}/{name}"


class _Hashing:
    """A reader that hashes what passes through it."""

    def __init__(self, source: BinaryIO):
        self.source = source
        self.sha256 = hashlib.sha256()

    def read(self, size: int = -1) -> bytes:
        data = self.source.read(size)
        self.sha256.update(data)
        return data


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class ArchiveWriter:
    """Members are streamed in; `commit(manifest)` makes the archive appear under its final name."""

    def __init__(self, target: Path, key: bytes | None = None):
        self.target = target
        self.partial = target.with_name(f".{target.name}.partial")
        fd = os.open(self.partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)   # it holds secrets
        self.file = os.fdopen(fd, "wb")
        self.sealed = EncryptingWriter(self.file, key) if key is not None else None
        self.tar = tarfile.open(fileobj=self.sealed or self.file, mode="w", format=tarfile.PAX_FORMAT)

    def add_stream(self, member: str, source: BinaryIO, size: int) -> str:
        """Copy exactly `size` bytes from `source`; returns their SHA-256."""
        info = tarfile.TarInfo(member)
        info.size, info.mode, info.mtime = size, 0o600, int(datetime.now().timestamp())
        reader = _Hashing(source)
        self.tar.addfile(info, reader)
        return reader.sha256.hexdigest()

    def add_file(self, member: str, path: Path) -> tuple[int, str]:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size       # the open file: a concurrent replace does not matter
            return size, self.add_stream(member, f, size)

    def add_bytes(self, member: str, data: bytes) -> str:
        return self.add_stream(member, io.BytesIO(data), len(data))

    def commit(self, manifest: dict) -> Path:
        self.add_bytes(MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False).encode())
        self.tar.close()
        if self.sealed is not None:
            self.sealed.finish()
        self.file.flush()
        os.fsync(self.file.fileno())
        self.file.close()
        final = self.target
        n = 1
        base, suffix = _split_name(self.target.name)
        while final.exists():                       # two backups in the same second keep both
            final = self.target.with_name(f"{base}-{n}{suffix}")
            n += 1
        os.rename(self.partial, final)
        _fsync_dir(final.parent)
        return final

    def abort(self) -> None:
        with contextlib.suppress(Exception):
            self.tar.close()
        with contextlib.suppress(Exception):
            self.file.close()
        self.partial.unlink(missing_ok=True)


def read_manifest(path: Path, key: bytes | None = None) -> dict:
    try:
        with open_archive(path, key) as tar:
            source = tar.extractfile(tar.getmember(MANIFEST))
            if source is None:                 # a directory or link by that name
                raise ArchiveError(f"{path} is not a readable backup archive: {MANIFEST} is not a file")
            manifest = json.loads(source.read())
    except ArchiveError:
        raise
    except (tarfile.TarError, KeyError, OSError, ValueError) as exc:
        raise ArchiveError(f"{path} is not a readable backup archive: {exc}") from exc
    if manifest.get("format") != FORMAT or manifest.get("format_version", 0) > FORMAT_VERSION:
        raise ArchiveError(f"{path} is not a backup archive this version can read")
    return manifest


def check_object_entries(manifest: dict) -> None:
    """Bucket ids, object names and versions in a manifest become paths in the storage folder: refuse any
    that storage itself would refuse (`..`, `/`, absolute names, a version that is not a UUID) before a
    restore touches anything, so a crafted archive cannot write or delete outside that folder."""
    from supastack.storage.interface import entry_refusal
    try:
        objects = manifest["objects"]
        buckets = list(objects["buckets"])
        entries = [(f["bucket"], f["name"], f["version"]) for f in objects["files"]]
    except (KeyError, TypeError) as exc:
        raise ArchiveError(f"the archive's manifest is malformed: {exc}") from exc
    for bucket in buckets + [b for b, _, _ in entries]:
        if entry_refusal(bucket, None, None):
            raise ArchiveError(f"the archive names a bucket that is not allowed: {bucket!r}")
    for bucket, name, version in entries:
        refused = entry_refusal(bucket, name, version)
        if refused == "version":
            raise ArchiveError(f"the archive names an object version that is not allowed: {version!r}")
        if refused:
            raise ArchiveError(f"the archive names an object that is not allowed: {bucket}/{name!r}")


def expected_members(manifest: dict) -> dict[str, dict]:
    """member name -> {size, sha256} for every member the manifest vouches for."""
    members = {DATABASE: manifest["database"], KEYS: manifest["keys"]}
    for entry in manifest["objects"]["files"]:
        members[object_member(entry["bucket"], entry["name"])] = entry
    return members


def extract_verified(path: Path, staging: Path, key: bytes | None = None) -> tuple[dict, dict[str, Path]]:
    """Unpack every member into `staging` under numbered names (never under names from the archive) and
    check it against the manifest; raises ArchiveError before anything else is touched."""
    manifest = read_manifest(path, key)
    check_object_entries(manifest)
    expected = expected_members(manifest)
    extracted: dict[str, Path] = {}
    with open_archive(path, key) as tar:
        for member in tar:
            if member.name == MANIFEST:
                continue
            entry = expected.get(member.name)
            if entry is None or not member.isfile():
                raise ArchiveError(f"unexpected member in the archive: {member.name}")
            target = staging / f"{len(extracted):08d}"
            digest = hashlib.sha256()
            reader = tar.extractfile(member)
            if reader is None:                 # isfile() above: never, but say so rather than crash
                raise ArchiveError(f"unexpected member in the archive: {member.name}")
            with reader as source, open(target, "wb") as out:
                while chunk := source.read(CHUNK):
                    digest.update(chunk)
                    out.write(chunk)
                out.flush()
                os.fsync(out.fileno())            # these files become the restored objects' bytes
            if member.size != entry["size"] or digest.hexdigest() != entry["sha256"]:
                raise ArchiveError(f"the archive is damaged: {member.name} does not match its checksum")
            extracted[member.name] = target
    missing = set(expected) - set(extracted)
    if missing:
        raise ArchiveError(f"the archive is incomplete: {len(missing)} member(s) missing, e.g. {sorted(missing)[0]}")
    return manifest, extracted
