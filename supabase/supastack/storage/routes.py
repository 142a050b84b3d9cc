"""The /storage/v1 router: Supabase Storage's HTTP API over the storage service and the configured backend."""
import asyncio

from fastapi import APIRouter

from supastack.core.stack import Stack
from supastack.storage.api.buckets import bucket_routes
from supastack.storage.api.objects import object_routes
from supastack.storage.api.resumable import resumable_routes
from supastack.storage.backend import create_backend
from supastack.storage.resumable import DIR_NAME, Uploads
from supastack.storage.service import Storage


def router(stack: Stack) -> APIRouter:
    backend = create_backend(stack.settings)
    storage = Storage(stack.settings, stack.db, backend)
    uploads = Uploads(stack.settings.storage_dir / DIR_NAME)
    stack.on_startup.append(storage.start)

    async def sweep_stale_uploads() -> None:
        await asyncio.to_thread(uploads.sweep)

    stack.on_startup.append(sweep_stale_uploads)
    r = APIRouter()
    r.include_router(bucket_routes(storage))
    r.include_router(object_routes(storage))
    r.include_router(resumable_routes(storage, uploads))
    return r
