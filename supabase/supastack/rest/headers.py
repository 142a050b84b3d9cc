"""The headers that shape a request: Prefer, Accept, and the schema profiles (Accept-/Content-Profile)."""
from __future__ import annotations

import re
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


@dataclass(frozen=True, slots=True)
class PlanRequest:
    """`Accept: application/vnd.pgrst.plan[+json|+text]; for="..."; options=analyze|...`: EXPLAIN the
    statement that would answer the `for` media type instead of running it."""
    format: str                      # json | text
    for_mime: str                    # the media type explained, as PostgREST names it
    options: tuple[str, ...] = ()    # analyze, verbose, settings, buffers, wal (in that order)

    @property
    def mime(self) -> str:
        text = f'application/vnd.pgrst.plan+{self.format}; for="{self.for_mime}"'
        return text + ("; options=" + "|".join(self.options) if self.options else "")


PLAN_OPTIONS = ("analyze", "verbose", "settings", "buffers", "wal")
_PLAN_TYPES = {"application/vnd.pgrst.plan": "text", "application/vnd.pgrst.plan+text": "text",
               "application/vnd.pgrst.plan+json": "json"}
_PARAM = re.compile(r'\s*;\s*([A-Za-z0-9-]+)\s*=\s*("[^"]*"|[A-Za-z0-9|-]+)')


def _media_params(part: str) -> tuple[str, dict[str, str]]:
    """(lower-cased media type, its parameters) of one Accept entry; parameters PostgREST cannot read
    (`options=;` from supabase-js's explain()) end the list, as in PostgREST's tokenizer."""
    media, _, rest = part.partition(";")
    params: dict[str, str] = {}
    rest = ";" + rest if rest else ""
    while True:
        m = _PARAM.match(rest)
        if not m:
            break
        params[m.group(1).lower()] = m.group(2).strip('"')
        rest = rest[m.end():]
    return media.strip().lower(), params


def _decode(media: str, params: dict[str, str]) -> tuple[str, bool, str] | None:
    """(json | object | csv, nulls stripped, PostgREST's name of the type) of a type this API produces."""
    stripped = params.get("nulls", "").lower() == "stripped"
    if media in ("application/json", "*/*", "application/*"):
        return "json", False, "application/json" if media == "application/json" else media
    if media in ("application/vnd.pgrst.array+json", "application/vnd.pgrst.array"):
        return "json", stripped, "application/vnd.pgrst.array+json;nulls=stripped" if stripped else "application/json"
    if media in (SINGLE_OBJECT, "application/vnd.pgrst.object"):
        return "object", stripped, SINGLE_OBJECT + (";nulls=stripped" if stripped else "")
    if media == "text/csv":
        return "csv", False, "text/csv"
    return None


def parse_accept(value: str | None, plan_enabled: bool = False) -> tuple[str, bool, PlanRequest | None]:
    """(json | object | csv, whether nulls are stripped, the plan asked for) for the first acceptable media
    type; plan media types are acceptable only when plan output is enabled (else 406, as in PostgREST)."""
    if not value:
        return "json", False, None
    names = []
    for part in value.split(","):
        media, params = _media_params(part)
        plan_format = _PLAN_TYPES.get(media)
        if plan_format is not None:
            for_media, for_params = _media_params(params.get("for", "application/json"))
            target = _decode(for_media, for_params)
            options = set(params.get("options", "").lower().split("|"))
            plan = PlanRequest(plan_format, target[2] if target else params.get("for", ""),
                               tuple(o for o in PLAN_OPTIONS if o in options))
            if target is not None and plan_enabled:
                return target[0], target[1], plan
            names.append(plan.mime)
            continue
        target = _decode(media, params)
        if target is not None:
            return target[0], target[1], None
        names.append(part.strip())
    raise RestError(406, "PGRST107", f"None of these media types are available: {', '.join(names)}")


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
