"""Bucket routes: list, get, create, update, empty, delete."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.encoders import jsonable_encoder

from supastack.storage.api.common import StorageRoute, caller, json_body
from supastack.storage.service import Storage


def bucket_routes(storage: Storage) -> APIRouter:
    r = APIRouter(route_class=StorageRoute)

    @r.get("/bucket")
    @r.get("/bucket/")
    async def list_buckets(request: Request):
        q = request.query_params
        limit = int(q["limit"]) if (q.get("limit") or "").isdigit() else None
        offset = int(q["offset"]) if (q.get("offset") or "").isdigit() else 0
        rows = await storage.list_buckets(caller(request), search=q.get("search") or "",
                                          sort_column=q.get("sortColumn") or "name",
                                          sort_order=q.get("sortOrder") or "asc", limit=limit, offset=offset)
        return jsonable_encoder(rows)

    @r.get("/bucket/{bucket_id}")
    async def get_bucket(bucket_id: str, request: Request):
        return jsonable_encoder(await storage.get_bucket(caller(request), bucket_id))

    @r.post("/bucket")
    @r.post("/bucket/")
    async def create_bucket(request: Request):
        row = await storage.create_bucket(caller(request), await json_body(request))
        return {"name": row["id"]}

    @r.put("/bucket/{bucket_id}")
    async def update_bucket(bucket_id: str, request: Request):
        await storage.update_bucket(caller(request), bucket_id, await json_body(request))
        return {"message": "Successfully updated"}

    @r.post("/bucket/{bucket_id}/empty")
    async def empty_bucket(bucket_id: str, request: Request):
        await storage.empty_bucket(caller(request), bucket_id)
        return {"message": "Successfully emptied"}

    @r.delete("/bucket/{bucket_id}")
    async def delete_bucket(bucket_id: str, request: Request):
        await storage.delete_bucket(caller(request), bucket_id)
        return {"message": "Successfully deleted"}

    return r
