"""What every service receives: the settings, the database, and hooks for start-up and shut-down."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from supastack.core.config import Settings
from supastack.core.db import Database

Hook = Callable[[], Awaitable[None]]


@dataclass
class Stack:
    settings: Settings
    db: Database
    on_startup: list[Hook] = field(default_factory=list)
    on_shutdown: list[Hook] = field(default_factory=list)
