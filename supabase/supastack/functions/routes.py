"""functions service (placeholder until it lands)."""
from fastapi import APIRouter

from supastack.core.stack import Stack


def router(stack: Stack) -> APIRouter:
    return APIRouter()
