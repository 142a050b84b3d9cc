"""The headers that shape a request: Prefer, Accept, and the schema profiles (Accept-/Content-Profile)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from supastack.rest.errors import RestError

SINGLE_OBJECT = "application/vnd.pgrst.object+json"


@dataclass(frozen=True, slots=True)
class Preferences:
    representation: str | None = None     # full (representation) | minimal | headers-only
    count: str | None = None
    resolution: str | None = None
    missing: str | None = None
    tx: str | None = None
    handling: str | None = None
    max_affected: int | None = None
    params: str | None = None

    def applied(self, action: str) -> str | None:
        out = []
        if self.params:
            out.append(f"params={self.params}")
        if self.resolution and action in ("insert", "upsert"):
            out.append(f"resolution={self.resolution}")
        if self.missing and action in ("insert", "upsert"):
            out.append(f"missing={self.missing}")
        if self.representation and action in ("insert", "update", "delete", "upsert", "put"):
            out.append(f"return={self.representation}")
        if self.count:
            out.append(f"count={self.count}")
        if self.tx:
            out.append(f"tx={self.tx}")
        if self.handling:
            out.append(f"handling={self.handling}")
        if self.max_affected is not None and self.handling == "strict":
            out.append(f"max-affected={self.max_affected}")
        return ", ".join(out) or None


def parse_prefer(values: list[str]) -> Preferences:
    prefs: dict = {}
    for value in values:
        for token in value.split(","):
            key, _, val = token.strip().partition("=")
            key, val = key.strip(), val.strip()
            if key == "return" and val in ("representation", "minimal", "headers-only"):
                prefs["representation"] = val
            elif key == "count" and val in ("exact", "planned", "estimated"):
                prefs["count"] = val
            elif key == "resolution" and val in ("merge-duplicates", "ignore-duplicates"):
                prefs["resolution"] = val
            elif key == "missing" and val in ("default", "null"):
                prefs["missing"] = val
            elif key == "tx" and val in ("commit", "rollback"):
                prefs["tx"] = val
            elif key == "handling" and val in ("strict", "lenient"):
                prefs["handling"] = val
            elif key == "max-affected" and val.isdigit():
                prefs["max_affected"] = int(val)
            elif key == "params" and val == "single-object":
                prefs["params"] = val
    return Preferences(**prefs)


def parse_accept(value: str | None) -> tuple[str, bool]:
    """(json | object | csv, whether nulls are stripped) for the first acceptable media type."""
    if not value:
        return "json", False
    for part in value.split(","):
        media, *params = [p.strip().lower() for p in part.split(";")]
        stripped = "nulls=stripped" in [p.replace(" ", "") for p in params]
        if media in ("application/json", "*/*", "application/*"):
            return "json", False
        if media in ("application/vnd.pgrst.array+json", "application/vnd.pgrst.array"):
            return "json", stripped
        if media in (SINGLE_OBJECT, "application/vnd.pgrst.object"):
            return "object", stripped
        if media == "text/csv":
            return "csv", False
    raise RestError(406, "PGRST107", f"None of these media types are available: {value}")


def prefer_values(headers: Mapping[str, str]) -> list[str]:
    """Every Prefer header (a client may send several)."""
    getlist = getattr(headers, "getlist", None)
    return list(getlist("prefer")) if getlist else [v for k, v in headers.items() if k.lower() == "prefer"]


def profile(method: str, headers: Mapping[str, str], exposed_schemas: tuple[str, ...]) -> tuple[str, str | None]:
    """(the schema the request addresses, the profile header given or None): Content-Profile for writes,
    Accept-Profile otherwise; 406 PGRST106 for a schema not exposed."""
    write = method in ("POST", "PATCH", "PUT", "DELETE")
    given = headers.get("content-profile" if write else "accept-profile")
    if given is not None and given not in exposed_schemas:
        raise RestError(406, "PGRST106", f"Invalid schema: {given}",
                        hint=f"Only the following schemas are exposed: {', '.join(exposed_schemas)}")
    return (given if given is not None else exposed_schemas[0]), given
