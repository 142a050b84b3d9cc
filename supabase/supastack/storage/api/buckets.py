"""Bucket routes: list, get, create, update, empty, delete."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from supastack.storage.api.common import StorageRoute, caller, json_body, json_response
from supastack.storage.service import Storage


def bucket_routes(storage: Storage) -> APIRouter:
    r = APIRouter(route_class=StorageRoute)

    @r.get("/bucket")
    @r.get("/bucket/")
    async def list_buckets(request: Request) -> JSONResponse:
        q = request.query_params
        limit = int(q["limit"]) if (q.get("limit") or "").isdigit() else None
        offset = int(q["offset"]) if (q.get("offset") or "").isdigit() else 0
        rows = await storage.list_buckets(caller(request), search=q.get("search") or "",
                                          sort_column=q.get("sortColumn") or "name",
                                          sort_order=q.get("sortOrder") or "asc", limit=limit, offset=offset)
        return json_response(rows)

    @r.get("/bucket/{bucket_id}")
    async def get_bucket(bucket_id: str, request: Request) -> JSONResponse:
        return json_response(await storage.get_bucket(caller(request), bucket_id))

    @r.post("/bucket")
    @r.post("/bucket/")
    async def create_bucket(request: Request) -> JSONResponse:
        row = await storage.create_bucket(caller(request), await json_body(request))
        return json_response({"name": row["id"]})

    @r.put("/bucket/{bucket_id}")
    async def update_bucket(bucket_id: str, request: Request) -> JSONResponse:
        await storage.update_bucket(caller(request), bucket_id, await json_body(request))
        return json_response({"message": "Successfully updated"})

    @r.post("/bucket/{bucket_id}/empty")
    async def empty_bucket(bucket_id: str, request: Request) -> JSONResponse:
        await storage.empty_bucket(caller(request), bucket_id)
        return json_response({"message": "Successfully emptied"})

    @r.delete("/bucket/{bucket_id}")
    async def delete_bucket(bucket_id: str, request: Request) -> JSONResponse:
        await storage.delete_bucket(caller(request), bucket_id)
        return json_response({"message": "Successfully deleted"})

    return r
