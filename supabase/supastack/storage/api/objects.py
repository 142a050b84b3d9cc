"""Object routes: upload/update, download (authenticated, public, signed), info, exists, list, move, copy,
remove, signed download and upload URLs."""
from __future__ import annotations

from datetime import UTC, datetime
from email.utils import format_datetime
from urllib.parse import quote

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse

from supastack.storage import errors
from supastack.storage.api.common import StorageRoute, caller, flag, json_body, json_response
from supastack.storage.service import Storage


def _http_date(value: object) -> str | None:
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
    if isinstance(value, datetime):
        return format_datetime(value.astimezone(UTC), usegmt=True)
    return None


# Types a browser would open as a page of its own, scripts and all.
ACTIVE_TYPES = ("text/html", "application/xhtml+xml", "image/svg+xml", "text/xml", "application/xml")


def runs_as_page(content_type: str) -> bool:
    kind = content_type.split(";", 1)[0].strip().lower()
    return kind in ACTIVE_TYPES or kind.endswith("+xml")


def _headers(row: dict, request: Request) -> dict[str, str]:
    md = row.get("metadata") or {}
    content_type = md.get("mimetype") or "application/octet-stream"
    headers = {"content-type": content_type,
               "cache-control": md.get("cacheControl") or "no-cache", "accept-ranges": "bytes",
               # the uploader chose the type: the browser must not guess another
               "x-content-type-options": "nosniff"}
    if runs_as_page(content_type):
        # Anybody's upload, and the app's origin serves objects too (gateway/app_server.py): a page among them
        # opens sandboxed (an origin of its own, no scripts), never with the app's session within reach.
        headers["content-security-policy"] = "sandbox"
    if md.get("eTag"):
        headers["etag"] = md["eTag"]
    modified = _http_date(md.get("lastModified") or row.get("updated_at"))
    if modified:
        headers["last-modified"] = modified
    if "download" in request.query_params:
        headers["content-disposition"] = content_disposition(request.query_params["download"])
    return headers


def content_disposition(download: str) -> str:
    """As storage-api writes it: `?download` with no name is a bare attachment; a name goes in both forms,
    percent-encoded as JavaScript's encodeURIComponent does."""
    if download == "":
        return "attachment;"
    encoded = quote(download, safe="-_.!~*'()")
    return f"attachment; filename={encoded}; filename*=UTF-8''{encoded}"


def _parse_range(value: str | None, size: int) -> tuple[int, int] | None:
    """A single `bytes=a-b` range (inclusive) within `size`; None to send everything; InvalidRange if unsatisfiable."""
    if not value or not value.startswith("bytes=") or "," in value:
        return None
    first, _, last = value[6:].strip().partition("-")
    try:
        if first == "":
            start, end = max(size - int(last), 0), size - 1
        else:
            start, end = int(first), min(int(last), size - 1) if last else size - 1
    except ValueError:
        return None
    if start > end or start >= size:
        raise errors.invalid_range()
    return start, end


async def _send(storage: Storage, row: dict, request: Request) -> Response:
    headers = _headers(row, request)
    if headers.get("etag") and request.headers.get("if-none-match") == headers["etag"]:
        return Response(status_code=304, headers={k: v for k, v in headers.items() if k != "content-type"})
    if request.method == "HEAD":
        size = (row.get("metadata") or {}).get("size")
        if size is not None:
            headers["content-length"] = str(size)
        return Response(status_code=200, headers=headers)
    size = int((row.get("metadata") or {}).get("size") or 0)
    byte_range = _parse_range(request.headers.get("range"), size) if size else None
    blob = await storage.read(row, byte_range)
    if blob.path is not None:   # local file: Starlette serves Range / If-Range itself
        return FileResponse(blob.path, headers=headers)
    if blob.chunks is None:
        raise RuntimeError("the store answered neither a file nor a stream")
    if byte_range and blob.end is not None:
        headers["content-range"] = f"bytes {blob.start}-{blob.end}/{blob.size}"
        headers["content-length"] = str(blob.end - blob.start + 1)
        return StreamingResponse(blob.chunks, status_code=206, headers=headers)
    headers["content-length"] = str(blob.size)
    return StreamingResponse(blob.chunks, headers=headers)


def _info(row: dict) -> JSONResponse:
    md = row.get("metadata") or {}
    return json_response({
        "id": row["id"], "name": row["name"], "version": row.get("version"), "bucket_id": row["bucket_id"],
        "size": md.get("size"), "content_type": md.get("mimetype"), "cache_control": md.get("cacheControl"),
        "etag": md.get("eTag"), "metadata": row.get("user_metadata"), "last_modified": row.get("updated_at"),
        "created_at": row.get("created_at")})


def object_routes(storage: Storage) -> APIRouter:
    r = APIRouter(route_class=StorageRoute)

    # -- fixed paths first: they would otherwise be read as a bucket named "list", "sign", ... --
    @r.post("/object/list/{bucket_id}")
    async def list_objects(bucket_id: str, request: Request) -> JSONResponse:
        return json_response(await storage.list(caller(request), bucket_id, await json_body(request)))

    @r.post("/object/list-v2/{bucket_id}")
    async def list_objects_v2(bucket_id: str, request: Request) -> JSONResponse:
        return json_response(await storage.list_v2(caller(request), bucket_id, await json_body(request)))

    @r.post("/object/move")
    async def move_object(request: Request) -> JSONResponse:
        body = await json_body(request)
        bucket_id = _required(body, "bucketId")
        row = await storage.move(caller(request), bucket_id, _required(body, "sourceKey"),
                                 body.get("destinationBucket") or bucket_id, _required(body, "destinationKey"))
        return json_response({"message": "Successfully moved", "Id": str(row["id"]), "Key": row["name"]})

    @r.post("/object/copy")
    async def copy_object(request: Request) -> JSONResponse:
        body = await json_body(request)
        bucket_id = _required(body, "bucketId")
        dst_bucket = body.get("destinationBucket") or bucket_id
        row = await storage.copy(caller(request), bucket_id, _required(body, "sourceKey"), dst_bucket,
                                 _required(body, "destinationKey"), upsert=flag(request.headers.get("x-upsert")))
        return json_response({"Id": row["id"], "Key": f"{dst_bucket}/{row['name']}", **row})

    @r.post("/object/sign/{bucket_id}")
    async def sign_many(bucket_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        return json_response(await storage.sign_downloads(caller(request), bucket_id, body.get("paths"),
                                                          body.get("expiresIn")))

    @r.post("/object/sign/{bucket_id}/{name:path}")
    async def sign_one(bucket_id: str, name: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        url = await storage.sign_download(caller(request), bucket_id, name, body.get("expiresIn"))
        return json_response({"signedURL": url})

    @r.api_route("/object/sign/{bucket_id}/{name:path}", methods=["GET", "HEAD"])
    async def download_signed(bucket_id: str, name: str, request: Request) -> Response:
        row = await storage.find_signed(bucket_id, name, request.query_params.get("token"))
        return await _send(storage, row, request)

    @r.post("/object/upload/sign/{bucket_id}/{name:path}")
    async def sign_upload(bucket_id: str, name: str, request: Request) -> JSONResponse:
        return json_response(await storage.sign_upload(caller(request), bucket_id, name,
                                                       flag(request.headers.get("x-upsert"))))

    @r.put("/object/upload/sign/{bucket_id}/{name:path}")
    async def upload_signed(bucket_id: str, name: str, request: Request) -> JSONResponse:
        return json_response(await storage.upload_signed(bucket_id, name, request.query_params.get("token"),
                                                         request.headers, request.stream()))

    @r.api_route("/object/public/{bucket_id}/{name:path}", methods=["GET", "HEAD"])
    async def download_public(bucket_id: str, name: str, request: Request) -> Response:
        return await _send(storage, await storage.find_public(bucket_id, name), request)

    @r.get("/object/info/public/{bucket_id}/{name:path}")
    async def info_public(bucket_id: str, name: str) -> JSONResponse:
        return _info(await storage.find_public(bucket_id, name))

    # stacked route decorators register bottom-up: the specific path must be the lowest
    @r.get("/object/info/{bucket_id}/{name:path}")
    @r.get("/object/info/authenticated/{bucket_id}/{name:path}")
    async def info(bucket_id: str, name: str, request: Request) -> JSONResponse:
        return _info(await storage.find(caller(request), bucket_id, name))

    @r.api_route("/object/{bucket_id}/{name:path}", methods=["GET", "HEAD"])
    @r.api_route("/object/authenticated/{bucket_id}/{name:path}", methods=["GET", "HEAD"])
    async def download(bucket_id: str, name: str, request: Request) -> Response:
        return await _send(storage, await storage.find(caller(request), bucket_id, name), request)

    # -- writes on one object ----------------------------------------------------------------------
    @r.post("/object/{bucket_id}/{name:path}")
    async def upload(bucket_id: str, name: str, request: Request) -> JSONResponse:
        return json_response(await storage.upload(caller(request), bucket_id, name, request.headers,
                                                  request.stream(), upsert=flag(request.headers.get("x-upsert"))))

    @r.put("/object/{bucket_id}/{name:path}")
    async def update(bucket_id: str, name: str, request: Request) -> JSONResponse:
        return json_response(await storage.upload(caller(request), bucket_id, name, request.headers,
                                                  request.stream(), upsert=True))

    @r.delete("/object/{bucket_id}/{name:path}")
    async def remove_one(bucket_id: str, name: str, request: Request) -> JSONResponse:
        await storage.remove_one(caller(request), bucket_id, name)
        return json_response({"message": "Successfully deleted"})

    @r.delete("/object/{bucket_id}")
    async def remove_many(bucket_id: str, request: Request) -> JSONResponse:
        body = await json_body(request)
        return json_response(await storage.remove(caller(request), bucket_id, body.get("prefixes")))

    return r


def _required(body: dict, key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value:
        raise errors.StorageError(400, "MissingParameter", f"Missing Required Parameter {key}")
    return value
