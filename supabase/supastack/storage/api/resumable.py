"""TUS routes at /upload/resumable: OPTIONS, POST (creation, creation-with-upload), HEAD, PATCH, DELETE.

Errors are answered as tus servers do, as plain text with the status (storage errors keep their status
and message: 403 for a policy refusal, 404 for a missing bucket, 415 for a refused MIME type...).
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from email.utils import formatdate
from typing import Any

import psycopg
from fastapi import APIRouter, Request, Response
from fastapi.routing import APIRoute

from supastack.storage import errors, resumable
from supastack.storage.api.common import caller
from supastack.storage.resumable import TUS_VERSION, TusError, UploadInfo, Uploads
from supastack.storage.service import Caller, Storage

OCTET_STREAM = "application/offset+octet-stream"
log = logging.getLogger("supastack.storage")


def _text(status: int, message: str) -> Response:
    return Response(message, status_code=status, media_type="text/plain; charset=utf-8",
                    headers={"Tus-Resumable": TUS_VERSION})


class TusRoute(APIRoute):
    """Storage and protocol errors as plain text (tus clients show the body; they do not parse JSON)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except TusError as exc:
                return _text(exc.status, exc.message)
            except errors.StorageError as exc:
                return _text(exc.status, exc.message)
            except psycopg.Error as exc:
                error = errors.from_db_error(exc)
                if error.status >= 500:
                    log.exception("resumable upload: database error")
                return _text(error.status, error.message)
            except Exception:
                log.exception("resumable upload failed")
                return _text(500, "Internal server error")

        return run


def resumable_routes(storage: Storage, uploads: Uploads) -> APIRouter:
    r = APIRouter(route_class=TusRoute)

    def limit_for(bucket: dict) -> int:
        limit = storage.settings.storage_file_size_limit
        return min(limit, bucket["file_size_limit"]) if bucket.get("file_size_limit") else limit

    def check_version(request: Request) -> None:
        if request.headers.get("tus-resumable") != TUS_VERSION:
            raise TusError(412, "Unsupported version")

    def own(info: UploadInfo, who: Caller) -> None:
        if info.owner != who.sub:
            raise resumable.not_found()   # someone else's upload is not there for this caller

    def common(info: UploadInfo, offset: int) -> dict[str, str]:
        return {"Tus-Resumable": TUS_VERSION, "Upload-Offset": str(offset),
                "Upload-Expires": formatdate(info.expires, usegmt=True), "Cache-Control": "no-store"}

    async def finish(info: UploadInfo, who: Caller) -> None:
        """The last byte arrived: the normal upload path writes row and bytes (checking the policies again)."""
        path = uploads.data_path(info)
        size = path.stat().st_size
        await storage.upload(who, info.bucket, info.name, resumable.upload_headers(info, size),
                             resumable.file_chunks(path), upsert=info.upsert)
        uploads.mark_done(info)

    async def receive(info: UploadInfo, who: Caller, request: Request, offset: int) -> dict[str, str]:
        """Append the request's body at `offset`; finish when complete. The answer's headers."""
        with uploads.locked(info):
            current = uploads.offset(info)
            if offset != current:
                raise TusError(409, "Upload-Offset conflict")
            new_offset = await uploads.append(info, request.stream(), offset)
            headers = common(info, new_offset)
            if new_offset == info.length:
                await finish(info, who)
                headers["Tus-Complete"] = "1"
            return headers

    @r.options("/upload/resumable")
    @r.options("/upload/resumable/{upload_id}")
    async def options(request: Request) -> Response:
        return Response(status_code=204, headers={
            "Tus-Resumable": TUS_VERSION, "Tus-Version": TUS_VERSION, "Tus-Extension": resumable.EXTENSIONS,
            "Tus-Max-Size": str(storage.settings.storage_file_size_limit)})

    @r.post("/upload/resumable")
    async def create(request: Request) -> Response:
        check_version(request)
        who = caller(request)
        info = resumable.new_info(request.headers, who.sub)
        bucket = await storage._bucket_as_service(info.bucket)
        if info.length > limit_for(bucket):
            raise TusError(413, "Maximum size exceeded")
        resumable.check_type(info, bucket)
        await storage.check_can_upload(who, info.bucket, info.name, info.upsert)
        await asyncio.to_thread(uploads.sweep)
        uploads.create(info)
        location = f"{_base_url(request)}/{info.upload_id}"
        headers = {**common(info, 0), "Location": location}
        has_body = (request.headers.get("content-type") or "").split(";")[0].strip() == OCTET_STREAM
        if has_body or info.length == 0:
            try:
                headers.update(await receive(info, who, request, 0))
            except (TusError, errors.StorageError):
                if info.length == 0:
                    uploads.remove(info)
                raise
        return Response(status_code=201, headers=headers)

    @r.head("/upload/resumable/{upload_id}")
    async def head(upload_id: str, request: Request) -> Response:
        who = caller(request)
        resumable.decode_id(upload_id)
        info = uploads.load(upload_id)
        own(info, who)
        headers = {**common(info, uploads.offset(info)), "Upload-Length": str(info.length)}
        if info.raw_metadata:
            headers["Upload-Metadata"] = info.raw_metadata
        return Response(status_code=200, headers=headers)

    @r.patch("/upload/resumable/{upload_id}")
    async def patch(upload_id: str, request: Request) -> Response:
        check_version(request)
        who = caller(request)
        if (request.headers.get("content-type") or "").split(";")[0].strip() != OCTET_STREAM:
            raise TusError(415, "Invalid Content-Type header")
        offset = (request.headers.get("upload-offset") or "").strip()
        if not offset.isdigit():
            raise TusError(403, "Upload-Offset header required")
        info = uploads.load(upload_id)
        own(info, who)
        if info.done:
            raise TusError(409, "Upload-Offset conflict")
        # the caller's right to write is checked again (a policy may have changed since creation)
        await storage.check_can_upload(who, info.bucket, info.name, info.upsert)
        return Response(status_code=204, headers=await receive(info, who, request, int(offset)))

    @r.delete("/upload/resumable/{upload_id}")
    async def terminate(upload_id: str, request: Request) -> Response:
        check_version(request)
        who = caller(request)
        info = uploads.load(upload_id)
        own(info, who)
        if info.done:
            raise TusError(400, "Cannot terminate an already completed upload")
        with uploads.locked(info):
            uploads.remove(info)
        return Response(status_code=204, headers={"Tus-Resumable": TUS_VERSION})

    return r


def _base_url(request: Request) -> str:
    """This endpoint's public URL (behind a proxy, the forwarded host and scheme)."""
    host = request.headers.get("x-forwarded-host") or request.url.netloc
    scheme = request.headers.get("x-forwarded-proto") or request.url.scheme
    return f"{scheme}://{host}{request.url.path.rstrip('/')}"
