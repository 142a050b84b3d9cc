"""Which base-table column each view column stands for, read from the view's stored query tree.

PostgreSQL keeps a view's definition as a Query node tree in `pg_rewrite.ev_action`. Every entry of the
view's own (top-level) target list carries `resorigtbl`/`resorigcol`: the table and column it is a
plain reference to (0 for an expression). Views over views are followed down to the table, so a view
column that merely renames a key column takes part in that key's relationships, as in PostgREST.
"""
from __future__ import annotations

import re

VIEW_RULES_SQL = """
select r.ev_class::int8, r.ev_action::text
from pg_catalog.pg_rewrite r
join pg_catalog.pg_class c on c.oid = r.ev_class
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = %s and c.relkind in ('v', 'm') and r.rulename = '_RETURN'
"""

_ORIGIN = re.compile(r":resno (\d+) :resname \S+ :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+) "
                     r":resjunk (true|false)")
_OPEN, _CLOSE = "({", ")}"


def _group_end(text: str, start: int) -> int:
    """Index just past the bracket group opening at `start` (node text escapes literal brackets with \\)."""
    depth, i = 0, start
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


def _top_level_field(text: str, name: str) -> str | None:
    """The value of `:name` in the outermost Query node (depth 2: inside the list, inside the node)."""
    depth, i, token = 0, 0, ":" + name + " "
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
        elif depth == 2 and text.startswith(token, i):
            start = i + len(token)
            if text[start] in _OPEN:
                return text[start:_group_end(text, start)]
            return None
        i += 1
    return None


def _elements(group: str) -> list[str]:
    """The nodes of a list group `({A} {B} ...)`."""
    out, i = [], 1
    while i < len(group) - 1:
        if group[i] == "{":
            end = _group_end(group, i)
            out.append(group[i:end])
            i = end
        else:
            i += 1
    return out


def column_origins(ev_action: str) -> dict[int, tuple[int, int]]:
    """view attnum -> (table oid, attnum) for the view columns that are plain column references."""
    targets = _top_level_field(ev_action, "targetList")
    origins: dict[int, tuple[int, int]] = {}
    if targets is None:
        return origins
    for entry in _elements(targets):
        matches = _ORIGIN.findall(entry)
        if not matches:
            continue
        resno, table, column, junk = matches[-1]   # the entry's own fields follow its expression
        if junk == "false" and int(table) != 0:
            origins[int(resno)] = (int(table), int(column))
    return origins


def resolve_origins(views: dict[int, dict[int, tuple[int, int]]]) -> dict[int, dict[int, tuple[int, int]]]:
    """Follow views over views down to tables (bounded, in case of anything cyclic)."""
    resolved: dict[int, dict[int, tuple[int, int]]] = {}
    for view, columns in views.items():
        out = {}
        for attnum, origin in columns.items():
            for _ in range(32):
                if origin[0] not in views:
                    out[attnum] = origin
                    break
                nxt = views[origin[0]].get(origin[1])
                if nxt is None:
                    break
                origin = nxt
        resolved[view] = out
    return resolved
