"""Which function a /rpc call names: overloads resolved by argument names as PostgREST resolves them.

A function matches when every required parameter has an argument and every argument names a
parameter. Only when no function matches by name does a POST fall back to the one function whose single
unnamed parameter takes the whole body (json/jsonb for JSON, text for text/plain, xml, bytea for
octet-stream). Two matches are a 300 PGRST203; none is a 404 PGRST202 worded as PostgREST words it.
"""
from __future__ import annotations

import difflib

from supastack.rest.errors import RestError
from supastack.rest.schema_cache import Function

# the request body's media kind -> the type a single unnamed parameter must have to receive it
UNNAMED_TYPES = {"json": ("json", "jsonb"), "text": ("text",), "xml": ("xml",), "bytea": ("bytea",)}
RAW_BODY_KINDS = ("text", "xml", "bytea")


def callable_overloads(overloads: list[Function]) -> list[Function]:
    """The overloads PostgREST's schema cache holds: a function with an unnamed parameter only when that is its
    single parameter, of a type that can take the whole body (json, jsonb, text, xml, bytea)."""
    body_types = {t for types in UNNAMED_TYPES.values() for t in types}
    return [f for f in overloads if all(p.name for p in f.params)
            or (len(f.params) == 1 and f.params[0].type in body_types)]


def choose(schema: str, name: str, overloads: list[Function], keys: set[str], body_kind: str | None,
           all_names: list[str]) -> tuple[Function, bool]:
    """(function, whether it takes the whole body). `body_kind` is None for GET/HEAD (no body)."""
    overloads = callable_overloads(overloads)
    by_name = [f for f in overloads if _matches(f, keys, body_kind)]
    unnamed = [f for f in overloads if body_kind is not None and _takes_body(f, body_kind)]
    if len(by_name) == 1:
        # a single unnamed parameter always receives the whole body, as PostgREST calls it
        return by_name[0], bool(by_name[0].params) and by_name[0].params[0].name == ""
    if len(by_name) > 1:
        raise ambiguous(schema, by_name)
    if len(unnamed) == 1:
        return unnamed[0], True
    if len(unnamed) > 1:
        raise ambiguous(schema, unnamed)
    raise not_found(schema, name, sorted(keys), body_kind, overloads, all_names)


def _matches(f: Function, keys: set[str], body_kind: str | None) -> bool:
    if not f.params:
        return not keys and body_kind not in RAW_BODY_KINDS
    names = {p.name for p in f.params}
    return f.required <= keys <= names


def _takes_body(f: Function, body_kind: str) -> bool:
    return len(f.params) == 1 and f.params[0].name == "" and f.params[0].type in UNNAMED_TYPES.get(body_kind, ())


def signature(schema: str, f: Function) -> str:
    return f"{schema}.{f.name}(" + ", ".join(f"{p.name} => {p.type}" for p in f.params) + ")"


def ambiguous(schema: str, candidates: list[Function]) -> RestError:
    """Candidates fewest parameters first, then by their parameter lists."""
    ordered = sorted(candidates, key=lambda f: (len(f.params), signature(schema, f)))
    return RestError(300, "PGRST203",
                     "Could not choose the best candidate function between: "
                     + ", ".join(signature(schema, f) for f in ordered),
                     None, "Try renaming the parameters or the function itself in the database so function "
                           "overloading can be resolved")


def not_found(schema: str, name: str, keys: list[str], body_kind: str | None, overloads: list[Function],
              all_names: list[str]) -> RestError:
    function = f"{schema}.{name}"
    raw_only = body_kind in RAW_BODY_KINDS
    listed = ", ".join(keys)
    if raw_only:
        message = f"Could not find the function {function} in the schema cache"
        searched = f" with a single unnamed {body_kind} parameter"
        hint = None
    else:
        message = f"Could not find the function {function}" \
                  + (f"({listed})" if keys else " without parameters") + " in the schema cache"
        searched = (f" with parameter{'s' if len(keys) > 1 else ''} {listed}" if keys else " without parameters")
        if body_kind == "json":
            searched += " or with a single unnamed json/jsonb parameter"
        hint = _hint(schema, name, keys, overloads, all_names)
    return RestError(404, "PGRST202", message,
                     f"Searched for the function {function}{searched}, but no matches were found in the schema cache.",
                     hint)


def _hint(schema: str, name: str, keys: list[str], overloads: list[Function], all_names: list[str]) -> str | None:
    """The closest function name, or (when the name exists) the closest parameter list of its overloads."""
    if not overloads:
        close = difflib.get_close_matches(name, all_names, n=1, cutoff=0.75)
        return f"Perhaps you meant to call the function {schema}.{close[0]}" if close else None
    lists = ["(" + ", ".join(sorted(p.name for p in f.params)) + ")" for f in overloads]
    close = difflib.get_close_matches("(" + ", ".join(keys) + ")", lists, n=1, cutoff=0.33)
    return f"Perhaps you meant to call the function {schema}.{name}{close[0]}" if close else None
