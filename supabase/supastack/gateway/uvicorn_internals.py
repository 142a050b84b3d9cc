"""The one door to uvicorn's private internals. The gateway's HTTP protocol (slow-client limits, one write per
small response, the lean /rest/v1 path: slow_clients.py, one_write.py, lean_rest.py) subclasses uvicorn's
httptools protocol and works with its request cycles, which are not a public API and change between releases.
Everything of them the gateway touches is imported or named here, and nowhere else; uvicorn is pinned in
pyproject.toml at PINNED.

`problems()` lists what no longer matches (the version, a name that moved, an attribute gone);
tests/engine/platform/test_uvicorn_internals.py fails on any of them, so an upgrade of uvicorn stops at that test
instead of at a request. The upgrade path is in supabase/DECISIONS.md ("uvicorn's internals")."""
from __future__ import annotations

import inspect
from importlib.metadata import version

from uvicorn._types import ASGI3Application, HTTPScope
from uvicorn.protocols.http.httptools_impl import HEADER_RE as HEADER_NAME  # what uvicorn refuses in a name
from uvicorn.protocols.http.httptools_impl import HEADER_VALUE_RE as HEADER_VALUE  # and in a value
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol, RequestResponseCycle

__all__ = ["ASGI3Application", "HEADER_NAME", "HEADER_VALUE", "HTTPScope", "HttpToolsProtocol", "PINNED",
           "RequestResponseCycle", "STATUS_LINE", "problems"]

PINNED = "0.54.0"

# what the gateway's subclasses override or call on the protocol (methods) and read or set on it (attributes)
PROTOCOL_METHODS = ("connection_made", "connection_lost", "data_received", "on_headers_complete",
                    "on_message_complete", "on_response_complete", "handle_websocket_upgrade", "_start_asgi_task")
PROTOCOL_ATTRIBUTES = ("app", "cycle", "flow", "loop", "pipeline", "server_state", "tasks", "timeout_keep_alive",
                       "transport")
# what they read or set on a request cycle
CYCLE_ATTRIBUTES = ("body", "chunked_encoding", "default_headers", "disconnected", "flow", "keep_alive",
                    "message_event", "more_body", "on_response", "response_complete", "response_started", "scope",
                    "transport", "waiting_for_100_continue")


def _sets(cls: type, name: str) -> bool:
    """The class has `name`, or one of its methods assigns `self.<name>` (instance attributes)."""
    if hasattr(cls, name):
        return True
    source = inspect.getsource(cls)
    return f"self.{name} =" in source or f"self.{name}: " in source


def problems() -> list[str]:
    """What in the installed uvicorn differs from what the gateway was written against; empty when it fits."""
    found = []
    installed = version("uvicorn")
    if installed != PINNED:
        found.append(f"uvicorn {installed} is installed; the gateway's protocol was checked against {PINNED}")
    for name in PROTOCOL_METHODS:
        if not callable(getattr(HttpToolsProtocol, name, None)):
            found.append(f"HttpToolsProtocol.{name}() is gone")
    for name in PROTOCOL_ATTRIBUTES:
        if not _sets(HttpToolsProtocol, name):
            found.append(f"HttpToolsProtocol.{name} is no longer set")
    for name in CYCLE_ATTRIBUTES:
        if not _sets(RequestResponseCycle, name):
            found.append(f"RequestResponseCycle.{name} is no longer set")
    if 200 not in STATUS_LINE or not STATUS_LINE[200].startswith(b"HTTP/1.1 200"):
        found.append("STATUS_LINE no longer maps status codes to HTTP/1.1 status lines")
    if HEADER_NAME.search(b"x-ok") or not HEADER_VALUE.search(b"a\r\nb"):
        found.append("HEADER_RE / HEADER_VALUE_RE no longer match what uvicorn refuses in headers")
    return found
