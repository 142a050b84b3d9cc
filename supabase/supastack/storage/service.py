"""The storage service, transport-agnostic: buckets and objects, metadata under the caller's RLS, bytes in a backend.

Every metadata read or write runs in `db.scope(claims)`, so the policies on storage.buckets and
storage.objects decide; only bucket limits and signed-URL reads look as the service (as storage-api
does). Bytes are stored per version: a write stores a new version (flushed to disk) inside the
transaction that points the row at it, and only after COMMIT drops the version it replaced. So an
acknowledged write has its row and its bytes, and a failed one changes neither; a crash in between
leaves at most a version no row points at, which the start-up sweep removes.
"""
from __future__ import annotations

import asyncio
import builtins
import contextlib
import errno
import uuid
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypedDict

from psycopg import AsyncConnection

from supastack.core.config import Settings
from supastack.core.db import Database, role_of
from supastack.storage import cleanup, errors, listing, queries, signing, upload
from supastack.storage.backend import Backend, Blob, ObjectKey
from supastack.storage.names import check_bucket_name, check_object_name, mime_allowed, parse_size_limit

SERVICE = {"role": "service_role"}


class RowValues(TypedDict):
    """An object row's columns an upload decides (queries.write_object's keyword arguments but two)."""

    bucket_id: str
    name: str
    owner: str | None
    owner_id: str | None
    user_metadata: dict[str, Any] | None
    upsert: bool


@dataclass
class Caller:
    """Who asks: verified JWT claims (or anon)."""

    claims: dict

    @property
    def sub(self) -> str | None:
        sub = self.claims.get("sub")
        return str(sub) if sub else None

    @property
    def owner_uuid(self) -> str | None:
        """storage.objects.owner is a uuid: only a uuid `sub` goes there (owner_id keeps any sub)."""
        try:
            return str(uuid.UUID(self.sub)) if self.sub else None
        except ValueError:
            return None


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@contextlib.contextmanager
def _disk_errors(name: str) -> Iterator[None]:
    """Filesystem conflicts as storage errors: a name used as a folder by another object, or too long."""
    try:
        yield
    except (FileExistsError, IsADirectoryError, NotADirectoryError):
        raise errors.resource_already_exists() from None
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise errors.invalid_key(name) from None
        raise


class Storage:
    def __init__(self, settings: Settings, db: Database, backend: Backend):
        self.settings = settings
        self.db = db
        self.backend = backend

    # -- transactions ----------------------------------------------------------------------------
    def _gucs(self, claims: dict) -> dict[str, str]:
        # storage-api also sets the legacy per-claim settings some older policies read
        return {"request.jwt.claim.sub": str(claims.get("sub") or ""), "request.jwt.claim.role": role_of(claims)}

    @asynccontextmanager
    async def _read(self, claims: dict) -> AsyncIterator[AsyncConnection[Any]]:
        async with self.db.scope(claims, self._gucs(claims)) as conn:
            yield conn

    @asynccontextmanager
    async def _write(self, claims: dict) -> AsyncIterator[_Transaction]:
        """A scoped transaction that commits synchronously (an acknowledged write survives a database crash,
        whatever the server's `synchronous_commit`), with the byte clean-ups of its outcome."""
        tx = _Transaction()
        try:
            async with self.db.scope(claims, {**self._gucs(claims), "synchronous_commit": "on"}) as conn:
                tx.conn = conn
                yield tx
        except BaseException:
            await self._discard_new_versions(tx.new_versions)
            raise
        with contextlib.suppress(Exception):
            await self.backend.delete(tx.replaced_versions)

    async def _discard_new_versions(self, keys: list[ObjectKey]) -> None:
        """After a failed transaction: delete the versions it stored, unless a row points at them after all
        (a COMMIT whose answer was lost may have succeeded). Unsure: leave them to the start-up sweep."""
        if not keys:
            return
        with contextlib.suppress(Exception):
            async with self.db.as_service() as conn:
                used = await queries.references(conn, keys)
            await self.backend.delete([k for k, in_use in zip(keys, used, strict=True) if not in_use])

    async def start(self) -> None:
        start = getattr(self.backend, "start", None)
        if start is not None:
            await start()
        await cleanup.at_startup(self.db, self.backend)

    async def _bucket_as_service(self, bucket_id: str) -> dict:
        async with self.db.as_service() as conn:
            bucket = await queries.get_bucket(conn, bucket_id)
        if not bucket:
            raise errors.no_such_bucket()
        return bucket

    # -- buckets ---------------------------------------------------------------------------------
    async def list_buckets(self, caller: Caller, **options: Any) -> list[dict]:
        async with self._read(caller.claims) as conn:
            return await queries.list_buckets(conn, **options)

    async def get_bucket(self, caller: Caller, bucket_id: str) -> dict:
        async with self._read(caller.claims) as conn:
            bucket = await queries.get_bucket(conn, bucket_id)
        if not bucket:
            raise errors.no_such_bucket()
        return bucket

    async def create_bucket(self, caller: Caller, body: Mapping) -> dict:
        bucket_id = check_bucket_name(body.get("id") or body.get("name"))
        name = body.get("name") or bucket_id
        bucket_type = str(body.get("type") or "STANDARD").upper()
        if bucket_type not in ("STANDARD", "ANALYTICS", "VECTOR"):
            raise errors.invalid_parameter("type")
        try:
            async with self._read(caller.claims) as conn:
                return await queries.insert_bucket(
                    conn, bucket_id=bucket_id, name=name, owner=caller.owner_uuid, owner_id=caller.sub,
                    public=bool(body.get("public") or False),
                    file_size_limit=parse_size_limit(body.get("file_size_limit")),
                    allowed_mime_types=_mime_list(body.get("allowed_mime_types")), bucket_type=bucket_type)
        except errors.StorageError:
            raise
        except Exception as exc:
            if getattr(exc, "sqlstate", None) == "23505":
                raise errors.bucket_already_exists() from None
            raise

    async def update_bucket(self, caller: Caller, bucket_id: str, body: Mapping) -> None:
        changes: dict = {}
        if "public" in body and body["public"] is not None:
            changes["public"] = bool(body["public"])
        if "file_size_limit" in body:
            changes["file_size_limit"] = parse_size_limit(body["file_size_limit"])
        if "allowed_mime_types" in body:
            changes["allowed_mime_types"] = _mime_list(body["allowed_mime_types"])
        async with self._read(caller.claims) as conn:
            if not await queries.update_bucket(conn, bucket_id, changes):
                raise errors.no_such_bucket()

    async def empty_bucket(self, caller: Caller, bucket_id: str) -> None:
        await self.get_bucket(caller, bucket_id)
        async with self._write(caller.claims) as tx:
            for row in await queries.delete_all_objects(tx.conn, bucket_id):
                tx.replaces(_key_of({"bucket_id": bucket_id, **row}))

    async def delete_bucket(self, caller: Caller, bucket_id: str) -> None:
        async with self._read(caller.claims) as conn:
            if await queries.get_bucket(conn, bucket_id) is None:
                raise errors.no_such_bucket()
            async with self.db.as_service() as service_conn:   # storage-api counts as the service
                if await queries.bucket_has_objects(service_conn, bucket_id):
                    raise errors.bucket_not_empty()
            if not await queries.delete_bucket(conn, bucket_id):
                raise errors.no_such_bucket()
        await self.backend.delete_bucket(bucket_id)

    # -- uploads ---------------------------------------------------------------------------------
    async def upload(self, caller: Caller, bucket_id: str, name: str, headers: Mapping[str, str],
                     chunks: AsyncIterator[bytes], *, upsert: bool, owner: str | None = None,
                     as_service: bool = False) -> dict:
        """Check everything the head of the body tells (size, MIME type, the caller's right to write) before
        reading any file byte; then stream the file to staging and write row + bytes atomically."""
        check_object_name(name)
        bucket = await self._bucket_as_service(bucket_id)
        limit = self.settings.storage_file_size_limit
        if bucket.get("file_size_limit"):
            limit = min(limit, bucket["file_size_limit"])
        head, file_chunks = await upload.open_body(headers, chunks, limit)
        if not mime_allowed(head.mimetype, bucket.get("allowed_mime_types")):
            raise errors.invalid_mime_type(head.mimetype)
        owner_id = owner if owner is not None else caller.sub
        row_values = RowValues(bucket_id=bucket_id, name=name, owner=Caller({"sub": owner_id}).owner_uuid,
                               owner_id=owner_id, user_metadata=head.user_metadata, upsert=upsert)
        claims = SERVICE if as_service else caller.claims
        await self._check_write(claims, row_values)
        staged = await asyncio.to_thread(self.backend.staging_file)
        try:
            stored = await upload.write_file(file_chunks, staged, limit)
            metadata = {"eTag": stored.etag, "size": stored.size, "mimetype": head.mimetype,
                        "cacheControl": head.cache_control, "lastModified": _now_iso(),
                        "contentLength": stored.size, "httpStatusCode": 200}
            version = str(uuid.uuid4())
            key = ObjectKey(bucket_id, name, version)
            async with self._write(claims) as tx:
                previous = await queries.lock_version(tx.conn, bucket_id, name) if upsert else None
                row = await queries.write_object(tx.conn, metadata=metadata, version=version, **row_values)
                tx.stored(key)
                with _disk_errors(name):
                    await self.backend.store(staged, key)
                if previous:
                    tx.replaces(ObjectKey(bucket_id, name, previous))
            return {"Id": str(row["id"]), "Key": f"{bucket_id}/{name}"}
        finally:
            await asyncio.to_thread(_discard, staged)

    async def _check_write(self, claims: dict, row_values: RowValues) -> None:
        """Try the row write and roll it back: the INSERT (and UPDATE) policies, the bucket and a taken
        name answer before any byte is read."""

        class _Rollback(Exception):
            pass

        with contextlib.suppress(_Rollback):
            async with self._read(claims) as conn:
                await queries.write_object(conn, metadata={}, version=str(uuid.uuid4()), **row_values)
                raise _Rollback

    async def check_can_upload(self, caller: Caller, bucket_id: str, name: str, upsert: bool) -> None:
        check_object_name(name)
        await self._bucket_as_service(bucket_id)
        await self._check_write(caller.claims, RowValues(bucket_id=bucket_id, name=name, owner=caller.owner_uuid,
                                                         owner_id=caller.sub, user_metadata=None, upsert=upsert))

    # -- reads -----------------------------------------------------------------------------------
    async def find(self, caller: Caller | None, bucket_id: str, name: str) -> dict:
        """The object's row as the caller sees it (`None` caller: as the service). NoSuchKey if invisible."""
        check_object_name(name)
        async with self._read(caller.claims if caller else SERVICE) as conn:
            row = await queries.find_object(conn, bucket_id, name)
        if not row:
            if caller is not None:
                await self._bucket_as_service(bucket_id)   # a missing bucket says so
            raise errors.no_such_key()
        return row

    async def find_public(self, bucket_id: str, name: str) -> dict:
        bucket = await self._bucket_as_service(bucket_id)
        if not bucket["public"]:
            raise errors.no_such_bucket()
        return await self.find(None, bucket_id, name)

    async def read(self, row: dict, byte_range: tuple[int, int | None] | None = None) -> Blob:
        try:
            return await self.backend.read(_key_of(row), byte_range)
        except FileNotFoundError:
            raise errors.no_such_key() from None

    async def list(self, caller: Caller, bucket_id: str, body: Mapping) -> list[dict]:
        prefix = str(body.get("prefix") or "")
        if prefix and not prefix.endswith("/"):
            prefix += "/"   # the prefix names a folder
        sort = body.get("sortBy") or {}
        limit, offset = _int(body.get("limit"), 100, "limit"), _int(body.get("offset"), 0, "offset")
        async with self._read(caller.claims) as conn:
            return await queries.search(conn, bucket_id, prefix=prefix.lstrip("/"),
                                        search=str(body.get("search") or ""), limit=min(limit, 1000), offset=offset,
                                        column=str(sort.get("column") or "name"), order=str(sort.get("order") or "asc"))

    async def list_v2(self, caller: Caller, bucket_id: str, body: Mapping) -> dict:
        """storage-api's list-v2: one page of objects (and folders, `with_delimiter`), with a cursor."""
        opts = listing.options(body)
        async with self._read(caller.claims) as conn:
            rows = await queries.list_v2(conn, bucket_id, prefix=opts["prefix"], delimited=opts["delimited"],
                                         limit=opts["limit"] + 1, start_after=opts["start_after"],
                                         order=opts["order"], column=opts["column"],
                                         column_after=opts["column_after"])
        return listing.page(rows, opts)

    # -- changes ---------------------------------------------------------------------------------
    async def remove(self, caller: Caller, bucket_id: str, names: object) -> builtins.list[dict]:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise errors.invalid_parameter("prefixes")
        if not names:
            return []
        async with self._write(caller.claims) as tx:
            removed = await queries.delete_objects(tx.conn, bucket_id, names)
            for row in removed:
                tx.replaces(_key_of(row))
        return removed

    async def remove_one(self, caller: Caller, bucket_id: str, name: str) -> None:
        # as storage-api: nothing deleted is NoSuchKey, whether the object is absent or hidden by the policies
        check_object_name(name)
        if not await self.remove(caller, bucket_id, [name]):
            raise errors.no_such_key()

    async def move(self, caller: Caller, bucket_id: str, source: str, dst_bucket: str, destination: str) -> dict:
        """The row moves to a new version at the destination: its bytes are shared (or copied) before COMMIT,
        the source's dropped after."""
        check_object_name(source)
        check_object_name(destination)
        async with self._write(caller.claims) as tx:
            original = await queries.find_object(tx.conn, bucket_id, source, for_update=True)
            if not original:
                raise errors.no_such_key()
            if dst_bucket != bucket_id and await queries.get_bucket(tx.conn, dst_bucket) is None:
                await self._bucket_as_service(dst_bucket)
            version = str(uuid.uuid4())
            target = ObjectKey(dst_bucket, destination, version)
            row = await queries.rename_object(tx.conn, bucket_id=bucket_id, name=source, dst_bucket=dst_bucket,
                                              dst_name=destination, owner=caller.owner_uuid, owner_id=caller.sub,
                                              metadata={"lastModified": _now_iso()}, version=version)
            if not row:   # visible but not updatable under the policies
                raise errors.no_such_key()
            await self._copy_bytes(tx, _key_of(original), target)
            tx.replaces(_key_of(original))
        return row

    async def copy(self, caller: Caller, bucket_id: str, source: str, dst_bucket: str, destination: str,
                   upsert: bool) -> dict:
        check_object_name(source)
        check_object_name(destination)
        async with self._write(caller.claims) as tx:
            original = await queries.find_object(tx.conn, bucket_id, source)
            if not original:
                raise errors.no_such_key()
            version = str(uuid.uuid4())
            target = ObjectKey(dst_bucket, destination, version)
            previous = await queries.lock_version(tx.conn, dst_bucket, destination) if upsert else None
            metadata = {**(original["metadata"] or {}), "lastModified": _now_iso()}
            row = await queries.write_object(
                tx.conn, bucket_id=dst_bucket, name=destination, owner=caller.owner_uuid, owner_id=caller.sub,
                metadata=metadata, user_metadata=original["user_metadata"], version=version, upsert=upsert)
            await self._copy_bytes(tx, _key_of(original), target)
            if previous:
                tx.replaces(ObjectKey(dst_bucket, destination, previous))
        return row

    async def _copy_bytes(self, tx: _Transaction, source: ObjectKey, target: ObjectKey) -> None:
        tx.stored(target)
        with _disk_errors(target.name):
            try:
                await self.backend.copy(source, target)
            except FileNotFoundError:
                raise errors.no_such_key() from None

    # -- signed URLs -----------------------------------------------------------------------------
    def _expires_in(self, value: Any) -> int:
        seconds = signing.parse_expires_in(value)
        most = int(self.settings.raw.get("storage", {}).get("signed_url_max_expiry", signing.MAX_EXPIRY_SECONDS))
        if seconds > most:
            raise errors.invalid_parameter("expiresIn", f"expiresIn must be at most {most} seconds")
        return seconds

    def _signed_path(self, row: dict, seconds: int) -> str:
        url = f"{row['bucket_id']}/{row['name']}"
        token = signing.sign(url, signing.DOWNLOAD, seconds, self.settings.jwt_secret, version=_version_tag(row))
        return f"/object/sign/{url}?token={token}"

    async def sign_download(self, caller: Caller, bucket_id: str, name: str, expires_in: Any) -> str:
        seconds = self._expires_in(expires_in)
        return self._signed_path(await self.find(caller, bucket_id, name), seconds)

    async def sign_downloads(self, caller: Caller, bucket_id: str, paths: object,
                             expires_in: Any) -> builtins.list[dict]:
        seconds = self._expires_in(expires_in)
        if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
            raise errors.invalid_parameter("paths")
        async with self._read(caller.claims) as conn:
            visible = await queries.visible_objects(conn, bucket_id, paths)
        result = []
        for path in paths:
            if path in visible:
                result.append({"error": None, "path": path, "signedURL": self._signed_path(visible[path], seconds)})
            else:
                result.append({"error": "Either the object does not exist or you do not have access to it",
                               "path": path, "signedURL": None})
        return result

    async def find_signed(self, bucket_id: str, name: str, token: str | None) -> dict:
        """The object a download token names, as long as it is still the version the token was made for."""
        claims = signing.verify(token, f"{bucket_id}/{name}", signing.DOWNLOAD, self.settings.jwt_secret)
        row = await self.find(None, bucket_id, name)
        if claims.get("version") != _version_tag(row):   # replaced since: the token does not reach the new bytes
            raise errors.invalid_signature()
        return row

    async def sign_upload(self, caller: Caller, bucket_id: str, name: str, upsert: bool) -> dict:
        await self.check_can_upload(caller, bucket_id, name, upsert)
        url = f"{bucket_id}/{name}"
        token = signing.sign(url, signing.UPLOAD, signing.UPLOAD_URL_SECONDS, self.settings.jwt_secret,
                             owner=caller.sub, upsert=upsert)
        return {"url": f"/object/upload/sign/{url}?token={token}", "token": token}

    async def upload_signed(self, bucket_id: str, name: str, token: str | None, headers: Mapping[str, str],
                            chunks: AsyncIterator[bytes]) -> dict:
        claims = signing.verify(token, f"{bucket_id}/{name}", signing.UPLOAD, self.settings.jwt_secret)
        result = await self.upload(Caller({"role": "anon"}), bucket_id, name, headers, chunks,
                                   upsert=bool(claims.get("upsert")), owner=claims.get("owner"), as_service=True)
        return {"Key": result["Key"]}


class _Transaction:
    """A write transaction's connection and its byte bookkeeping: versions it stored (dropped if it fails)
    and versions it replaced or deleted (dropped once it commits)."""

    def __init__(self) -> None:
        self.conn: AsyncConnection[Any]              # set by Storage._write before anyone sees the transaction
        self.new_versions: list[ObjectKey] = []
        self.replaced_versions: list[ObjectKey] = []

    def stored(self, key: ObjectKey) -> None:
        self.new_versions.append(key)

    def replaces(self, key: ObjectKey) -> None:
        self.replaced_versions.append(key)


def _key_of(row: Mapping) -> ObjectKey:
    return ObjectKey(row["bucket_id"], row["name"], row.get("version"))


def _version_tag(row: Mapping) -> str:
    """What names the object's current bytes: its version (id and update time for a row written without one)."""
    updated = row.get("updated_at")
    stamp = updated.isoformat() if isinstance(updated, datetime) else updated
    return row.get("version") or f"{row['id']}@{stamp}"


def _discard(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def _mime_list(value: object) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) and "/" in v for v in value):
        raise errors.invalid_parameter("allowed_mime_types")
    return value or None


def _int(value: Any, default: int, name: str) -> int:
    if value is None:
        return default
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise errors.invalid_parameter(name) from None
    if number < 0:
        raise errors.invalid_parameter(name)
    return number
